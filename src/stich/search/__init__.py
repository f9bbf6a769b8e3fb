"""Search over card play: the native kernel, or the Python path with the same results.

``analyze(game)`` gives each legal card-play action's exact value under perfect information
(all hands, the stock order known), ``line(game)`` the principal line, ``playout(game, seed)``
a seeded random playout. Values are for the side of the seat to act: game points in Schnapsen
and the contract games (signed: + the side to act wins them), in Jass the final difference of
the points written in the deal (J-7; the side to act's minus the other's).

The native kernel (``_kernel.c``, built by ``pip install`` where a C compiler exists) is used
when present; ``STICH_SEARCH=python`` forces the Python path. Both visit the same nodes.
"""

from __future__ import annotations

import dataclasses
import os
from types import ModuleType

from stich.core.actions import Action
from stich.core.game import Game
from stich.search import layout, pysearch
from stich.search.adapters import (
    NotCardPlay,
    in_card_play,
    kernel_state,
    move_action,
    move_id,
)
from stich.search.outcome import outcome

__all__ = ["JASS_EXACT_CARDS", "Analysis", "NotCardPlay", "analyze", "backend", "in_card_play",
           "line", "native_available", "outcome", "playout", "side", "solve"]

JASS_EXACT_CARDS = 5
"""Jass with at most this many cards in every hand is solved whole (earlier a whole solve takes
seconds to minutes, docs/search.md, "Speed"); before that the searching bots value a position
otherwise (``pimc``: the ``rules`` bots play on to here; ``ismcts``: random playouts)."""


def _load_kernel() -> ModuleType | None:
    try:
        from stich.search import _kernel
    except ImportError:
        return None
    if (_kernel.FIELDS.split() != list(layout.FIELDS[:layout.INDEX["strength0"]])
            or _kernel.TT_MAX_ENTRIES != pysearch.TT_MAX_ENTRIES):
        raise ImportError("stich.search._kernel was built from another state layout or "
                          "table size; reinstall stich")
    return _kernel


_KERNEL = _load_kernel()


def native_available() -> bool:
    """Whether the native kernel is built and importable."""
    return _KERNEL is not None


def backend() -> str:
    """``native`` or ``python``: the search path in use (``STICH_SEARCH=python`` forces it)."""
    if _KERNEL is None or os.environ.get("STICH_SEARCH", "").lower() == "python":
        return "python"
    return "native"


def _native(native: bool | None) -> bool:
    if native is None:
        return backend() == "native"
    if native and _KERNEL is None:
        raise RuntimeError("the native search kernel is not built (no C compiler at install)")
    return native


@dataclasses.dataclass(frozen=True)
class Analysis:
    """Each legal card-play action's exact value for the seat to act, and the nodes searched."""

    seat: int
    values: tuple[tuple[Action, int], ...]
    nodes: int

    @property
    def best(self) -> Action:
        """The best action (the first in legal order among equals)."""
        top = max(value for _, value in self.values)
        return next(action for action, value in self.values if value == top)

    @property
    def value(self) -> int:
        return max(value for _, value in self.values)


def side(state: tuple[int, ...], seat: int) -> int:
    """+1 if ``seat`` is on the side the search maximises for in kernel state ``state`` (its
    ``maxmask``: Schnapsen's seat 0, Jass's seats 0 and 2, the declarer's side), else -1."""
    return 1 if state[layout.INDEX["maxmask"]] >> seat & 1 else -1


def analyze(game: Game, native: bool | None = None, horizon: int = -1,
            table: int = pysearch.TT_MAX_ENTRIES) -> Analysis:
    """Exact values of every legal action in card play (NotCardPlay outside it).

    ``horizon`` >= 0 stops the search that many tricks ahead and counts nothing beyond (for
    Jass early in a deal, where a whole solve is slow): values are then what is written
    within the horizon, no longer exact. ``table`` caps the transposition table's entries
    (a full table drops its deepest positions; the values stay exact).
    """
    state = kernel_state(game)
    seat = game.current_player()
    if _native(native):
        assert _KERNEL is not None
        pairs, nodes = _KERNEL.analyze(state, horizon, table)
    else:
        pairs, nodes = pysearch.analyze(game, horizon, table)
    sign, now = side(state, seat), pysearch.running(state)
    return Analysis(seat, tuple((move_action(m), sign * (now + v)) for m, v in pairs), nodes)


def solve(game: Game, seat: int, native: bool | None = None, horizon: int = -1,
          table: int = pysearch.TT_MAX_ENTRIES) -> tuple[int, int]:
    """The deal's value for ``seat``'s side under best play by all (``analyze``'s units),
    and the nodes searched; a finished deal is valued by its result."""
    state = kernel_state(game)
    if game.is_terminal():
        value, nodes = 0, 0
    elif _native(native):
        assert _KERNEL is not None
        value, nodes = _KERNEL.solve(state, horizon, table)
    else:
        value, nodes = pysearch.solve(game, horizon, table)
    return side(state, seat) * (pysearch.running(state) + value), nodes


def line(game: Game, native: bool | None = None) -> tuple[list[tuple[int, Action, int]], int]:
    """The principal line: (seat, action, value for that seat) per step, and nodes searched."""
    state = kernel_state(game)
    if _native(native):
        assert _KERNEL is not None
        pairs, nodes = _KERNEL.line(state)
    else:
        pairs, nodes = pysearch.line(game)
    world = game.clone()
    out = []
    now = pysearch.running(state)
    for move, value in pairs:
        seat = world.current_player()
        out.append((seat, move_action(move), side(state, seat) * (now + value)))
        for action in world.legal_actions():
            if action.verb == "weis":
                world.apply_legal(action)
        world.apply_legal(move_action(move))
        now = pysearch.running(kernel_state(world))
    return out, nodes


def playout(game: Game, seed: int, native: bool | None = None) -> tuple[list[Action], int]:
    """A seeded random playout of card play: its actions and the final value for side 0 of
    the search (Schnapsen seat 0, Jass seats 0 and 2, the declarer's side), as a change."""
    state = kernel_state(game)
    if _native(native):
        assert _KERNEL is not None
        moves, total = _KERNEL.playout(state, seed)
    else:
        moves, total = pysearch.playout(game, seed)
    return [move_action(m) for m in moves], total


def legal_moves(game: Game, native: bool | None = None) -> list[Action]:
    """The card-play actions the kernel (or the engine) offers; Jass Weis excluded."""
    if _native(native):
        assert _KERNEL is not None
        return [move_action(m) for m in _KERNEL.legal(kernel_state(game))]
    return [move_action(move_id(a)) for a in game.legal_actions() if a.verb != "weis"]
