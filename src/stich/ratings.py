"""Ratings with their uncertainty, from a kept library (openskill's Plackett-Luce model).

One place for every front end that rates: the arena's ladder (``stich arena ladder``) and,
later, the server's accounts. A rating is a mean ``mu`` and an uncertainty ``sigma`` (openskill's
scale: a newcomer is 25 +- 8.3); ``conservative`` is ``mu - 3 sigma``, the figure a ladder is
ordered by, so that a player rated on few games does not top it by luck. Results are applied
in the order they are given: the same results in the same order give the same ratings.

openskill handles two sides and more, and sides of several members, so the same code rates
Schnapsen (two players), the team games and three players; ``docs/arena.md`` says how the
ladder turns deals into results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

MODEL = "openskill PlackettLuce"
"""The model every stored rating was computed with (kept beside the ratings)."""


class RatingsError(ValueError):
    """Stored ratings that cannot be read, or a library that is missing."""


@dataclasses.dataclass(frozen=True)
class Rating:
    """One player's rating after ``games`` rated results."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingsError("ratings need openskill: pip install openskill") from None
    return PlackettLuce()


class Ratings:
    """The ratings of a set of players, updated one result at a time."""

    def __init__(self, ratings: dict[str, Rating] | None = None) -> None:
        self.model = _model()
        self.ratings: dict[str, Rating] = dict(ratings or {})

    def get(self, name: str) -> Rating:
        if name not in self.ratings:
            fresh = self.model.rating()
            self.ratings[name] = Rating(float(fresh.mu), float(fresh.sigma))
        return self.ratings[name]

    def rate(self, sides: Sequence[Sequence[str]], ranks: Sequence[int]) -> None:
        """One result: ``sides`` are the players of each side (a side of one for a player
        alone), ``ranks`` each side's place (0 first; equal ranks are a draw)."""
        if len(sides) != len(ranks) or len(sides) < 2:
            raise ValueError("a result needs two sides or more, each with a rank")
        teams = [[self.model.create_rating([self.get(n).mu, self.get(n).sigma], name=n)
                  for n in side] for side in sides]
        rated = self.model.rate(teams, ranks=list(ranks))
        for side, team in zip(sides, rated, strict=True):
            for name, rating in zip(side, team, strict=True):
                games = self.ratings[name].games + 1
                self.ratings[name] = Rating(float(rating.mu), float(rating.sigma), games)

    def table(self) -> list[tuple[str, Rating]]:
        """Best first, by the conservative figure."""
        return sorted(self.ratings.items(), key=lambda item: (-item[1].conservative, item[0]))

    def lines(self) -> list[str]:
        width = max((len(name) for name in self.ratings), default=4)
        out = [f"{'':3} {'player':<{width}}  rating  +-sigma  conservative  games"]
        for place, (name, r) in enumerate(self.table(), 1):
            out.append(f"{place:>2}. {name:<{width}}  {r.mu:6.2f}  {r.sigma:6.2f}  "
                       f"{r.conservative:12.2f}  {r.games:5d}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"model": MODEL, "ratings": {name: {"mu": r.mu, "sigma": r.sigma,
                                                   "games": r.games}
                                            for name, r in sorted(self.ratings.items())}}

    @classmethod
    def from_json(cls, data: Any) -> Ratings:
        if not isinstance(data, dict) or data.get("model") != MODEL:
            raise RatingsError(f"not ratings of the model {MODEL!r}")
        kept = data.get("ratings")
        if not isinstance(kept, dict):
            raise RatingsError("'ratings' must be an object")
        ratings: dict[str, Rating] = {}
        for name, value in kept.items():
            try:
                ratings[name] = Rating(float(value["mu"]), float(value["sigma"]),
                                       int(value["games"]))
            except (KeyError, TypeError, ValueError):
                raise RatingsError(f"the rating of {name!r} is not mu, sigma, games") from None
        return cls(ratings)


def replay(results: Iterable[tuple[Sequence[Sequence[str]], Sequence[int]]],
           start: Ratings | None = None) -> Ratings:
    """Ratings after ``results`` in order, from ``start`` (default: everybody new)."""
    ratings = start if start is not None else Ratings()
    for sides, ranks in results:
        ratings.rate(sides, ranks)
    return ratings
