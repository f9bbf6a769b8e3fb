"""Invariants over random Jass deals and games (Hypothesis): every seed, every preset."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stich.bots.random_bot import RandomBot
from stich.core.cards import ALL_CARDS, Card, card_set
from stich.core.records import DealRecord
from stich.jass.cards import TOTAL_POINTS
from stich.jass.game import Jass, JassOptions
from stich.jass.match import JassMatch
from stich.play.driver import play_match
from stich.records import replay

presets = st.sampled_from(["standard", "swisslos", "turnier"])
seeds = st.integers(0, 2**32)
CODES = {card.name for card in ALL_CARDS}


def random_deal(seed: int, play_seed: int, preset: str,
                scores_before: tuple[int, int] = (0, 0)) -> Jass:
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset), scores_before)
    rng = random.Random(play_seed)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
        assert len(game.history) <= 2 + 36 + 4 * 6
    return game


@settings(max_examples=150, deadline=None)
@given(seeds, seeds, presets)
def test_points_add_up(seed: int, play_seed: int, preset: str) -> None:
    # J-1: 157 per deal; J-7: 257 with a Match; everything times the contract's factor
    game = random_deal(seed, play_seed, preset)
    result = game.result()
    assert result is not None and result.reason == "all tricks played"
    card_points = result.card_points[0] + result.card_points[1]
    assert card_points == TOTAL_POINTS
    factor = result.extra["multiplier"]
    bonus = [0, 0]
    if result.extra["match"] is not None:
        bonus[result.extra["match"][0] % 2] = game.options.match_bonus
        assert card_points + game.options.match_bonus == 257
    for team in (0, 1):
        raw = (result.card_points[team] + bonus[team] + result.extra["weis"][team]
               + result.extra["stoeck"][team])
        assert result.game_points[team] == raw * factor
    assert 0 in result.extra["weis"]  # J-5: only one team scores Weis


@settings(max_examples=100, deadline=None)
@given(seeds, seeds, presets, st.integers(0, 2999), st.integers(0, 2999))
def test_record_replays_to_the_same_result(seed: int, play_seed: int, preset: str,
                                            before_a: int, before_b: int) -> None:
    # notation.md: a record replays through the rules to the live game, even when the game
    # ends in the middle of the deal (J-7)
    target = JassOptions.from_preset(preset).target
    before = (before_a % target, before_b % target)
    game = random_deal(seed, play_seed, preset, before)
    text = json.dumps(game.to_record(["A", "B", "C", "D"]).to_dict())
    again = replay(DealRecord.from_dict(json.loads(text)))
    assert again.result() == game.result()
    assert again.history == game.history
    result = game.result()
    assert result is not None
    if result.extra["game_over"]:
        winner = result.extra["game_winner"][0] % 2
        assert result.extra["scores"][winner] >= target > result.extra["scores"][1 - winner]
    else:
        assert max(result.extra["scores"]) < target


def _cards_named(value: Any) -> set[str]:
    """Every card code mentioned anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} & CODES
    if isinstance(value, dict):
        return set().union(*(_cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_named(v) for v in value)) if value else set()
    return set()


@settings(max_examples=80, deadline=None)
@given(seeds, seeds, presets)
def test_observation_never_shows_a_hidden_card(seed: int, play_seed: int, preset: str) -> None:
    # DESIGN and J-5: a seat sees its hand, cards played, and Weis only once shown; never
    # another hand
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset))
    rng = random.Random(play_seed)
    played: set[str] = set()
    while not game.is_terminal():
        shown = set()
        if game.tricks_played:
            for weis in game.declared:
                if weis.seat % 2 == game.weis_team:
                    shown |= {Card(c).name for c in range(36) if weis.cards >> c & 1}
        for seat in range(4):
            obs = game.observation(seat)
            own = {card.name for card in obs.hand}
            own_weis = {c.name for w in game.declared if w.seat == seat
                        for c in ALL_CARDS if w.cards >> c & 1}
            assert _cards_named(obs.to_dict()) <= own | played | shown | own_weis
        action = rng.choice(game.legal_actions())
        if action.verb == "play":
            played.add(action.arg)
        game.apply(action)


@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_undo_and_clone_restore_the_position(seed: int, play_seed: int) -> None:
    game = random_deal(seed, play_seed, "standard")
    twin = Jass.deal(seed, seed % 4)
    views = []
    for _, action in game.history:
        views.append([twin.observation(s) for s in range(4)])
        twin.apply(action)
    copy = twin.clone()
    for expected in reversed(views):
        twin.undo()
        assert [twin.observation(s) for s in range(4)] == expected
    assert copy.result() == game.result()


@settings(max_examples=8, deadline=None)
@given(seeds, presets)
def test_whole_game_replays_and_board_matches(seed: int, preset: str) -> None:
    # J-2, J-7, J-8: a game to the target; its record replays to the same state and each Z's
    # total is the team's score
    match = JassMatch(["A", "B", "C", "D"], seed, JassOptions.from_preset(preset))
    bots = [RandomBot(seed + seat) for seat in range(4)]
    play_match(match, bots)
    first = match.deals[0]
    assert card_set(Card[c] for c in first.hands[(first.dealer + 1) % 4]) >> Card.C7 & 1
    state = match.state()
    winner = match.winner
    assert winner is not None
    assert state["scores"][winner] >= match.options.target > state["scores"][1 - winner]
    assert [board.total for board in match.boards()] == state["scores"]
    again = JassMatch.from_record(json.loads(json.dumps(match.to_record())))
    assert again.state() == state
