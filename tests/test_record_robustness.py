"""A damaged record is refused with a RecordError, never a crash (notation.md, DESIGN)."""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.bots.random_bot import RandomBot
from stich.core.records import DealRecord, RecordError
from stich.games import game_class, game_names, match_class
from stich.play.driver import play_deal, play_match
from stich.records import replay

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4)
    | st.sampled_from(["HA", "play HA", "claim", "pass", "C7", "trump H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=3),
    max_leaves=8,
)


def _record(game: str) -> dict[str, Any]:
    cls = game_class(game)
    deal = cls.deal(3, 0)
    play_deal(deal, [RandomBot(seat) for seat in range(cls.SEATS)])
    return deal.to_record().to_dict()


def _match_record(game: str) -> dict[str, Any]:
    cls = game_class(game)
    match = match_class(game)([f"P{seat}" for seat in range(cls.SEATS)], seed=4)
    bots = [RandomBot(seat) for seat in range(cls.SEATS)]
    play_match(match, bots)
    return match.to_record()


RECORDS = {game: _record(game) for game in game_names()}
MATCHES = {game: _match_record(game) for game in game_names()}


def damage(record: Any, data: st.DataObject) -> None:
    """Replace one to three values somewhere in the record by arbitrary JSON."""
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(1, 3))):
        target: Any = record
        while isinstance(target, dict | list) and target and rng.random() < 0.7:
            key = rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(
                len(target))
            if not isinstance(target[key], dict | list) or not target[key]:
                break
            target = target[key]
        if isinstance(target, dict) and target:
            target[rng.choice(list(target))] = data.draw(json_values)
        elif isinstance(target, list) and target:
            target[rng.randrange(len(target))] = data.draw(json_values)


@pytest.mark.parametrize("game", game_names())
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_damaged_records_are_refused_cleanly(game: str, data: st.DataObject) -> None:
    record = copy.deepcopy(RECORDS[game])
    damage(record, data)
    if data.draw(st.booleans()):  # keys some games or records carry
        record[data.draw(st.sampled_from(["forfeit", "scores_before", "seed", "trump_card",
                                          "stock", "result"]))] = data.draw(json_values)
    with contextlib.suppress(RecordError):
        replay(DealRecord.from_dict(record))


@pytest.mark.parametrize("game", game_names())
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_damaged_match_records_are_refused_cleanly(game: str, data: st.DataObject) -> None:
    record = copy.deepcopy(MATCHES[game])
    damage(record, data)
    with contextlib.suppress(RecordError):
        match_class(game).from_record(record)
