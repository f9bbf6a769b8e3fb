"""The options Bauern- and Dreierschnapsen share (B-2, B-4, B-5, B-7), apart from the engine
(``stich.contract.deal`` re-exports them); its helpers take the option values they need."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from stich.contract.contracts import CONTRACT_NAMES
from stich.core.options import RuleOptions, choice, collection

CLUB_CONTRACTS = CONTRACT_NAMES - {"farbenringerl", "herrenschnapser"}
"""B-5: clubs often drop the two contracts that are shown and not played."""


@dataclasses.dataclass(frozen=True)
class ContractOptions(RuleOptions):
    """The options both games share (B-2, B-4, B-5, B-7); defaults are the preset ``standard``."""

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "club": {"contracts": CLUB_CONTRACTS},
    }

    trump_must_be_held: bool = True
    must_overtrump: bool = True
    contracts: frozenset[str] = collection(CONTRACT_NAMES, CONTRACT_NAMES)
    plauderer: str = choice("declarer_open", "opponents_open_after_first", "opponents_confer")
    assenbettler: str = choice("ace_low", "must_hold_ace")
    count_down: bool = False
    """Show the race as counting down from 24 (B-7): the same game, shown the other way."""
    match_bummerl: int = 1
    """A match ends once a side (a player) holds this many Bummerl; 1: one race to 24."""
