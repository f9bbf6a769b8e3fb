"""Differenzler scoring (J-12): each player predicts his card points; the difference to what he
takes is his penalty; after the rounds the lowest total wins, a tie plays one more deal.

No engine plays Differenzler yet; a future engine books its deals here as the score pad does.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from stich.core.scoring.ends import count
from stich.core.scoring.entry import EntryError, whole

EXACT_BONUS = 10
"""J-12, option ``exact_bonus``: an exact prediction other than 0 takes 10 off the penalty."""


@dataclasses.dataclass(frozen=True)
class DifferenzlerRules:
    players: int
    rounds: int
    deal_points: int
    """Card points of a deal, the last trick's 5 included; a Match counts no more (J-12)."""
    exact_bonus: bool = False


@dataclasses.dataclass(frozen=True)
class DifferenzlerDeal:
    """One deal: each player's prediction and the card points he took, by seat."""

    predictions: tuple[int, ...]
    taken: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"predictions": list(self.predictions), "taken": list(self.taken)}

    def checked(self, rules: DifferenzlerRules) -> DifferenzlerDeal:
        for what, values in (("predictions", self.predictions), ("points taken", self.taken)):
            if len(values) != rules.players:
                raise EntryError(f"{what}: {rules.players} numbers, one per player; "
                                 f"got {len(values)}")
            for value in values:
                if not 0 <= whole(value, what) <= rules.deal_points:
                    raise EntryError(f"{what}: {value} is impossible, each lies between 0 and "
                                     f"{rules.deal_points} (J-12)")
        if sum(self.taken) != rules.deal_points:
            raise EntryError(f"the points taken make {sum(self.taken)}, a deal has "
                             f"{rules.deal_points} (J-1, J-12)")
        return self

    def penalties(self, rules: DifferenzlerRules) -> list[int]:
        """J-12: the difference between prediction and points taken, less the exact bonus."""
        out = []
        for said, took in zip(self.predictions, self.taken, strict=True):
            penalty = abs(said - took)
            if rules.exact_bonus and said == took and said:
                penalty -= EXACT_BONUS
            out.append(penalty)
        return out


@dataclasses.dataclass
class DifferenzlerSheet:
    """The deals played, each player's total penalty, and the winner once decided."""

    rules: DifferenzlerRules
    deals: list[DifferenzlerDeal] = dataclasses.field(default_factory=list)

    def book(self, deal: DifferenzlerDeal) -> list[int]:
        """Check a deal and add it; its penalties."""
        if self.is_over():
            raise EntryError(f"the game is over after {count(len(self.deals), 'deal')} (J-12)")
        deal = deal.checked(self.rules)
        self.deals.append(deal)
        return deal.penalties(self.rules)

    def totals(self) -> list[int]:
        totals = [0] * self.rules.players
        for deal in self.deals:
            for seat, penalty in enumerate(deal.penalties(self.rules)):
                totals[seat] += penalty
        return totals

    def leaders(self) -> list[int]:
        totals = self.totals()
        return [seat for seat, total in enumerate(totals) if total == min(totals)]

    def is_over(self) -> bool:
        """After ``rounds`` deals with one lowest total; a tie plays one more deal (J-12)."""
        return len(self.deals) >= self.rules.rounds and len(self.leaders()) == 1

    def winner(self) -> int | None:
        return self.leaders()[0] if self.is_over() else None

    def state(self) -> dict[str, Any]:
        return {"deals": len(self.deals), "totals": self.totals(), "over": self.is_over(),
                "winner": self.winner()}
