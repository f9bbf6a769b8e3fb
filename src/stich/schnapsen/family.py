"""Rules shared by Schnapsen, Bauernschnapsen and Dreierschnapsen.

The 20-card deck and its card points (S-1), strict play (S-4, B-4), marriages (S-5, B-4) and
the 1/2/3 game-point table (S-9, B-4) are the same in all three games and live only here.
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.core.cards import (
    SUIT_MASK,
    SUIT_OF,
    Card,
    Rank,
    Suit,
    card_set,
    cards_in,
    ranks_mask,
)
from stich.core.game import Illegal
from stich.core.tricks import CardOrder, trick_winner

RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
"""Low to high: Unter, Ober, König, Zehner, Daus (S-1)."""
DECK = ranks_mask(RANKS)
NORMAL_ORDER = CardOrder(RANKS)
TEN_HIGH_ORDER = CardOrder((Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN))
"""Zehnergang, Assenbettler and Bauernloch: the Ace drops below the Jack (B-5)."""

_POINTS_BY_RANK = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
CARD_POINTS: tuple[int, ...] = tuple(_POINTS_BY_RANK.get(card.rank, 0) for card in Card)
TOTAL_CARD_POINTS = 120
WINNING_SCORE = 66


def points_of(mask: int) -> int:
    """Card points of a set of cards."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


MARRIAGE_MASKS: tuple[int, ...] = tuple(
    card_set((Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN))) for suit in Suit)


def marriage_cards(suit: Suit) -> int:
    """King and Queen of a suit as a mask."""
    return MARRIAGE_MASKS[suit]


def marriage_value(suit: Suit, trump: Suit | None) -> int:
    """40 in trumps, else 20 (S-5)."""
    return 40 if suit == trump else 20


_SUIT_MARRIAGES = tuple(zip(Suit, MARRIAGE_MASKS, strict=True))


def marriages_in(hand: int) -> list[Suit]:
    """The suits in which the hand holds King and Queen."""
    return [suit for suit, pair in _SUIT_MARRIAGES if hand & pair == pair]


def strict_follow(hand: int, trick: Sequence[int], trump: Suit | None, order: CardOrder,
                  must_overtrump: bool = True) -> int:
    """The cards a player may add to a trick under strict play (S-4; B-4 for longer tricks).

    Head the best card of the trick in the suit led if possible, else follow suit, else trump
    (over-trumping a trump already in the trick if possible and required), else any card.
    """
    lead_suit = SUIT_OF[trick[0]]
    best = trick[trick_winner(trick, trump, order)]
    in_suit = hand & SUIT_MASK[lead_suit]
    if in_suit:
        if SUIT_OF[best] == lead_suit:
            higher = in_suit & order.above[trump][best]
            if higher:
                return higher
        return in_suit
    if trump is not None:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if must_overtrump and SUIT_OF[best] == trump:
                higher = trumps & order.above[trump][best]
                if higher:
                    return higher
            return trumps
    return hand


STRENGTH: tuple[int, ...] = NORMAL_ORDER.strength[None]
"""Trick strength of each card within its suit (the same order in every suit, S-1)."""
KINGS = ranks_mask((Rank.KING,))


def follow_lead(hand: int, lead: int, trump: Suit) -> int:
    """:func:`strict_follow` for a trick of one card led (S-4 for two players): a higher card
    of the suit led, else one of the suit, else a trump, else any card."""
    in_suit = hand & SUIT_MASK[SUIT_OF[lead]]
    if in_suit:
        return in_suit & NORMAL_ORDER.above[trump][lead] or in_suit
    return hand & SUIT_MASK[trump] or hand


def explain_follow(rule: str, hand: int, trick: Sequence[int], trump: Suit | None,
                   order: CardOrder, must_overtrump: bool = True) -> Illegal:
    """Why a card outside :func:`strict_follow`'s set is illegal, naming the allowed cards
    (as values, so a front end names them in its deck)."""
    allowed = tuple(cards_in(strict_follow(hand, trick, trump, order, must_overtrump)))
    lead_suit = Suit(SUIT_OF[trick[0]])
    best = Card(trick[trick_winner(trick, trump, order)])
    above = order.above[trump][best]
    within = card_set(allowed) & above == card_set(allowed)
    if hand & SUIT_MASK[lead_suit]:
        if SUIT_OF[best] == lead_suit and within:
            return Illegal.naming(rule, "you must head {} with a higher card of the suit: {}",
                                  best, allowed)
        return Illegal.naming(rule, "you must follow suit ({}): {}", lead_suit, allowed)
    if SUIT_OF[best] == trump and within:
        return Illegal.naming(rule, "you are void in {} and must over-trump {}: {}",
                              lead_suit, best, allowed)
    return Illegal.naming(rule, "you are void in {} and must play a trump: {}", lead_suit, allowed)


def game_points_by_loser(loser_points: int, loser_tricks: int) -> int:
    """1 if the losers have 33 or more, 2 if fewer but a trick, 3 without a trick (S-9, B-4)."""
    if loser_points >= 33:
        return 1
    return 2 if loser_tricks else 3
