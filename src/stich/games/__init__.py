"""The registry of games: name to implementation, imported on first use (as OpenSpiel's)."""

from __future__ import annotations

import importlib

from stich.game import Game

_GAMES: dict[str, str] = {
    "schnapsen": "stich.games.schnapsen:Schnapsen",
}


def register(name: str, target: str) -> None:
    """Make a game known under ``name``; ``target`` is ``module:Class``."""
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The Game class for a name; KeyError with the known names otherwise."""
    try:
        module, _, attr = _GAMES[name].partition(":")
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(game_names())}") from None
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    return cls
