"""``InfoState.sample_world`` for Schieber Jass mid-deal positions.

Positions: seeded deals played at random to trick 3, 4 or 5 (the seat to act samples). For
each, the CPU time of one ``sample_world`` call (the first call also works out what the info
state pins down, which a search pays once per decision: timed separately). Reports the median
over all positions and calls. Run: ``python bench/jass_sample_world.py [positions]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from stich.core.knowledge import InfoState
from stich.jass.game import Jass


def positions(count: int) -> list[InfoState]:
    out = []
    for seed in range(count):
        game = Jass.deal(seed, seed % 4)
        rng = random.Random(seed)
        stop = 3 + seed % 3
        while not game.is_terminal() and game.tricks_played < stop:
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_terminal():
            out.append(game.information_state(game.current_player()))
    return out


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    calls = 20
    infos = positions(count)
    rng = random.Random(1)
    first, later = [], []
    for info in infos:
        for call in range(calls):
            start = time.process_time_ns()
            info.sample_world(rng)
            elapsed = (time.process_time_ns() - start) / 1000
            (first if call == 0 else later).append(elapsed)
    print(f"Schieber Jass, sample_world at tricks 3-5, {len(infos)} seeded positions x "
          f"{calls - 1} calls (CPU time)")
    deciles = statistics.quantiles(later, n=10)
    print(f"median {statistics.median(later):.0f} us per world, 90th percentile "
          f"{deciles[-1]:.0f} us, slowest {max(later):.0f} us "
          f"(first call per info state, planning included: median "
          f"{statistics.median(first):.0f} us)")


if __name__ == "__main__":
    main()
