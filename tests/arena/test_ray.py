"""--backend ray plays the same matches on a Ray cluster (here a local Ray instance) and gives
the same results and records as worker processes for the same seed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from stich.arena import run_arena
from tests.arena.helpers import arena, match_files


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install -e '.[dist]')")
def test_ray_gives_the_same_results_as_processes(tmp_path: Path) -> None:
    on_ray = arena("jass", "rules", "random", "--matches", "12", "--seed", "4",
                   "--backend", "ray", "--jobs", "2", "--out", str(tmp_path / "ray"))
    assert on_ray.exit_code == 0, on_ray.stderr
    in_processes = arena("jass", "rules", "random", "--matches", "12", "--seed", "4",
                         "--jobs", "2", "--out", str(tmp_path / "processes"))
    assert on_ray.stdout == in_processes.stdout
    assert match_files(tmp_path / "ray") == match_files(tmp_path / "processes")
    assert len(match_files(tmp_path / "ray")) == 12
    report = run_arena("schnapsen", "rules", "random", 30, seed=9, backend="ray", jobs=2)
    assert report == run_arena("schnapsen", "rules", "random", 30, seed=9, jobs=2)


def test_ray_missing_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if not installed
    result = arena("schnapsen", "rules", "random", "--matches", "2", "--backend", "ray")
    assert result.exit_code == 1
    assert "error: --backend ray needs Ray: pip install 'stich[dist]'" in result.stderr
