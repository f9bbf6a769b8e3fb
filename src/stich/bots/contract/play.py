"""Card play for Bauern- and Dreierschnapsen bots: toward the contract's goal or against it.

The normal game (B-4) plays for points: draw trumps with top trumps, cash Aces, win cheaply,
give points to a partner's sure trick. All-tricks contracts and Schnapser (B-5): the declarer
leads his sure winners, trumps first; his partner keeps out of the way; the defence takes any
trick it can. No-trick contracts: the declarer ducks and throws his dangerous cards, his
partner takes tricks off him, the defence leads low and keeps him winning.
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.bots.contract.knowledge import Knowledge, beats
from stich.contract.contracts import Goal
from stich.core.actions import PLAY, Action
from stich.core.cards import SUIT_MASK, SUIT_OF, Card, Rank, Suit
from stich.schnapsen.family import CARD_POINTS, WINNING_SCORE, marriage_value


def choose(k: Knowledge, legal: Sequence[Action]) -> Action:
    cards = [a.card for a in legal if a.verb == "play"]
    marriages = [a for a in legal if a.verb == "marriage"]
    goal = k.contract.goal if k.contract else None
    if goal is None:
        return _normal(k, cards, marriages)
    if goal is Goal.NO_TRICK:
        return PLAY[_no_trick(k, cards)]
    return _all_tricks(k, cards, marriages)


# --- small helpers ---
def _weakest(k: Knowledge, cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (SUIT_OF[c] == k.trump, k.strength(c), CARD_POINTS[c]))


def _strongest(k: Knowledge, cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (SUIT_OF[c] == k.trump, k.strength(c), CARD_POINTS[c]))


def _cheapest(k: Knowledge, cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (SUIT_OF[c] == k.trump, CARD_POINTS[c], k.strength(c)))


def _secure(k: Knowledge, card: Card) -> bool:
    """A card that wins once it is best: nothing outstanding beats it, nor trumps it."""
    if not k.is_top(card):
        return False
    return SUIT_OF[card] == k.trump or not k.trumps_out() or k.players_after() == 0


def _marriage_lead(k: Knowledge, cards: Sequence[Card]) -> Card:
    """After a marriage: lead the King if it is a sure winner, else the Queen."""
    kings = [c for c in cards if c.rank == Rank.KING]
    if kings and k.is_top(kings[0]):
        return kings[0]
    return min(cards, key=lambda c: CARD_POINTS[c])


def _beating(k: Knowledge, cards: Sequence[Card]) -> list[Card]:
    best = k.best()
    if best is None:
        return list(cards)
    return [c for c in cards if beats(c, best[1], k.trump, k.order)]


# --- the normal game (B-4) ---
def _normal(k: Knowledge, cards: list[Card], marriages: list[Action]) -> Action:
    if marriages:  # announce: it counts once the side has a trick (40 before 20)
        return max(marriages, key=lambda a: marriage_value(Suit[a.arg], k.trump))
    if k.obs.announced is not None:
        return PLAY[_marriage_lead(k, cards)]
    if not k.obs.trick:
        return PLAY[_normal_lead(k, cards)]
    best = k.best()
    assert best is not None
    seat, card = best
    if k.friends(seat) and (k.players_after() == 0 or _secure(k, card)):
        side = [c for c in cards if SUIT_OF[c] != k.trump] or cards
        return PLAY[max(side, key=lambda c: (CARD_POINTS[c], -k.strength(c)))]
    winning = _beating(k, cards)
    if winning:
        secure = [c for c in winning if _secure(k, c)]
        if secure:
            return PLAY[_weakest(k, secure)]
        on_table = sum(CARD_POINTS[c] for _, c in k.obs.trick)
        if k.players_after() == 0 or on_table >= 10:
            return PLAY[_weakest(k, winning)]
    return PLAY[_cheapest(k, cards)]


def _normal_lead(k: Knowledge, cards: list[Card]) -> Card:
    trumps = [c for c in cards if SUIT_OF[c] == k.trump]
    top_trumps = [c for c in trumps if k.is_top(c)]
    if top_trumps and k.trumps_out():
        return _strongest(k, top_trumps)
    side_tops = [c for c in cards if SUIT_OF[c] != k.trump and k.is_top(c)]
    if side_tops:
        return max(side_tops, key=lambda c: CARD_POINTS[c])
    return _cheapest(k, cards)


# --- all tricks and Schnapser (B-5) ---
def _all_tricks(k: Knowledge, cards: list[Card], marriages: list[Action]) -> Action:
    if k.seat == k.declarer:
        return _declarer_takes(k, cards, marriages)
    best = k.best()
    if k.declaring:  # the declarer's partner: his tricks would lose the contract
        if best is None:
            return PLAY[_weakest(k, cards)]
        safe = [c for c in cards if c not in _beating(k, cards)]
        return PLAY[_strongest(k, safe) if safe else _weakest(k, cards)]
    if best is None:
        return PLAY[_strongest(k, cards)]
    winning = _beating(k, cards)
    if winning:
        secure = [c for c in winning if _secure(k, c)]
        return PLAY[_weakest(k, secure or winning)]
    return PLAY[_weakest(k, cards)]


def _declarer_takes(k: Knowledge, cards: list[Card], marriages: list[Action]) -> Action:
    if marriages and k.obs.tricks_won[k.seat]:
        score = k.obs.points[k.seat] + sum(
            marriage_value(s, k.trump) for who, s in k.obs.marriages if who == k.seat)
        for action in marriages:  # Schnapser: announce when it brings 66 at once
            if score + marriage_value(Suit[action.arg], k.trump) >= WINNING_SCORE:
                return action
    if k.obs.announced is not None:
        return PLAY[_marriage_lead(k, cards)]
    if k.obs.trick:
        winning = _beating(k, cards)
        secure = [c for c in winning if _secure(k, c)]
        return PLAY[_weakest(k, secure or winning or cards)]
    trumps = [c for c in cards if SUIT_OF[c] == k.trump and k.is_top(c)]
    if trumps and k.trumps_out():
        return PLAY[_strongest(k, trumps)]
    tops = [c for c in cards if k.is_top(c)]
    return PLAY[_strongest(k, tops or cards)]


# --- no tricks (B-5) ---
def _no_trick(k: Knowledge, cards: list[Card]) -> Card:
    best = k.best()
    beating = set(_beating(k, cards)) if best is not None else set()
    ducking = [c for c in cards if c not in beating]
    if k.seat == k.declarer:
        if best is None:  # lead the card most likely to be beaten
            return max(cards, key=lambda c: ((k.order.above[None][c] & k.out).bit_count(),
                                             -k.strength(c)))
        if ducking:
            return _strongest(k, ducking)
        return _weakest(k, cards) if k.players_after() else _strongest(k, cards)
    declarer_played = any(seat == k.declarer for seat, _ in k.obs.trick)
    if k.declaring:  # the partner takes tricks off the declarer
        if best is not None and best[0] == k.declarer and beating:
            return _strongest(k, list(beating))
        return _strongest(k, cards)
    if best is None:
        return _defence_lead(k, cards)
    if declarer_played:
        if best[0] == k.declarer:
            return _strongest(k, ducking) if ducking else _weakest(k, cards)
        return _strongest(k, cards)
    return _weakest(k, cards)


def _defence_lead(k: Knowledge, cards: list[Card]) -> Card:
    """Lead low where the declarer must head: his open cards (Plauderer) tell where."""
    shown = dict(k.obs.open_hands).get(k.declarer)
    if shown is not None:
        def forced(card: Card) -> bool:
            his = int(shown) & SUIT_MASK[SUIT_OF[card]]
            return bool(his) and his & k.order.above[None][card] == his
        forcing = [c for c in cards if forced(c)]
        if forcing:
            return _weakest(k, forcing)
    return _weakest(k, cards)
