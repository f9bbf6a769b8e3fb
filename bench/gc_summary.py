"""Sums up a ``GC_TRACE`` file of ``bench/gctrace`` (docs/web.md, "Tests and figures"): per
generation the collections after the server's start-up, the longest pause (wall and CPU) and
the pauses over 50 ms; then the timed full collection, if any.

    python bench/gc_summary.py /tmp/gc.jsonl [--skip SECONDS]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--skip", type=float, default=5.0, metavar="SECONDS",
                        help="leave out the first seconds (start-up, the default thresholds)")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.trace.read_text().splitlines() if line]
    if not rows:
        print("no collections")
        return
    first = rows[0]["t"]
    rows = [row for row in rows if row["t"] - first > args.skip]
    for gen in (0, 1, 2):
        runs = [row for row in rows if row["gen"] == gen]
        if runs:
            print(f"gen {gen}: {len(runs)} collections, longest "
                  f"{max(r['wall_ms'] for r in runs):.0f} ms wall / "
                  f"{max(r['cpu_ms'] for r in runs):.0f} ms CPU, "
                  f"{sum(r['wall_ms'] > 50 for r in runs)} over 50 ms, "
                  f"{sum(r['wall_ms'] for r in runs):.0f} ms in all")
    for row in rows:
        if row["gen"] == "forced":
            print(f"full collection: {row['tracked']} objects tracked ({row['frozen']} frozen): "
                  f"{row['wall_ms']:.0f} ms wall / {row['cpu_ms']:.0f} ms CPU")


if __name__ == "__main__":
    main()
