"""The Jass board (Jasstafel): each team's big Z, built from its score entries (J-8).

Every entry is written as strokes: on the top bar one per 100 (every fifth drawn across the four
before it, 500), on the slanted middle bar a slash per 50 (two crossed, an X, make 100), on the
bottom bar one per 20 (every fifth across, 100), and what is left under 20 as a number to the
right. A negative entry (a correction) is written as a number only. The board drawn, as text
or SVG, is ``stich.drawing``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable


@dataclasses.dataclass(frozen=True)
class ZBoard:
    """A team's Z: strokes on the three bars and the numbers written beside it."""

    hundreds: int = 0
    fifties: int = 0
    twenties: int = 0
    rests: tuple[int, ...] = ()

    @staticmethod
    def strokes(entry: int) -> tuple[int, int, int, int]:
        """J-8: hundreds = p div 100, fifties = (p mod 100) div 50, twenties = (p mod 50) div 20,
        rest = p mod 50 mod 20."""
        if entry < 0:
            return 0, 0, 0, entry
        return entry // 100, entry % 100 // 50, entry % 50 // 20, entry % 50 % 20

    @classmethod
    def from_entries(cls, entries: Iterable[int]) -> ZBoard:
        hundreds = fifties = twenties = 0
        rests: list[int] = []
        for entry in entries:
            h, f, t, rest = cls.strokes(entry)
            hundreds, fifties, twenties = hundreds + h, fifties + f, twenties + t
            if rest:
                rests.append(rest)
        return cls(hundreds, fifties, twenties, tuple(rests))

    @property
    def total(self) -> int:
        return 100 * self.hundreds + 50 * self.fifties + 20 * self.twenties + sum(self.rests)
