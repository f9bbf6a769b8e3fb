"""What the benchmarks share: interleaved rounds timed in CPU seconds."""

from __future__ import annotations

import time
from collections.abc import Callable


def rates(runs: list[Callable[[int], None]], deals: int, rounds: int = 5) -> list[float]:
    """Deals per CPU second of each run: best of several rounds, the runs interleaved so that
    a busy machine slows them alike."""
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for index, run in enumerate(runs):
            start = time.process_time()
            run(deals)
            best[index] = min(best[index], time.process_time() - start)
    return [deals / seconds for seconds in best]
