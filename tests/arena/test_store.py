"""The results folder: every match record saved and verifiable, and a folder that cannot be
used as asked is refused with its reason, its files left as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stich.arena import run_arena
from stich.arena.plan import ArenaPlan
from stich.arena.store import ResultsError, ResultsFolder
from tests.arena.helpers import arena, verify_record


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"])
def test_saved_records_verify(game: str, tmp_path: Path) -> None:
    run_arena(game, "rules", "random", 3, seed=2, out=tmp_path)
    plan = json.loads((tmp_path / "arena.json").read_text())
    assert plan["format"] == "stich-arena/1"
    assert (plan["game"], plan["a"], plan["b"], plan["seed"], plan["matches"]) == (
        game, "rules", "random", 2, 3)
    for path in sorted((tmp_path / "matches").glob("*.json")):
        record = json.loads(path.read_text())
        assert record["arena"]["index"] == int(path.stem)
        result = verify_record(path)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["deals"] == len(record["deals"])


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_another_run_is_refused_and_left_alone(tmp_path: Path) -> None:
    run_arena("schnapsen", "rules", "random", 2, seed=1, out=tmp_path)
    before = _snapshot(tmp_path)
    result = arena("schnapsen", "rules", "random", "--matches", "2", "--seed", "9",
                   "--out", str(tmp_path))
    assert result.exit_code == 1
    assert f"error: {tmp_path}: holds another arena run (seed 1, not 9)" in result.stderr
    assert _snapshot(tmp_path) == before


def test_resume_refuses_settings_that_differ(tmp_path: Path) -> None:
    run_arena("schnapsen", "rules", "random", 2, seed=1, out=tmp_path)
    result = arena("schnapsen", "random", "--resume", str(tmp_path), "--preset", "sharp")
    assert result.exit_code == 1
    assert (f"error: {tmp_path}: the saved run has a 'rules', not 'random'; options preset "
            "'soft' with {}, not preset 'sharp' with {}") in result.stderr


def test_resume_needs_a_run(tmp_path: Path) -> None:
    result = arena("--resume", str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path}: no arena run to resume (arena.json is missing)" in result.stderr


def test_a_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    result = arena("schnapsen", "rules", "random", "--matches", "1", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "not empty and not an arena results folder (no arena.json)" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_broken_record_is_named_not_replaced(tmp_path: Path) -> None:
    run_arena("schnapsen", "rules", "random", 3, seed=1, out=tmp_path)
    broken = tmp_path / "matches" / "000001.json"
    record = json.loads(broken.read_text())
    record["deals"][0]["actions"][0][1] = "play XX"
    broken.write_text(json.dumps(record))
    before = _snapshot(tmp_path)
    result = arena("--resume", str(tmp_path))
    assert result.exit_code == 1
    assert f"error: {broken}: deal 0: action 0" in result.stderr
    assert "move the file away to play match 1 again" in result.stderr
    assert _snapshot(tmp_path) == before


def test_a_record_of_another_match_is_refused(tmp_path: Path) -> None:
    run_arena("schnapsen", "rules", "random", 3, seed=1, out=tmp_path)
    matches = tmp_path / "matches"
    (matches / "000002.json").write_bytes((matches / "000000.json").read_bytes())
    result = arena("--resume", str(tmp_path))
    assert result.exit_code == 1
    assert "000002.json: its arena key" in result.stderr


def test_a_half_written_file_is_ignored(tmp_path: Path) -> None:
    # save_json writes NAME.tmp and renames it: a kill before the rename leaves only NAME.tmp
    run_arena("jass", "rules", "random", 2, seed=3, out=tmp_path)
    (tmp_path / "matches" / "000002.json.tmp").write_text('{"format": "stich-mat')
    assert (run_arena("jass", "rules", "random", 4, seed=3, out=tmp_path)
            == run_arena("jass", "rules", "random", 4, seed=3))


def test_one_run_at_a_time(tmp_path: Path) -> None:
    plan = ArenaPlan.make("schnapsen", "rules", "random", 1)
    with ResultsFolder(tmp_path, plan, 2), pytest.raises(
            ResultsError, match="another arena run is using it"):
        ResultsFolder(tmp_path, plan, 2).__enter__()
    with ResultsFolder(tmp_path, plan, 2):  # free again
        pass
