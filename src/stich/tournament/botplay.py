"""Bot events (T-5): the platform plays a pairing as a real Schnapsen match between bots.

A Preisschnapsen is Schnapsen played to `match_length` Bummerl with a Schneider counting as one
Bummerl (T-3), which is S-11's `tournament` preset. Every match is seeded from its round's
recorded draw seed and its match number, and each bot from the match seed and its seat, so a
match played here can be played again move for move from the database alone. The bot levels
are those the bot registry (`stich.bots`) knows for Schnapsen, whatever they are today.

The rules engine and the bots are imported when a match is played, not when a command starts.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass
from typing import Any

GAME = "schnapsen"
PRESET = "tournament"  # S-11: a Schneider counts as one Bummerl, as T-3 says
#: Parameter names under which a bot level may take a search budget (nodes per move).
BUDGET_PARAMETERS = ("nodes", "budget")
#: A match that has not ended after this many deals is a bug, not a long match.
MAX_DEALS = 1000


class BotPlayError(ValueError):
    """A level that does not exist, or a match that could not be played."""


def levels() -> list[str]:
    """The bot levels that exist for Schnapsen, from the registry."""
    from stich.bots import bot_names

    return bot_names(GAME)


def check_level(level: str) -> str:
    """A level of ours, or ``engine:COMMAND``: an outside engine (docs/engine-protocol.md)."""
    known = levels()
    if level not in known and not (level.startswith("engine:") and level[7:].strip()):
        raise BotPlayError(f"no bot level {level!r}; known: {', '.join(known)}")
    return level


@functools.cache
def budget_takers() -> frozenset[str]:
    """The levels that take a search budget: `make_bot` passes one on and the level's bot
    class accepts it (a search bot such as `pimc` does; `rules` and `random` do not). Found
    once per process, by making one bot of each level."""
    from stich.bots import make_bot

    if not any(p in inspect.signature(make_bot).parameters for p in BUDGET_PARAMETERS):
        return frozenset()
    return frozenset(
        level for level in levels()
        if any(p in inspect.signature(type(make_bot(GAME, level, 0))).parameters
               for p in BUDGET_PARAMETERS))


def match_seed(draw_seed: int, match_no: int) -> int:
    """The match's seed: from its round's recorded draw seed and its number."""
    from stich.core.dealing import derive_seed

    return derive_seed(draw_seed, "match", match_no)


@dataclass(frozen=True)
class Played:
    """A finished bot match: Bummerl won by each side, and what replays it. `detail["bummerl"]`
    lists each Bummerl played as [seat that won it, whether by Schneider] (S-10)."""

    score_a: int
    score_b: int
    detail: dict[str, Any]

    def verdict(self, labels: tuple[str, str]) -> str:
        """Who won the match and why, from the winner's side: "Anna wins 2:1", "Anna wins
        2:0, both Bummerl by Schneider, each counted as one (T-3)". Schnapsen knows no
        Retourschneider (S-10): a Schneider is the only Bummerl worth more than one."""
        won = 0 if self.score_a > self.score_b else 1
        mine, theirs = ((self.score_a, self.score_b) if won == 0
                        else (self.score_b, self.score_a))
        text = f"{labels[won]} wins {mine}:{theirs}"
        schneider = [seat for seat, by_schneider in self.detail.get("bummerl", [])
                     if by_schneider]
        reasons = []
        n = schneider.count(won)
        if n:
            reasons.append("by Schneider" if n == mine == 1
                           else "both Bummerl by Schneider" if n == mine == 2
                           else f"all {n} Bummerl by Schneider" if n == mine
                           else "one of them by Schneider" if n == 1
                           else f"{n} of them by Schneider")
        n = schneider.count(1 - won)
        if n:
            reasons.append(f"{labels[1 - won]} won {'a' if n == 1 else n} Bummerl by Schneider")
        if not reasons:
            return text
        counted = "counted as one" if len(schneider) == 1 else "each counted as one"
        head = " " if reasons[0] == "by Schneider" else ", "
        return f"{text}{head}{', '.join(reasons)}, {counted} (T-3)"


def play(levels_ab: tuple[str, str], seats: tuple[str, str], seed: int, match_length: int,
         nodes: int | None = None) -> Played:
    """Play one match to `match_length` Bummerl: seat 0 is the first-named player (a)."""
    from stich.bots import make_bot
    from stich.core.dealing import derive_seed
    from stich.games import game_class, match_class
    from stich.play.driver import play_deal

    for level in levels_ab:
        check_level(level)
    options = game_class(GAME).OPTIONS.from_preset(PRESET, rubber=match_length)
    match = match_class(GAME)(list(seats), seed, options)
    params = inspect.signature(make_bot).parameters
    budget = {p: nodes for p in BUDGET_PARAMETERS if p in params and nodes is not None}
    bots = [make_bot(GAME, level, derive_seed(seed, "bot", seat), **budget)
            for seat, level in enumerate(levels_ab)]
    given = [0, 0]  # Bummerl each seat has been given (lost)
    deals = 0
    while max(given) < match_length and not match.is_over():
        if deals >= MAX_DEALS:
            raise BotPlayError(f"the match did not end after {MAX_DEALS} deals")
        deal = match.new_deal()
        play_deal(deal, bots)
        match.finish_deal(deal)
        deals += 1
        given = [int(x) for x in match.state()["bummerl"]]
    takers = budget_takers() if budget else frozenset()
    bummerl = [[int(b["winner"]), bool(b["schneider"])] for b in match.state()["finished"]]
    detail = {"game": GAME, "preset": PRESET, "seed": seed, "bots": list(levels_ab),
              "nodes": nodes, "budget_taken": [level in takers for level in levels_ab],
              "deals": deals, "match_length": match_length, "bummerl": bummerl}
    return Played(min(given[1], match_length), min(given[0], match_length), detail)
