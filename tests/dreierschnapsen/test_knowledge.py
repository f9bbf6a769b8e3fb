"""What each Dreierschnapsen seat knows (D-1 with B-2 to B-6)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.core.actions import Action
from stich.core.cards import Card, card_set, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event
from tests.bauernschnapsen.helpers import dreier, run
from tests.bauernschnapsen.knowledge_checks import (
    OPTIONS_BOTH,
    check_action_ids,
    check_clone_and_undo,
    check_info_states,
    check_position_histories,
    check_positions,
    chi_square_p,
    exact_distribution,
    hands_now,
    placements,
    replayed,
    sample_counts,
)

OPTIONS = [*OPTIONS_BOTH, {"raise_before_talon": True, "raise_after_talon": True}]
HANDS = ["SA SK CJ HQ HK DJ", "HA HT DA ST SQ SJ", "CA CT DT DK DQ CQ"]
TALON = "HJ CK"


@pytest.mark.parametrize("seed", [*range(16), *(pytest.param(s, marks=pytest.mark.slow)
                                                for s in range(16, 200))])
def test_info_states_and_sampled_worlds(seed: int) -> None:
    check_info_states(Dreierschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@pytest.mark.parametrize("seed", range(8))
def test_histories_that_start_at_a_position(seed: int) -> None:  # items 1, 2, 4
    check_position_histories(Dreierschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(OPTIONS))
def test_positions_round_trip(seed: int, options: dict[str, Any]) -> None:  # item 4
    check_positions(Dreierschnapsen, seed, options)


@pytest.mark.parametrize("seed", range(8))
def test_action_ids(seed: int) -> None:  # item 3
    check_action_ids(Dreierschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@pytest.mark.parametrize("seed", range(6))
def test_clone_and_undo(seed: int) -> None:  # item 6
    check_clone_and_undo(Dreierschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


def test_action_space_is_fixed() -> None:  # item 3
    assert Dreierschnapsen.num_distinct_actions() == 46 + 2 * 190
    assert Dreierschnapsen.action_to_id("discard HA CJ") == Dreierschnapsen.action_to_id(
        "discard CJ HA")
    assert Dreierschnapsen.id_to_action(46) == Action("discard", "CT CJ")


def test_the_talon_is_seen_by_its_taker_alone() -> None:  # D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass")
    assert game.information_state(2).events[-1] == Event("talon", 2, (Card.CK, Card.HJ))
    assert game.information_state(0).events[-1] == Event("talon", 2, hidden=2)
    run(game, "2 discard CK DQ")
    assert game.information_state(2).events[-1] == Event("discard", 2, (Card.CK, Card.DQ))
    assert game.information_state(1).events[-1] == Event("discard", 2, hidden=2)
    assert str(game.information_state(1)).endswith("| 2 talon ? ? | 2 discard ? ?")


# --- sampling matches exact enumeration (item 2) ---------------------------------------------
def _late_contracts() -> Iterator[Dreierschnapsen]:
    """Contracts after four tricks of random play, the talon taken by a hidden taker."""
    options = Dreierschnapsen.OPTIONS.from_preset(None, trump_must_be_held=False)
    for seed in range(3000):
        game = Dreierschnapsen.deal(seed, 0, options)
        rng = random.Random(seed)
        while not game.is_terminal() and len(game.tricks) < 4:
            legal = game.legal_actions()
            bids = [a for a in legal if a.verb == "bid" and a.arg in ("bettler", "plauderer")]
            game.apply(bids[0] if bids else rng.choice(legal))
        if not game.is_terminal() and game.contract is not None and not game.trick:
            yield game


def _candidates(game: Dreierschnapsen, viewer: int) -> Iterator[Dreierschnapsen]:
    """Every placement of the unknown cards (the two other hands and the discard) and every
    talon the taker may have taken up, replayed with the hidden discard."""
    taker = game.talon_taker
    other = 3 - viewer - taker
    history = [a for _, a in game.history]
    index = next(i for i, a in enumerate(history) if a.verb == "discard")
    played = [[c for trick in game.tricks for s, c in trick if s == seat] for seat in range(3)]
    unknown = game.hands[other] | game.hands[taker] | game.talon
    for rest_other, rest_taker, laid in placements(unknown, [2, 2, 2]):
        eight = card_set(played[taker]) | rest_taker | laid
        for taken in itertools.combinations(cards_in(eight), 2):
            mine = [c for c in cards_in(eight) if c not in taken]
            if game.turned_up in mine and taker == game.caller:
                mine.remove(game.turned_up)
                mine.insert(3, game.turned_up)
            hands = [list(game.dealt[viewer])] * 3
            hands[taker] = mine
            hands[other] = played[other] + list(cards_in(rest_other))
            if other == game.caller and game.turned_up in hands[other]:
                hands[other].remove(game.turned_up)
                hands[other].insert(3, game.turned_up)
            actions = list(history)
            actions[index] = Action("discard", " ".join(c.name for c in cards_in(laid)))
            world = replayed(Dreierschnapsen, hands, list(taken), game, actions)
            if world is not None:
                yield world


@pytest.mark.parametrize("n", [4000, pytest.param(20_000, marks=pytest.mark.slow)])
def test_sampling_matches_enumeration_with_a_hidden_discard(n: int) -> None:  # item 2, D-1, B-4
    game = next(_late_contracts())
    viewer = next(s for s in range(3) if s != game.talon_taker)
    info = game.information_state(viewer)
    expected = exact_distribution(info, _candidates(game, viewer), hands_now)
    assert len(expected) > 1
    seen = sample_counts(info, n, seed=13, key=hands_now)
    assert set(seen) <= set(expected)
    assert chi_square_p(seen, expected, n) > 0.001


# --- illegal moves and utilities (items 5, 7) -------------------------------------------------
def test_forfeit_by_the_declarer_pays_both_others() -> None:  # item 5, D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass, 2 discard CK DQ, 0 double")
    game.forfeit(2, Illegal("B-4", "revoke"))
    result = game.result()
    assert result is not None and result.game_points == (18, 18, 0)
    assert game.utilities() == (6.0, 6.0, -12.0)


def test_forfeit_by_a_defender_gives_the_declarer_the_contract() -> None:  # item 5, D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass, 2 discard CK DQ")
    game.forfeit(1, Illegal("B-6", "doubled out of turn"))
    result = game.result()
    assert result is not None and result.game_points == (0, 0, 9)
    assert game.utilities() == (-3.0, -3.0, 6.0)
    info = game.information_state(0)
    assert info.events[-1] == Event("forfeit", 1, arg="B-6: doubled out of turn")
    assert info.sample_world(random.Random(2)).result() == result


def test_utilities_a_failed_declarer_pays_both() -> None:  # D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass, 2 discard CK DQ")
    while game.phase == "double":
        game.apply("pass")
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    result = game.result()
    assert result is not None
    value = max(result.game_points)
    if result.winner == (2,):
        assert game.utilities() == (-value / 3, -value / 3, 2 * value / 3)
    else:
        assert game.utilities() == (value / 3, value / 3, -2 * value / 3)
    assert sum(game.utilities()) == 0
