"""The registry of games: name to implementation, imported on first use (as OpenSpiel's)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stich.core.game import Game
    from stich.core.match import Match

_GAMES: dict[str, str] = {
    "schnapsen": "stich.schnapsen.game:Schnapsen",
    "bauernschnapsen": "stich.contract.bauernschnapsen:Bauernschnapsen",
    "dreierschnapsen": "stich.contract.dreierschnapsen:Dreierschnapsen",
    "jass": "stich.jass.game:Jass",
}


ALIASES: dict[str, str] = {"schieber": "jass"}
"""Other names a record or ``new_game`` may use for a game (Schieber is the Jass played)."""


def game_names() -> list[str]:
    return sorted(_GAMES)


def canonical_name(name: str) -> str:
    """The registry's name for a game name or alias (unchanged if unknown)."""
    return ALIASES.get(name, name)


def game_class(name: str) -> type[Game]:
    """The Game class for a name; KeyError with the known names otherwise."""
    try:
        module, _, attr = _GAMES[canonical_name(name)].partition(":")
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(game_names())}") from None
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    return cls


_MATCHES: dict[str, str] = {
    "schnapsen": "stich.schnapsen.match:SchnapsenMatch",
    "bauernschnapsen": "stich.contract.match:BauernschnapsenMatch",
    "dreierschnapsen": "stich.contract.match:DreierschnapsenMatch",
    "jass": "stich.jass.match:JassMatch",
}


def match_class(name: str) -> type[Match]:
    """The Match class for a game name; KeyError with the known names otherwise."""
    name = canonical_name(name)
    if name not in _MATCHES:
        raise KeyError(f"no match scoring for {name!r}; known: {', '.join(sorted(_MATCHES))}")
    module, _, attr = _MATCHES[name].partition(":")
    cls: type[Match] = getattr(importlib.import_module(module), attr)
    return cls
