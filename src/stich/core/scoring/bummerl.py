"""Bummerl scoring for the Schnapsen family.

Schnapsen counts down from 7 (S-10); Bauern- and Dreierschnapsen race to 24 (B-7, D-1), as
teams or each player for himself, with Schneider and Retourschneider.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from stich.core.scoring.entry import EntryError, one_of, seat_in, whole
from stich.core.scoring.race import RaceDeal, RaceRules

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


@dataclasses.dataclass
class RaceTo24:
    """Teams (B-7) or single players (D-1) race to ``target`` game points; the rest lose.

    The losers are the parties with the fewest points (ties share the Bummerl): 1 Bummerl,
    2 (Schneider) at 0 points, 4 (Retourschneider) if they all stood at ``target - 1`` while
    the sole winner still stood at 0. A match ends once a party holds ``limit`` Bummerl.
    """

    parties: int
    target: int = 24
    limit: int = 1
    score: list[int] = dataclasses.field(default_factory=list)
    bummerl: list[int] = dataclasses.field(default_factory=list)
    finished: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """One entry per race played out: winners, losers, Bummerl each, the final score."""
    retour: int | None = None
    """The party that stood at 0 while every other stood one short of the target."""

    def __post_init__(self) -> None:
        self.score = self.score or [0] * self.parties
        self.bummerl = self.bummerl or [0] * self.parties

    def add(self, game_points: Sequence[int]) -> dict[str, Any] | None:
        """Book a deal's game points per party; return the race's outcome if it ended."""
        for party in range(self.parties):
            self.score[party] += game_points[party]
        winners = [p for p in range(self.parties) if self.score[p] >= self.target]
        if not winners:
            self._arm_retour()
            return None
        others = [p for p in range(self.parties) if p not in winners]
        low = min((self.score[p] for p in others), default=None)
        losers = [p for p in others if self.score[p] == low]
        if winners == [self.retour]:
            given, kind = 4, "retourschneider"
        elif low == 0:
            given, kind = 2, "schneider"
        else:
            given, kind = 1, "bummerl"
        for party in losers:
            self.bummerl[party] += given
        outcome = {"winners": winners, "losers": losers, "bummerl": given, "kind": kind,
                   "score": list(self.score)}
        self.finished.append(outcome)
        self.score = [0] * self.parties
        self.retour = None
        return outcome

    def book(self, deal: RaceDeal, rules: RaceRules) -> dict[str, Any] | None:
        """Check a deal's outcome (B-4 to B-6, D-1) and add it to the race (B-7, D-1); the one
        path for engines and score pads. Return the race's outcome if this deal ended one."""
        if self.match_over():
            raise EntryError("the match is already decided (B-7, D-1)")
        return self.add(rules.party_points(deal))

    def _arm_retour(self) -> None:
        at_zero = [p for p in range(self.parties) if self.score[p] == 0]
        if len(at_zero) == 1 and all(self.score[p] == self.target - 1
                                     for p in range(self.parties) if p != at_zero[0]):
            self.retour = at_zero[0]

    def match_over(self) -> bool:
        return max(self.bummerl) >= self.limit

    def match_winners(self) -> list[int]:
        """Once the match is over, the parties holding the fewest Bummerl; of several, those
        who won the last race if any of them did (D-1: the player who reached 24, not the
        one who merely escaped the Bummerl)."""
        if not self.match_over():
            return []
        fewest = min(self.bummerl)
        best = [p for p in range(self.parties) if self.bummerl[p] == fewest]
        last = [p for p in best if p in self.finished[-1]["winners"]]
        return last or best

    def state(self) -> dict[str, Any]:
        return {"score": list(self.score), "bummerl": list(self.bummerl),
                "finished": list(self.finished), "over": self.match_over()}
