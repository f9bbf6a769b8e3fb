"""Match results in Bummerl (T-3): parsing `2:1` and checking it against the match length."""

from __future__ import annotations

import re

_SCORE = re.compile(r"^\s*(\d+)\s*[:\-]\s*(\d+)\s*$")


class ResultError(ValueError):
    """A score that cannot be a finished match of this length."""


def parse_score(text: str, match_length: int) -> tuple[int, int]:
    """`"2:1"` -> (2, 1), checked: the winner has exactly `match_length` Bummerl, the loser fewer.

    A Schneider counts as one Bummerl in tournament play (T-3), so scores are plain counts.
    """
    m = _SCORE.match(text)
    if m is None:
        raise ResultError(f"score {text!r} is not of the form A:B, e.g. {match_length}:0")
    a, b = int(m.group(1)), int(m.group(2))
    check_score(a, b, match_length)
    return a, b


def check_score(a: int, b: int, match_length: int) -> None:
    """Raise ResultError unless a:b ends a match played to `match_length` Bummerl."""
    if a == b:
        raise ResultError(f"score {a}:{b} has no winner; a match has one")
    if max(a, b) != match_length:
        raise ResultError(
            f"score {a}:{b} does not fit a match to {match_length} Bummerl: "
            f"the winner has exactly {match_length}"
        )
    if min(a, b) < 0:
        raise ResultError(f"score {a}:{b} is negative")
