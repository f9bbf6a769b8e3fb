"""What every typed deal outcome shares: the error for an impossible entry and small checks.

A deal outcome entered by hand (a score pad) or taken from an engine's result is a frozen
dataclass; the scoring that books it checks it against the rules first and raises
:class:`EntryError` with one line that names what is impossible and the rule that says so.
"""

from __future__ import annotations

from collections.abc import Collection


class EntryError(ValueError):
    """A deal outcome the rules cannot produce (one line, citing the rule)."""


def whole(value: object, what: str) -> int:
    """The value as a whole number; EntryError naming ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(f"{what} must be a whole number, got {value!r}")
    return value


def seat_in(value: object, seats: int, what: str = "seat") -> int:
    """A seat number 0 .. seats-1."""
    seat = whole(value, what)
    if not 0 <= seat < seats:
        raise EntryError(f"{what} {seat} does not exist: seats are 0 to {seats - 1}")
    return seat


def one_of(value: int, allowed: Collection[int], what: str, rule: str) -> int:
    """The value if the rule allows it; EntryError listing what it allows otherwise."""
    if value not in allowed:
        listed = ", ".join(str(a) for a in sorted(allowed))
        raise EntryError(f"{what} {value} is impossible: {rule} allows {listed}")
    return value
