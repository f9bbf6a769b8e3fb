"""Seeded shuffling: the only source of randomness in dealing. Same seed, same deal."""

from __future__ import annotations

import functools
import hashlib
import random
import secrets

from stich.cards import Card, cards_in


@functools.cache
def _deck_cards(deck: int) -> tuple[Card, ...]:
    return tuple(cards_in(deck))


def shuffled(deck: int, seed: int) -> list[Card]:
    """The cards of a deck mask in the order a seeded shuffle gives."""
    cards = list(_deck_cards(deck))
    random.Random(seed).shuffle(cards)
    return cards


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for a part of a whole (deal 7 of a match), stable across runs and versions."""
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def fresh_seed() -> int:
    """A new seed for when the user gives none; it is recorded, so the game stays replayable."""
    return secrets.randbits(63)
