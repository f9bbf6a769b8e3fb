"""Times the cyclic collector's runs in ``stich serve`` (docs/web.md, "Tests and figures").

Put this folder first on ``PYTHONPATH`` and name a file in ``GC_TRACE``; the server that
``bench/web_load.py`` starts inherits both and appends one JSON line per collection: the
generation, the objects it scanned (its generation and the younger ones), wall and CPU
milliseconds (the thread's), objects collected and, for the older generations, how many
objects the collector tracks. ``GC_FULL_AT=SECONDS`` also times one full
collection that many seconds after the server starts (the pause a full collection would be
then)::

    GC_TRACE=/tmp/gc.jsonl GC_FULL_AT=55 PYTHONPATH=bench/gctrace:src \\
        python bench/web_load.py --tables 1000 --human-pace --duration 60
    python bench/gc_summary.py /tmp/gc.jsonl
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
from typing import Any

_PATH = os.environ.get("GC_TRACE")


def _write(row: dict[str, Any]) -> None:
    assert _PATH is not None
    with open(_PATH, "a") as out:
        out.write(json.dumps(row) + "\n")


def _install() -> None:
    start = [0.0, 0.0]
    young = [0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":  # the objects it will scan, counted before the clock starts
            young[0] = sum(len(gc.get_objects(gen)) for gen in range(info["generation"] + 1))
            start[:] = [time.perf_counter(), time.thread_time()]
            return
        row = {"t": round(time.time(), 2), "gen": info["generation"], "scanned": young[0],
               "wall_ms": round((time.perf_counter() - start[0]) * 1000, 2),
               "cpu_ms": round((time.thread_time() - start[1]) * 1000, 2),
               "collected": info["collected"]}
        if info["generation"] >= 1:
            row["tracked"] = len(gc.get_objects())
        _write(row)

    gc.callbacks.append(timed)
    full_at = os.environ.get("GC_FULL_AT")
    if full_at:
        def full() -> None:
            time.sleep(float(full_at))
            tracked = len(gc.get_objects())
            wall, cpu = time.perf_counter(), time.process_time()
            gc.collect()
            _write({"t": round(time.time(), 2), "gen": "forced", "tracked": tracked,
                    "frozen": gc.get_freeze_count(),
                    "wall_ms": round((time.perf_counter() - wall) * 1000, 1),
                    "cpu_ms": round((time.process_time() - cpu) * 1000, 1), "collected": 0})

        threading.Thread(target=full, daemon=True).start()


if _PATH and "serve" in sys.argv:
    _install()
