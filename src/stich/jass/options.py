"""Schieber options: J-9's presets, the named options and each contract's factor."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, ClassVar

from stich.core.options import OptionsError, RuleOptions, choice
from stich.jass.cards import Contract


@lru_cache(maxsize=64)
def parse_multipliers(text: str) -> tuple[int, int, int, int]:
    """``"1,2,3,4"``: factors for Rosen/Eicheln, Schilten/Schellen, Obenabe, Undenufe (J-9)."""
    parts = text.replace(" ", "").split(",")
    try:
        factors = tuple(int(part) for part in parts)
    except ValueError:
        factors = ()
    if len(factors) != 4 or min(factors) < 1:
        raise OptionsError(
            f"jass option multipliers takes four whole numbers of at least 1 for Rosen/Eicheln, "
            f"Schilten/Schellen, Obenabe, Undenufe, such as 1,2,3,4; got {text!r}")
    return factors[0], factors[1], factors[2], factors[3]


_FACTOR_COLUMN = {Contract.H: 0, Contract.D: 0, Contract.S: 1, Contract.C: 1,
                  Contract.OBENABE: 2, Contract.UNDENUFE: 3}


@dataclasses.dataclass(frozen=True)
class JassOptions(RuleOptions):
    """J-9's presets and named options; the defaults are ``standard``."""

    GAME = "jass"
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "swisslos": {"multipliers": "1,2,3,3"},
        "turnier": {"multipliers": "1,1,1,1", "target": 1000},
    }

    target: int = choice(2500, 1000, 1500, 2000, 3000)
    multipliers: str = "1,2,3,4"
    match_bonus: int = 100
    weis: bool = True
    stoeck: bool = True
    four_of_a_kind_low: bool = True

    def __post_init__(self) -> None:
        parse_multipliers(self.multipliers)

    def multiplier(self, contract: Contract) -> int:
        """The contract's factor (J-7, J-9)."""
        return parse_multipliers(self.multipliers)[_FACTOR_COLUMN[contract]]


@lru_cache(maxsize=16)
def factors(options: JassOptions) -> tuple[int, ...]:
    """Each contract's factor under the options, in :class:`Contract` order (J-9)."""
    return tuple(options.multiplier(contract) for contract in Contract)
