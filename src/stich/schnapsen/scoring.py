"""Schnapsen's match scoring: the Bummerl counted down from 7 and the rubber (S-9, S-10), and
how a Bummerl or a rubber ends in words.

The engine (``stich.schnapsen.match``) and the score pad book deals through
:meth:`BummerlCounter.book`; the race to 24 of the contract games is ``stich.contract.race``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from stich.core.scoring.ends import count, says
from stich.core.scoring.entry import EntryError, one_of, seat_in, whole

SCHNAPSEN_GAME_POINTS = (1, 2, 3)
"""What one deal of Schnapsen can give its winner: S-9's table (a false claim S-8, a revoke
S-12 give the same values)."""


@dataclasses.dataclass(frozen=True)
class SchnapsenDeal:
    """A Schnapsen deal's outcome: who won it and how many game points (S-9)."""

    winner: int
    game_points: int

    def checked(self) -> SchnapsenDeal:
        """The deal if S-9 can produce it; EntryError otherwise."""
        seat_in(self.winner, 2, "winner")
        one_of(whole(self.game_points, "game points"), SCHNAPSEN_GAME_POINTS, "game points",
               "S-9")
        return self

    def per_seat(self) -> list[int]:
        return [self.game_points if seat == self.winner else 0 for seat in (0, 1)]

    @classmethod
    def from_returns(cls, returns: Sequence[int]) -> SchnapsenDeal:
        """An engine's finished deal: the seat with game points won them."""
        winner = 0 if returns[0] else 1
        return cls(winner, int(returns[winner]))


@dataclasses.dataclass
class BummerlCounter:
    """Two players count down by the game points they win; reaching 0 wins the Bummerl."""

    start: int = 7
    schneider_bummerl: int = 2
    rubber: int = 2
    remaining: list[int] = dataclasses.field(default_factory=list)
    bummerl: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    """Bummerl each player has been given (a loss each)."""
    finished: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """One entry per Bummerl played out: winner, loser, Bummerl given, Schneider."""

    def __post_init__(self) -> None:
        if not self.remaining:
            self.remaining = [self.start, self.start]

    def add(self, game_points: Sequence[int]) -> dict[str, Any] | None:
        """Book a deal's game points; return the Bummerl's outcome if this deal ended one."""
        for seat in (0, 1):
            self.remaining[seat] -= game_points[seat]
        done = [seat for seat in (0, 1) if self.remaining[seat] <= 0]
        if not done:
            return None
        winner = done[0]
        loser = 1 - winner
        schneider = self.remaining[loser] == self.start
        given = self.schneider_bummerl if schneider else 1
        self.bummerl[loser] += given
        outcome = {"winner": winner, "loser": loser, "bummerl": given, "schneider": schneider,
                   "score": [self.start - r for r in self.remaining]}
        self.finished.append(outcome)
        self.remaining = [self.start, self.start]
        return outcome

    def book(self, deal: SchnapsenDeal) -> dict[str, Any] | None:
        """Check a deal's outcome (S-9) and count it down (S-10); the one path for engines and
        score pads. Return the Bummerl's outcome if this deal ended one."""
        if self.rubber_winner() is not None:
            raise EntryError("the rubber is already decided (S-10)")
        return self.add(deal.checked().per_seat())

    def rubber_winner(self) -> int | None:
        """The player who has given the other ``rubber`` Bummerl, if any."""
        for seat in (0, 1):
            if self.bummerl[1 - seat] >= self.rubber:
                return seat
        return None

    def state(self) -> dict[str, Any]:
        return {"remaining": list(self.remaining), "bummerl": list(self.bummerl),
                "finished": list(self.finished), "winner": self.rubber_winner()}


def bummerl_end(outcome: dict[str, Any], names: Sequence[str], start: int = 7) -> str:
    """A Schnapsen Bummerl's end (S-10): who won it, who gets how many Bummerl and why."""
    winner, loser = names[outcome["winner"]], names[outcome["loser"]]
    given = count(outcome["bummerl"], "Bummerl", "Bummerl")
    if outcome["schneider"]:
        why = (f"Schneider, {loser} never scored" if outcome["bummerl"] > 1 else
               f"a Schneider, {loser} never scored, counted as one by the option "
               f"schneider_bummerl")
    else:
        left = start - outcome["score"][outcome["loser"]]
        why = f"{loser} still {left} to go"
    return f"{says(winner, 'win')} the Bummerl: {says(loser, 'get')} {given}, {why} (S-10)."


def rubber_end(counter: BummerlCounter, names: Sequence[str]) -> str | None:
    """The rubber's end (S-10): who won it and the Bummerl each holds; None before."""
    winner = counter.rubber_winner()
    if winner is None:
        return None
    loser = 1 - winner
    return (f"{says(names[winner], 'win')} the rubber: {says(names[loser], 'hold')} "
            f"{count(counter.bummerl[loser], 'Bummerl', 'Bummerl')}, {names[winner]} "
            f"{counter.bummerl[winner]} (a rubber is {counter.rubber}, option rubber, S-10).")
