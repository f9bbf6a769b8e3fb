"""stich: the Austrian and Swiss trick-taking card games.

The rules core (``stich.core``: cards, the game interface, records, matches, what each seat
knows) uses only the standard library and names no game; the game families
(``stich.schnapsen``, ``stich.contract``, ``stich.jass``) build on it, ``stich.games`` finds
them by name, and the terminal, tournament manager and other front ends build on those. The
public API::

    import stich
    game = stich.new_game("schnapsen", preset="sharp", seed=1)
    game.apply(game.legal_actions()[0])
    info = game.information_state(0)                         # what seat 0 knows
    world = type(game).sample_world(info, random.Random(2))  # a deal consistent with it

Names are loaded on first use, so importing ``stich`` (and starting the command line) costs
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

GAMES: tuple[str, ...] = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass")
"""The games' ids (``"schieber"`` is also read as ``"jass"``)."""

if TYPE_CHECKING:
    from stich.core.game import Game

_LAZY = {
    "Game": "stich.core.game", "Observation": "stich.core.game", "Illegal": "stich.core.game",
    "DealResult": "stich.core.game", "IllegalActionError": "stich.core.game",
    "TERMINAL": "stich.core.game", "Action": "stich.core.actions", "Card": "stich.core.cards",
    "Suit": "stich.core.cards", "Rank": "stich.core.cards", "Deck": "stich.core.card_names",
    "InfoState": "stich.core.knowledge", "Event": "stich.core.knowledge",
    "Table": "stich.core.table",
    "game_class": "stich.games", "match_class": "stich.games", "from_position": "stich.games",
    "replay": "stich.records", "DealRecord": "stich.core.records",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        if name == "Action":  # every game's verbs declared, so Action.parse reads them all
            importlib.import_module("stich.games")
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'stich' has no attribute {name!r}")


__all__ = sorted(["GAMES", "new_game", "__version__", *_LAZY])
"""The public names: what ``dir(stich)`` and ``from stich import *`` give (loaded lazily)."""


def __dir__() -> list[str]:
    return list(__all__)


def new_game(name: str, preset: str | None = None, seed: int | None = None,
             dealer: int | None = None, **options: Any) -> Game:
    """A freshly shuffled deal of a game with a preset and options (``seed`` None: a fresh
    random seed, kept in the game and its record). ``dealer`` None: the game's own choice (seat
    0, or in Jass the seat before the holder of C7)."""
    from stich.core.dealing import fresh_seed
    from stich.games import game_class

    cls = game_class(name)
    chosen = cls.OPTIONS.from_preset(preset, **options)
    seed = fresh_seed() if seed is None else seed
    return cls.deal(seed, dealer, chosen)
