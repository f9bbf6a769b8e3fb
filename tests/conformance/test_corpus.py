"""The Python engine reproduces the conformance corpus exactly (issue 8, item 4)."""

from __future__ import annotations

from typing import Any

import pytest

from stich.core.position import from_position
from tests.conformance.corpus import corpus_files, perft, playout, read

CASES = [(path.stem, entry) for path in corpus_files() for entry in read(path)]


@pytest.mark.parametrize(("game", "entry"), CASES, ids=[e["id"] for _, e in CASES])
def test_entry(game: str, entry: dict[str, Any]) -> None:
    position = entry["position"]
    assert from_position(position).position() == position
    depth = len(entry["perft"])
    # the deepest count is the slow one: the default run checks all but the last level
    for d, expected in enumerate(entry["perft"][:max(1, depth - 1)], start=1):
        assert perft(from_position(position), d) == expected, f"perft({d})"
    for trace in entry["playouts"]:
        assert playout(from_position(position), trace["seed"]) == trace


@pytest.mark.slow
@pytest.mark.parametrize(("game", "entry"), CASES, ids=[e["id"] for _, e in CASES])
def test_entry_full_depth(game: str, entry: dict[str, Any]) -> None:
    position = entry["position"]
    assert perft(from_position(position), len(entry["perft"])) == entry["perft"][-1]
