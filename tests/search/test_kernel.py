"""The native kernel against the Python engine: legal moves, transitions, playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich import search
from stich.search.adapters import kernel_state, move_action
from stich.search.layout import INDEX
from stich.search.pysearch import running
from tests.search.helpers import GAMES, PRESETS, card_play, compare_walk, new_deal

kernel = pytest.importorskip("stich.search._kernel",
                             reason="the native kernel is not built (no C compiler at install)")

deals = st.sampled_from(GAMES).flatmap(
    lambda game: st.tuples(st.just(game), st.sampled_from(PRESETS[game]),
                           st.integers(0, 2**32), st.integers(0, 2**32)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals)
def test_kernel_follows_the_engine(deal: tuple[str, str, int, int]) -> None:
    """S-3 to S-9, B-4, B-5, D-1, J-4 to J-7: every card-play step of a random deal."""
    game, preset, seed, choices = deal
    compare_walk(new_deal(game, seed, preset), random.Random(choices), kernel)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals)
def test_kernel_follows_the_engine_long(deal: tuple[str, str, int, int]) -> None:
    game, preset, seed, choices = deal
    compare_walk(new_deal(game, seed, preset), random.Random(choices), kernel)


@pytest.mark.parametrize("options", [
    {"bettler_partner_sits_out": True}, {"schnapser_with_partner": True},
    {"must_overtrump": False}, {"assenbettler": "must_hold_ace"}])
def test_contract_options(options: dict[str, object]) -> None:
    """B-5's partner options and B-4's over-trumping option, over many deals."""
    for seed in range(60):
        compare_walk(new_deal("bauernschnapsen", seed, None, **options), random.Random(seed),
                     kernel)


@pytest.mark.parametrize("options", [{"weis": False}, {"stoeck": False},
                                     {"target": 1000}, {"four_of_a_kind_low": False}])
def test_jass_options(options: dict[str, object]) -> None:
    """J-9's options; with target 1000 and scores near it the game ends mid-deal (J-7)."""
    for seed in range(40):
        compare_walk(new_deal("jass", seed, None, **options), random.Random(seed), kernel)


def test_jass_target_ends_mid_deal() -> None:
    """J-7: a team reaching the target ends the deal at once; the kernel stops there too."""
    from stich.jass.game import Jass, JassOptions

    ended = 0
    for seed in range(80):
        game = Jass.deal(seed, options=JassOptions.from_preset("turnier"),
                         scores_before=(960, 940))
        compare_walk(game, random.Random(seed), kernel)
        ended += game.result().reason == "target reached"  # type: ignore[union-attr]
    assert ended > 20


@settings(max_examples=60, deadline=None)
@given(deals)
def test_playouts_replay_in_the_engine(deal: tuple[str, str, int, int]) -> None:
    """A kernel playout is a legal line of the engine with the same result, and the Python
    path draws the same line from the same seed."""
    game_name, preset, seed, choices = deal
    game = card_play(new_deal(game_name, seed, preset), random.Random(choices), 0)
    if game.is_terminal():
        return
    actions, value = search.playout(game, choices, native=True)
    assert search.playout(game, choices, native=False) == (actions, value)
    start = running(kernel_state(game))
    for action in actions:
        for weis in [a for a in game.legal_actions() if a.verb == "weis"]:
            game.apply_legal(weis)
        game.apply(action)
    assert game.is_terminal()
    assert running(kernel_state(game)) - start == value


def test_moves_and_ids_round_trip() -> None:
    from stich.search.adapters import move_id

    for move in [*range(36), 36, 37, 38, 39, 40, 41, 42, 43]:
        assert move_id(move_action(move)) == move


def test_bad_states_are_refused() -> None:
    """A malformed state is a ValueError naming the problem, never a crash."""
    state = list(kernel_state(card_play(new_deal("schnapsen", 1), random.Random(1), 0)))
    with pytest.raises(ValueError, match="fields"):
        kernel.legal(state[:-1])
    for name, value in (("to_act", 7), ("trump_card", 40), ("ntrick", 3), ("factor", 0)):
        broken = list(state)
        broken[INDEX[name]] = value
        with pytest.raises(ValueError, match=r"out of range|bad"):
            kernel.legal(broken)
    with pytest.raises(ValueError, match="not legal"):
        kernel.apply(state, 43)
