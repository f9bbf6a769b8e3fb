"""Invariants over random Schnapsen deals (Hypothesis): every seed, every preset."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stich.core.cards import Card, Suit, cards_in
from stich.core.game import to_json
from stich.core.records import DealRecord
from stich.records import replay
from stich.schnapsen.family import (
    DECK,
    NORMAL_ORDER,
    TOTAL_CARD_POINTS,
    follow_lead,
    points_of,
    strict_follow,
)
from stich.schnapsen.game import Schnapsen, SchnapsenOptions

presets = st.sampled_from(["soft", "sharp", "tournament"])


def random_deal(seed: int, play_seed: int, preset: str) -> Schnapsen:
    game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(preset))
    rng = random.Random(play_seed)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
        assert len(game.history) <= 40
    return game


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), presets)
def test_random_deals_end_and_points_add_up(seed: int, play_seed: int, preset: str) -> None:
    # S-1: 120 card points; S-9: only the winner scores, 1 to 3 game points
    game = random_deal(seed, play_seed, preset)
    result = game.result()
    assert result is not None
    won = game.won[0] | game.won[1]
    assert not game.won[0] & game.won[1]
    assert sum(game.points) == points_of(won) <= TOTAL_CARD_POINTS
    if game.final and game.closed_by < 0:  # all ten tricks played from an exhausted stock
        assert won == DECK and sum(game.points) == TOTAL_CARD_POINTS
    winner = result.winner[0]
    assert result.game_points[1 - winner] == 0 and 1 <= result.game_points[winner] <= 3


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), presets)
def test_record_replays_to_the_same_result(seed: int, play_seed: int, preset: str) -> None:
    # notation.md: a record replays through the rules to the live game's result
    game = random_deal(seed, play_seed, preset)
    text = json.dumps(game.to_record(["A", "B"]).to_dict())
    again = replay(DealRecord.from_dict(json.loads(text)))
    assert again.result() == game.result()
    assert again.history == game.history


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), presets)
def test_observation_never_shows_hidden_cards(seed: int, play_seed: int, preset: str) -> None:
    # DESIGN: an observation holds exactly what the seat may know: never the opponent's hidden
    # cards nor the order of the face-down stock (S-11 decides what else it shows)
    game = Schnapsen.deal(seed, 0, SchnapsenOptions.from_preset(preset))
    rng = random.Random(play_seed)
    played = 0
    shown = 0  # cards the opponent revealed: exchanged trump card, marriage partners
    while not game.is_terminal():
        for seat in (0, 1):
            obs = game.observation(seat)
            mentioned = _cards_in_json(obs.to_dict())
            public = played | (1 << game.trump_card) | game.hands[seat] | shown
            assert mentioned & ~public == 0, (seat, mentioned & ~public)
            if preset != "soft":
                assert obs.my_points is None and obs.my_tricks is None
        action = rng.choice(game.legal_actions())
        if action.verb == "play":
            played |= 1 << action.card
        if action.verb == "marriage":
            shown |= (1 << Card[f"{action.arg}K"]) | (1 << Card[f"{action.arg}Q"])
        if action.verb == "exchange":
            shown |= 1 << game.trump_card
        game.apply(action)


def _cards_in_json(value: object) -> int:
    text = json.dumps(to_json(value))
    return sum(1 << card for card in Card if f'"{card.name}"' in text or f" {card.name}\"" in text)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_undo_restores_every_position(seed: int, play_seed: int) -> None:
    game = Schnapsen.deal(seed)
    start = game.to_record().to_dict()
    rng = random.Random(play_seed)
    snapshots = []
    while not game.is_terminal():
        snapshots.append(game.observation(game.current_player()))
        game.apply(rng.choice(game.legal_actions()))
    while game.history:
        game.undo()
        assert game.observation(snapshots[len(game.history)].seat) == snapshots[len(game.history)]
    assert game.to_record().to_dict() == start


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_actions_agree_with_why_illegal(seed: int) -> None:
    # one predicate per verb: every offered action is accepted, every refused one has a rule
    from stich.core.actions import Action

    game = Schnapsen.deal(seed)
    rng = random.Random(seed)
    candidates = [Action(v) for v in ("exchange", "close", "claim", "pass")]
    candidates += [Action("marriage", s) for s in "CDHS"]
    candidates += [Action("play", c.name) for c in Card if DECK >> c & 1]
    while not game.is_terminal():
        legal = set(game.legal_actions())
        for action in candidates:
            why = game.why_illegal(action)
            assert (why is None) == (action in legal), (action, why)
            if why is not None:
                assert why.rule and why.reason
        game.apply(rng.choice(sorted(legal)))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 20) - 1), st.integers(0, 19), st.sampled_from(list(Suit)))
def test_follow_lead_is_strict_follow_for_one_card(bits: int, lead_index: int,
                                                   trump: Suit) -> None:  # S-4
    deck = list(cards_in(DECK))
    lead = deck[lead_index]
    hand = sum(1 << card for i, card in enumerate(deck) if bits >> i & 1) & ~(1 << lead)
    assert follow_lead(hand, lead, trump) == strict_follow(hand, (lead,), trump, NORMAL_ORDER)
