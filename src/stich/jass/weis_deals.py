"""Hands drawn uniformly among those that hold the Weis other seats heard by points (J-5).

A Weis heard only by its points is a maximal run of some length (3 cards 20, 4 cards 50 ...)
or a four of a kind, in the declarer's hand as dealt; a player declares some, all or none of
what he holds, so what the info state proves is only: the declarer's dealt hand holds at least
as many Weis of each of those points as he declared (two Weis of 20: two maximal runs of three,
in two suits or in one suit with a gap; a run of five and four Kings both count as 100).

:class:`WeisHands` draws the hidden cards into the other hands uniformly among *all*
assignments that respect each hand's size and allowed cards (J-4 voids and the like) and hold
those Weis, exactly and without rejection, by dynamic programming over the four suits: a run
lies within one suit, and a four of a kind is a rank held in every suit, so a hand's Weis
follow from what it holds suit by suit. Per suit, every way to share that suit's hidden cards
among the hands is grouped by what it changes: how many cards each hand gets, and for each
declarer how many runs of each needed points it completes and which ranks it holds (for the
fours). The groups are combined suit after suit, counting the assignments that reach every
summary; a sample walks back from a summary that meets every declaration, choosing each suit's
group with weight (its count) x (the ways to reach its predecessor), then one way inside the
group uniformly. The work per information state is at most a few thousand ways per suit;
each sample is four weighted choices.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

from stich.core.cards import RANK_OF, SUIT_MASK, Rank, cards_in
from stich.core.sampling import NoWorld
from stich.jass.weis import FOUR_POINTS, LOW_RANKS, weis_in, weis_points

_RUN_POINTS_IN_SUIT = tuple(tuple(weis_points(w) for w in weis_in(bits, False))
                            for bits in range(512))
"""The points of each maximal run in a suit's nine bits."""


def _four_points(rank: int) -> int:
    return FOUR_POINTS.get(Rank(rank), 100)


Tally = tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]]
"""(cards per hand, per declarer (runs of each needed points, ranks)): for a suit's share,
the cards each hand gets, the runs it completes and the ranks it holds; for a summary after
some suits, the cards each hand holds so far, the runs so far (capped at the need) and the
ranks held in every suit so far (among those whose four would count)."""


class WeisHands:
    """The hidden cards dealt into ``len(sizes)`` hands: hand ``i`` gets ``sizes[i]`` cards of
    ``allowed[i]`` and, with the cards ``fixed[i]`` it is known to have held (played, shown),
    must hold at least ``need[i][points]`` Weis of those points (J-5)."""

    def __init__(self, unknown: int, sizes: Sequence[int], allowed: Sequence[int],
                 fixed: Sequence[int], need: Sequence[dict[int, int]], four_low: bool) -> None:
        if unknown.bit_count() != sum(sizes) or min(sizes, default=0) < 0:
            raise NoWorld(f"{unknown.bit_count()} unknown cards for {sum(sizes)} places")
        self.sizes = tuple(sizes)
        self.declarers = [i for i, wanted in enumerate(need) if wanted]
        self.wanted = [tuple(sorted(need[i])) for i in self.declarers]
        self.counts = [tuple(need[i][p] for p in points)
                       for i, points in zip(self.declarers, self.wanted, strict=True)]
        self.fours = [sum(1 << rank for rank in range(9)
                          if _four_points(rank) in need[i]
                          and (four_low or Rank(rank) not in LOW_RANKS))
                      for i in self.declarers]
        self.fixed = tuple(fixed)
        self.groups: list[dict[Tally, list[tuple[int, ...]]]] = []
        for suit in range(4):
            self.groups.append(self._suit_groups(suit, unknown & SUIT_MASK[suit], allowed))
        start: Tally = (tuple(0 for _ in sizes),
                        tuple((tuple(0 for _ in points), four)
                              for points, four in zip(self.wanted, self.fours, strict=True)))
        # reach[s][summary]: assignments of suits < s reaching it; back: how (predecessor, key)
        self.reach: list[dict[Tally, int]] = [{start: 1}]
        self.back: list[dict[Tally, list[tuple[int, Tally, Tally]]]] = []
        for suit in range(4):
            here: dict[Tally, int] = {}
            back: dict[Tally, list[tuple[int, Tally, Tally]]] = {}
            for summary, ways in self.reach[-1].items():
                for key, members in self.groups[suit].items():
                    after = self._step(summary, key)
                    if after is None:
                        continue
                    weight = ways * len(members)
                    here[after] = here.get(after, 0) + weight
                    back.setdefault(after, []).append((weight, summary, key))
            self.reach.append(here)
            self.back.append(back)
        self.ends = [(ways, summary) for summary, ways in self.reach[-1].items()
                     if self._meets(summary)]
        self.total = sum(ways for ways, _ in self.ends)
        self._cumulative: dict[tuple[int, Tally], tuple[list[int], int]] = {}

    def _suit_groups(self, suit: int, cards: int, allowed: Sequence[int],
                     ) -> dict[Tally, list[tuple[int, ...]]]:
        """Every way to share the suit's hidden cards among the hands, grouped by its effect."""
        listed = list(cards_in(cards))
        places = [[i for i, mask in enumerate(allowed) if mask >> card & 1] for card in listed]
        shift = suit * 9
        groups: dict[Tally, list[tuple[int, ...]]] = {}
        effects: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
        for pick in itertools.product(*places):
            masks = [0] * len(self.sizes)
            for card, hand in zip(listed, pick, strict=True):
                masks[hand] |= 1 << card
            per_declarer = []
            for d, hand in enumerate(self.declarers):
                bits = (self.fixed[hand] | masks[hand]) >> shift & 0x1FF
                effect = effects.get((d, bits))
                if effect is None:
                    runs = _RUN_POINTS_IN_SUIT[bits]
                    effect = effects[d, bits] = (
                        tuple(runs.count(p) for p in self.wanted[d]), bits & self.fours[d])
                per_declarer.append(effect)
            key = (tuple(mask.bit_count() for mask in masks), tuple(per_declarer))
            groups.setdefault(key, []).append(tuple(masks))
        return groups

    def _step(self, summary: Tally, key: Tally) -> Tally | None:
        held, declarers = summary
        taken, effects = key
        sizes = tuple(a + b for a, b in zip(held, taken, strict=True))
        if any(n > limit for n, limit in zip(sizes, self.sizes, strict=True)):
            return None
        out = []
        for (runs, ranks), (more, suit_ranks), cap in zip(declarers, effects, self.counts,
                                                          strict=True):
            out.append((tuple(min(c, a + b) for a, b, c in zip(runs, more, cap, strict=True)),
                        ranks & suit_ranks))
        return sizes, tuple(out)

    def _meets(self, summary: Tally) -> bool:
        held, declarers = summary
        if held != self.sizes:
            return False
        for (runs, ranks), points, cap in zip(declarers, self.wanted, self.counts, strict=True):
            fours = [_four_points(RANK_OF[rank]) for rank in cards_in(ranks)]
            for p, n, c in zip(points, runs, cap, strict=True):
                if n + fours.count(p) < c:
                    return False
        return True

    def sample(self, rng: random.Random) -> list[int]:
        """One hand per place, uniformly among all that fit (NoWorld if none does)."""
        if not self.total:
            raise NoWorld("no hands hold the Weis declared")
        pick = rng.randrange(self.total)
        index = 0
        while pick >= self.ends[index][0]:
            pick -= self.ends[index][0]
            index += 1
        summary = self.ends[index][1]
        hands = [0] * len(self.sizes)
        for suit in range(3, -1, -1):
            options = self.back[suit][summary]
            sums, total = self._sums(suit, summary, options)
            _, summary, key = options[bisect.bisect_right(sums, rng.randrange(total))]
            members = self.groups[suit][key]
            for hand, mask in enumerate(members[rng.randrange(len(members))]):
                hands[hand] |= mask
        return hands

    def _sums(self, suit: int, summary: Tally,
              options: list[tuple[int, Tally, Tally]]) -> tuple[list[int], int]:
        cached = self._cumulative.get((suit, summary))
        if cached is None:
            sums = list(itertools.accumulate(weight for weight, _, _ in options))
            cached = self._cumulative[suit, summary] = (sums, sums[-1])
        return cached
