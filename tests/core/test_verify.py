"""``core.replay.verify``: a deal or a match record replayed with the classes the caller gives
(the core names no game), the summary `stich record verify` prints, and a clear RecordError."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stich.bots.random_bot import RandomBot
from stich.core.records import RecordError
from stich.core.replay import is_match_record, record_game, verify
from stich.jass.game import Jass
from stich.jass.match import JassMatch
from stich.play.driver import play_deal, play_match
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.match import SchnapsenMatch


def _deal(finished: bool) -> tuple[Schnapsen, dict[str, Any]]:
    game = Schnapsen.deal(4)
    if finished:
        play_deal(game, [RandomBot(0), RandomBot(1)])
    else:
        game.apply(game.legal_actions()[0])
    data: dict[str, Any] = json.loads(json.dumps(game.to_record().to_dict()))
    return game, data


def test_a_deal_record_gives_its_result_or_who_is_to_act() -> None:
    _, done = _deal(finished=True)
    assert not is_match_record(done) and record_game(done) == "schnapsen"
    assert done["result"] and verify(done, Schnapsen, SchnapsenMatch) == done["result"]
    game, open_deal = _deal(finished=False)
    assert verify(open_deal, Schnapsen, SchnapsenMatch) == {
        "result": None, "to_act": game.current_player()}


def test_a_match_record_gives_its_deals_score_and_commitment() -> None:
    match = JassMatch([f"P{seat}" for seat in range(4)], seed=2)
    play_match(match, [RandomBot(seat) for seat in range(4)])
    data = json.loads(json.dumps(match.to_record()))
    assert is_match_record(data) and record_game(data) == "jass"
    out = verify(data, Jass, JassMatch)
    assert out == {"game": "jass", "deals": len(match.deals), "match": match.state(),
                   "seed_commitment": "verified"}


def test_a_broken_record_is_refused_in_one_line() -> None:
    with pytest.raises(RecordError, match="a match record needs a string 'game'"):
        record_game({"format": "stich-match/1", "game": 3})
    _, broken = _deal(finished=True)
    broken["actions"][0][1] = "play XX"
    with pytest.raises(RecordError, match="action 0"):
        verify(broken, Schnapsen, SchnapsenMatch)
    with pytest.raises(RecordError, match="not a jass match record"):
        verify({**JassMatch(["A", "B", "C", "D"], seed=1).to_record(), "game": "schnapsen"},
               Jass, JassMatch)
