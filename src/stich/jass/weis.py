"""Weis (J-5): what a hand may declare, what each declaration is worth, and which is best.

A Weis is a card mask: a run of three or more cards of one suit in the natural order
6 7 8 9 T J Q K A (always counted whole, so only maximal runs are Weis), or four cards of one
rank. Because a card's value is ``suit * 9 + rank``, a run is a block of consecutive bits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from stich.core.actions import Action
from stich.core.cards import RANK_OF, SUIT_MASK, SUIT_OF, Rank, cards_in, format_cards
from stich.jass.cards import Contract

RUN_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FOUR_POINTS = {Rank.JACK: 200, Rank.NINE: 150}
"""Four Jacks 200, four Nines 150, any other four of a kind 100 (J-5)."""
LOW_RANKS = frozenset({Rank.EIGHT, Rank.SEVEN, Rank.SIX})
"""Four 8s, 7s or 6s count only with the option ``four_of_a_kind_low`` (J-9)."""
_PLURAL = {Rank.ACE: "Aces", Rank.KING: "Kings", Rank.QUEEN: "Queens", Rank.JACK: "Jacks",
           Rank.TEN: "Tens", Rank.NINE: "Nines", Rank.EIGHT: "8s", Rank.SEVEN: "7s",
           Rank.SIX: "6s"}
_RANK_MASK = tuple(sum(1 << (suit * 9 + rank) for suit in range(4)) for rank in range(9))


def is_four(mask: int) -> bool:
    """Whether the Weis is a four of a kind (else it is a run)."""
    return mask.bit_count() == 4 and mask in _RANK_MASK


def in_a_row(mask: int) -> bool:
    """Whether the cards are consecutive ranks of one suit (a run, or a piece of one)."""
    low = mask & -mask
    suit_bits = SUIT_MASK[(low.bit_length() - 1) // 9] if mask else 0
    return bool(mask) and mask & ~suit_bits == 0 and (mask + low) & mask == 0


def weis_points(mask: int) -> int:
    """The points of one Weis (J-5 table)."""
    if is_four(mask):
        return FOUR_POINTS.get(RANK_OF[mask.bit_length() - 1], 100)
    return RUN_POINTS[mask.bit_count()]


def _runs(bits: int) -> tuple[int, ...]:
    """The maximal runs of three or more set bits in a suit's nine bits, as masks."""
    runs = []
    start = 0
    while start < 9:
        end = start
        while end < 9 and bits >> end & 1:
            end += 1
        if end - start >= 3:
            runs.append(((1 << (end - start)) - 1) << start)
        start = end + 1
    return tuple(runs)


_RUNS_IN_SUIT = tuple(_runs(bits) for bits in range(512))


def weis_in(hand: int, four_low: bool = True) -> list[int]:
    """Every Weis the hand holds: its maximal runs, then its fours of a kind (J-5)."""
    found = [run << (suit * 9) for suit in range(4)
             for run in _RUNS_IN_SUIT[hand >> (suit * 9) & 0x1FF]]
    for rank in range(9):
        four = _RANK_MASK[rank]
        if hand & four == four and (four_low or Rank(rank) not in LOW_RANKS):
            found.append(four)
    return found


@lru_cache(maxsize=4096)
def held_weis(hand: int, four_low: bool = True) -> tuple[int, ...]:
    """:func:`weis_in` as a tuple, cached by hand: a pure function of the cards, so clones
    and sampled worlds share nothing that one of them could change."""
    return tuple(weis_in(hand, four_low))


def every_weis() -> list[int]:
    """Every Weis of the deck in the action space's order (J-5): the runs suit by suit (C D H
    S), by lowest card, then by length; then the fours from 6s to Aces."""
    runs = [((1 << length) - 1) << (suit * 9 + low)
            for suit in range(4) for low in range(7) for length in range(3, 10 - low)]
    return runs + list(_RANK_MASK)


def weis_action(mask: int) -> Action:
    """The ``weis`` action declaring these cards (one object per Weis, made once)."""
    action = _WEIS_ACTIONS.get(mask)
    if action is None:
        action = _WEIS_ACTIONS[mask] = Action("weis", format_cards(cards_in(mask)))
    return action


_WEIS_ACTIONS: dict[int, Action] = {}


def describe(mask: int) -> str:
    """People's name for a Weis: ``four Jacks`` or ``4 in a row``."""
    if is_four(mask):
        return f"four {_PLURAL[RANK_OF[mask.bit_length() - 1]]}"
    return f"{mask.bit_count()} in a row"


class Declared(NamedTuple):
    """One declaration in trick 1: who, which cards, in which order it was declared."""

    seat: int
    cards: int
    order: int

    @property
    def points(self) -> int:
        return weis_points(self.cards)


def rank_key(weis: Declared, contract: Contract) -> tuple[int, int, int, int, int]:
    """J-5 comparison as a sort key (bigger is better): points, cards, top card (the lower in
    Undenufe), a run in trump, declared first."""
    top = RANK_OF[weis.cards.bit_length() - 1]
    top_key = -top if contract is Contract.UNDENUFE else top
    in_trump = not is_four(weis.cards) and SUIT_OF[weis.cards.bit_length() - 1] == contract.trump
    return (weis.points, weis.cards.bit_count(), top_key, int(in_trump), -weis.order)


def best(declared: tuple[Declared, ...], contract: Contract) -> Declared | None:
    """The best Weis of the table (J-5), or None if nobody declared."""
    if not declared:
        return None
    return max(declared, key=lambda weis: rank_key(weis, contract))

