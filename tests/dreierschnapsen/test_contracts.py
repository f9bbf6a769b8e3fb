"""Dreierschnapsen contracts (D-1): one against two, each made and lost in a real deal."""

from __future__ import annotations

from typing import Any

import pytest

from stich.contract.contracts import TABLE, Goal
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.core.actions import Action
from tests.bauernschnapsen.helpers import dreier, pass_round, replay_entry, run
from tests.dreierschnapsen.contract_deals import DEALS

FARBENRINGERL = (["ST CA CT CK CQ CJ", "HA HT HK HQ HJ SA", "SK SQ SJ DA DT DK"], "DQ DJ")


@pytest.mark.parametrize("key", sorted(DEALS), ids="-".join)
def test_contract_made_and_lost(key: tuple[str, str]) -> None:  # B-5, D-1
    entry: dict[str, Any] = DEALS[key]
    name, reason = key
    game = replay_entry(Dreierschnapsen, entry)
    result = game.result()
    assert result is not None and result.reason == reason and result.extra["contract"] == name
    assert result.winner == entry["winner"] and result.game_points == entry["game_points"]
    value = next(c.value for c in TABLE if c.name == name)
    if reason in ("made", "shown"):  # D-1: the declarer scores alone ...
        assert result.winner == (game.declarer,)
        assert result.game_points[game.declarer] == value and sum(result.game_points) == value
    else:  # ... and if he fails, each of the two others scores the value
        assert game.declarer not in result.winner and len(result.winner) == 2
        assert sum(result.game_points) == 2 * value


def test_every_contract_has_its_deals() -> None:  # B-5, D-1
    for contract in TABLE:
        outcomes = {reason for name, reason in DEALS if name == contract.name}
        expected = {"shown"} if contract.goal is Goal.SHOWN else {"made", "failed"}
        if contract.name == "farbenringerl":  # played in D-1; made below by hand
            expected = {"failed"}
        assert outcomes == expected, contract.name


def test_schnapser_within_four_tricks() -> None:  # D-1
    for (name, reason), entry in DEALS.items():
        game = replay_entry(Dreierschnapsen, entry)
        if name in ("schnapser", "kontraschnapser") and reason == "made":
            assert len(game.winners) <= 4 and game.score((game.declarer,)) >= 66
        if name in ("schnapser", "kontraschnapser") and reason == "failed":
            assert len(game.winners) <= 4


def _play_lowest(game: Dreierschnapsen) -> None:
    """Everyone plays his first legal card until the deal ends."""
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1 if game.current_player() == 1 else 0])


def test_farbenringerl_is_played_for_all_six_tricks() -> None:  # D-1
    hands, talon = FARBENRINGERL
    game = dreier(hands, talon)
    run(game, "1 trump H, 1 bid farbenringerl, 2 pass, 0 pass")
    assert game.phase == "talon" and not game.is_terminal()
    run(game, "1 discard DQ DJ")
    pass_round(game)
    assert game.play_trump is None
    _play_lowest(game)  # he leads SA and his hearts: nobody can beat them
    result = game.result()
    assert result is not None and result.reason == "made" and game.winners == (1,) * 6
    assert result.game_points == (0, 18, 0)


def test_farbenringerl_needs_a_full_suit_and_fails_on_a_lost_trick() -> None:  # D-1
    hands, talon = FARBENRINGERL
    hands = [hands[0], "HA HT HK HQ HJ SQ", "SK SA SJ DA DT DK"]
    game = dreier(hands, talon)
    run(game, "1 trump H, 1 bid farbenringerl, 2 pass, 0 pass, 1 discard DQ DJ")
    pass_round(game)
    run(game, "1 play SQ, 2 play SA")  # seat 2 must head: the trick is lost
    run(game, "0 play ST")
    result = game.result()
    assert result is not None and result.reason == "failed" and result.game_points == (18, 0, 18)
    game = dreier(hands, talon)
    run(game, "1 trump H, 1 pass")
    assert game.why_illegal(Action("bid", "farbenringerl")) is not None
