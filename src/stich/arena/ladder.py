"""``stich arena ladder GAME BOT...``: a round robin of paired deals, rated (docs/arena.md).

Round ``r`` deals the same cards to every pairing (from ``(seed, "ladder", r)``); a pairing of
bots A and B plays that deal in each rotation of the arena (sides swapped; in three-player
games A alone in each seat once, B in the other two), and A's utilities (zero-sum game points)
over the rotations decide the pair: above zero A won it, below zero B, zero a draw. The two (or
three) deals of a pair are rated together as one result, so card luck cancels.

Results are kept in the run folder, one line a pairing, and the ratings are computed from them
in the schedule's order (round by round, pairings in the order the bots were first named), so
a run gives the same ratings for any ``--jobs``, stopped and resumed or not. A later run in the
same folder may add rounds (``--deals``) and bots; its ratings go on from the same results.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from pathlib import Path
from typing import Any

from stich.arena.plan import arena_bot, rotations, sides
from stich.core.dealing import derive_seed
from stich.core.options import RuleOptions
from stich.games import game_class
from stich.play.driver import play_deal
from stich.ratings import Ratings, RatingsError

PLAN = "ladder.json"
RESULTS = "results.jsonl"
RATINGS = "ratings.json"


@dataclasses.dataclass(frozen=True)
class Pairing:
    """Bots ``a`` and ``b`` on round ``round``'s cards."""

    round: int
    a: str
    b: str

    @property
    def key(self) -> str:
        return f"{self.round}:{self.a}:{self.b}"


@dataclasses.dataclass(frozen=True)
class LadderPlan:
    """What a ladder plays: the game and its options, the bots in the order first named, the
    seed, the rounds and the search budget of the bots that take one."""

    game: str
    bots: tuple[str, ...]
    seed: int
    options: RuleOptions
    rounds: int
    nodes: int | None = None

    def schedule(self) -> Iterator[Pairing]:
        """Every pairing in rating order."""
        for number in range(self.rounds):
            for a, b in combinations(self.bots, 2):
                yield Pairing(number, a, b)

    def to_json(self) -> dict[str, Any]:
        return {"format": "stich-ladder/1", "game": self.game, "bots": list(self.bots),
                "seed": self.seed, "preset": self.options.preset,
                "options": _jsonable(self.options.overrides()), "rounds": self.rounds,
                "nodes": self.nodes}

    @classmethod
    def from_json(cls, data: Any) -> LadderPlan:
        if not isinstance(data, dict) or data.get("format") != "stich-ladder/1":
            raise ValueError("not a ladder's folder (its ladder.json is no stich-ladder/1)")
        game = game_class(str(data["game"]))
        options = game.OPTIONS.from_preset(data.get("preset"), **data.get("options", {}))
        return cls(game.NAME, tuple(data["bots"]), int(data["seed"]), options,
                   int(data["rounds"]), data.get("nodes"))


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    return {key: sorted(map(str, value)) if isinstance(value, frozenset | set | tuple)
            else value for key, value in values.items()}


def play_pairing(plan: LadderPlan, pairing: Pairing) -> dict[str, Any]:
    """The pairing's deals, one a rotation, and A's utilities over them."""
    cls = game_class(plan.game)
    deal_seed = derive_seed(plan.seed, "ladder", pairing.round)
    total = 0.0
    points: list[list[int]] = []
    for rotation in range(rotations(plan.game)):
        a_seats = sides(plan.game, rotation)
        players = [arena_bot(plan.game, pairing.a if is_a else pairing.b,
                             derive_seed(plan.seed, "bot", pairing.key, rotation, seat),
                             plan.nodes)
                   for seat, is_a in enumerate(a_seats)]
        deal = cls.deal(deal_seed, options=plan.options)
        play_deal(deal, players)
        utilities = deal.utilities()
        total += sum(u for u, is_a in zip(utilities, a_seats, strict=True) if is_a)
        points.append(list(deal.returns()))
    return {"key": pairing.key, "a": pairing.a, "b": pairing.b, "utility_a": total,
            "returns": points}


def outcome(result: dict[str, Any]) -> tuple[list[list[str]], list[int]]:
    """The rated result of a pairing: ranks from A's utility (a draw at zero)."""
    value = float(result["utility_a"])
    ranks = [0, 0] if abs(value) < 1e-9 else ([0, 1] if value > 0 else [1, 0])
    return [[result["a"]], [result["b"]]], ranks


class LadderFolder:
    """A ladder's run folder: its plan, its results a line each, its ratings."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def plan(self) -> LadderPlan | None:
        file = self.path / PLAN
        if not file.exists():
            return None
        try:
            return LadderPlan.from_json(json.loads(file.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{file}: {error}") from None

    def results(self) -> dict[str, dict[str, Any]]:
        file = self.path / RESULTS
        if not file.exists():
            return {}
        kept: dict[str, dict[str, Any]] = {}
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                result = json.loads(line)
                kept[str(result["key"])] = result
            except (ValueError, KeyError, TypeError):
                if number == len(file.read_text(encoding="utf-8").splitlines()):
                    continue  # a line cut short by a kill: played again
                raise ValueError(f"{file}, line {number}: not a pairing's result") from None
        return kept

    def save_plan(self, plan: LadderPlan) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        _write_atomic(self.path / PLAN, json.dumps(plan.to_json(), indent=1) + "\n")

    def add(self, result: dict[str, Any]) -> None:
        with (self.path / RESULTS).open("a", encoding="utf-8") as out:
            out.write(json.dumps(result, separators=(",", ":")) + "\n")
            out.flush()
            os.fsync(out.fileno())

    def save_ratings(self, ratings: Ratings) -> None:
        _write_atomic(self.path / RATINGS, json.dumps(ratings.to_json(), indent=1) + "\n")


def _write_atomic(path: Path, text: str) -> None:
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def merge_plans(saved: LadderPlan | None, asked: LadderPlan) -> LadderPlan:
    """The plan of a run in a folder that may hold an earlier one: the same game, seed,
    options and budget; bots added after the saved ones; the larger number of rounds."""
    if saved is None:
        return asked
    for field in ("game", "seed", "options", "nodes"):
        if getattr(saved, field) != getattr(asked, field):
            raise ValueError(f"the folder's ladder has another {field} "
                             f"({getattr(saved, field)!r}); use another folder")
    bots = saved.bots + tuple(b for b in asked.bots if b not in saved.bots)
    return dataclasses.replace(saved, bots=bots, rounds=max(saved.rounds, asked.rounds))


def run_ladder(plan: LadderPlan, folder: LadderFolder, jobs: int = 1,
               progress: Callable[[int, int], None] | None = None) -> Ratings:
    """Play every pairing the folder does not hold yet; the ratings from all its results."""
    folder.save_plan(plan)
    done = folder.results()
    todo = [pairing for pairing in plan.schedule() if pairing.key not in done]
    total = len(done) + len(todo)
    if jobs <= 1 or len(todo) <= 1:
        for pairing in todo:
            result = play_pairing(plan, pairing)
            folder.add(result)
            done[pairing.key] = result
            if progress:
                progress(len(done), total)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_pairing, plan, pairing) for pairing in todo]
            for future in as_completed(futures):
                result = future.result()
                folder.add(result)
                done[result["key"]] = result
                if progress:
                    progress(len(done), total)
    ratings = ratings_of(plan, done)
    folder.save_ratings(ratings)
    return ratings


def ratings_of(plan: LadderPlan, results: dict[str, dict[str, Any]]) -> Ratings:
    """The ratings from the results held, in the schedule's order."""
    ratings = Ratings()
    for bot in plan.bots:
        ratings.get(bot)
    for pairing in plan.schedule():
        if pairing.key in results:
            ratings.rate(*outcome(results[pairing.key]))
    return ratings


__all__ = ["LadderFolder", "LadderPlan", "Pairing", "RatingsError", "merge_plans",
           "play_pairing", "ratings_of", "run_ladder"]
