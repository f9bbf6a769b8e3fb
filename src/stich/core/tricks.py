"""What every trick-taking game shares: card orders and who wins a trick.

A :class:`CardOrder` ranks the cards of each suit for one contract; precomputing, per card, the
mask of the cards of its suit that beat it turns "can he head this?" into one AND.
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.core.cards import SUIT_OF, Card, Rank, Suit


class CardOrder:
    """Trick strength of every card under one contract (higher beats lower within a suit)."""

    __slots__ = ("above", "strength")

    def __init__(self, low_to_high: Sequence[Rank], trump_low_to_high: Sequence[Rank] = ()):
        """Rank order for plain suits; a trump suit may have its own (as in Jass)."""
        self.strength: dict[Suit | None, tuple[int, ...]] = {}
        self.above: dict[Suit | None, tuple[int, ...]] = {}
        for trump in (None, *Suit):
            strength = [-1] * 36
            for suit in Suit:
                ranks = trump_low_to_high if suit == trump and trump_low_to_high else low_to_high
                for position, rank in enumerate(ranks):
                    strength[Card.of(suit, rank)] = position
            above = [0] * 36
            for card in range(36):
                if strength[card] < 0:
                    continue
                for other in range(36):
                    if SUIT_OF[other] == SUIT_OF[card] and strength[other] > strength[card]:
                        above[card] |= 1 << other
            self.strength[trump] = tuple(strength)
            self.above[trump] = tuple(above)


def trick_winner(cards: Sequence[int], trump: Suit | None, order: CardOrder) -> int:
    """Index (in play order) of the winning card: best trump, else best of the suit led."""
    strength = order.strength[trump]
    best = 0
    best_card = cards[0]
    for index in range(1, len(cards)):
        card = cards[index]
        if SUIT_OF[card] == SUIT_OF[best_card]:
            if strength[card] > strength[best_card]:
                best, best_card = index, card
        elif SUIT_OF[card] == trump:
            best, best_card = index, card
    return best
