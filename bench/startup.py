"""How long `stich` takes to start: wall time of whole processes, median of a few runs.

Usage: python bench/startup.py [RUNS]. Times `stich --help`, `stich play --help`, and
`stich tournament status` on a small event in a temporary SQLite database (created and migrated
before timing, so the runs measure an ordinary command, not the first migration). Reports only;
the target for every command is under 0.5 s. The CPU seconds of each process are
shown too: on a busy machine they say more than the wall time.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STICH = [sys.executable, "-c", "from stich.cli import main; main()"]


def wall(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one `stich` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*STICH, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main(runs: int = 7) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STICH_TOURNAMENT")}
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.stich.db")
        setup = [["tournament", "--db", db, "create", "Bench", "--cards", "8"],
                 *(["tournament", "--db", db, "register", name] for name in "ABCDE"),
                 ["tournament", "--db", db, "draw", "--seed", "1"]]
        for args in setup:
            wall(args, env)
        commands = {
            "stich --help": ["--help"],
            "stich play --help": ["play", "--help"],
            "stich tournament status": ["tournament", "--db", db, "status"],
            "stich tournament --help": ["tournament", "--help"],
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):  # interleaved, so a busy machine slows all alike
            for name, args in commands.items():
                times[name].append(wall(args, env))
    print(f"start-up, median of {runs} runs: wall seconds (min-max), CPU seconds")
    for name, values in times.items():
        walls = [w for w, _ in values]
        cpus = [c for _, c in values]
        print(f"  {name:26s} {statistics.median(walls):6.3f} s "
              f"({min(walls):.3f}-{max(walls):.3f})  cpu {statistics.median(cpus):6.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
