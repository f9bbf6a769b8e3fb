"""Sampling worlds consistent with an information state, uniformly.

A game turns an info state into a *proposal*: the cards the seat cannot place (``unknown``)
and the places they may go (:class:`Slot`: another seat's hand as it was since some moment,
a stock position, a discard), each slot with the cards the rules still allow there (not a
suit the seat was proven void in, no card higher than one it failed to head with ...).
:func:`sample_assignment` then draws one assignment uniformly among all that respect the
slots: first by rejection from a plain shuffle (exact, and fast while constraints are loose),
then, if that keeps failing, by exact counting (dynamic programming over card *types*, the
set of slots a card may go to) and sequential choice with the counts as weights.

Constraints that are not per-slot (a Weis called by its points is one of several card sets)
are alternatives: :func:`sample_alternatives` weights each by its number of completions and,
where one deal satisfies several alternatives, accepts it with probability 1/m so that deals,
not (deal, alternative) pairs, are uniform.

The game builds a whole deal from the assignment and replays the seat's history through the
rules (``Game._propose_world``, ``stich.core.worlds.replay``). ``Game.sample_world`` accepts it
only if the replayed world gives exactly the same info state; rejecting keeps the distribution
uniform, so a proposal that is a relaxation of the true constraints still samples exactly.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from math import comb

from stich.core.cards import cards_in

MAX_TRIES = 2000
"""Proposals tried before giving up (a bug: a correct proposal is almost always accepted)."""

REJECTION_TRIES = 24
"""Plain shuffles tried before counting exactly."""


class NoWorld(ValueError):
    """No deal is consistent with the information state (or the proposal is wrong)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Slot:
    """A place for ``size`` unknown cards, each of which must be in ``allowed``."""

    size: int
    allowed: int


def sample_assignment(unknown: int, slots: Sequence[Slot], rng: random.Random) -> list[int]:
    """One card mask per slot: every unknown card placed once, sizes met, each card allowed
    where it goes; uniform among all such assignments. NoWorld if there is none."""
    cards = list(cards_in(unknown))
    if len(cards) != sum(slot.size for slot in slots):
        raise NoWorld(f"{len(cards)} unknown cards for {sum(s.size for s in slots)} places")
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        masks, start, fits = [], 0, True
        for slot in slots:
            mask = 0
            for card in cards[start:start + slot.size]:
                mask |= 1 << card
            if mask & ~slot.allowed:
                fits = False
                break
            masks.append(mask)
            start += slot.size
        if fits:
            return masks
    return _Counter(unknown, slots).sample(rng)


def count_assignments(unknown: int, slots: Sequence[Slot]) -> int:
    """How many assignments :func:`sample_assignment` chooses among."""
    if unknown.bit_count() != sum(slot.size for slot in slots):
        return 0
    return _Counter(unknown, slots).total()


def sample_alternatives(alternatives: Sequence[tuple[int, Sequence[Slot]]],
                        rng: random.Random,
                        multiplicity: Callable[[int, list[int]], int] | None = None,
                        ) -> tuple[int, list[int]]:
    """Choose an alternative (its unknown cards and slots) with weight = its number of
    assignments, and an assignment in it. ``multiplicity(index, masks)`` says how many
    alternatives that deal satisfies; the deal is kept with probability 1/m, so deals are
    uniform even where alternatives overlap. Returns (index, masks)."""
    weights = [count_assignments(unknown, slots) for unknown, slots in alternatives]
    total = sum(weights)
    if not total:
        raise NoWorld("no alternative has a consistent deal")
    for _ in range(MAX_TRIES):
        pick = rng.randrange(total)
        index = 0
        while pick >= weights[index]:
            pick -= weights[index]
            index += 1
        unknown, slots = alternatives[index]
        masks = _Counter(unknown, slots).sample(rng)
        m = multiplicity(index, masks) if multiplicity else 1
        if m <= 1 or rng.randrange(m) == 0:
            return index, masks
    raise NoWorld("alternatives overlap too much to sample")


class _Counter:
    """Exact counting over card types (the set of slots a card may go to)."""

    def __init__(self, unknown: int, slots: Sequence[Slot]) -> None:
        self.slots = list(slots)
        groups: dict[int, list[int]] = {}
        for card in cards_in(unknown):
            key = 0
            for index, slot in enumerate(self.slots):
                if slot.allowed >> card & 1:
                    key |= 1 << index
            groups.setdefault(key, []).append(int(card))
        self.types = list(groups)
        self.cards = [groups[key] for key in self.types]
        self.last = [key.bit_length() - 1 for key in self.types]  # the last slot a type fits
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def total(self) -> int:
        return self._count(0, tuple(len(group) for group in self.cards))

    def _choices(self, index: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to fill slot ``index`` from the types' remaining counts."""
        size = self.slots[index].size
        bit = 1 << index
        fits = [t for t, key in enumerate(self.types) if key & bit and left[t]]
        forced = [t for t in fits if self.last[t] == index]
        need = size - sum(left[t] for t in forced)
        if need < 0:
            return []
        free = [t for t in fits if self.last[t] != index]
        out: list[tuple[int, ...]] = []
        take = list(0 for _ in left)
        for t in forced:
            take[t] = left[t]

        def fill(position: int, remaining: int) -> None:
            if position == len(free):
                if remaining == 0:
                    out.append(tuple(take))
                return
            t = free[position]
            for n in range(min(left[t], remaining) + 1):
                take[t] = n
                fill(position + 1, remaining - n)
            take[t] = 0

        fill(0, need)
        return out

    def _count(self, index: int, left: tuple[int, ...]) -> int:
        if index == len(self.slots):
            return 1 if not any(left) else 0
        # a type whose last slot is behind us can no longer be placed
        if any(n and self.last[t] < index for t, n in enumerate(left)):
            return 0
        key = (index, left)
        if key in self.memo:
            return self.memo[key]
        total = 0
        for take in self._choices(index, left):
            ways = 1
            for n, k in zip(left, take, strict=True):
                if k:
                    ways *= comb(n, k)
            total += ways * self._count(index + 1, tuple(a - b for a, b in zip(left, take,
                                                                                 strict=True)))
        self.memo[key] = total
        return total

    def sample(self, rng: random.Random) -> list[int]:
        left = tuple(len(group) for group in self.cards)
        if not self._count(0, left):
            raise NoWorld("no deal fits what the seat knows")
        pools = [list(group) for group in self.cards]
        masks: list[int] = []
        for index in range(len(self.slots)):
            options = []
            for take in self._choices(index, left):
                rest = tuple(a - b for a, b in zip(left, take, strict=True))
                ways = self._count(index + 1, rest)
                if ways:
                    for n, k in zip(left, take, strict=True):
                        if k:
                            ways *= comb(n, k)
                    options.append((ways, take, rest))
            pick = rng.randrange(sum(ways for ways, _, _ in options))
            chosen_option = 0
            while pick >= options[chosen_option][0]:
                pick -= options[chosen_option][0]
                chosen_option += 1
            _, take, rest = options[chosen_option]
            mask = 0
            for t, k in enumerate(take):
                if k:
                    chosen = rng.sample(pools[t], k)
                    for card in chosen:
                        mask |= 1 << card
                        pools[t].remove(card)
            masks.append(mask)
            left = rest
        return masks
