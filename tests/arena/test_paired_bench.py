"""``bench/paired.py`` (docs/search.md, "The Bummerl chance in the tree"): two runs on the same
seed deal the same cards in each rotation set, and are read side by side set by set."""

from __future__ import annotations

from pathlib import Path

import pytest

from stich.arena.command import ArenaRequest, run_request
from tests.bench_scripts import bench_script


def _run(folder: Path, a: str, b: str, seed: int, game: str = "schnapsen") -> None:
    run_request(ArenaRequest(game=game, a=a, b=b, matches=6, seed=seed, out=folder), jobs=1,
                progress=False, note=lambda line: None)


def test_two_runs_are_read_set_by_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    paired = bench_script("paired")
    _run(tmp_path / "rules", "rules", "random", 5)
    _run(tmp_path / "random", "random", "random", 5)
    game, seed, sets = paired.rotation_sets(tmp_path / "rules")
    assert (game, seed, sorted(sets)) == ("schnapsen", 5, [0, 1, 2])  # S-10: 2 matches a set
    assert all(0 <= won <= units for won, units in sets.values())

    assert paired.main([str(tmp_path / "rules"), str(tmp_path / "rules")]) == 0
    itself = capsys.readouterr().out
    assert "+0.000 (95% CI +0.000 to +0.000); sets alike: 3" in itself

    assert paired.main([str(tmp_path / "rules"), str(tmp_path / "random")]) == 0
    lines = capsys.readouterr().out.splitlines()
    won = sum(w for w, _ in sets.values())
    units = sum(u for _, u in sets.values())
    assert f"first {won}/{units} = " in lines[1]
    # rules beats random nearly always (docs/search.md, the ladder): the difference is positive
    assert float(lines[2].split(": ")[1].split(" ")[0]) > 0


def test_runs_on_other_cards_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    paired = bench_script("paired")
    _run(tmp_path / "one", "rules", "random", 5)
    _run(tmp_path / "two", "rules", "random", 6)
    assert paired.main([str(tmp_path / "one"), str(tmp_path / "two")]) == 2
    assert "deal different cards" in capsys.readouterr().err
    assert paired.main([str(tmp_path / "one"), str(tmp_path / "none")]) == 2
    assert "no arena run to resume" in capsys.readouterr().err


def test_a_set_with_a_match_missing_is_left_out(tmp_path: Path) -> None:
    """A run stopped with several workers leaves gaps: the sets around one are still read."""
    paired = bench_script("paired")
    _run(tmp_path / "run", "rules", "random", 5)
    (tmp_path / "run" / "matches" / "000001.json").unlink()
    assert sorted(paired.rotation_sets(tmp_path / "run")[2]) == [1, 2]
