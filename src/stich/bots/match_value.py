"""What a deal's outcome is worth in the match: the chance of winning the Bummerl (S-10).

A Schnapsen Bummerl is won by the first player to count down from ``start`` (7) to 0 by the
game points of the deals he wins (S-9: 1, 2 or 3). A deal worth 3 points to a player who needs
1 is worth no more than 1; a 1-point loss at 6-1 down matters less than at 1-1. The expert
values every Schnapsen choice (card play, closing, claiming, the trump exchange) in each
sampled world by the chance of winning the Bummerl after that world's deal result, so it takes
risks by the score, not by the deal's points alone.

The chance is computed by a small Markov chain over the two counts: each later deal is won by
either player with equal chance, for 1, 2 or 3 game points with the shares in
:data:`DEAL_POINTS` (about what strong players score; the exact shares move the values only
slightly).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

DEAL_POINTS = ((1, 0.5), (2, 0.3), (3, 0.2))
"""Game points a deal's winner scores, with how often (S-9)."""
POINTS_TIE = 1e-4
"""A deal's game points added at this weight to its Bummerl chance, so that choices the match
score makes equal (every loss loses the Bummerl) are still told apart by the deal (not giving
away 3 where 1 would do). It moves no other choice: worlds' chances differ by far more."""
MOST_POINTS = 3
"""The most game points a Schnapsen deal is worth (S-9)."""


@cache
def bummerl_chance(mine: int, theirs: int) -> float:
    """The chance of winning the Bummerl needing ``mine`` points while the opponent needs
    ``theirs`` (each at most the start, 7), before the next deal."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return sum(share * 0.5 * (bummerl_chance(mine - points, theirs)
                              + bummerl_chance(mine, theirs - points))
               for points, share in DEAL_POINTS)


def deal_value(value: int, mine: int, theirs: int) -> float:
    """A deal's result (game points, + won by me, - won by the opponent; 0 none) as the chance
    of winning the Bummerl from the counts ``mine``/``theirs`` still needed."""
    if value > 0:
        return bummerl_chance(mine - value, theirs)
    if value < 0:
        return bummerl_chance(mine, theirs + value)
    return bummerl_chance(mine, theirs)


def remaining_for(state: object, seat: int, start: int) -> tuple[int, int]:
    """(needed by ``seat``, needed by the other) from a Schnapsen match's ``state()``
    (``remaining`` per seat); the start of a Bummerl where the state says nothing."""
    remaining: Sequence[int] | None = None
    if isinstance(state, dict):
        remaining = state.get("remaining")
    if not remaining or len(remaining) != 2:
        return start, start
    return int(remaining[seat]), int(remaining[1 - seat])



def tree_utility(mine: int, theirs: int) -> tuple[float, ...]:
    """What each deal result is worth to a search's tree (``stich.search.ismcts``'s
    ``utility``): entry ``w + 3`` for the searching seat's result ``w`` (-3..3 game points),
    its Bummerl chance from the counts ``mine``/``theirs`` (plus the tie weight) scaled to run
    from -1 (its worst result) to +1 (its best)."""
    worth = [deal_value(w, mine, theirs) + POINTS_TIE * w
             for w in range(-MOST_POINTS, MOST_POINTS + 1)]
    low, high = min(worth), max(worth)
    return tuple((2 * w - low - high) / (high - low) for w in worth)
