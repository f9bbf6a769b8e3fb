"""The talk before the first card: the auction (B-3) and doubling (B-6), as immutable values.

Both are small state machines that only know seats and ranks; the game checks what a seat may
bid (B-5) and stores the current value in its state, so undo and clone stay trivial.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

DOUBLING_STEPS = {1: "double", 2: "redouble", 4: "reredouble"}
"""The verb that multiplies the current factor by two (B-6: x2, x4, x8)."""


class Auction(NamedTuple):
    """B-3: from the caller clockwise, pass or announce higher; who passed stays out."""

    seats: int
    to_speak: int
    """The seat to speak, or -1 once the auction is over."""
    out: int = 0
    """Bitmask of seats that may not speak again."""
    high: str | None = None
    high_rank: int = 0
    high_seat: int = -1

    @classmethod
    def start(cls, caller: int, seats: int) -> Auction:
        return cls(seats, caller)

    @property
    def over(self) -> bool:
        return self.to_speak < 0

    def passed(self, seat: int) -> Auction:
        out = self.out | 1 << seat
        return Auction(self.seats, following(self.seats, out, self.high_seat, seat), out,
                       self.high, self.high_rank, self.high_seat)

    def bid(self, seat: int, name: str, rank: int, drop_outbid: bool = False) -> Auction:
        """Announce; with ``drop_outbid`` the bidder outbid now may not raise again (D-1)."""
        out = self.out
        if drop_outbid and self.high_seat >= 0:
            out |= 1 << self.high_seat
        return Auction(self.seats, following(self.seats, out, seat, seat), out, name, rank,
                       seat)


def following(seats: int, out: int, high_seat: int, seat: int) -> int:
    """The next seat clockwise after ``seat`` still in (not in the bitmask ``out``); reaching
    the high bidder ends the auction (-1).

    Everyone between the high bidder and the next seat still in has spoken since his bid
    and passed, so arriving back at him means all others have passed (B-3).
    """
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if other == high_seat:
            return -1
        if not out >> other & 1:
            return other
    return -1


class Doubling(NamedTuple):
    """B-6: the side against the declarer may double, his side redouble, then the first side.

    Each seat of the side whose turn it is is asked once, clockwise; the first to double hands
    the turn to the other side, and when all of a side pass, play begins.
    """

    factor: int
    asking: tuple[int, ...]
    """Seats still to be asked at the current step, in order; empty once doubling is over."""
    declaring: tuple[int, ...]
    against: tuple[int, ...]

    @classmethod
    def start(cls, declaring: Sequence[int], against: Sequence[int]) -> Doubling:
        """``declaring`` starts with the declarer; ``against`` in order from his left."""
        return cls(1, tuple(against), tuple(declaring), tuple(against))

    @property
    def over(self) -> bool:
        return not self.asking

    @property
    def step(self) -> str:
        """The verb the seat asked now may say besides ``pass``."""
        return DOUBLING_STEPS[self.factor]

    def doubled(self) -> Doubling:
        factor = self.factor * 2
        if factor not in DOUBLING_STEPS:
            return Doubling(factor, (), self.declaring, self.against)
        side = self.declaring if self.asking[0] in self.against else self.against
        return Doubling(factor, side, self.declaring, self.against)

    def passed(self) -> Doubling:
        return Doubling(self.factor, self.asking[1:], self.declaring, self.against)


def clockwise_from(seats: Sequence[int], start: int, table: int) -> tuple[int, ...]:
    """The seats in playing order beginning at ``start`` (or the first after it)."""
    return tuple(sorted(seats, key=lambda seat: (seat - start) % table))
