"""The uniform constrained sampler behind every game's sample_world."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.core.sampling import (
    NoWorld,
    Slot,
    _Counter,
    count_assignments,
    sample_alternatives,
    sample_assignment,
)


def brute_force(unknown: int, slots: list[Slot]) -> list[tuple[int, ...]]:
    """Every assignment, by enumeration (independent of the sampler's counting)."""
    cards = [c for c in range(36) if unknown >> c & 1]
    out = []
    for perm in itertools.permutations(cards):
        masks, start = [], 0
        for slot in slots:
            mask = sum(1 << c for c in perm[start:start + slot.size])
            masks.append(mask)
            start += slot.size
        if all(m & ~s.allowed == 0 for m, s in zip(masks, slots, strict=True)):
            out.append(tuple(masks))
    return sorted(set(out))


def chi_square_p(observed: Counter[tuple[int, ...]], outcomes: list[tuple[int, ...]],
                 n: int) -> float:
    """p-value of Pearson's chi-square against the uniform distribution (Wilson-Hilferty)."""
    expected = n / len(outcomes)
    stat = sum((observed.get(o, 0) - expected) ** 2 / expected for o in outcomes)
    k = len(outcomes) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / (2 / (9 * k)) ** 0.5
    from math import erfc, sqrt
    return 0.5 * erfc(z / sqrt(2))


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 7), st.data())
def test_count_matches_enumeration(n: int, data: st.DataObject) -> None:
    unknown = sum(1 << c for c in range(n))
    sizes = data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=4))
    if sum(sizes) > n:
        return
    sizes[-1] += n - sum(sizes)
    slots = [Slot(size, data.draw(st.integers(0, (1 << n) - 1))) for size in sizes]
    assert count_assignments(unknown, slots) == len(brute_force(unknown, slots))
    assert _Counter(unknown, slots).total() == len(brute_force(unknown, slots))


def test_uniform_with_tight_constraints() -> None:
    """Constraints tight enough that the counting path is used; 20,000 samples match exact
    enumeration (chi-square, p > 0.001)."""
    unknown = 0b1111111
    slots = [Slot(3, 0b0011111), Slot(2, 0b1110001), Slot(2, 0b1101110)]
    outcomes = brute_force(unknown, slots)
    assert 1 < len(outcomes) < 60
    rng = random.Random(5)
    n = 20_000
    seen = Counter(tuple(_Counter(unknown, slots).sample(rng)) for _ in range(n))
    assert set(seen) <= set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001
    seen = Counter(tuple(sample_assignment(unknown, slots, rng)) for _ in range(n))
    assert chi_square_p(seen, outcomes, n) > 0.001


def test_no_assignment() -> None:
    with pytest.raises(NoWorld):
        sample_assignment(0b111, [Slot(2, 0b001), Slot(1, 0b111)], random.Random(1))
    assert count_assignments(0b111, [Slot(2, 0b011), Slot(2, 0b111)]) == 0


def test_unconstrained_count_is_multinomial() -> None:
    unknown = (1 << 20) - 1
    slots = [Slot(5, unknown), Slot(9, unknown), Slot(6, unknown)]
    assert count_assignments(unknown, slots) == comb(20, 5) * comb(15, 9)


def test_overlapping_alternatives_are_uniform_over_deals() -> None:
    """Seat 0 is known to hold card 0 or card 1 (it showed one of them by points alone):
    deals holding both must not count twice."""
    full = 0b1111
    alternatives = [(full & ~0b01, [Slot(1, full), Slot(2, full)]),  # card 0 fixed to seat 0
                    (full & ~0b10, [Slot(1, full), Slot(2, full)])]  # card 1 fixed to seat 0
    fixed = [0b01, 0b10]

    def hands(index: int, masks: list[int]) -> tuple[int, int]:
        return (masks[0] | fixed[index], masks[1])

    def multiplicity(index: int, masks: list[int]) -> int:
        seat0 = hands(index, masks)[0]
        return sum(1 for f in fixed if seat0 & f)

    rng = random.Random(3)
    n = 20_000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        index, masks = sample_alternatives(alternatives, rng, multiplicity)
        seen[hands(index, masks)] += 1
    outcomes = sorted({(h0, full & ~h0) for h0 in (0b0011, 0b0101, 0b1001, 0b0110, 0b1010)})
    assert set(seen) == set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001
