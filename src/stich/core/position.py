"""Position strings (issue 8, item 4): a whole state on one line, as FEN is for chess.

Each game writes its own fields after its name (``Game.position``); :func:`from_position`
reads any game's position by that first word. A position holds every hand and the options but
not the history: a game built from one starts its history there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from stich.core.options import OptionsError, RuleOptions

if TYPE_CHECKING:
    from stich.core.game import Game

OptionsT = TypeVar("OptionsT", bound=RuleOptions)


class PositionError(ValueError):
    """A position string that is malformed or describes an impossible state."""


def from_position(text: str) -> Game:
    """The game described by a position string of any game."""
    from stich.games import game_class

    words = text.split(maxsplit=1)
    if not words:
        raise PositionError("empty position")
    try:
        cls = game_class(words[0])
    except KeyError as error:
        raise PositionError(str(error.args[0])) from None
    return cls.from_position(text)


def read_options(options: type[OptionsT], text: str, separator: str) -> OptionsT:
    """A position's options field: the preset, then ``name=value`` overrides joined by
    ``separator``; PositionError names what is wrong."""
    preset, *pairs = text.split(separator)
    overrides: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise PositionError(f"option {pair!r} is not name=value")
        overrides[name] = value
    try:
        return options.from_preset(preset, **overrides)
    except OptionsError as error:
        raise PositionError(str(error)) from None
