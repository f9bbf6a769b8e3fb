"""Position strings (issue 8, item 4): a whole state on one line, as FEN is for chess.

Each game writes its own fields after its name (``Game.position``); :func:`from_position`
reads any game's position by that first word. A position holds every hand and the options but
not the history: a game built from one starts its history there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stich.core.game import Game


class PositionError(ValueError):
    """A position string that is malformed or describes an impossible state."""


def from_position(text: str) -> Game:
    """The game described by a position string of any game."""
    from stich.core.registry import game_class

    words = text.split(maxsplit=1)
    if not words:
        raise PositionError("empty position")
    try:
        cls = game_class(words[0])
    except KeyError as error:
        raise PositionError(str(error.args[0])) from None
    return cls.from_position(text)
