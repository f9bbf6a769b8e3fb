"""Standings with tie-breaks for Swiss-system and round-robin events (T-5), without storage.

Scoring: a won match is 1 point, a lost one 0, a bye `bye_points` (1 in Swiss, where the bye
replaces a win; 0 in round robin, where every player of an odd field sits out once).

Tie-breaks, in order:
- Swiss: Buchholz (sum of the points of all opponents met), Sonneborn-Berger (sum of the points
  of the opponents beaten), Bummerl difference, Bummerl won.
- Round robin: Sonneborn-Berger, Bummerl difference, Bummerl won (Buchholz says nothing when
  everyone met everyone).
Players equal on every key share the rank. A bye adds no Bummerl and no opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

P = TypeVar("P", int, str)

Format = Literal["swiss", "roundrobin"]


@dataclass(frozen=True)
class Meeting(Generic[P]):
    """A pairing between players `a` and `b` (None: a bye), with its Bummerl once played."""

    a: P
    b: P | None
    score_a: int | None = None
    score_b: int | None = None

    @property
    def decided(self) -> bool:
        return self.b is None or (self.score_a is not None and self.score_b is not None)

    def winner(self) -> P | None:
        if self.b is None:
            return self.a
        if self.score_a is None or self.score_b is None:
            return None
        return self.a if self.score_a > self.score_b else self.b


@dataclass(frozen=True)
class Standing(Generic[P]):
    """One row of the standings."""

    rank: int
    player: P
    points: float
    buchholz: float
    sonneborn_berger: float
    bummerl_for: int
    bummerl_against: int
    played: int
    byes: int

    @property
    def bummerl_diff(self) -> int:
        return self.bummerl_for - self.bummerl_against


def points(players: Sequence[P], games: Sequence[Meeting[P]], bye_points: float) -> dict[P, float]:
    """Match points of every player from the decided games."""
    pts: dict[P, float] = dict.fromkeys(players, 0.0)
    for g in games:
        if not g.decided:
            continue
        if g.b is None:
            pts[g.a] += bye_points
        else:
            w = g.winner()
            assert w is not None
            pts[w] += 1.0
    return pts


def standings(players: Sequence[P], games: Sequence[Meeting[P]], fmt: Format) -> list[Standing[P]]:
    """Rank the players; see the module docstring for scoring and tie-breaks."""
    bye_points = 1.0 if fmt == "swiss" else 0.0
    pts = points(players, games, bye_points)
    bh: dict[P, float] = dict.fromkeys(players, 0.0)
    sb: dict[P, float] = dict.fromkeys(players, 0.0)
    bf: dict[P, int] = dict.fromkeys(players, 0)
    ba: dict[P, int] = dict.fromkeys(players, 0)
    played: dict[P, int] = dict.fromkeys(players, 0)
    byes: dict[P, int] = dict.fromkeys(players, 0)
    for g in games:
        if not g.decided:
            continue
        if g.b is None:
            byes[g.a] += 1
            continue
        assert g.score_a is not None and g.score_b is not None
        w = g.winner()
        for me, other, mine, theirs in ((g.a, g.b, g.score_a, g.score_b),
                                        (g.b, g.a, g.score_b, g.score_a)):
            played[me] += 1
            bh[me] += pts[other]
            bf[me] += mine
            ba[me] += theirs
            if w == me:
                sb[me] += pts[other]

    def key(p: P) -> tuple[float, ...]:
        diff = bf[p] - ba[p]
        if fmt == "swiss":
            return (-pts[p], -bh[p], -sb[p], -diff, -bf[p])
        return (-pts[p], -sb[p], -diff, -bf[p])

    order = sorted(players, key=lambda p: (key(p), p))
    rows: list[Standing[P]] = []
    for i, p in enumerate(order):
        rank = rows[-1].rank if rows and key(rows[-1].player) == key(p) else i + 1
        rows.append(Standing(rank, p, pts[p], bh[p], sb[p], bf[p], ba[p], played[p], byes[p]))
    return rows
