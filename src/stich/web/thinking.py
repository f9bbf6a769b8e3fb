"""The bots of a web table: the levels offered, the one that plays for an away person, and
the worker processes they think in (``stich.play.workers``; docs/web.md), never in the
server's event loop."""

from __future__ import annotations

from stich.bots import PERSON_BOT, bot_names

DEFAULT_LEVEL = PERSON_BOT
"""The bot a person meets where he does not choose one (``stich.bots.PERSON_BOT``): the
lobby's bot seats, a free seat given to a bot, the bot that plays for a person who is away, a
public table's and a tournament's stand-ins; ``stich serve --bot-level`` sets another."""


def levels(game: str) -> list[str]:
    """The bot levels the registry offers for a game (random, rules, and stronger ones)."""
    return bot_names(game)


__all__ = ["DEFAULT_LEVEL", "levels"]
