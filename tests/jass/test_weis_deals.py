"""Hands drawn to hold the Weis heard by points (J-5): exact counts and uniform samples, checked
against enumerating every assignment."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from stich.core.cards import FULL_DECK, card_set, cards_in
from stich.core.sampling import NoWorld
from stich.jass.weis import held_weis, weis_points
from stich.jass.weis_deals import WeisHands
from tests.jass.test_knowledge import chi_square_p

Case = tuple[int, list[int], list[int], list[int], list[dict[int, int]], bool]


def holds(hand: int, need: dict[int, int], four_low: bool) -> bool:
    points = [weis_points(w) for w in held_weis(hand, four_low)]
    return all(points.count(p) >= n for p, n in need.items())


def brute_force(case: Case) -> list[tuple[int, ...]]:
    unknown, sizes, allowed, fixed, need, four_low = case
    cards = list(cards_in(unknown))
    out = []
    for pick in itertools.product(range(len(sizes)), repeat=len(cards)):
        hands = [0] * len(sizes)
        for card, hand in zip(cards, pick, strict=True):
            hands[hand] |= 1 << card
        if all(h.bit_count() == size and not h & ~a and holds(h | f, n, four_low)
               for h, size, a, f, n in zip(hands, sizes, allowed, fixed, need, strict=True)):
            out.append(tuple(hands))
    return out


def random_case(seed: int) -> Case:
    """Three hands of a deal, each given a random run and four of a kind often, eight of their
    cards hidden, some cards excluded from hands that did not hold them, and some of the Weis
    the hands really hold required."""
    rng = random.Random(seed)
    free = FULL_DECK
    hands = []
    for _ in range(3):
        hand = 0
        if rng.random() < 0.7:
            length = rng.randrange(3, 7)
            run = ((1 << length) - 1) << (rng.randrange(4) * 9 + rng.randrange(10 - length))
            hand |= run & free
        if rng.random() < 0.4:
            rank = rng.randrange(9)
            four = card_set([suit * 9 + rank for suit in range(4)])
            if (hand | four).bit_count() <= 9:
                hand |= four & free
        hand |= card_set(rng.sample(list(cards_in(free & ~hand)), 9 - hand.bit_count()))
        free &= ~hand
        hands.append(hand)
    four_low = rng.random() < 0.5
    hidden = card_set(rng.sample([c for h in hands for c in cards_in(h)], 8))
    sizes = [(h & hidden).bit_count() for h in hands]
    allowed = [hidden & ~(rng.getrandbits(36) & rng.getrandbits(36) & ~h) for h in hands]
    fixed = [h & ~hidden for h in hands]
    need = []
    for h in hands:
        points = [weis_points(w) for w in held_weis(h, four_low)]
        chosen = rng.sample(points, rng.randrange(len(points) + 1)) if points else []
        need.append(dict(Counter(chosen)))
    return hidden, sizes, allowed, fixed, need, four_low


def weis_rich_case(seed: int) -> Case:
    """Hand 0 holds four Kings and a run of five, hand 1 two runs of three in one suit with a
    gap: the requirements that were once modelled wrongly (J-5)."""
    rng = random.Random(seed)
    kings = card_set([7, 16, 25, 34])
    run_of_five = card_set([18, 19, 20, 21, 22])
    two_runs = card_set([0, 1, 2, 4, 5, 6])
    rest = [c for c in range(36) if not (1 << c) & (kings | run_of_five | two_runs | 1 << 3)]
    rng.shuffle(rest)
    hands = [kings | run_of_five, two_runs | card_set(rest[:3]), card_set([3, *rest[3:11]])]
    hidden = card_set(rng.sample([c for h in hands for c in cards_in(h)], 8))
    sizes = [(h & hidden).bit_count() for h in hands]
    return (hidden, sizes, [hidden] * 3, [h & ~hidden for h in hands],
            [{100: 2}, {20: 2}, {}], False)


@pytest.mark.parametrize("seed", range(40))
def test_count_matches_enumeration(seed: int) -> None:
    case = random_case(seed) if seed % 4 else weis_rich_case(seed)
    assert WeisHands(*case).total == len(brute_force(case)) > 0


def test_samples_are_uniform() -> None:
    case = weis_rich_case(0)
    outcomes = brute_force(case)
    assert len(outcomes) > 1
    sampler = WeisHands(*case)
    rng = random.Random(3)
    n = 20_000
    seen = Counter(tuple(sampler.sample(rng)) for _ in range(n))
    assert set(seen) <= set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001


def test_no_hand_holds_the_weis() -> None:
    # J-5: two runs of three need six cards of one seat's hand at least
    hidden = card_set([0, 1, 2, 3])
    sampler = WeisHands(hidden, [2, 2, 0], [FULL_DECK] * 3, [0, 0, 0], [{20: 2}, {}, {}], True)
    assert sampler.total == 0
    with pytest.raises(NoWorld):
        sampler.sample(random.Random(1))
