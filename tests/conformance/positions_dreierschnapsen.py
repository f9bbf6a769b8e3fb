"""Dreierschnapsen positions for the conformance corpus (``python -m tests.conformance.generate
dreierschnapsen``): the phases of ``positions_bauernschnapsen`` with the talon (D-1) and the
raising options."""

from __future__ import annotations

from typing import Any

from stich.contract.dreierschnapsen import Dreierschnapsen
from tests.conformance.positions_bauernschnapsen import contract_entries

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}), ("club", {}),
    ("standard", {"raise_before_talon": True, "raise_after_talon": True,
                  "plauderer": "opponents_open_after_first", "trump_must_be_held": False}),
]


def entries() -> list[dict[str, Any]]:
    return contract_entries(Dreierschnapsen, OPTIONS)
