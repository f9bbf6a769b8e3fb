"""Bots by game and name: ``make_bot("schnapsen", "rules", seed=1)``."""

from __future__ import annotations

import importlib

from stich.bots.base import Bot

_BOTS: dict[str, dict[str, str]] = {
    "schnapsen": {"random": "stich.bots.random_bot:RandomBot",
                  "rules": "stich.bots.schnapsen:SchnapsenRulesBot"},
    "bauernschnapsen": {"random": "stich.bots.random_bot:RandomBot",
                        "rules": "stich.bots.contract.rules:ContractRulesBot"},
    "dreierschnapsen": {"random": "stich.bots.random_bot:RandomBot",
                        "rules": "stich.bots.contract.rules:ContractRulesBot"},
    "jass": {"random": "stich.bots.random_bot:RandomBot",
             "rules": "stich.bots.jass:JassRulesBot"},
}


def bot_names(game: str) -> list[str]:
    return sorted(_BOTS.get(game, {}))


def make_bot(game: str, name: str, seed: int = 0) -> Bot:
    """A fresh bot; ValueError names the bots known for the game."""
    known = _BOTS.get(game, {})
    if name not in known:
        raise ValueError(f"no bot {name!r} for {game}; known: {', '.join(sorted(known)) or '-'}")
    module, _, attr = known[name].partition(":")
    bot: Bot = getattr(importlib.import_module(module), attr)(seed)
    return bot
