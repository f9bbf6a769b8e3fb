"""Schnapsen's presets and named options (S-11), apart from the game so that positions and
records can read them without importing the engine."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from stich.core.options import RuleOptions, choice

_SHARP: dict[str, Any] = {
    "marriage_before_first_trick": False,
    "marriage_lead": "king",
    "exchange_before_first_trick": False,
    "close_at_two": False,
    "trick_review": False,
}


@dataclasses.dataclass(frozen=True)
class SchnapsenOptions(RuleOptions):
    """S-11's presets and the named options; defaults are ``soft``."""

    GAME = "schnapsen"
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "soft": {},
        "sharp": _SHARP,
        "tournament": {**_SHARP, "schneider_bummerl": 1},
        "vu": {"closing": False, "marriage_lead": "king", "exchange_at_two": True,
               "false_claim": "none"},
    }
    """``vu``: the rules of the ``schnapsen`` package (VU Amsterdam) as far as ours have them,
    for its bots (``docs/rules/schnapsen.md``, "The vu preset")."""

    marriage_before_first_trick: bool = True
    marriage_lead: str = choice("king_or_queen", "king")
    exchange_before_first_trick: bool = True
    exchange_at_two: bool = False
    close_at_two: bool = True
    closing: bool = True
    """S-7: False (``vu``) takes closing the stock out of the game."""
    trick_review: bool = True
    false_claim: str = choice("table", "pagat", "none")
    """S-8: what a claim below 66 scores for the opponent; ``none`` (``vu``): no such claim."""
    bummerl_start: int = 7
    schneider_bummerl: int = choice(2, 1)
    rubber: int = choice(2, 3, 1)
    """S-10: Bummerl to win the rubber; 1 for a tournament match of one Bummerl (T-3)."""
