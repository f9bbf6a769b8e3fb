"""Which view draws which game at the terminal, and the deck each game shows by default."""

from __future__ import annotations

import importlib

from stich.core.card_names import Deck
from stich.terminal.view import GameView

VIEWS: dict[str, tuple[str, Deck]] = {
    "schnapsen": ("stich.terminal.schnapsen_view:SchnapsenView", Deck.FRENCH),
    "bauernschnapsen": ("stich.terminal.bauernschnapsen_view:BauernschnapsenView", Deck.FRENCH),
    "dreierschnapsen": ("stich.terminal.dreierschnapsen_view:DreierschnapsenView", Deck.FRENCH),
    "jass": ("stich.terminal.jass_view:JassView", Deck.SWISS),
}


def view_class(game: str) -> type[GameView]:
    """The GameView subclass for a game (KeyError if it has none)."""
    module, _, attr = VIEWS[game][0].partition(":")
    cls: type[GameView] = getattr(importlib.import_module(module), attr)
    return cls
