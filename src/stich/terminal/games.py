"""Which view draws which game at the terminal, and the deck each game shows by default."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.games import canonical_name
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


def action_names(game: str, seats: Sequence[str], deck: Deck | None = None
                 ) -> Callable[[Action], str]:
    """Actions worded as the game's terminal view words them, cards in ``deck`` (default: the
    game's usual deck)."""
    name = canonical_name(game)
    view = view_class(name)(list(seats), deck or VIEWS[name][1])
    return lambda action: view.action_text(action).plain
