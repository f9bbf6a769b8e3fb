"""The bots of a web table: the levels offered, the one that plays for an away person, and
the worker processes they think in (``stich.play.workers``; docs/web.md), never in the
server's event loop."""

from __future__ import annotations

from stich.bots import bot_names

DEFAULT_LEVEL = "rules"
"""The bot that takes the seat of a person who is away."""


def levels(game: str) -> list[str]:
    """The bot levels the registry offers for a game (random, rules, and stronger ones)."""
    return bot_names(game)


__all__ = ["DEFAULT_LEVEL", "levels"]
