"""What every kernel encoder shares: the :class:`Encoder` a family module hands to
``stich.search.adapters``, and the helpers that fill a state vector (``layout.FIELDS``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from stich.core.game import Game
from stich.search import layout as L

G = TypeVar("G", bound=Game)


class NotCardPlay(ValueError):
    """The deal is not in its card-play phase (the kernel covers card play only)."""


@dataclasses.dataclass(frozen=True)
class Encoder(Generic[G]):
    """One family's reading of its deals for the kernel."""

    state: Callable[[G], list[int]]
    """The state vector of a deal in card play (NotCardPlay outside it)."""
    in_card_play: Callable[[G], bool]
    """Whether the kernel covers the deal's current phase."""
    sides: Callable[[G], Sequence[Sequence[int]]]
    """The sides of the deal's contract, where it has one (else empty): a finished deal is
    valued for a seat's side (``stich.search.outcome``)."""


def mask(seats: Iterable[int]) -> int:
    """The seats as a bitmask."""
    return sum(1 << seat for seat in seats)


def blank() -> list[int]:
    """A state vector with every field at its neutral value."""
    state = [0] * len(L.FIELDS)
    for name in ("announced", "closed_by", "stoeck_holder", "weis_team"):
        state[L.INDEX[name]] = -1
    state[L.INDEX["factor"]] = 1
    return state


def put(state: list[int], name: str, values: int | Iterable[int]) -> None:
    """Set ``name`` or, for a sequence, the numbered fields ``name0``, ``name1`` ..."""
    if isinstance(values, int):
        state[L.INDEX[name]] = values
        return
    for i, value in enumerate(values):
        state[L.INDEX[f"{name}{i}"]] = value


def payoff(game: Game, side0: int) -> tuple[int, int]:
    """(done, the result's game points signed for the side ``side0``)."""
    result = game.result()
    if result is None:
        return 0, 0
    if not result.winner:
        return 1, 0
    points = result.game_points[result.winner[0]]
    return 1, points if side0 >> result.winner[0] & 1 else -points


def no_sides(game: Game) -> Sequence[Sequence[int]]:
    """A game without contract sides: its deals are valued by its teams."""
    return ()
