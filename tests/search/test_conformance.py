"""The kernel reproduces the card-play part of the conformance corpus (tests/conformance/):
perft counts and the seeded playouts with their results.

Covered: every corpus position in card play, except Jass positions in trick 1 while Weis may
still be declared (the kernel leaves Weis to the Python side, adapters.py). Playouts choose as
the corpus does: legal action ids sorted ascending, SplitMix64 index.
"""

from __future__ import annotations

from typing import Any

import pytest

from stich import from_position
from stich.core.game import Game
from stich.jass.game import Jass
from stich.search import in_card_play, layout
from stich.search.adapters import kernel_state, move_action
from stich.search.pysearch import running, splitmix64
from tests.conformance.corpus import corpus_files, read

kernel = pytest.importorskip("stich.search._kernel",
                             reason="the native kernel is not built (no C compiler at install)")


def covered(game: Game) -> bool:
    if not in_card_play(game) or game.is_terminal():
        return False
    return not (isinstance(game, Jass) and game.tricks_played == 0 and game.options.weis)


CASES = [(path.stem, entry) for path in corpus_files() for entry in read(path)
         if covered(from_position(entry["position"]))]


def kernel_playout(game: Game, seed: int) -> tuple[list[str], int]:
    state = kernel_state(game)
    numbers = splitmix64(seed)
    space = type(game).ACTION_SPACE
    actions = []
    total = 0
    while moves := kernel.legal(state):
        by_id = sorted((space.id(move_action(m)), m) for m in moves)
        move = by_id[next(numbers) % len(by_id)][1]
        actions.append(str(move_action(move)))
        state, reward = kernel.apply(state, move)
        total += reward
    return actions, total


def signed_result(game: Game, result: dict[str, Any]) -> int:
    """The corpus result as the kernel's value: for Jass the written difference, else the
    winners' game points signed for the max side."""
    state = kernel_state(game)
    points = result["game_points"]
    if state[layout.INDEX["fam"]] == layout.JASS:
        return int(points[0] - points[1])
    winners = result["winner"]
    if not winners:
        return 0
    sign = 1 if state[layout.INDEX["maxmask"]] >> winners[0] & 1 else -1
    return int(sign * points[winners[0]])


def test_corpus_has_card_play() -> None:
    assert len({game for game, _ in CASES}) == 4, "every game has card-play positions"


def check(entry: dict[str, Any], depths: int) -> None:
    position = entry["position"]
    state = kernel_state(from_position(position))
    for depth, expected in enumerate(entry["perft"][:depths], start=1):
        assert kernel.perft(state, depth) == expected, f"perft({depth})"
    for trace in entry["playouts"]:
        start = from_position(position)
        actions, value = kernel_playout(start, trace["seed"])
        assert actions == trace["actions"]
        assert running(kernel_state(start)) + value == signed_result(start, trace["result"])


@pytest.mark.parametrize(("game", "entry"), CASES, ids=[e["id"] for _, e in CASES])
def test_entry(game: str, entry: dict[str, Any]) -> None:
    """Every perft level (the kernel counts fast) and every playout."""
    check(entry, len(entry["perft"]))
