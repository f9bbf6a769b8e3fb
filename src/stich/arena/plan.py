"""What an arena run plays, and one match of it played from its index alone.

Everything random in match ``i`` is derived from the run's seed and ``i`` (the cards from
``(seed, "match", i // rotations)``, each seat's bot from ``(seed, "bot", i, seat)``), and bots
that search are given a node budget rather than a time limit, so a match's result depends only
on the seed, the budget and its index: not on which process plays it, nor in what order.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from typing import Any

from stich.arena.report import MatchOutcome
from stich.bots import make_bot
from stich.bots.base import Bot
from stich.core.dealing import derive_seed
from stich.core.match import Match
from stich.core.options import RuleOptions
from stich.games import game_class, match_class
from stich.play.driver import play_match

OWN_BUDGET = re.compile(r"(?P<name>[a-z]+)@(?P<count>[0-9]+)(?P<unit>[kM]?)")
"""A bot with its own node budget: ``expert@1M``, ``pimc@4000000`` (k: thousands, M:
millions), so the two sides may search with different budgets."""


def own_budget(name: str) -> tuple[str, int | None]:
    """``NAME@N`` as the bot's name and its own budget; any other name as it is, with None."""
    found = OWN_BUDGET.fullmatch(name)
    if found is None:
        return name, None
    count = int(found["count"]) * {"": 1, "k": 1_000, "M": 1_000_000}[found["unit"]]
    if count < 1:
        raise ValueError(f"{name}: a bot's budget must be at least 1 node")
    return found["name"], count


def bot_takes_budget(game: str, name: str) -> bool:
    """Whether bot ``name`` searches within a node budget (its class takes ``nodes``)."""
    return "nodes" in inspect.signature(type(make_bot(game, own_budget(name)[0]))).parameters


def arena_bot(game: str, name: str, seed: int, nodes: int | None) -> Bot:
    """A bot for the arena; ``make_bot`` gives the node budget to the bots that take one: the
    bot's own (``NAME@N``) where it has one, else ``nodes``."""
    bare, own = own_budget(name)
    if own is not None and not bot_takes_budget(game, bare):
        raise ValueError(f"{name}: {bare} takes no node budget")
    return make_bot(game, bare, seed, nodes=nodes if own is None else own)


def rotations(game: str) -> int:
    """Matches dealt the same cards: two for the sides swapped, three for three seats."""
    return 3 if game_class(game).SEATS == 3 else 2


def sides(game: str, index: int) -> list[bool]:
    """Which seats side A takes in match ``index``: alternate teams, or one seat against the rest
    (three seats), so that over a set of rotations each side takes each seat."""
    seats = game_class(game).SEATS
    if seats == 3:
        return [seat == index % 3 for seat in range(3)]
    return [(seat + index) % 2 == 0 for seat in range(seats)]


@dataclasses.dataclass(frozen=True)
class ArenaPlan:
    """Bot ``a`` against bot ``b`` at ``game`` under ``options``, from ``seed``; ``nodes`` is
    the search budget for the bots that take one (None: each bot's default)."""

    game: str
    a: str
    b: str
    seed: int
    options: RuleOptions
    nodes: int | None = None

    @classmethod
    def make(cls, game: str, a: str, b: str, seed: int, options: RuleOptions | None = None,
             nodes: int | None = None) -> ArenaPlan:
        """A plan checked up front: KeyError for an unknown game, ValueError for an unknown bot
        or a budget below one (before any process starts)."""
        rules = options or game_class(game).OPTIONS.from_preset()
        if nodes is not None and nodes < 1:
            raise ValueError(f"--nodes must be at least 1, got {nodes}")
        for name in (a, b):
            if problem := arena_bot(game, name, 0, nodes).rules_problem(rules):
                raise ValueError(problem)
        return cls(game, a, b, seed, rules, nodes)

    def identity(self) -> dict[str, Any]:
        """The plan as JSON: a results folder holds matches of this plan only."""
        plain: dict[str, Any] = json.loads(json.dumps(  # tuples as lists, as read back
            {"game": self.game, "a": self.a, "b": self.b, "seed": self.seed,
             "preset": self.options.preset, "options": self.options.overrides(),
             "nodes": self.nodes}))
        return plain

    def match_seed(self, index: int) -> int:
        """Consecutive matches deal the same cards with the sides swapped (both ways round)."""
        return derive_seed(self.seed, "match", index // rotations(self.game))

    def play(self, index: int) -> tuple[MatchOutcome, dict[str, Any]]:
        """Play match ``index``: its outcome and its match record (with an ``arena`` key)."""
        seated = sides(self.game, index)
        players = [arena_bot(self.game, self.a if is_a else self.b,
                             derive_seed(self.seed, "bot", index, seat), self.nodes)
                   for seat, is_a in enumerate(seated)]
        match = match_class(self.game)([p.NAME for p in players], self.match_seed(index),
                                       self.options)
        play_match(match, players)
        record = match.to_record()
        record["arena"] = self.identity() | {"index": index, "a_seats": a_seats(seated)}
        return MatchOutcome.of(match, seated), record

    def read_back(self, index: int, record: Any) -> MatchOutcome:
        """The outcome of a saved match record: replayed through the rules (RecordError if it
        breaks one) and checked to be match ``index`` of this plan (ValueError otherwise)."""
        seated = sides(self.game, index)
        stated = record.get("arena") if isinstance(record, dict) else None
        expected = self.identity() | {"index": index, "a_seats": a_seats(seated)}
        if stated != expected:
            raise ValueError(f"its arena key {stated} is not {expected}")
        match: Match = match_class(self.game).from_record(record)
        if match.seed != self.match_seed(index):
            raise ValueError(f"its seed {match.seed} is not match {index}'s "
                             f"{self.match_seed(index)}")
        if not match.is_over():
            raise ValueError("the match is not finished")
        return MatchOutcome.of(match, seated)


def a_seats(seated: list[bool]) -> list[int]:
    return [seat for seat, is_a in enumerate(seated) if is_a]


def play_indices(plan: ArenaPlan, indices: list[int]
                 ) -> list[tuple[int, MatchOutcome, dict[str, Any]]]:
    """Play some matches of a plan (one task for a worker process or a Ray worker)."""
    return [(index, *plan.play(index)) for index in indices]
