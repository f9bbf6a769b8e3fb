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
group uniformly. The last suit must fill every hand exactly and meet every declaration, so
only those shares are looked at. A summary where a declarer's runs already suffice forgets his
ranks (the fours no longer matter), and only ranks he can still hold in every suit are
followed. The work per information state is one pass over the ways to share each suit (up to
3^n for n hidden cards of a suit; under 0.1 s in trick 1, measured over deals of the rules bot);
each sample is four weighted choices.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

from stich.core.cards import SUIT_MASK, Rank
from stich.core.sampling import NoWorld
from stich.jass.weis import FOUR_POINTS, LOW_RANKS, weis_in, weis_points

_RUN_POINTS_IN_SUIT = tuple(tuple(weis_points(w) for w in weis_in(bits, False))
                            for bits in range(512))
"""The points of each maximal run in a suit's nine bits."""


def _four_points(rank: int) -> int:
    return FOUR_POINTS.get(Rank(rank), 100)


class WeisHands:
    """The hidden cards dealt into ``len(sizes)`` hands: hand ``i`` gets ``sizes[i]`` cards of
    ``allowed[i]`` and, with the cards ``fixed[i]`` it is known to have held (played, shown),
    must hold at least ``need[i][points]`` Weis of those points (J-5)."""

    def __init__(self, unknown: int, sizes: Sequence[int], allowed: Sequence[int],
                 fixed: Sequence[int], need: Sequence[dict[int, int]], four_low: bool) -> None:
        if unknown.bit_count() != sum(sizes) or min(sizes, default=0) < 0:
            raise NoWorld(f"{unknown.bit_count()} unknown cards for {sum(sizes)} places")
        if len(sizes) > 4:  # a summary packs 5 bits per hand below bit 20
            raise ValueError(f"WeisHands deals into at most 4 hands, not {len(sizes)}")
        self.sizes = tuple(sizes)
        self.declarers = [i for i, wanted in enumerate(need) if wanted]
        self.wanted = [tuple(sorted(need[i])) for i in self.declarers]
        self.counts = [tuple(need[i][p] for p in points)
                       for i, points in zip(self.declarers, self.wanted, strict=True)]
        # the ranks whose four would count and that the declarer may still hold in every suit
        self.fours = [sum(1 << rank for rank in range(9)
                          if _four_points(rank) in need[i]
                          and (four_low or Rank(rank) not in LOW_RANKS)
                          and all((fixed[i] | unknown & allowed[i]) >> (suit * 9 + rank) & 1
                                  for suit in range(4)))
                      for i in self.declarers]
        self.fixed = tuple(fixed)
        self.allowed = tuple(allowed)
        self.order = self.declarers + [i for i in range(len(sizes)) if i not in self.declarers]
        # a summary is one int: (declarer state's id) << 20 | 5 bits per hand of cards so far
        self.states: list[tuple[tuple[tuple[int, ...], int], ...]] = []
        self.state_ids: dict[tuple[tuple[tuple[int, ...], int], ...], int] = {}
        self.effect_ids: dict[tuple[tuple[tuple[int, ...], int], ...], int] = {}
        self.effects: list[tuple[tuple[tuple[int, ...], int], ...]] = []
        self.moves: dict[tuple[int, int], int] = {}
        self.target = sum(size << (5 * i) for i, size in enumerate(sizes))
        self.fits = {sum(n << (5 * i) for i, n in enumerate(counts))
                     for counts in itertools.product(*(range(size + 1) for size in sizes))}
        # groups[suit][effect id][cards per hand]: the ways to share the suit's hidden cards
        self.groups = [self._suit_groups(suit, unknown & SUIT_MASK[suit]) for suit in range(4)]
        start = self._state(tuple((tuple(0 for _ in points), four)
                                  for points, four in zip(self.wanted, self.fours, strict=True)))
        # reach: assignments of the suits so far reaching each summary; back[suit][summary]:
        # (ways, predecessor, effect id, cards per hand) of the last suit's share
        reach = {start << 20: 1}
        self.back: list[dict[int, list[tuple[int, int, int, int]]]] = []
        for suit in range(4):
            here: dict[int, int] = {}
            back: dict[int, list[tuple[int, int, int, int]]] = {}
            last = suit == 3
            for summary, ways in reach.items():
                held = summary & 0xFFFFF
                state = summary >> 20
                for effect, by_taken in self.groups[suit].items():
                    after_state = self._move(state, effect)
                    if last:
                        # the last suit must fill every hand exactly, and meet the Weis
                        members = by_taken.get(self.target - held)
                        if members is None or not self._meets(after_state):
                            continue
                        shares = [(self.target - held, members)]
                    else:
                        shares = list(by_taken.items())
                    base = after_state << 20
                    for taken, members in shares:
                        if held + taken not in self.fits:
                            continue
                        after = base | held + taken
                        weight = ways * len(members)
                        here[after] = here.get(after, 0) + weight
                        back.setdefault(after, []).append((weight, summary, effect, taken))
            reach = here
            self.back.append(back)
        self.ends = list(reach.items())
        self.total = sum(ways for _, ways in self.ends)
        self._cumulative: dict[tuple[int, int], tuple[list[int], int]] = {}

    def _state(self, state: tuple[tuple[tuple[int, ...], int], ...]) -> int:
        index = self.state_ids.get(state)
        if index is None:
            index = self.state_ids[state] = len(self.states)
            self.states.append(state)
        return index

    def _move(self, state: int, effect: int) -> int:
        """The declarers' state after a suit's share with this effect."""
        after = self.moves.get((state, effect))
        if after is None:
            out = []
            for (runs, ranks), (more, suit_ranks), cap in zip(
                    self.states[state], self.effects[effect], self.counts, strict=True):
                runs = tuple(min(c, a + b) for a, b, c in zip(runs, more, cap, strict=True))
                # runs enough on their own: the fours no longer matter (fewer summaries)
                out.append((runs, 0 if runs == cap else ranks & suit_ranks))
            after = self.moves[state, effect] = self._state(tuple(out))
        return after

    def _suit_groups(self, suit: int, cards: int) -> dict[int, dict[int, list[tuple[int, ...]]]]:
        """Every way to share the suit's hidden cards among the hands (each within its allowed
        cards and size), grouped by its effect on the declarers and the cards per hand."""
        groups: dict[int, dict[int, list[tuple[int, ...]]]] = {}
        shift = suit * 9
        hands = len(self.sizes)
        masks = [0] * hands
        effect: list[tuple[tuple[int, ...], int]] = []

        def share(position: int, rest: int) -> None:
            if position == hands:
                if rest:
                    return
                key = tuple(effect)
                index = self.effect_ids.get(key)
                if index is None:
                    index = self.effect_ids[key] = len(self.effects)
                    self.effects.append(key)
                taken = sum(mask.bit_count() << (5 * i) for i, mask in enumerate(masks))
                groups.setdefault(index, {}).setdefault(taken, []).append(tuple(masks))
                return
            hand = self.order[position]
            room = rest & self.allowed[hand]
            if position == hands - 1 and room != rest:
                return
            sub = room
            while True:  # every subset of room, the whole of it first
                if sub.bit_count() <= self.sizes[hand]:
                    masks[hand] = sub
                    if position < len(self.declarers):
                        bits = (self.fixed[hand] | sub) >> shift & 0x1FF
                        runs = _RUN_POINTS_IN_SUIT[bits]
                        effect.append((tuple(runs.count(p) for p in self.wanted[position]),
                                       bits & self.fours[position]))
                        share(position + 1, rest & ~sub)
                        effect.pop()
                    else:
                        share(position + 1, rest & ~sub)
                if not sub or position == hands - 1:
                    break
                sub = (sub - 1) & room
            masks[hand] = 0

        share(0, cards)
        return groups

    def _meets(self, state: int) -> bool:
        """Whether the declarers' hands hold the Weis they declared (J-5)."""
        for (runs, ranks), points, cap in zip(self.states[state], self.wanted, self.counts,
                                              strict=True):
            fours = [_four_points(rank) for rank in range(9) if ranks >> rank & 1]
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
        while pick >= self.ends[index][1]:
            pick -= self.ends[index][1]
            index += 1
        summary = self.ends[index][0]
        hands = [0] * len(self.sizes)
        for suit in range(3, -1, -1):
            options = self.back[suit][summary]
            sums, total = self._sums(suit, summary, options)
            _, summary, effect, taken = options[bisect.bisect_right(sums, rng.randrange(total))]
            members = self.groups[suit][effect][taken]
            for hand, mask in enumerate(members[rng.randrange(len(members))]):
                hands[hand] |= mask
        return hands

    def _sums(self, suit: int, summary: int,
              options: list[tuple[int, int, int, int]]) -> tuple[list[int], int]:
        cached = self._cumulative.get((suit, summary))
        if cached is None:
            sums = list(itertools.accumulate(option[0] for option in options))
            cached = self._cumulative[suit, summary] = (sums, sums[-1])
        return cached
