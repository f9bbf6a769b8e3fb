"""What each Bauernschnapsen seat knows (B-1 to B-6)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.worlds import _reading
from stich.core.actions import Action
from stich.core.cards import SUIT_MASK, Card, Suit, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event
from stich.core.records import DealRecord
from stich.records import replay
from stich.schnapsen.family import DECK
from tests.bauernschnapsen.helpers import bauern, run
from tests.bauernschnapsen.knowledge_checks import (
    OPTIONS_BOTH,
    check_action_ids,
    check_clone_and_undo,
    check_info_states,
    check_position_histories,
    check_positions,
    chi_square_p,
    exact_distribution,
    placements,
    random_game,
    replayed,
    sample_counts,
)

OPTIONS = [*OPTIONS_BOTH, {"bettler_partner_sits_out": True}, {"schnapser_with_partner": True}]


@pytest.mark.parametrize("seed", [*range(16), *(pytest.param(s, marks=pytest.mark.slow)
                                                for s in range(16, 200))])
def test_info_states_and_sampled_worlds(seed: int) -> None:
    check_info_states(Bauernschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@pytest.mark.parametrize("seed", range(8))
def test_histories_that_start_at_a_position(seed: int) -> None:  # items 1, 2, 4
    check_position_histories(Bauernschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(OPTIONS))
def test_positions_round_trip(seed: int, options: dict[str, Any]) -> None:  # item 4
    check_positions(Bauernschnapsen, seed, options)


@pytest.mark.parametrize("seed", range(8))
def test_action_ids(seed: int) -> None:  # item 3
    check_action_ids(Bauernschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


@pytest.mark.parametrize("seed", range(6))
def test_clone_and_undo(seed: int) -> None:  # item 6
    check_clone_and_undo(Bauernschnapsen, seed, OPTIONS[seed % len(OPTIONS)])


def test_action_space_is_fixed() -> None:  # item 3
    assert Bauernschnapsen.num_distinct_actions() == 46
    assert Bauernschnapsen.id_to_action(0) == Action("trump", "C")
    assert Bauernschnapsen.action_to_id("bid herrenschnapser") == 17
    assert Bauernschnapsen.id_to_action(45) == Action("play", "SA")


def test_what_the_table_sees_of_trump() -> None:  # B-2
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    assert [str(e) for e in game.information_state(2).events] == ["2 deal dealer 0 DT DK HQ"]
    run(game, "1 turnup")  # his fourth card, face up for all
    for seat in range(4):
        events = game.information_state(seat).events
        assert events[1] == Event("turnup", 1, (Card.DA,))
        assert events[2].kind == "deal" and set(events[2].cards) == set(game.dealt[seat][3:])
    assert str(game.information_state(0)) == (
        "bauernschnapsen seat 0 standard | 0 deal dealer 0 ST SJ SQ | 1 turnup DA"
        " | 0 deal DJ HK")


def test_str_tells_histories_apart_exactly() -> None:  # item 1
    hands = ["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"]
    swapped = ["SJ SQ ST DJ HK", "SA HT SK DA CK", "HQ DT DK CQ CJ", "HJ HA DQ CT CA"]
    one, two = bauern(hands), bauern(swapped)
    for game in (one, two):
        run(game, "1 trump H, 1 pass, 2 pass, 3 pass, 0 pass")
    assert str(one.information_state(0)) == str(two.information_state(0))
    assert one.information_state(2) == two.information_state(2)
    assert str(one.information_state(1)) != str(two.information_state(1))
    assert str(one.information_state(3)) != str(two.information_state(3))
    run(one, "2 double")
    run(two, "2 pass")
    assert str(one.information_state(0)) != str(two.information_state(0))


def test_plauderer_lays_the_declarers_hand_open() -> None:  # B-5 plauderer
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    run(game, "1 trump H, 1 bid plauderer, 2 pass, 3 pass, 0 pass")
    while game.phase == "double":
        game.apply("pass")
    game.apply("play SK")
    for _ in range(3):  # nobody else holds a spade but seat 0, who must head with ST
        game.apply(game.legal_actions()[0])
    assert game.winners == (0,) and not game.is_terminal()
    opened = [e for e in game.information_state(0).events if e.kind == "open"]
    assert opened == [Event("open", 1, tuple(cards_in(game.hands[1])))]
    assert not [e for e in game.information_state(1).events if e.kind == "open"]


# --- sampling matches exact enumeration (item 2) ---------------------------------------------
def _late_normal_games(viewer: int) -> Iterator[Bauernschnapsen]:
    """Normal games (all pass, B-3) after three tricks of random play, dealer 0."""
    for seed in range(400):
        game = Bauernschnapsen.deal(seed, 0)
        rng = random.Random(seed)
        game.apply(rng.choice(game.legal_actions()))
        while game.phase in ("auction", "double"):
            game.apply("pass")
        while len(game.tricks) < 3 and not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_terminal() and game.announced is None:
            yield game


def _candidates(game: Bauernschnapsen, viewer: int, splits: bool) -> Iterator[Bauernschnapsen]:
    """Every deal with the others' remaining cards placed anyhow (and, with ``splits``, every
    choice of the caller's first three cards), replayed."""
    actions = [a for _, a in game.history]
    played = [[c for trick in game.tricks for s, c in trick if s == seat] for seat in range(4)]
    others = [s for s in range(4) if s != viewer]
    unknown = sum(game.hands[s] for s in others)
    for masks in placements(unknown, [game.hands[s].bit_count() for s in others]):
        base = {s: played[s] + list(cards_in(m)) for s, m in zip(others, masks, strict=True)}
        base[viewer] = list(game.dealt[viewer])
        hands = [base[s] for s in range(4)]
        for first in (_firsts(hands[1]) if splits else [hands[1]]):
            world = replayed(Bauernschnapsen, [*hands[:1], first, *hands[2:]], [], game, actions)
            if world is not None:
                yield world


def _firsts(hand: list[Card]) -> Iterator[list[Card]]:
    for index in range(len(hand) - 2):
        for j in range(index + 1, len(hand) - 1):
            for k in range(j + 1, len(hand)):
                first = [hand[index], hand[j], hand[k]]
                yield first + [c for c in hand if c not in first]


def _not_heading(game: Bauernschnapsen, viewer: int) -> bool:
    """Whether the seat knows a constraint that is not a void: a card another seat failed
    to head with, or a trump it did not over-trump with (part of a suit, B-4)."""
    reading = _reading(game.information_state(viewer), Bauernschnapsen._world_shape())
    return any(0 < (f & SUIT_MASK[s] & DECK).bit_count() < 5
               for f in reading.forbidden for s in Suit)


def _key(world: Bauernschnapsen) -> tuple[int, ...]:
    return world.hands


@pytest.mark.parametrize("n", [4000, pytest.param(20_000, marks=pytest.mark.slow)])
def test_sampling_matches_enumeration_for_the_caller(n: int) -> None:  # item 2, B-4 duties
    game = next(g for g in _late_normal_games(1)
                if _not_heading(g, 1) and 1 < _consistent(g, 1) < 90)
    info = game.information_state(1)
    expected = exact_distribution(info, _candidates(game, 1, splits=False), _key)
    seen = sample_counts(info, n, seed=11, key=_key)
    assert set(seen) <= set(expected)
    assert chi_square_p(seen, expected, n) > 0.001


def _consistent(game: Bauernschnapsen, viewer: int) -> int:
    info = game.information_state(viewer)
    return sum(1 for w in _candidates(game, viewer, splits=False)
               if w.information_state(viewer) == info)


@pytest.mark.parametrize("n", [4000, pytest.param(20_000, marks=pytest.mark.slow)])
def test_sampling_weighs_the_callers_first_packet(n: int) -> None:  # item 2, B-2 trump_must_be_held
    """Seat 0 knows the caller named trump from his first three cards: hands that hold more
    trumps are likelier, as exact enumeration over the packets shows."""
    for game in _late_normal_games(0):
        info = game.information_state(0)
        expected = exact_distribution(info, _candidates(game, 0, splits=True), _key)
        if len(set(round(p, 9) for p in expected.values())) > 1:
            break
    seen = sample_counts(info, n, seed=12, key=_key)
    assert set(seen) <= set(expected)
    assert chi_square_p(seen, expected, n) > 0.001


# --- illegal moves and utilities (items 5, 7) -------------------------------------------------
def test_forfeit_loses_the_deal_for_the_offending_team() -> None:  # item 5
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    run(game, "1 trump H, 1 pass, 2 bid gang, 3 pass, 0 pass, 3 double")
    while game.phase == "double":
        game.apply("pass")
    game.forfeit(3, Illegal("B-4", "revoke"))
    result = game.result()
    assert result is not None and result.reason == "revoke"
    assert result.game_points == (18, 0, 18, 0)  # Gang 9 x 2 to the declaring team
    assert game.utilities() == (9.0, -9.0, 9.0, -9.0)
    assert game.information_state(0).events[-1] == Event("forfeit", 3, arg="B-4: revoke")
    world = game.information_state(0).sample_world(random.Random(1))
    assert world.result() == result
    record = game.to_record()
    assert record.extra["forfeit"]["seat"] == 3
    again = replay(DealRecord.from_dict(json.loads(json.dumps(record.to_dict()))))
    assert again.result() == result and again._snapshot(again) == game._snapshot(game)
    twin = game.clone()
    game.undo()  # the forfeit is in the snapshot: taking back the last call clears it too
    assert game.result() is None and game._forfeit is None and twin.result() == result


def test_forfeit_in_the_normal_game_costs_three() -> None:  # item 5
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    game.forfeit(1, Illegal("B-2", "named a suit he does not hold"))
    result = game.result()
    assert result is not None and result.game_points == (3, 0, 3, 0)
    assert game.information_state(2).events[-1].kind == "forfeit"


def test_utilities_sum_to_zero() -> None:
    for seed in range(20):
        game = None
        for game in random_game(Bauernschnapsen, seed, {}):
            assert game.utilities() == (0.0,) * 4 or game.is_terminal()
        assert game is not None
        utilities = game.utilities()
        assert sum(utilities) == 0
        points = game.returns()
        assert utilities == tuple(p - sum(points) / 4 for p in points)
        assert utilities[0] == utilities[2] and utilities[1] == utilities[3]


# --- B-6 doubling order with the declarer opposite the caller -----------------------------------
def test_doubling_asks_from_the_seat_after_the_declarer() -> None:  # B-6
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    run(game, "1 trump H, 1 pass, 2 pass, 3 bid gang, 0 pass")  # seat 3 declares
    assert game.phase == "double" and game.declarer == 3
    asked = []
    while game.phase == "double" and len(asked) < 2:
        asked.append(game.current_player())
        game.apply("pass")
    assert asked == [0, 2]  # the side against him, clockwise from his left
    game = bauern(["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"])
    run(game, "1 trump H, 1 pass, 2 pass, 3 bid gang, 0 pass, 0 pass, 2 double")
    assert game.current_player() == 3  # the answer: the declarer first, then his partner
    run(game, "3 pass, 1 redouble")
    assert game.current_player() == 0 and game.doubling.factor == 4  # re: from his left again
    run(game, "0 pass, 2 pass")
    assert game.phase == "play" and game.current_player() == 3


def test_a_herrenschnapser_bid_shows_the_bidder_holds_every_trump() -> None:  # item 2, B-5
    # found by tests/core/test_sampling_robust.py: without it, worlds were drawn at random and
    # almost never gave the bidder all five trumps (NoWorld)
    game = bauern(["SJ SQ ST CJ HK", "DA DT DK DQ DJ", "HQ HT CT CQ SK", "HJ HA SA CA CK"])
    run(game, "1 trump D, 1 bid herrenschnapser")
    rng = random.Random(5)
    for seat in (0, 2, 3):
        info = game.information_state(seat)
        for _ in range(20):
            world = info.sample_world(rng)
            assert world.information_state(seat) == info
            assert world.hands[1] == SUIT_MASK[Suit.D] & DECK


def test_a_history_from_a_position_mid_auction_knows_the_contract_bid_before() -> None:
    # item 2, B-4/B-5: the position's calls hold the Assenbettler bid, so the plays after it
    # are read under its order (Ace low, no trump), not the normal game's; found by
    # tests/core/test_sampling_robust.py ("no deal fits what the seat knows")
    game = Bauernschnapsen.from_position(
        "bauernschnapsen standard dealer=0 phase=auction hands=CK.DT.DJ.HT.HJ/CJ.DK.HA.SJ.SQ/"
        "CA.DQ.DA.ST.SK/CT.CQ.HQ.HK.SA trump=H up=- calls=1:trump_H,1:pass,2:bid_assenbettler"
        " doubles=- tricks=- trick=- marriages=- announced=-")
    run(game, "3 pass, 0 pass, 3 pass, 1 pass, 2 play DA, 3 play CT, 0 play DT, 1 play DK,"
              " 0 play HT, 1 play HA, 2 play CA, 3 play HK, 0 play CK, 1 play CJ, 2 play SK,"
              " 3 play CQ, 0 play DJ")
    rng = random.Random(4)
    for seat in range(4):
        info = game.information_state(seat)
        for _ in range(5):
            assert info.sample_world(rng).information_state(seat) == info
