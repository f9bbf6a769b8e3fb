"""Bauern- and Dreierschnapsen matches: races to 24 with Bummerl (B-7, D-1).

The caller (left of the dealer) deals next; after a three-Jacks redeal the same dealer deals
again (B-2). The first dealer is drawn from the match seed. Each finished deal is booked as a
:class:`~stich.contract.race.RaceDeal` through :func:`race_rules`, as score pads book deals
entered by hand.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, ClassVar

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.contracts import TABLE, Goal, contract_table
from stich.contract.deal import ContractOptions, ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.contract.race import ContractValue, RaceDeal, RaceRules, RaceTo24
from stich.core.dealing import derive_seed
from stich.core.game import Game
from stich.core.match import Match


@lru_cache(maxsize=16)
def race_rules(game: type[ContractSchnapsen], options: ContractOptions) -> RaceRules:
    """The contracts in force and their values (B-5, D-1) and the parties that score."""
    table = contract_table(game.SEATS, options.contracts, options.assenbettler)
    return RaceRules(game.SEATS, game.TEAMS,
                     {name: ContractValue(c.value, c.goal is Goal.SHOWN)
                      for name, c in table.items()},
                     tuple(c.name for c in TABLE))


class RaceMatch(Match):
    """Deals until a side (B-7: a team; D-1: a player) holds ``match_bummerl`` Bummerl."""

    GAME_CLASS: ClassVar[type[ContractSchnapsen]]
    options: ContractOptions

    def __init__(self, seats: list[str], seed: int | None = None,
                 options: ContractOptions | None = None, first_dealer: int | None = None):
        if first_dealer is None:
            first_dealer = (random.Random(derive_seed(seed, "first dealer"))
                            .randrange(self.GAME_CLASS.SEATS) if seed is not None else 0)
        super().__init__(seats, seed, options, first_dealer)
        self.race = RaceTo24(len(self.GAME_CLASS.TEAMS), limit=self.options.match_bummerl)
        self.rules = race_rules(self.GAME_CLASS, self.options)

    def next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer or 0
        last = self.deals[-1]
        if last.result is not None and last.result.get("reason") == "redeal":
            return last.dealer
        return (last.dealer + 1) % self.GAME_CLASS.SEATS

    def new_deal(self) -> ContractSchnapsen:
        return self.GAME_CLASS.deal(self.deal_seed(), self.next_dealer(), self.options)

    def _score(self, game: Game) -> None:
        result = game.result()
        assert result is not None
        self.race.book(RaceDeal.from_result(result), self.rules)

    def is_over(self) -> bool:
        return self.race.match_over()

    def unit_winners(self) -> list[tuple[int, ...]]:
        teams = self.GAME_CLASS.TEAMS
        return [tuple(seat for party in outcome["winners"] for seat in teams[party])
                for outcome in self.race.finished]

    def state(self) -> dict[str, Any]:
        return self.race.state()


class BauernschnapsenMatch(RaceMatch):
    GAME_CLASS = Bauernschnapsen


class DreierschnapsenMatch(RaceMatch):
    GAME_CLASS = Dreierschnapsen
