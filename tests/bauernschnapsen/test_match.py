"""Matches of both games: dealer rotation (B-1, B-2), the race to 24 (B-7, D-1), records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.arena import run_arena
from stich.bots import make_bot
from stich.cli import command_app
from stich.contract.match import BauernschnapsenMatch
from stich.games import match_class
from stich.play.driver import play_match
from tests.bauernschnapsen.helpers import bauern

app = command_app(["tournament"])

GAMES = ["bauernschnapsen", "dreierschnapsen"]


def _played_match(game: str, seed: int) -> object:
    cls = match_class(game)
    seats = 4 if game == "bauernschnapsen" else 3
    match = cls([f"P{s}" for s in range(seats)], seed)
    bots = [make_bot(game, "random", seed * 10 + s) for s in range(seats)]
    play_match(match, bots)
    return match


@pytest.mark.parametrize("game", GAMES)
def test_match_races_to_24_and_rotates_the_dealer(game: str) -> None:  # B-1, B-7, D-1
    match = _played_match(game, 4)
    assert isinstance(match, match_class(game))
    finished = match.race.finished
    assert len(finished) == 1 and max(finished[0]["score"]) >= 24
    assert match.race.bummerl[finished[0]["losers"][0]] == finished[0]["bummerl"]
    seats = match.game_class.SEATS
    for before, after in zip(match.deals, match.deals[1:], strict=False):
        redeal = before.result is not None and before.result["reason"] == "redeal"
        assert after.dealer == (before.dealer if redeal else (before.dealer + 1) % seats)
    again = match_class(game).from_record(json.loads(json.dumps(match.to_record())))
    assert again.state() == match.state()


def test_a_redeal_keeps_the_dealer() -> None:  # B-2
    match = BauernschnapsenMatch(["A", "B", "C", "D"], first_dealer=0)
    game = bauern(["SA SQ ST HQ HK", "SJ HJ DJ DA CA", "HT DT DK CQ SK", "CJ HA DQ CT CK"])
    game.apply("redeal")
    match.finish_deal(game)
    assert match.next_dealer() == 0 and match.race.score == [0, 0]


@pytest.mark.parametrize("game", GAMES)
def test_records_verify_from_the_command_line(game: str, tmp_path: Path) -> None:
    match = _played_match(game, 9)
    match_path = tmp_path / "match.json"
    match_path.write_text(json.dumps(match.to_record()))
    deal_path = tmp_path / "deal.json"
    deal_path.write_text(json.dumps(match.deals[-1].to_dict()))
    runner = CliRunner()
    for path in (match_path, deal_path):
        outcome = runner.invoke(app, ["record", "verify", str(path)])
        assert outcome.exit_code == 0, outcome.output
    broken = match.deals[-1].to_dict()
    broken["actions"] = [[broken["actions"][0][0], "play ZZ"]]
    deal_path.write_text(json.dumps(broken))
    outcome = runner.invoke(app, ["record", "verify", str(deal_path)])
    assert outcome.exit_code == 1 and "action 0" in outcome.output


def test_record_keeps_the_deal_in_dealing_order() -> None:  # notation.md
    match = _played_match("dreierschnapsen", 2)
    record = match.deals[0].to_dict()
    assert [len(hand) for hand in record["hands"]] == [6, 6, 6] and len(record["stock"]) == 2
    assert record["game"] == "dreierschnapsen" and "seed" in record


@pytest.mark.parametrize("game", GAMES)
def test_arena_runs_both_games(game: str) -> None:
    report = run_arena(game, "rules", "random", 4, seed=1)
    assert report.matches == 4 and report.deals >= 4
