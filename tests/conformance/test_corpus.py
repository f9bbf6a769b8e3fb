"""The Python engine reproduces the conformance corpus exactly (tests/conformance/README.md).

The corpus holds positions in the form written before the one position grammar
(docs/rules/notation.md): they still read, to the state the new form writes and reads back."""

from __future__ import annotations

from typing import Any

import pytest

from stich import from_position
from tests.conformance.corpus import corpus_files, perft, playout, read, state_of

CASES = [(path.stem, entry) for path in corpus_files() for entry in read(path)]


@pytest.mark.parametrize(("game", "entry"), CASES, ids=[e["id"] for _, e in CASES])
def test_entry(game: str, entry: dict[str, Any]) -> None:
    position = entry["position"]
    game = from_position(position)
    written = game.position()
    again = from_position(written)
    assert again.position() == written
    assert state_of(again) == state_of(game)
    depth = len(entry["perft"])
    # the deepest count is the slow one: the default run checks all but the last level
    for d, expected in enumerate(entry["perft"][:max(1, depth - 1)], start=1):
        assert perft(from_position(position), d) == expected, f"perft({d})"
    for trace in entry["playouts"]:
        assert playout(from_position(position), trace["seed"]) == trace
        assert playout(from_position(written), trace["seed"]) == trace


@pytest.mark.slow
@pytest.mark.parametrize(("game", "entry"), CASES, ids=[e["id"] for _, e in CASES])
def test_entry_full_depth(game: str, entry: dict[str, Any]) -> None:
    position = entry["position"]
    assert perft(from_position(position), len(entry["perft"])) == entry["perft"][-1]
