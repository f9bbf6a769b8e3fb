"""Schieber Jass cards: contracts, trick orders, card points and the duty to follow (J-1, J-4).

Everything here is a pure function of card bitmasks and a :class:`Contract`, shared by the game
engine, the bots and the terminal view.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from stich.core.cards import FULL_DECK, SUIT_MASK, SUIT_OF, Card, Rank, Suit, cards_in
from stich.core.game import Illegal
from stich.core.tricks import CardOrder, trick_winner

DECK = FULL_DECK
"""All 36 cards, 6 to Ace in four suits (J-1)."""
HAND_SIZE = 9
TRICKS = 9
LAST_TRICK_BONUS = 5
TOTAL_POINTS = 157
"""152 card points plus 5 for the last trick, in every contract (J-1)."""

_NATURAL = tuple(Rank)
_TRUMP_LOW_TO_HIGH = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN, Rank.QUEEN, Rank.KING,
                      Rank.ACE, Rank.NINE, Rank.JACK)
"""J-1: trump order, high to low J 9 A K Q T 8 7 6."""


class Contract(IntEnum):
    """What forehand (or his partner) chose: a trump suit, Obenabe or Undenufe (J-3)."""

    C = 0
    D = 1
    H = 2
    S = 3
    OBENABE = 4
    UNDENUFE = 5

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None for Obenabe and Undenufe."""
        return Suit(self.value) if self.value < 4 else None

    @property
    def word(self) -> str:
        """The argument of the ``trump`` action: ``H``, ``obenabe``, ``undenufe``."""
        return self.name if self.value < 4 else self.name.lower()

    @classmethod
    def from_word(cls, word: str) -> Contract:
        """The contract named by a ``trump`` argument; ValueError if it names none."""
        key = word.upper()
        if key not in cls.__members__:
            raise ValueError(f"{word!r} is not a contract (a suit C D H S, obenabe or undenufe)")
        return cls[key]

    def __str__(self) -> str:
        return self.word


# Orders: the trump suit ranks J 9 A K Q T 8 7 6; Obenabe and plain suits A..6; Undenufe 6..A.
TRUMP_ORDER = CardOrder(_NATURAL, _TRUMP_LOW_TO_HIGH)
UNDENUFE_ORDER = CardOrder(tuple(reversed(_NATURAL)))
ORDER: dict[Contract, CardOrder] = {
    contract: UNDENUFE_ORDER if contract is Contract.UNDENUFE else TRUMP_ORDER
    for contract in Contract
}

# Plain tables indexed by contract and card, for the hot paths (no enum work per move).
_SUIT: tuple[int, ...] = tuple(card // 9 for card in range(36))
_TRUMP: tuple[int, ...] = tuple(c.value if c.value < 4 else -1 for c in Contract)
_STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    ORDER[c].strength[c.trump] for c in Contract)
_STRONGER: tuple[tuple[int, ...], ...] = tuple(ORDER[c].above[c.trump] for c in Contract)
_BUUR_BIT: tuple[int, ...] = tuple(
    1 << Card.of(Suit(t), Rank.JACK) if t >= 0 else 0 for t in _TRUMP)
STOECK_PAIR: tuple[int, ...] = tuple(
    (1 << Card.of(Suit(t), Rank.KING)) | (1 << Card.of(Suit(t), Rank.QUEEN)) if t >= 0 else 0
    for t in _TRUMP)
"""King and Queen of trump per contract (J-6); 0 without a trump."""


def strength(contract: Contract) -> tuple[int, ...]:
    """Per card, its trick strength within its suit under the contract (higher beats lower)."""
    return _STRENGTH[contract]


def stronger(contract: Contract, card: Card | int) -> int:
    """The cards of ``card``'s suit that beat it under the contract, as a mask."""
    return _STRONGER[contract][card]


def _points_table(contract: Contract) -> tuple[int, ...]:
    """J-1's point table for one contract."""
    plain = {Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 10}
    if contract is Contract.OBENABE:
        plain[Rank.EIGHT] = 8
    elif contract is Contract.UNDENUFE:
        plain.update({Rank.SIX: 11, Rank.EIGHT: 8, Rank.ACE: 0})
    trump = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3,
             Rank.TEN: 10}
    return tuple(
        (trump if card.suit == contract.trump else plain).get(card.rank, 0) for card in Card
    )


POINTS: tuple[tuple[int, ...], ...] = tuple(_points_table(c) for c in Contract)
"""``POINTS[contract][card]``: the card's points under the contract (J-1)."""


def points_of(mask: int, contract: Contract) -> int:
    """Card points of a set of cards under the contract."""
    table = POINTS[contract]
    return sum(table[card] for card in cards_in(mask))


_TRUMP_SUIT: tuple[Suit | None, ...] = tuple(c.trump for c in Contract)
_ORDERS: tuple[CardOrder, ...] = tuple(ORDER[c] for c in Contract)


def winner_index(trick: Sequence[int], contract: Contract) -> int:
    """Index in play order of the card that takes the trick (J-4, last paragraph)."""
    return trick_winner(trick, _TRUMP_SUIT[contract], _ORDERS[contract])


def _best_trump(trick: Sequence[int], contract: Contract) -> int | None:
    """The highest trump in the trick, if any."""
    trump, strength = _TRUMP[contract], _STRENGTH[contract]
    best = None
    for card in trick:
        if _SUIT[card] == trump and (best is None or strength[card] > strength[best]):
            best = card
    return best


def playable(hand: int, trick: Sequence[int], contract: Contract) -> int:
    """The cards of ``hand`` that may go to ``trick`` (cards so far, in play order): J-4."""
    if not trick:
        return hand
    lead = _SUIT[trick[0]]
    in_suit = hand & SUIT_MASK[lead]
    trump = _TRUMP[contract]
    if trump < 0:  # Obenabe, Undenufe: follow suit if possible
        return in_suit or hand
    trumps = hand & SUIT_MASK[trump]
    if lead == trump:  # J-4 2: trumps must follow, but the Buur alone is never forced
        return trumps if trumps & ~_BUUR_BIT[contract] else hand
    allowed = (in_suit | trumps) if in_suit else hand  # J-4 1: follow or trump
    if trumps and hand != trumps:  # J-4 3: no under-trumping while holding other cards
        best = _best_trump(trick, contract)
        if best is not None:
            allowed &= ~(trumps & ~_STRONGER[contract][best])
    return allowed


def explain_play(hand: int, trick: Sequence[int], contract: Contract, card: Card) -> Illegal:
    """Why ``card`` (held, but outside :func:`playable`) may not go to the trick (J-4), naming
    the allowed cards as values, so a front end names them in its deck."""
    allowed = tuple(cards_in(playable(hand, trick, contract)))
    lead = Suit(SUIT_OF[trick[0]])
    trump = contract.trump
    if trump is None:
        return Illegal.naming("J-4", "you must follow suit ({}): {}", lead, allowed)
    if lead == trump:
        return Illegal.naming(
            "J-4", "trump was led and you hold trumps besides the Buur: play a trump: {}", allowed)
    best = _best_trump(trick, contract)
    if card.suit == trump and best is not None:
        return Illegal.naming("J-4", "{} would under-trump {}; with other cards in hand you may "
                              "not under-trump: {}", card, Card(best), allowed)
    return Illegal.naming("J-4", "you must follow suit ({}) or play a trump: {}", lead, allowed)
