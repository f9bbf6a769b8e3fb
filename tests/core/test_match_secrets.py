"""Records that keep secrets: no match seed before the match ends."""

from __future__ import annotations

import json
from typing import Any

import pytest

import stich
from stich.bots import make_bot
from stich.core.match import Match, seed_commitment
from stich.core.records import RecordError
from stich.games import game_class, match_class
from stich.play.driver import play_deal, play_match
from tests.record_helpers import verify


def _match(game: str = "schnapsen", seed: int = 3) -> Match:
    cls = game_class(game)
    seats = [f"P{s}" for s in range(cls.SEATS)]
    options = cls.OPTIONS.from_preset("turnier") if game == "jass" else None  # short games
    return match_class(game)(seats, seed=seed, options=options)


def _bots(game: str) -> list[Any]:
    return [make_bot(game, "rules", seat) for seat in range(game_class(game).SEATS)]


def test_record_during_the_match_reveals_no_seed() -> None:
    match = _match()
    for _ in range(2):
        deal = match.new_deal()
        play_deal(deal, _bots("schnapsen"))
        match.finish_deal(deal)
    assert not match.is_over()
    record = match.to_record()
    text = json.dumps(record)
    assert "seed" not in record and "salt" not in record
    assert record["seed_commitment"] == seed_commitment(match.salt, 3)
    assert match.salt not in text
    # each finished deal carries its own seed, never the next deal's
    assert [deal["seed"] for deal in record["deals"]] == [d.extra["seed"] for d in match.deals]
    assert str(match.deal_seed()) not in text
    again = type(match).from_record(json.loads(text))
    assert again.commitment_status == "sealed"


def test_private_save_keeps_the_seed_to_resume() -> None:
    match = _match()
    record = match.to_record(private=True)
    assert record["seed"] == 3 and record["salt"] == match.salt
    again = type(match).from_record(record)
    assert again.seed == 3 and again.new_deal().dealt == match.new_deal().dealt


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"])
def test_finished_match_reveals_and_verifies(game: str, tmp_path: Any) -> None:
    match = _match(game, seed=9)
    play_match(match, _bots(game))
    record = match.to_record()
    assert record["seed"] == 9 and record["salt"] == match.salt
    assert type(match).from_record(record).commitment_status == "verified"
    code, output = verify(tmp_path, record)
    assert code == 0, output
    assert json.loads(output)["seed_commitment"] == "verified"


def test_altered_seed_or_cards_are_caught() -> None:
    match = _match()
    play_match(match, _bots("schnapsen"))
    record = match.to_record()
    forged = dict(record, seed=record["seed"] + 1)
    with pytest.raises(RecordError, match="altered"):
        type(match).from_record(forged)
    other = _match(seed=4)
    play_match(other, _bots("schnapsen"))
    swapped = dict(record, deals=other.to_record()["deals"])
    with pytest.raises(RecordError, match=r"deal 0: (deal seed|the cards)"):
        type(match).from_record(swapped)


def test_salt_is_random_so_a_small_seed_cannot_be_guessed() -> None:
    assert _match(seed=1).commitment() != _match(seed=1).commitment()


def test_schieber_is_read_as_jass() -> None:
    match = _match("jass", seed=2)
    record = match.to_record(private=True)
    record["game"] = "schieber"
    assert match_class("schieber").from_record(record).GAME == "jass"
    assert game_class("schieber").NAME == "jass"
    assert stich.new_game("schieber", seed=3).NAME == "jass" and "jass" in stich.GAMES
