"""``bench/expert_time.py`` times the expert's decisions against another bot (at
most 1 s a move at the default budget, median, never more than 3 s)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "expert_time.py"


def test_the_time_bench_plays_against_the_bot_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("expert_time", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    made: list[tuple[str, int, int | None]] = []
    original = bench.make_bot

    def make_bot(game: str, name: str, seat: int, nodes: int | None = None) -> Any:
        made.append((name, seat, nodes))
        return original(game, name, seat, nodes=nodes)

    monkeypatch.setattr(bench, "make_bot", make_bot)
    times = bench.timed("schnapsen", "expert", 1, 20_000, "pimc")
    assert times and all(t >= 0 for t in times)
    assert made == [("expert", 0, 20_000), ("pimc", 1, 20_000)]
    made.clear()
    bench.timed("schnapsen", "expert", 1, 20_000)  # the rules bot takes no budget
    assert made == [("expert", 0, 20_000), ("rules", 1, None)]
    refused = subprocess.run([sys.executable, str(SCRIPT), "--against", "nobody"],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "--against" in refused.stderr
