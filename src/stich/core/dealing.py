"""Seeded shuffling: the only source of randomness in dealing. Same seed, same deal."""

from __future__ import annotations

import functools
import hashlib
import random
import secrets
from collections.abc import Iterator, Sequence

from stich.core.cards import Card, card_set, cards_in


@functools.cache
def _deck_cards(deck: int) -> tuple[Card, ...]:
    return tuple(cards_in(deck))


def shuffled(deck: int, seed: int) -> list[Card]:
    """The cards of a deck mask in the order a seeded shuffle gives: exactly
    ``random.Random(seed).shuffle`` (Fisher-Yates drawing each index by rejection from
    ``getrandbits``), unrolled because every deal of every game starts here."""
    cards = list(_deck_cards(deck))
    getrandbits = random.Random(seed).getrandbits
    for i, n, k in _SWAPS[len(cards)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class _Swaps(dict[int, tuple[tuple[int, int, int], ...]]):
    """For a deck of n cards, the shuffle's steps: position i, draw below i + 1, bits."""

    def __missing__(self, size: int) -> tuple[tuple[int, int, int], ...]:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
        self[size] = steps
        return steps


_SWAPS = _Swaps()


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for a part of a whole (deal 7 of a match), stable across runs and versions."""
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def fresh_seed() -> int:
    """A new seed for when the user gives none; it is recorded, so the game stays replayable."""
    return secrets.randbits(63)


def check_deal(hands: Sequence[Sequence[Card]], rest: Sequence[Card], *, seats: int,
               hand_size: int, rest_size: int, deck: int, dealer: int, rule: str) -> None:
    """A deal is the deck's cards once each: ``seats`` hands of ``hand_size`` and ``rest_size``
    other cards (talon, trump card); ValueError says what is wrong, citing ``rule``."""
    if not 0 <= dealer < seats:
        raise ValueError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer}")
    if len(hands) != seats or any(len(hand) != hand_size for hand in hands):
        raise ValueError(f"each of the {seats} hands must hold {hand_size} cards ({rule})")
    if len(rest) != rest_size:
        raise ValueError(f"the talon must hold {rest_size} cards, not {len(rest)} ({rule})")
    cards = [card for hand in hands for card in hand] + list(rest)
    if card_set(cards) == deck:  # the usual case: as many cards as the deck, so each once
        return
    outside = [card.name for card in cards if not deck >> card & 1]
    if outside:
        raise ValueError(f"not in the {deck.bit_count()}-card deck: {', '.join(outside)}")
    seen: set[Card] = set()
    twice: set[str] = set()
    for card in cards:
        if card in seen:
            twice.add(card.name)
        seen.add(card)
    doubled = sorted(twice)
    raise ValueError(f"dealt twice: {', '.join(doubled)}")


MASK64 = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 from a seed: the random numbers of the conformance corpus's playouts
    (tests/conformance/README.md) and of the search kernel's, simple to port to any language."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)
