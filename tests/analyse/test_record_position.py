"""`stich record position FILE --deal D --at N`: the position before action N of a recorded
deal, which `stich solve` takes (docs/rules/notation.md), counted as `stich analyse` counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from stich import from_position, search
from stich.analysis.explain import position_before
from stich.cli import command_app
from tests.analyse.test_explain import _match
from tests.conformance.corpus import corpus_files, read

_app = command_app(["record"])


def cli(*args: str) -> Result:
    return CliRunner().invoke(_app, list(args))


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"])
def test_the_position_of_a_match_deal_is_printed(tmp_path: Path, game: str) -> None:
    match = _match(game, 4, max_deals=2)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()))
    number = len(match.deals)  # the last deal, "Deal N" on the play screen
    record = match.deals[number - 1]
    at = len(record.actions) // 2
    result = cli("record", "position", str(path), "--deal", str(number), "--at", str(at))
    assert result.exit_code == 0, result.output
    text = result.stdout.strip()
    expected = position_before(record, at)
    assert text == expected.position()
    again = from_position(text)
    assert again.legal_actions() == expected.legal_actions()
    assert again.current_player() == expected.current_player()


def test_from_a_played_deal_to_solve(tmp_path: Path) -> None:
    """A deal record, a position late in it, and `stich solve` on what was printed."""
    record = _match("schnapsen", 5, max_deals=1).deals[0]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record.to_dict()))
    for at in reversed(range(len(record.actions))):
        game = position_before(record, at)
        if search.in_card_play(game):
            break
    printed = cli("record", "position", str(path), "--at", str(at))
    assert printed.exit_code == 0, printed.output
    solved = CliRunner().invoke(command_app(["solve"]), ["solve", printed.stdout.strip()])
    assert solved.exit_code == 0, solved.output
    assert "principal line" in solved.output
    best = search.analyze(game).best
    assert any("<- best" in line and str(best) in line for line in solved.output.splitlines())


@pytest.mark.parametrize(("args", "message"), [
    (["--at", "999"], "--at 999: the deal has actions 0 to"),
    (["--at", "2", "--deal", "1"], "--deal is for a match record"),
])
def test_positions_the_record_lacks_are_named(tmp_path: Path, args: list[str],
                                              message: str) -> None:
    record = _match("schnapsen", 5, max_deals=1).deals[0]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record.to_dict()))
    result = cli("record", "position", str(path), *args)
    assert result.exit_code == 1
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_solve_takes_the_old_and_the_new_form() -> None:
    """A corpus position written before the one grammar (options joined by ',') and the same
    position in the new form solve alike."""
    entries = [entry for path in corpus_files() if path.stem == "schnapsen"
               for entry in read(path)]
    old = next(entry["position"] for entry in entries
               if "," in entry["position"].split()[1] and "exhausted" in entry["id"])
    new = from_position(old).position()
    assert new != old and ";" in new.split()[1]
    app = command_app(["solve"])
    answers = [CliRunner().invoke(app, ["solve", text]) for text in (old, new)]
    assert [answer.exit_code for answer in answers] == [0, 0], answers[0].output
    assert answers[0].output == answers[1].output
