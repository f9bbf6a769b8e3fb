"""What a Bauern- or Dreierschnapsen bot works out from its seat's information state.

Roles (declarer, his partner, the defence), the cards still out, who is winning the trick and
whether a card is a sure winner: the facts the bidding judge and the card play share. The
cards seen are read from the events (``stich.bots.history``); the bot keeps no record of its
own.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from stich.bots.history import played_cards, shown_by
from stich.contract.contracts import TABLE, Contract, contract_table
from stich.contract.view import ContractObservation
from stich.core.cards import SUIT_MASK, SUIT_OF, Card, Suit, cards_in
from stich.core.knowledge import InfoState
from stich.core.tricks import CardOrder
from stich.schnapsen.family import CARD_POINTS, DECK, NORMAL_ORDER, TEN_HIGH_ORDER


@functools.cache
def contracts_for(players: int) -> Mapping[str, Contract]:
    """Every contract as it is played with 3 or 4 players (D-1 changes Farbenringerl)."""
    return contract_table(players, {contract.name for contract in TABLE})


def beats(card: int, best: int, trump: Suit | None, order: CardOrder) -> bool:
    """Whether ``card`` takes a trick whose best card so far is ``best``."""
    if SUIT_OF[card] == SUIT_OF[best]:
        return order.strength[trump][card] > order.strength[trump][best]
    return SUIT_OF[card] == trump


def top_cards(mask: int, out: int, trump: Suit | None, order: CardOrder) -> int:
    """The cards of ``mask`` that no outstanding card of their suit can beat."""
    above = order.above[trump]
    return sum(1 << c for c in cards_in(mask) if not above[c] & out)


class Knowledge:
    """Facts about the deal from one seat's point of view."""

    def __init__(self, info: InfoState) -> None:
        obs = info.observation()
        assert isinstance(obs, ContractObservation)
        self.obs = obs
        self.seat = obs.seat
        self.seats = len(obs.hand_sizes)
        self.hand = int(obs.hand)
        self.trump = obs.trump
        self.order = TEN_HIGH_ORDER if obs.ten_high else NORMAL_ORDER
        self.contract: Contract | None = contracts_for(self.seats).get(obs.contract or "")
        self.declarer = obs.declarer if obs.declarer is not None else obs.caller
        known = self.hand | played_cards(info)
        if info.events[0].kind == "position":  # tricks played before the history starts
            known |= int(obs.played)
        for seat in range(self.seats):  # hands laid open (Plauderer, B-5) and own discards
            known |= shown_by(info, seat, "open") & ~played_cards(info)
        known |= shown_by(info, self.seat, "discard", "exchange-talon")
        self.out = DECK & ~known
        """Cards in someone else's hand or face down: not seen by this seat."""

    # --- roles ------------------------------------------------------------------------------
    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.seats == 4 else None

    def declaring_side(self) -> tuple[int, ...]:
        partner = self.partner(self.declarer)
        return (self.declarer,) if partner is None else (self.declarer, partner)

    def friends(self, seat: int) -> bool:
        """Whether two seats play on the same side in this deal."""
        side = self.declaring_side()
        return (seat in side) == (self.seat in side)

    @property
    def declaring(self) -> bool:
        return self.seat in self.declaring_side()

    # --- the trick ----------------------------------------------------------------------------
    def best(self) -> tuple[int, Card] | None:
        """The seat and card winning the trick so far."""
        trick = self.obs.trick
        if not trick:
            return None
        winner = trick[0]
        for seat, card in trick[1:]:
            if beats(card, winner[1], self.trump, self.order):
                winner = (seat, card)
        return winner

    def players_after(self) -> int:
        active = self.seats - (self.obs.sitting_out is not None)
        return active - len(self.obs.trick) - 1

    def is_top(self, card: Card) -> bool:
        """No outstanding card can beat ``card`` once it leads (by suit; trumps aside)."""
        return not self.order.above[self.trump][card] & self.out

    def trumps_out(self) -> int:
        return self.out & SUIT_MASK[self.trump] if self.trump is not None else 0

    def strength(self, card: int) -> int:
        return self.order.strength[self.trump][card]


def points(card: int) -> int:
    return CARD_POINTS[card]
