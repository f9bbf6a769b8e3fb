"""Jass positions: any state that can continue round-trips."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich import from_position
from stich.core.position import PositionError
from stich.jass.game import Jass, JassOptions


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 45), st.sampled_from(["standard", "turnier"]),
       st.booleans())
def test_position_round_trips(seed: int, moves: int, preset: str, low: bool) -> None:
    options = JassOptions.from_preset(preset, four_of_a_kind_low=low)
    game = Jass.deal(seed, seed % 4, options, (seed % 700, seed % 500))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal():
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.is_terminal():
        return
    text = game.position()
    copy = from_position(text)
    assert isinstance(copy, Jass)
    assert copy.position() == text
    while True:
        assert copy.legal_actions() == game.legal_actions()
        assert [copy.observation(s) for s in range(4)] == [game.observation(s) for s in range(4)]
        if game.is_terminal():
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        copy.apply(action)
    assert copy.result() == game.result()


def test_a_position_reads_as_written() -> None:
    game = Jass.deal(3, 0)
    game.apply("trump H")
    text = game.position()
    assert text.startswith("jass standard dealer=0 scores=0,0 hands=")
    assert " contract=H chooser=1 pushed=0 leader=1 trick=- tricks=0 " in text


@pytest.mark.parametrize(("change", "message"), [
    (("hands=", "hands=C6"), "card"),
    (("dealer=0", "dealer=7"), "dealer"),
    (("tricks=0", "tricks=1"), "cards"),
    (("contract=H", "contract=X"), "contract"),
    ((" last=-", " last=- extra=1"), "unexpected field"),
    (("jass standard", "jass nosuch"), "preset"),
])
def test_bad_positions_are_named(change: tuple[str, str], message: str) -> None:
    game = Jass.deal(3, 0)
    game.apply("trump H")
    text = game.position().replace(*change, 1)
    with pytest.raises(PositionError, match=message):
        from_position(text)
