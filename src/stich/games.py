"""The games by name: the one map from a game's name to its rules classes.

It sits above the game families as python-chess's ``variant.find_variant`` sits above
``chess``: the core names no game, a family knows only its own, and everything that starts
from a name (a record, the command line, a lobby) asks here. A class is imported on first use,
so looking up one game loads no other. Bot, view and pad tables key on ``Game.NAME``, the names
listed here. Loading this module declares every family's verbs (their ``actions`` modules, a
few lines each), so ``Action.parse`` reads any game's action.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from stich.contract import actions as contract_actions
from stich.jass import actions as jass_actions
from stich.schnapsen import actions as schnapsen_actions

if TYPE_CHECKING:
    from stich.core.game import Game
    from stich.core.match import Match

VERBS = (schnapsen_actions.VERBS, contract_actions.VERBS, jass_actions.VERBS)
"""Every family's verbs, declared to ``stich.core.actions`` as their modules load."""

_GAMES: dict[str, tuple[str, str]] = {
    "schnapsen": ("stich.schnapsen.game:Schnapsen", "stich.schnapsen.match:SchnapsenMatch"),
    "bauernschnapsen": ("stich.contract.bauernschnapsen:Bauernschnapsen",
                        "stich.contract.match:BauernschnapsenMatch"),
    "dreierschnapsen": ("stich.contract.dreierschnapsen:Dreierschnapsen",
                        "stich.contract.match:DreierschnapsenMatch"),
    "jass": ("stich.jass.game:Jass", "stich.jass.match:JassMatch"),
}
"""Each game's ``Game`` class and ``Match`` class, as ``module:attribute``."""

ALIASES: dict[str, str] = {"schieber": "jass"}
"""Other names a record or ``new_game`` may use for a game (Schieber is the Jass played)."""


def game_names() -> list[str]:
    """The games' names, sorted (each is its class's ``Game.NAME``)."""
    return sorted(_GAMES)


def canonical_name(name: str) -> str:
    """The game's own name for a name or alias (unchanged if unknown)."""
    return ALIASES.get(name, name)


def _loaded(name: str, which: int, unknown: str) -> type:
    """Class ``which`` (0 the game, 1 the match) of a game, imported now; KeyError otherwise."""
    entry = _GAMES.get(canonical_name(name))
    if entry is None:
        raise KeyError(f"{unknown} {name!r}; known: {', '.join(game_names())}")
    module, _, attr = entry[which].partition(":")
    cls: type = getattr(importlib.import_module(module), attr)
    return cls


def game_class(name: str) -> type[Game]:
    """The Game class for a name or alias; KeyError with the known names otherwise."""
    cls: type[Game] = _loaded(name, 0, "unknown game")
    return cls


def match_class(name: str) -> type[Match]:
    """The Match class for a game name or alias; KeyError with the known names otherwise."""
    cls: type[Match] = _loaded(name, 1, "no match scoring for")
    return cls


def from_position(text: str) -> Game:
    """The game a position string of any game describes, read by its first word, the game's
    name (docs/rules/notation.md); ``stich.core.position.PositionError`` names what is wrong."""
    from stich.core.position import PositionError

    words = text.split(maxsplit=1)
    if not words:
        raise PositionError("empty position")
    try:
        cls = game_class(words[0])
    except KeyError as error:
        raise PositionError(str(error.args[0])) from None
    return cls.from_position(text)
