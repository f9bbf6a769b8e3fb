"""The soft table's one check before a costly action (S-7, S-8, S-9, S-11): a claim below 66,
a close that cannot reach 66; no hint where players count for themselves (sharp, tournament)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from stich import from_position
from stich.core.actions import Action
from stich.core.game import TERMINAL
from stich.schnapsen.caution import costly_action_warning, reachable_points
from stich.schnapsen.family import WINNING_SCORE
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.options import SchnapsenOptions

CLAIM, CLOSE = Action("claim"), Action("close")


def positions(preset: str, seeds: range = range(40)) -> Iterator[Schnapsen]:
    """Every position of seeded deals played at random (a fresh copy each)."""
    for seed in seeds:
        game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(preset))
        rng = random.Random(seed)
        while game.current_player() != TERMINAL:
            yield game.clone()
            game.apply(rng.choice(game.legal_actions()))


def test_a_claim_below_66_is_warned_of_in_soft() -> None:  # S-8, S-11
    seen_low = seen_high = 0
    for game in positions("soft"):
        if CLAIM not in game.legal_actions():
            continue
        warning = costly_action_warning(game, CLAIM)
        points = game.score(game.current_player())
        if points < WINNING_SCORE:
            assert warning is not None and warning.rule == "S-8"
            assert f"you have {points} points" in warning.reason and warning.points == points
            seen_low += 1
        else:
            assert warning is None
            seen_high += 1
    assert seen_low >= 5 and seen_high >= 5


HOPELESS = ("schnapsen soft dealer=1 leader=0 hands=HT.CK.SQ.HJ.DQ/DT.SK.HK.CQ.SJ trump=DK "
            "stock=HQ.DK closed=- lead=- announced=- claim=0 final=0 won=CJ.DJ/CA.SA.HA.DA.CT.ST "
            "marriages=- last=-")
"""Seat 0 on lead with 4 points, no marriage in hand; the other has taken 64: at most 56."""


def test_a_close_that_cannot_reach_66_is_warned_of_and_truly_cannot() -> None:  # S-7, S-9
    game = from_position(HOPELESS)
    assert isinstance(game, Schnapsen) and CLOSE in game.legal_actions()
    warning = costly_action_warning(game, CLOSE)
    assert warning is not None and warning.rule == "S-7, S-9"
    assert (warning.points, warning.reachable) == (4, 56)
    assert "can reach at most 56" in warning.reason and "cannot reach 66" in warning.reason
    for trial in range(20):  # however the closed deal is played, the closer stays below 66
        after = game.clone()
        after.apply(CLOSE)
        rng = random.Random(trial)
        while after.current_player() != TERMINAL:
            after.apply(rng.choice(after.legal_actions()))
        assert after.score(0) < WINNING_SCORE


def test_what_a_closer_can_reach_bounds_every_playout() -> None:  # S-7
    closes = 0
    for number, game in enumerate(positions("soft", range(30))):
        if CLOSE not in game.legal_actions():
            continue
        closes += 1
        seat = game.current_player()
        bound = reachable_points(game, seat)
        assert costly_action_warning(game, CLOSE) is None or bound < WINNING_SCORE
        after = game.clone()
        after.apply(CLOSE)
        rng = random.Random(number)
        while after.current_player() != TERMINAL:
            assert after.score(seat) <= bound
            after.apply(rng.choice(after.legal_actions()))
    assert closes >= 20


def test_marriages_held_or_pending_count_towards_what_a_closer_can_reach() -> None:  # S-5
    for game in positions("soft"):
        seat = game.current_player()
        if game.marriages or not any(a.verb == "marriage" for a in game.legal_actions()):
            continue
        marriage = next(a for a in game.legal_actions() if a.verb == "marriage")
        before = reachable_points(game, seat)
        game.apply(marriage)  # announced: pending or counted, it stays in the bound
        assert reachable_points(game, seat) == before
        return
    pytest.fail("no marriage in the sample")


@pytest.mark.parametrize("preset", ["sharp", "tournament"])
def test_no_hint_where_players_count_for_themselves(preset: str) -> None:  # S-11
    asked = 0
    for game in positions(preset):
        for action in (CLAIM, CLOSE):
            if action in game.legal_actions():
                asked += 1
                assert costly_action_warning(game, action) is None
    assert asked >= 10


def test_an_action_not_allowed_gets_no_warning() -> None:  # the refusal says more
    game = next(g for g in positions("soft") if CLAIM not in g.legal_actions())
    assert costly_action_warning(game, CLAIM) is None
    assert costly_action_warning(game, "claim") is None
