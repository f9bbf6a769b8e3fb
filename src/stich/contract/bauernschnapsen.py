"""Bauernschnapsen for four players in two teams, rules B-1 to B-7 (``rules/bauernschnapsen.md``).

The engine is :class:`~stich.contract.deal.ContractSchnapsen`; this module says what
is particular to four players: partners sit opposite (B-1), the partner's options in B-5.
"""

from __future__ import annotations

import dataclasses

from stich.contract.contracts import NO_TRICK_CONTRACTS, Contract
from stich.contract.deal import ContractOptions, ContractSchnapsen
from stich.contract.legality import every_action
from stich.core.action_space import ActionSpace


@dataclasses.dataclass(frozen=True)
class BauernschnapsenOptions(ContractOptions):
    """B-5's partner options on top of the shared ones; defaults are ``standard``."""

    GAME = "bauernschnapsen"
    bettler_partner_sits_out: bool = False
    schnapser_with_partner: bool = False


class Bauernschnapsen(ContractSchnapsen):
    """One deal; seats 0 and 2 play against 1 and 3, the caller sits left of the dealer."""

    NAME = "bauernschnapsen"
    SEATS = 4
    TEAMS = ((0, 2), (1, 3))
    OPTIONS = BauernschnapsenOptions
    ACTION_SPACE = ActionSpace(NAME, every_action(talon=False))
    HAND_SIZE = 5

    options: BauernschnapsenOptions

    def side_of(self, seat: int) -> tuple[int, ...]:
        return (seat % 2, seat % 2 + 2)

    def opponent_of_caller(self, seat: int) -> bool:
        return (seat - self.caller) % 2 == 1

    def sitting_out(self, contract: Contract | None, declarer: int) -> int | None:
        """B-5 ``bettler_partner_sits_out``: in Bettler, Assenbettler and Plauderer."""
        if (contract is not None and contract.name in NO_TRICK_CONTRACTS
                and self.options.bettler_partner_sits_out):
            return (declarer + 2) % 4
        return None

    def declaring_seats(self) -> tuple[int, ...]:
        """B-5: only the declarer's tricks count; Schnapser mit Mann (6) counts the team's."""
        contract = self.contract
        if (contract is not None and contract.name == "schnapser"
                and self.options.schnapser_with_partner):
            return self.side_of(self.declarer)
        return (self.declarer,)
