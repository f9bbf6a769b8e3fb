"""Bots by game and name: ``make_bot("schnapsen", "rules", seed=1)``."""

from __future__ import annotations

import importlib
import inspect

from stich.bots.base import Bot

_BOTS: dict[str, dict[str, str]] = {
    "schnapsen": {"random": "stich.bots.random_bot:RandomBot",
                  "rules": "stich.bots.schnapsen:SchnapsenRulesBot",
                  "pimc": "stich.bots.pimc:PimcBot",
                  "pvpimc": "stich.bots.presumed:PresumedPimcBot",
                  "ismcts": "stich.bots.ismcts:IsmctsBot",
                  "expert": "stich.bots.expert:ExpertBot"},
    "bauernschnapsen": {"random": "stich.bots.random_bot:RandomBot",
                        "rules": "stich.bots.contract.rules:ContractRulesBot",
                        "pimc": "stich.bots.pimc:PimcBot",
                        "pvpimc": "stich.bots.presumed:PresumedPimcBot",
                        "ismcts": "stich.bots.ismcts:IsmctsBot",
                        "expert": "stich.bots.expert:ExpertBot"},
    "dreierschnapsen": {"random": "stich.bots.random_bot:RandomBot",
                        "rules": "stich.bots.contract.rules:ContractRulesBot",
                        "pimc": "stich.bots.pimc:PimcBot",
                        "pvpimc": "stich.bots.presumed:PresumedPimcBot",
                        "ismcts": "stich.bots.ismcts:IsmctsBot",
                        "expert": "stich.bots.expert:ExpertBot"},
    "jass": {"random": "stich.bots.random_bot:RandomBot",
             "rules": "stich.bots.jass:JassRulesBot",
             "pimc": "stich.bots.pimc:PimcBot",
             "pvpimc": "stich.bots.presumed:PresumedPimcBot",
             "ismcts": "stich.bots.ismcts:IsmctsBot",
             "expert": "stich.bots.expert:ExpertBot"},
}


def bot_names(game: str) -> list[str]:
    return sorted(_BOTS.get(game, {}))


def make_bot(game: str, name: str, seed: int = 0, nodes: int | None = None,
             think_ms: float | None = None) -> Bot:
    """A fresh bot; ValueError names the bots known for the game. ``nodes`` (a search budget
    per decision) and ``think_ms`` (a time for people, converted to nodes) go to the bots that
    search (``pimc``, ``ismcts``, ``expert``); the others take no budget and ignore them.
    ``engine:COMMAND`` is an outside engine speaking ``docs/engine-protocol.md`` (``think_ms``:
    its time a decision)."""
    if name.startswith("engine:"):
        from stich.bots.external.engine import EngineBot

        return EngineBot(seed, game=game, command=name.removeprefix("engine:"),
                         think_ms=think_ms)
    if name.startswith("jasskit:") and game == "jass":
        from stich.bots.external.jasskit import JassKitBot

        return JassKitBot(seed, url=name.removeprefix("jasskit:"))
    if name.startswith("vu:") and game == "schnapsen":
        from stich.bots.external.vu import BOTS as VU_BOTS

        if name not in VU_BOTS:
            raise ValueError(f"no bot {name!r}; the schnapsen package's: {', '.join(VU_BOTS)}")
        return VU_BOTS[name](seed)
    known = _BOTS.get(game, {})
    if name not in known:
        raise ValueError(f"no bot {name!r} for {game}; known: {', '.join(sorted(known)) or '-'}")
    module, _, attr = known[name].partition(":")
    cls = getattr(importlib.import_module(module), attr)
    budget = {key: value for key, value in (("nodes", nodes), ("think_ms", think_ms))
              if value is not None and key in inspect.signature(cls).parameters}
    bot: Bot = cls(seed, **budget)
    return bot


PERSON_BOT = "expert"
"""The bot a person meets where he does not choose one: the lobby's bot seats, the bot that
plays for a person who is away, a tournament's stand-in, ``stich play`` without ``--vs``. The
strongest bot that keeps to a median of 1 s and at most 3 s a move at its default budget
(docs/search.md, "The bot a player meets")."""
