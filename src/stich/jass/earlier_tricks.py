"""The tricks before a position's last one, and the hands, drawn together (J-1).

A Jass position after trick 1 shows the last trick and the card points each team has won, not
the cards of the tricks before it: those lie in a *pile* no seat can attribute, whose card
points must make the points the position states (minus the last trick's). The other cards lie
in the hands, each with its own allowed cards (J-4 voids and the like).

:class:`EarlierTricks` draws (pile, hands) uniformly among all such assignments, exactly and
without rejection. A hand's count depends on the rest only through how many cards of each
*type* (the set of hands that may hold the card) remain, so the pile is chosen by dynamic
programming over groups of cards of equal type and equal points: the state is (cards in the
pile, their points, the cards of each type left for the hands); each final state is weighted
by its number of pile choices times the hands' count
(:func:`stich.core.sampling.count_assignments`), a sample walks back choosing how many of each
group go to the pile, which cards (uniformly), and then deals the rest into the hands with
:func:`stich.core.sampling.sample_assignment` (uniform given the pile).
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from math import comb

from stich.core.cards import cards_in
from stich.core.sampling import NoWorld, Slot, count_assignments, sample_assignment

State = tuple[int, int, tuple[int, ...]]
"""(cards in the pile, their points, per type the cards left for the hands so far)."""

MAX_STATES = 200_000
"""Above this many states the table is not built (TooMany): the caller samples otherwise."""


class TooMany(Exception):
    """The dynamic programme would be too large for this position."""


class EarlierTricks:
    """``size`` cards of ``unknown`` with ``target`` points (``points[card]``) in the pile, the
    rest in ``hands`` (sizes and allowed cards)."""

    def __init__(self, unknown: int, hands: Sequence[Slot], size: int,
                 points: Sequence[int], target: int) -> None:
        self.unknown, self.hands = unknown, list(hands)
        room = sum(slot.size for slot in hands)
        if unknown.bit_count() != size + room:
            raise NoWorld(f"{unknown.bit_count()} unknown cards for {size + room} places")
        kinds: dict[int, int] = {}
        groups: dict[tuple[int, int], list[int]] = {}
        for card in cards_in(unknown):
            key = 0
            for index, slot in enumerate(hands):
                if slot.allowed >> card & 1:
                    key |= 1 << index
            kind = kinds.setdefault(key, len(kinds))
            groups.setdefault((kind, points[card]), []).append(int(card))
        self.groups = [(kind, value, cards) for (kind, value), cards in groups.items()]
        self.kind_cards: list[list[int]] = [[] for _ in kinds]
        for kind, _, cards in self.groups:
            self.kind_cards[kind].extend(cards)
        start: State = (0, 0, tuple(0 for _ in kinds))
        layer: dict[State, int] = {start: 1}
        self.back: list[dict[State, list[tuple[int, State, int]]]] = []
        states = 0
        for kind, value, cards in self.groups:
            n = len(cards)
            here: dict[State, int] = {}
            back: dict[State, list[tuple[int, State, int]]] = {}
            for state, ways in layer.items():
                taken, total, left = state
                kept = sum(left)
                for to_pile in range(n + 1):
                    if taken + to_pile > size or total + to_pile * value > target:
                        break
                    if kept + n - to_pile > room:
                        continue
                    rest = list(left)
                    rest[kind] += n - to_pile
                    after = (taken + to_pile, total + to_pile * value, tuple(rest))
                    weight = ways * comb(n, to_pile)
                    here[after] = here.get(after, 0) + weight
                    back.setdefault(after, []).append((weight, state, to_pile))
            states += len(here)
            if states > MAX_STATES:
                raise TooMany(f"more than {MAX_STATES} states")
            layer = here
            self.back.append(back)
        self.ends: list[tuple[int, State]] = []
        counted: dict[tuple[int, ...], int] = {}
        for state, ways in layer.items():
            if state[0] != size or state[1] != target:
                continue
            left = state[2]
            if left not in counted:
                mask = 0
                for kind, count in enumerate(left):
                    for spare in self.kind_cards[kind][:count]:
                        mask |= 1 << spare
                counted[left] = count_assignments(mask, self.hands)
            if counted[left]:
                self.ends.append((ways * counted[left], state))
        self.sums = list(itertools.accumulate(weight for weight, _ in self.ends))
        self.total = self.sums[-1] if self.sums else 0
        self._cumulative: dict[tuple[int, State], list[int]] = {}

    def sample(self, rng: random.Random) -> tuple[int, list[int]]:
        """(the pile, one mask per hand), uniformly; NoWorld if there is none."""
        if not self.total:
            raise NoWorld("no earlier tricks make the points the position states")
        state = self.ends[bisect.bisect_right(self.sums, rng.randrange(self.total))][1]
        pile = 0
        for index in range(len(self.groups) - 1, -1, -1):
            options = self.back[index][state]
            sums = self._cumulative.get((index, state))
            if sums is None:
                sums = self._cumulative[index, state] = list(
                    itertools.accumulate(option[0] for option in options))
            _, state, to_pile = options[bisect.bisect_right(sums, rng.randrange(sums[-1]))]
            for card in rng.sample(self.groups[index][2], to_pile):
                pile |= 1 << card
        return pile, sample_assignment(self.unknown & ~pile, self.hands, rng)
