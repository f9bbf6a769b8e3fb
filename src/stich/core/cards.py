"""Cards, suits, ranks and card sets as integer bitmasks (notation.md, "Cards").

Every game uses the same 36 card identities; Schnapsen games use the 20 cards from Jack to Ace.
A card's integer value is ``suit * 9 + rank`` with ranks in natural order (6 lowest, Ace
highest), so the bitmask of a suit is nine consecutive bits and a Jass sequence is a run of
consecutive bits.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum


class Suit(IntEnum):
    """The four suits, named by their French letters (notation.md)."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """Ranks in natural order; each game defines its own trick order and card points."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]

    def __str__(self) -> str:
        return self.letter


SUIT_LETTERS = "CDHS"
RANK_LETTERS = "6789TJQKA"
SUIT_SYMBOLS = {"♣": Suit.C, "♦": Suit.D, "♥": Suit.H, "♠": Suit.S}
SYMBOL_OF_SUIT = {suit: symbol for symbol, suit in SUIT_SYMBOLS.items()}


class Card(IntEnum):
    """One card; ``str(card)`` is its two-letter code such as ``HA``."""

    C6 = 0
    C7 = 1
    C8 = 2
    C9 = 3
    CT = 4
    CJ = 5
    CQ = 6
    CK = 7
    CA = 8
    D6 = 9
    D7 = 10
    D8 = 11
    D9 = 12
    DT = 13
    DJ = 14
    DQ = 15
    DK = 16
    DA = 17
    H6 = 18
    H7 = 19
    H8 = 20
    H9 = 21
    HT = 22
    HJ = 23
    HQ = 24
    HK = 25
    HA = 26
    S6 = 27
    S7 = 28
    S8 = 29
    S9 = 30
    ST = 31
    SJ = 32
    SQ = 33
    SK = 34
    SA = 35

    @property
    def suit(self) -> Suit:
        return SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return RANK_OF[self]

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def code(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        return cls(suit * 9 + rank)


ALL_CARDS: tuple[Card, ...] = tuple(Card)
SUIT_OF: tuple[Suit, ...] = tuple(Suit(c // 9) for c in range(36))
RANK_OF: tuple[Rank, ...] = tuple(Rank(c % 9) for c in range(36))
SUIT_MASK: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
FULL_DECK = (1 << 36) - 1


def card_set(cards: Iterable[Card | int]) -> int:
    """The bitmask holding the given cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, lowest first (clubs 6 to spades Ace)."""
    while mask:
        low = mask & -mask
        yield ALL_CARDS[low.bit_length() - 1]
        mask ^= low


def ranks_mask(ranks: Iterable[Rank]) -> int:
    """The bitmask of the given ranks in all four suits (a game's deck)."""
    return card_set(Card.of(suit, rank) for suit in Suit for rank in ranks)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated codes, the notation used in actions and records."""
    return " ".join(card.name for card in cards)
