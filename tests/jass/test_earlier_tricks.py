"""The earlier tricks of a Jass position and the hands, drawn together (J-1): exact counts and
uniform samples, checked against enumerating every assignment."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from stich.core.cards import FULL_DECK, card_set, cards_in
from stich.core.sampling import NoWorld, Slot
from stich.jass.cards import POINTS, Contract
from stich.jass.earlier_tricks import EarlierTricks
from tests.jass.test_knowledge import chi_square_p

Case = tuple[int, list[Slot], int, tuple[int, ...], int]


def brute_force(case: Case) -> list[tuple[int, ...]]:
    """Every (pile, hands) with the pile's points right and each hand within its cards."""
    unknown, hands, size, points, target = case

    def deal(rest: int, index: int) -> list[tuple[int, ...]]:
        if index == len(hands):
            return [()]
        return [(card_set(cards), *more)
                for cards in itertools.combinations(cards_in(rest & hands[index].allowed),
                                                    hands[index].size)
                for more in deal(rest & ~card_set(cards), index + 1)]

    return [(card_set(pile), *dealt)
            for pile in itertools.combinations(cards_in(unknown), size)
            if sum(points[c] for c in pile) == target
            for dealt in deal(unknown & ~card_set(pile), 0)]


def random_case(seed: int) -> Case:
    rng = random.Random(seed)
    contract = rng.choice(list(Contract))
    points = POINTS[contract]
    cards = rng.sample(range(36), 9)
    unknown = card_set(cards)
    pile = card_set(cards[:3])
    hands = [card_set(cards[3 + 2 * i:5 + 2 * i]) for i in range(3)]
    # each hand barred from some cards it does not hold (voids and the like)
    slots = [Slot(2, unknown & ~(rng.getrandbits(36) & rng.getrandbits(36) & ~hand))
             for hand in hands]
    return unknown, slots, 3, points, sum(points[c] for c in cards_in(pile))


@pytest.mark.parametrize("seed", range(12))
def test_count_matches_enumeration(seed: int) -> None:
    case = random_case(seed)
    outcomes = brute_force(case)
    sampler = EarlierTricks(*case)
    assert sampler.total == len(outcomes) > 0
    rng = random.Random(seed)
    for _ in range(20):
        pile, hands = sampler.sample(rng)
        assert (pile, *hands) in outcomes


def test_samples_are_uniform() -> None:
    case = random_case(3)
    outcomes = brute_force(case)
    assert len(outcomes) > 20
    sampler = EarlierTricks(*case)
    rng = random.Random(1)
    n = 20_000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        pile, hands = sampler.sample(rng)
        seen[(pile, *hands)] += 1
    assert set(seen) <= set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001


def test_points_no_pile_can_make() -> None:
    unknown = card_set([0, 1, 2, 3])  # C6 C7 C8 C9 in Obenabe: 0, 0, 8, 0
    sampler = EarlierTricks(unknown, [Slot(2, FULL_DECK)], 2, POINTS[Contract.OBENABE], 5)
    with pytest.raises(NoWorld):
        sampler.sample(random.Random(1))
