"""A deal played from a position writes a record that replays from that position (a game built
from a position starts its history there, docs/architecture.md); the record holds the position
in the one grammar of docs/rules/notation.md, whatever form it was read from."""

from __future__ import annotations

import json
import random

import pytest

from stich import from_position
from stich.core.records import DealRecord
from stich.records import replay
from tests.conformance.corpus import corpus_files, read

POSITIONS = [(path.stem, entry["position"]) for path in corpus_files()
             for entry in read(path)[::6]]


@pytest.mark.parametrize(("game", "text"), POSITIONS)
def test_record_of_a_position_replays(game: str, text: str) -> None:
    played = from_position(text)
    rng = random.Random(len(text))
    for _ in range(rng.randrange(1, 12)):
        if played.is_terminal():
            break
        played.apply(rng.choice(played.legal_actions()))
    data = json.loads(json.dumps(played.to_record().to_dict()))
    assert data["position"] == from_position(text).position()
    again = replay(DealRecord.from_dict(data))
    if not played.is_terminal():  # a finished deal has no position (it cannot continue)
        assert again.position() == played.position()
    assert again.history == played.history
    assert again.result() == played.result()
