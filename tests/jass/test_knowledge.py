"""What each Jass seat knows, and worlds sampled from it (J-4, J-5, J-6)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import reduce
from math import erfc, sqrt
from operator import or_

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from stich.core.cards import FULL_DECK, SUIT_MASK, Card, card_set, cards_in
from stich.core.game import IllegalActionError
from stich.core.knowledge import InfoState
from stich.jass import worlds
from stich.jass.game import Jass, JassOptions
from stich.jass.weis import held_weis, weis_action, weis_points

seeds = st.integers(0, 2**32)


def played_to(seed: int, tricks: int, preset: str = "standard") -> Jass:
    """A deal played at random (seeded) until ``tricks`` tricks are done."""
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset))
    rng = random.Random(seed)
    while not game.is_terminal() and game.tricks_played < tricks:
        game.apply(rng.choice(game.legal_actions()))
    return game


def random_game(seed: int, moves: int, preset: str = "standard") -> Jass:
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# --- item 1: information states ------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seeds, st.sampled_from(["standard", "turnier"]))
@example(2425, "standard")  # seat 3 holds four Kings and Queen-King-Ace: two Weis share a card
def test_info_states_hold_no_hidden_card_and_grow(seed: int, preset: str) -> None:
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset))
    rng = random.Random(seed)
    before = [game.information_state(seat) for seat in range(4)]
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
        played = FULL_DECK & ~sum(game.hands) & ~0
        # masks joined with |: one card may be in two Weis of a seat (four Kings and a row
        # with the King, J-5), and a sum would carry it into the next card
        shown = reduce(or_, (w.cards for w in game.declared if game.tricks_played
                             and w.seat % 2 == game.weis_team), 0)
        for seat in range(4):
            info = game.information_state(seat)
            # perfect recall: what the seat knew is a prefix of what it knows
            assert info.events[:len(before[seat].events)] == before[seat].events
            before[seat] = info
            own = card_set(game.dealt[seat])
            mine = reduce(or_, (w.cards for w in game.declared if w.seat == seat), 0)
            visible = own | played | shown | mine
            for event in info.events:
                assert not card_set(event.cards) & ~visible, (seat, str(event))
            hands = info.events[0].arg.split(" hands=")[1].split()[0].split("/")
            assert all(set(h.split(".")) <= {"?", "-"} for s, h in enumerate(hands) if s != seat)


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(0, 45))
def test_round_trip_and_observation(seed: int, moves: int) -> None:
    game = random_game(seed, moves)
    for seat in range(4):
        info = game.information_state(seat)
        back = InfoState.from_dict(info.to_dict(), Jass)
        assert back == info and str(back) == str(info)
        assert info.observation() == game.observation(seat)
        assert back.observation() == game.observation(seat)  # through a sampled world


def test_str_tells_apart_exactly_what_the_seat_can() -> None:
    # J-5: a Weis seen by points only; the world sampled keeps the same string, a different
    # public history another one
    game = played_to(19, 2)
    for seat in range(4):
        info = game.information_state(seat)
        rng = random.Random(seat)
        for _ in range(20):
            world = info.sample_world(rng)
            assert str(world.information_state(seat)) == str(info)
    other = played_to(19, 2)
    other.undo()
    assert str(other.information_state(0)) != str(game.information_state(0))
    twin = Jass(game.dealt, game.dealer, game.options)
    twin.apply(str(game.history[0][1]))
    assert str(twin.information_state(0)) != str(game.information_state(0))


def test_events_name_what_happened() -> None:
    from tests.jass.helpers import STOECK_HANDS, STOECK_TRICKS, deal, play_tricks

    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:6])
    kinds = [str(e) for e in game.information_state(2).events[1:]]
    assert kinds[:3] == ["0 trump H", "0 play CA", "1 play C6"]
    assert "1 stoeck" in kinds  # J-6: HQ in trick 6 completes seat 1's King and Queen


def test_weis_points_to_all_cards_to_the_declarer_then_shown() -> None:
    from tests.jass.helpers import deal

    game = deal("HA HK HQ C6 C7 D6 D7 S6 S7", "C8 C9 CT CJ CQ CK CA D8 D9",
                "DT DJ DQ DK DA S8 S9 ST SJ", "SQ SK SA H6 H7 H8 H9 HT HJ")
    game.apply("trump C")
    game.apply("weis HQ HK HA")
    assert str(game.information_state(0).events[-1]) == "0 weis 20 HQ HK HA"
    assert str(game.information_state(1).events[-1]) == "0 weis 20"
    for card in ("S6", "CA", "S8", "SQ"):
        game.apply(f"play {card}")
    assert "0 shown 20 HQ HK HA" in map(str, game.information_state(1).events)


# --- item 2: sampled worlds -------------------------------------------------------------------
def chi_square_p(observed: Counter[tuple[int, ...]], outcomes: list[tuple[int, ...]],
                 n: int) -> float:
    """p-value of Pearson's chi-square against the uniform distribution (Wilson-Hilferty)."""
    expected = n / len(outcomes)
    stat = sum((observed.get(o, 0) - expected) ** 2 / expected for o in outcomes)
    k = len(outcomes) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / (2 / (9 * k)) ** 0.5
    return 0.5 * erfc(z / sqrt(2))


def consistent_deals(game: Jass, seat: int) -> list[tuple[int, ...]]:
    """Every placement of the cards ``seat`` cannot see that gives it the same information
    state, by brute force: each placement replayed through the rules (with every choice of
    the Weis it saw by points only)."""
    info = game.information_state(seat)
    others = [s for s in range(4) if s != seat]
    unknown = sorted(c for s in others for c in cards_in(game.hands[s]))
    sizes = [game.hands[s].bit_count() for s in others]
    played = [card_set(game.dealt[s]) & ~game.hands[s] for s in range(4)]
    out = []
    for first in itertools.combinations(unknown, sizes[0]):
        rest = [c for c in unknown if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = tuple(c for c in rest if c not in second)
            hands = dict(zip(others, (card_set(first), card_set(second), card_set(third)),
                             strict=True))
            hands[seat] = game.hands[seat]
            if _replays(game, seat, info, [hands[s] | played[s] for s in range(4)]):
                out.append(tuple(hands[s] for s in others))
    return out


def _replays(game: Jass, seat: int, info: InfoState, dealt: list[int]) -> bool:
    hidden = [i for i, (actor, a) in enumerate(game.history) if a.verb == "weis"
              and actor != seat and not any(e.kind == "shown" and e.seat == actor
                                            for e in info.events)]
    choices = []
    for i in hidden:
        actor, action = game.history[i]
        points = weis_points(card_set(action.cards))
        choices.append([w for w in held_weis(dealt[actor]) if weis_points(w) == points])
    for pick in itertools.product(*choices):
        world = Jass([tuple(cards_in(h)) for h in dealt], game.dealer, game.options)
        try:
            for i, (_, action) in enumerate(game.history):
                world.apply(weis_action(pick[hidden.index(i)]) if i in hidden else action)
        except IllegalActionError:
            continue
        if world.information_state(seat) == info:
            return True
    return False


def kinds_of_knowledge(game: Jass, seat: int) -> set[str]:
    """Which J-4/J-5 facts the seat has learned: plain voids, no trump but the Buur, a hand
    of trumps only (an under-trump), a Weis by its points."""
    out: set[str] = set()
    trick: list[int] = []
    assert game.contract is not None
    trump = game.contract.trump
    for actor, action in game.history:
        if action.verb != "play":
            continue
        proven = worlds.excluded(game.contract, trick, action.card) if actor != seat else 0
        if proven and trump is not None and proven == SUIT_MASK[trump] & ~(1 << (trump * 9 + 5)):
            out.add("buur")
        elif proven and trump is not None and proven == FULL_DECK & ~SUIT_MASK[trump]:
            out.add("trumps only")
        elif proven:
            out.add("void")
        trick = [*trick, action.card] if len(trick) < 3 else []
    events = game.information_state(seat).events
    shown = {e.seat for e in events if e.kind == "shown"}
    if any(e.kind == "weis" and not e.cards and e.seat not in shown for e in events):
        out.add("weis by points")
    return out


def check_uniform(game: Jass, n: int = 20_000) -> None:
    seat = game.current_player()
    info = game.information_state(seat)
    outcomes = consistent_deals(game, seat)
    assert len(outcomes) > 1
    others = [s for s in range(4) if s != seat]
    rng = random.Random(7)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        world = info.sample_world(rng)
        seen[tuple(world.hands[s] for s in others)] += 1
    assert set(seen) <= set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001
    for _ in range(50):
        assert info.sample_world(rng).information_state(seat) == info


CASES = {
    # (seed, tricks played): what the seat to act has learned
    (45, 6): {"buur"},                  # J-4 2: no trump after a trump lead, but the Buur
    (19, 6): {"weis by points", "void"},  # J-5: a Weis of 20 never shown; Undenufe voids
    (359, 7): {"trumps only", "void"},  # J-4 3: an under-trump, so only trumps in hand
}


@pytest.mark.parametrize(("seed", "tricks"), [(45, 6), (19, 6)])
def test_sampling_is_uniform(seed: int, tricks: int) -> None:
    game = played_to(seed, tricks)
    assert CASES[seed, tricks] <= kinds_of_knowledge(game, game.current_player())
    check_uniform(game)


@pytest.mark.slow
def test_sampling_is_uniform_after_an_under_trump() -> None:
    game = played_to(359, 7)
    assert CASES[359, 7] <= kinds_of_knowledge(game, game.current_player())
    check_uniform(game)


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(0, 45))
def test_every_sample_gives_the_same_info_and_leaves_the_original(seed: int, moves: int) -> None:
    game = random_game(seed, moves)
    rng = random.Random(seed)
    for seat in range(4):
        info = game.information_state(seat)
        legal = game.legal_actions()
        world = info.sample_world(rng)
        assert world.information_state(seat) == info
        while not world.is_terminal():
            world.apply(rng.choice(world.legal_actions()))
        assert game.information_state(seat) == info and game.legal_actions() == legal


@pytest.mark.parametrize("tricks", [0, 1, 2, 4, 6])
def test_sampled_from_a_position(tricks: int) -> None:
    # a game built from a position: the seat knows the public position and its own cards; the
    # tricks before the last are cards nobody can attribute, whose points must fit (J-1), and
    # a Weis after trick 1 may be known by points only (seeds 19 and 30)
    for seed in (19, 30, 33):
        game = Jass.from_position(played_to(seed, tricks).position())
        rng = random.Random(seed)
        for _ in range(rng.randrange(4)):
            game.apply(rng.choice(game.legal_actions()))
        first = Jass.from_position(game.position())  # the start, whose last trick is seen
        seen = [0, 0, 0, 0]
        for seat, card in first.last_trick or ():
            seen[seat] |= 1 << card
        for seat, action in game.history:
            if action.verb == "play":
                seen[seat] |= 1 << action.card
        for seat in range(4):
            info = game.information_state(seat)
            for _ in range(5):
                world = info.sample_world(rng)
                assert world.information_state(seat) == info
                for weis in world.declared:  # J-5: in the declarer's hand as dealt
                    for other in range(4):
                        if other != weis.seat:
                            assert not weis.cards & (world.hands[other] | seen[other])


# --- item 3: action ids ---------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seeds)
def test_every_legal_action_has_an_id(seed: int) -> None:
    game = Jass.deal(seed, seed % 4)
    rng = random.Random(seed)
    assert Jass.num_distinct_actions() == 164
    while not game.is_terminal():
        legal = game.legal_actions()
        ids = game.legal_action_ids()
        assert [Jass.id_to_action(i) for i in ids] == legal
        assert sum(game.legal_action_mask()) == len(set(ids)) == len(legal)
        game.apply(rng.choice(legal))


def test_action_space_order() -> None:
    assert [str(Jass.id_to_action(i)) for i in range(8)] == [
        "trump C", "trump D", "trump H", "trump S", "trump obenabe", "trump undenufe", "push",
        "play C6"]
    assert Jass.action_to_id("weis D8 D6 D7") == Jass.action_to_id("weis D6 D7 D8")
    assert str(Jass.id_to_action(163)) == "weis CA DA HA SA"
    assert Card.C6 == 0


@pytest.mark.slow
def test_sampling_is_uniform_with_two_weis_of_twenty_by_one_seat() -> None:
    # J-5: seat 2 declared two Weis of 20 (two maximal runs of three), never shown
    game = played_to(1879, 6)
    info = game.information_state(game.current_player())
    assert [str(e) for e in info.events if e.kind == "weis" and e.seat == 2] == [
        "2 weis 20", "2 weis 20"]
    check_uniform(game)


# Found by `stich arena jass pimc rules --matches 2 --nodes 2000 --seed 1 --jobs 1`: trump H,
# seat 3 and seat 1 each declared two Weis of 20 in the first trick; seat 2 to sample. Too
# many ways to choose the four runs for the old alternatives, and too few deals hold them for
# drawing hands and rejecting: no world was found in 2000 tries.
TWO_SEATS_TWO_WEIS = {"game": "jass", "seat": 2, "preset": "standard", "events": [
    {"kind": "deal", "seat": 2, "cards": ["CQ", "D6", "DT", "DQ", "DA", "H7", "S7", "S8", "SA"],
     "arg": "jass standard dealer=2 scores=1258,1661 hands=?.?.?.?.?.?.?.?.?/?.?.?.?.?.?.?.?.?/"
            "CQ.D6.DT.DQ.DA.H7.S7.S8.SA/?.?.?.?.?.?.?.?.? contract=- chooser=- pushed=0 leader=3"
            " trick=- tricks=0 points=0,0 won=0,0 weis=- stoeck=- stoecked=- last=-"},
    {"kind": "push", "seat": 3},
    {"kind": "trump", "seat": 1, "arg": "H"},
    {"kind": "weis", "seat": 3, "arg": "20"},
    {"kind": "weis", "seat": 3, "arg": "20"},
    {"kind": "play", "seat": 3, "cards": ["D8"]},
    {"kind": "play", "seat": 0, "cards": ["H6"]},
    {"kind": "weis", "seat": 1, "arg": "20"},
    {"kind": "weis", "seat": 1, "arg": "20"},
    {"kind": "play", "seat": 1, "cards": ["D9"]}
]}


def test_two_seats_with_two_weis_of_twenty_each() -> None:
    info = InfoState.from_dict(TWO_SEATS_TWO_WEIS, Jass)
    rng = random.Random(1)
    for _ in range(30):
        world = info.sample_world(rng)
        assert world.information_state(2) == info
        for seat in (1, 3):
            runs = [w for w in held_weis(card_set(world.dealt[seat])) if weis_points(w) == 20]
            assert len(runs) >= 2


def test_a_position_where_nobody_holds_stoeck_any_more() -> None:
    # J-6: from this position (trick 3; DK in the last trick, DQ in the first, which no seat
    # can attribute) the public position says 'stoeck=-': DQ is in no hand, so the unseen DQ
    # lies in the earlier tricks. Found by sampling from positions of the rules bot's deals.
    game = Jass.from_position(
        "jass standard dealer=1 scores=0,0 hands=CJH8S8S9STSJ/C8D8H7H9HJHQ/C7C9CTCKCAD6HK/"
        "CQDTHTS6SQSK contract=D chooser=2 pushed=0 leader=3 trick=S7SAC6 tricks=2 "
        "points=34,29 won=1,1 weis=0:S8S9STSJ stoeck=- stoecked=- last=0:HAH6DKD9")
    rng = random.Random(2)
    for seat in range(4):
        info = game.information_state(seat)
        assert "stoeck=-" in info.events[0].arg
        for _ in range(3):
            world = info.sample_world(rng)
            assert world.information_state(seat) == info
            assert not sum(world.hands) & card_set([Card.DQ])


def test_earlier_tricks_drawn_the_other_way_where_the_table_would_be_too_big(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the fallback of jass/earlier_tricks.py: hands drawn and the points checked, or the earlier
    # tricks drawn by their points and kept in proportion to the hands' count (both exact)
    from stich.jass import earlier_tricks

    monkeypatch.setattr(earlier_tricks, "MAX_STATES", 0)
    worlds._plan.clear()
    game = played_to(33, 4)
    game = Jass.from_position(game.position())
    rng = random.Random(6)
    for seat in range(4):
        info = game.information_state(seat)
        for _ in range(3):
            assert info.sample_world(rng).information_state(seat) == info
        assert worlds._plan(info).earlier_too_big
    worlds._plan.clear()


def test_stoeck_scored_after_a_position_puts_the_other_card_in_the_earlier_tricks() -> None:
    # J-6: seat 0 scores Stöck as he plays SK, so he played SQ before: unseen, it lies in the
    # tricks before the position (before this, only 1 proposal in 2000 was accepted)
    game = Jass.from_position(
        "jass standard dealer=2 scores=0,0 hands=CTDTDQDKDASK/CAD7D9S7S9SA/C8CKD8H8HTHQ/"
        "C6C7C9CQD6DJ contract=S chooser=1 pushed=1 leader=1 trick=- tricks=3 points=21,31 "
        "won=1,2 weis=0:DQDKDA,2:C8D8H8S8 stoeck=0 stoecked=- last=2:H7HJCJHK")
    for card in ("CA", "C8", "CQ", "SK", "DA"):
        game.apply(f"play {card}")
    info = game.information_state(1)
    assert "0 stoeck" in map(str, info.events)
    rng = random.Random(3)
    for _ in range(3):
        world = info.sample_world(rng)
        assert world.information_state(1) == info
        assert not sum(world.hands) & card_set([Card.SQ])
