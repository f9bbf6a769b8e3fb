"""Bummerl scoring for Schnapsen (S-10): count down from 7, Schneider, rubber."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


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

    def rubber_winner(self) -> int | None:
        """The player who has given the other ``rubber`` Bummerl, if any."""
        for seat in (0, 1):
            if self.bummerl[1 - seat] >= self.rubber:
                return seat
        return None

    def state(self) -> dict[str, Any]:
        return {"remaining": list(self.remaining), "bummerl": list(self.bummerl),
                "finished": list(self.finished), "winner": self.rubber_winner()}
