"""What every game's world sampling shares: the replay of a seat's history in a proposed deal,
and the reading of an info state kept for the next proposal.

A game's ``_propose_world`` draws the cards the seat cannot see (``stich.core.sampling``),
builds the deal they make, and hands it here with the seat's history: :func:`replay` takes the
actions through the rules and returns None where the deal cannot follow them (then
``Game.sample_world`` draws again). What a game reads out of an info state (the known cards,
the constraints) is worked out once per info state: :class:`LastReading` keeps the last one,
since a search samples many worlds of one info state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Concatenate, Generic, ParamSpec, TypeVar

from stich.core.actions import Action
from stich.core.game import Game, Illegal

if TYPE_CHECKING:
    from stich.core.knowledge import InfoState

G = TypeVar("G", bound=Game)
R = TypeVar("R")
P = ParamSpec("P")

Step = tuple[int | None, Action]
"""An action of the history and the seat that took it (None: any seat to act may)."""


def replay(world: G, steps: Iterable[Step], forfeit: tuple[int, Illegal] | None = None,
           ) -> G | None:
    """``world`` with ``steps`` taken through the rules and the forfeit (if any) applied
    after them; None as soon as a step is not the seat's turn or breaks a rule, or a forfeit
    comes after the end of the deal."""
    for seat, action in steps:
        if world.is_terminal() or (seat is not None and world.current_player() != seat) \
                or world.why_illegal(action) is not None:
            return None
        world.apply_legal(action)
    if forfeit is not None:
        if world.is_terminal():
            return None
        world.forfeit(*forfeit)
    return world


class LastReading(Generic[P, R]):
    """``read`` keeping its last result: called again with the same info state object, it
    returns that result without reading again (whatever else it is passed: what the game
    class tells the reading is the same for every call with one info state). Use it as a
    decorator of the reading."""

    def __init__(self, read: Callable[Concatenate[InfoState, P], R]) -> None:
        self._read = read
        self._last: tuple[InfoState, R] | None = None
        self.__doc__ = read.__doc__

    def __call__(self, info: InfoState, /, *args: P.args, **kwargs: P.kwargs) -> R:
        last = self._last
        if last is not None and last[0] is info:
            return last[1]
        value = self._read(info, *args, **kwargs)
        self._last = (info, value)
        return value

    def clear(self) -> None:
        """Forget the kept reading (the next call reads afresh)."""
        self._last = None
