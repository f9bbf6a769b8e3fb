"""How long `stich` takes to start: wall time of whole processes, median of a few runs.

Usage: python bench/startup.py [RUNS]. Times `stich --help`, `stich play --help`, and
`stich tournament status` on a small event in a temporary SQLite database (created and migrated
before timing, so the runs measure an ordinary command, not the first migration). Reports only;
the target for every command is under 0.5 s (issue 9).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STICH = [sys.executable, "-c", "from stich.cli import main; main()"]


def wall(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([*STICH, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


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
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):  # interleaved, so a busy machine slows all alike
            for name, args in commands.items():
                times[name].append(wall(args, env))
    print(f"start-up wall time, median of {runs} runs (min-max):")
    for name, values in times.items():
        print(f"  {name:26s} {statistics.median(values):6.3f} s "
              f"({min(values):.3f}-{max(values):.3f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
