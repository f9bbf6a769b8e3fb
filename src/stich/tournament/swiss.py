"""Swiss-system pairing (T-5): equal scores meet, nobody meets the same opponent twice.

Pure: players are ints or strings, the history is a list of `Meeting`s, and the only randomness is
the `random.Random` passed in, so a bot arena can use this without the tournament database.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from stich.tournament.standings import Meeting, P, points


class PairingError(ValueError):
    """No pairing without a repeat exists."""


def pair_round(players: Sequence[P], games: Sequence[Meeting[P]],
               rng: random.Random) -> list[tuple[P, P | None]]:
    """Pair the next round.

    Players are ordered by points, equal points in an order drawn by lot; from the top, each
    player meets the nearest-scored player he has not met (backtracking when that leaves the
    rest unpairable). With an odd field the bye goes to the lowest-ranked player who has not
    had one (anybody, once everyone has). Byes come last in the returned list.
    """
    if len(set(players)) != len(players):
        raise PairingError("a player is listed twice")
    if len(players) < 2:
        raise PairingError("a round needs at least two players")
    if any(not g.decided for g in games):
        raise PairingError("the previous round has open matches")
    pts = points(players, games, bye_points=1.0)
    order = sorted(players)
    rng.shuffle(order)
    order.sort(key=lambda p: -pts[p])  # stable: equal points keep the drawn order
    met = {frozenset((g.a, g.b)) for g in games if g.b is not None}
    had_bye = {g.a for g in games if g.b is None}
    rank = {p: i for i, p in enumerate(order)}

    def pair(rest: tuple[P, ...], failed: set[frozenset[P]]) -> list[tuple[P, P | None]] | None:
        if not rest:
            return []
        key = frozenset(rest)
        if key in failed:
            return None
        p, others = rest[0], rest[1:]
        options = [q for q in others if frozenset((p, q)) not in met]
        options.sort(key=lambda q: (abs(pts[p] - pts[q]), rank[q]))
        for q in options:
            sub: list[tuple[P, P | None]] | None = pair(
                tuple(x for x in others if x != q), failed)
            if sub is not None:
                sub.insert(0, (p, q))
                return sub
        failed.add(key)
        return None

    failed: set[frozenset[P]] = set()
    result: list[tuple[P, P | None]] | None
    if len(order) % 2 == 0:
        result = pair(tuple(order), failed)
        if result is None:
            raise PairingError("every pairing would repeat a match")
        return result
    bottom_up = list(reversed(order))
    candidates = [p for p in bottom_up if p not in had_bye] + [p for p in bottom_up if p in had_bye]
    for bye in candidates:
        result = pair(tuple(p for p in order if p != bye), failed)
        if result is not None:
            result.append((bye, None))
            return result
    raise PairingError("every pairing would repeat a match")


def max_rounds(n_players: int) -> int:
    """Most rounds a field can play without repeats: n-1, or n with an odd field (byes)."""
    return n_players if n_players % 2 else n_players - 1


def default_rounds(n_players: int) -> int:
    """Swiss rounds when none were set: enough to find a sole winner, log2 of the field."""
    return max(1, math.ceil(math.log2(max(2, n_players))))
