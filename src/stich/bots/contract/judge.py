"""Judging a hand before play: which trump to name, what to bid, when to double, what to lay
down (B-2, B-3, B-5, B-6, D-1).

Each contract gets a rough chance of success from the hand alone: for the all-tricks
contracts the cards that may lose a trick (trumps drawn first), for the no-trick contracts the
cards that may be forced to win one, for Schnapser the sure tricks and their points. The bot
bids the contract with the best expected score, ``(2p - 1) * value``, once ``p`` is high enough.
"""

from __future__ import annotations

from itertools import combinations

from stich.contract.contracts import Contract, Goal, full_suit, schnapser_deadline
from stich.core.cards import SUIT_MASK, SUIT_OF, Rank, Suit, cards_in
from stich.core.tricks import CardOrder
from stich.schnapsen.family import (
    CARD_POINTS,
    DECK,
    NORMAL_ORDER,
    TEN_HIGH_ORDER,
    WINNING_SCORE,
    marriage_value,
    marriages_in,
    points_of,
)

BID_THRESHOLD = 0.65


def _suit_cards(mask: int, suit: Suit, trump: Suit | None, order: CardOrder) -> list[int]:
    """The cards of one suit, strongest first."""
    return sorted(cards_in(mask & SUIT_MASK[suit]), key=lambda c: -order.strength[trump][c])


def _solid(mine: list[int], others: int, trump: Suit | None, order: CardOrder) -> int:
    """How many of my cards (strongest first) rank above every card the others hold."""
    above = order.above[trump]
    count = 0
    for card in mine:
        if above[card] & others:
            break
        count += 1
    return count


def losers(hand: int, trump: Suit | None, order: CardOrder, out: int | None = None) -> int:
    """Cards that may lose a trick when the holder leads every one, trumps first (B-5)."""
    out = DECK & ~hand if out is None else out
    lost = 0
    trumps_drawn = True
    suits = sorted(Suit, key=lambda s: s != trump)
    for suit in suits:
        mine = _suit_cards(hand, suit, trump, order)
        others = out & SUIT_MASK[suit]
        solid = _solid(mine, others, trump, order)
        if suit == trump:
            trumps_drawn = others.bit_count() <= solid
        if not mine:
            continue
        if suit != trump and not trumps_drawn:  # a void opponent may still trump it
            lost += len(mine)
            continue
        if others.bit_count() > solid:
            lost += len(mine) - solid
    return lost


def danger(hand: int, order: CardOrder, out: int | None = None) -> float:
    """How likely the hand is forced to win a trick without trumps (Bettler, B-5)."""
    out = DECK & ~hand if out is None else out
    total = 0.0
    for card in cards_in(hand):
        beaten_by = (order.above[None][card] & out).bit_count()
        total += (1.0, 0.5, 0.2)[beaten_by] if beaten_by < 3 else 0.0
    voids = sum(1 for suit in Suit if not hand & SUIT_MASK[suit])
    return max(0.0, total - 0.5 * voids)


def _sure_tricks(hand: int, trump: Suit | None, order: CardOrder) -> list[int]:
    """Cards that win when led in order: top trumps, then (trumps drawn) top side cards."""
    out = DECK & ~hand
    winners: list[int] = []
    trumps_drawn = trump is None
    if trump is not None:
        mine = _suit_cards(hand, trump, trump, order)
        others = out & SUIT_MASK[trump]
        solid = _solid(mine, others, trump, order)
        trumps_drawn = others.bit_count() <= solid
        winners += mine if trumps_drawn else mine[:solid]
    if trumps_drawn:
        for suit in Suit:
            if suit != trump:
                mine = _suit_cards(hand, suit, trump, order)
                winners += mine[:_solid(mine, out & SUIT_MASK[suit], trump, order)]
    return winners


def schnapser_reach(hand: int, trump: Suit | None, players: int) -> bool:
    """Whether sure tricks (and a marriage) reach 66 within the deadline (B-5, D-1).

    Each trick counts the led card and, pessimistically, the lowest cards the others hold in
    its suit (they must follow); a player without one is assumed to throw a Jack.
    """
    deadline = schnapser_deadline(players)
    out = DECK & ~hand
    marriage = max((marriage_value(s, trump) for s in marriages_in(hand)), default=0)
    total = 0
    for tricks, card in enumerate(_sure_tricks(hand, trump, NORMAL_ORDER)[:deadline], 1):
        followers = sorted(cards_in(out & SUIT_MASK[SUIT_OF[card]]), key=lambda c: CARD_POINTS[c])
        followers = followers[:players - 1]
        out &= ~sum(1 << c for c in followers)
        total += CARD_POINTS[card] + sum(CARD_POINTS[c] for c in followers)
        total += 2 * (players - 1 - len(followers))
        if total >= WINNING_SCORE or (tricks < deadline and total + marriage >= WINNING_SCORE):
            return True
    return False


def chance(contract: Contract, hand: int, trump: Suit | None, players: int,
           talon: bool) -> float:
    """A rough chance that ``hand`` makes ``contract`` (``talon``: two cards still to swap)."""
    order = TEN_HIGH_ORDER if contract.ten_high else NORMAL_ORDER
    play_trump = trump if contract.trump else None
    goal = contract.goal
    if goal is Goal.SHOWN:
        return 1.0
    if goal is Goal.ALL_TRICKS:
        lost = losers(hand, play_trump, order) - (1 if talon else 0)
        p = 0.9 if lost <= 0 else 0.25 if lost == 1 and talon else 0.05
    elif goal is Goal.NO_TRICK:
        risk = danger(hand, order) - (0.5 if talon else 0.0)
        p = 0.85 if risk <= 0.3 else 0.5 if risk <= 0.8 else 0.1
        if contract.name == "plauderer":
            p *= 0.85
    else:
        p = 0.8 if schnapser_reach(hand, play_trump, players) else 0.1
    return p * 0.7 if contract.caller_leads else p


def best_bid(options: list[Contract], hand: int, trump: Suit | None, players: int,
             talon: bool) -> Contract | None:
    """The bid with the best expected score, if any is likely enough to be made."""
    best: tuple[float, Contract] | None = None
    for contract in options:
        p = chance(contract, hand, trump, players, talon)
        if p < BID_THRESHOLD:
            continue
        value = (2 * p - 1) * contract.value
        if best is None or value > best[0]:
            best = (value, contract)
    return best[1] if best else None


def name_trump(first_three: int, legal: list[Suit]) -> Suit | None:
    """The suit to name from three cards (B-2), or None to turn up instead."""
    def weight(suit: Suit) -> int:
        cards = first_three & SUIT_MASK[suit]
        return 10 * cards.bit_count() + points_of(cards)

    ranked = sorted(legal, key=weight, reverse=True)
    if not ranked or weight(ranked[0]) < 20:
        return None
    return ranked[0]


def normal_strength(hand: int, trump: Suit | None) -> int:
    """A hand's worth in the normal game: trumps, Aces and Tens, marriages (B-4)."""
    value = 0
    for card in cards_in(hand):
        if trump is not None and card.suit == trump:
            value += 8 + CARD_POINTS[card]
        elif card.rank in (Rank.ACE, Rank.TEN):
            value += CARD_POINTS[card]
    value += sum(marriage_value(s, trump) // 2 for s in marriages_in(hand))
    return value


def stoppers(hand: int, contract: Contract | None, trump: Suit | None) -> int:
    """Cards sure to take a trick when their suit is led: the top card of each suit.

    A top trump counts double: the declarer must lead trumps and lose to it.
    """
    order = TEN_HIGH_ORDER if contract is not None and contract.ten_high else NORMAL_ORDER
    play_trump = trump if contract is None or contract.trump else None
    count = 0
    for suit in Suit:
        mine = _suit_cards(hand, suit, play_trump, order)
        if mine and _solid(mine, DECK & ~hand & SUIT_MASK[suit], play_trump, order):
            count += 2 if suit == play_trump else 1
    return count


def best_lay_down(hand: int, contract: Contract | None, trump: Suit | None,
                  players: int) -> tuple[int, int]:
    """The two cards to lay down (D-1) that leave the best hand for the game to play."""
    def keep_value(kept: int) -> float:
        if contract is None:
            return normal_strength(kept, trump)
        order = TEN_HIGH_ORDER if contract.ten_high else NORMAL_ORDER
        play_trump = trump if contract.trump else None
        if contract.goal is Goal.NO_TRICK:
            return -danger(kept, order)
        if contract.name == "farbenringerl" and full_suit(hand) is not None:
            kept_full = full_suit(kept) is not None
            return (100 if kept_full else 0) - losers(kept, play_trump, order)
        if contract.goal is Goal.SCHNAPSER:
            reach = schnapser_reach(kept, play_trump, players)
            return 100 * reach + points_of(kept) - 10 * losers(kept, play_trump, order)
        return -losers(kept, play_trump, order) * 10 + points_of(kept) / 100

    pairs = combinations(cards_in(hand), 2)
    first, second = max(pairs, key=lambda pair: keep_value(hand & ~(1 << pair[0] | 1 << pair[1])))
    return first, second
