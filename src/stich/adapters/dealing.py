"""A deal from a card order, as the game's seeded dealing deals it (for OpenSpiel's chance).

Every game deals by shuffling its deck with a seed (``stich.core.dealing.shuffled``) and
handing the shuffled cards round in a fixed pattern (S-2, B-2, D-1, J-2). OpenSpiel deals card
by card as chance outcomes, so the adapter needs the deal that a given card order makes. A
:class:`CardDealing` learns the pattern from one deal the game dealt itself (its seed gives
its card order): where each position of the shuffled deck went (a seat's hand, the stock, the
trump card). It then deals any order the same way and reads back the order that deals a given
deal. ``tests/adapters/test_dealing.py`` checks that it agrees with ``Game.deal`` for every
dealer and many seeds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from stich.core.cards import Card, card_set, cards_in
from stich.core.dealing import shuffled
from stich.core.game import Game
from stich.core.records import DealRecord, record_cards

__all__ = ["CardDealing"]

_BY_NAME = {card.name: card for card in Card}
"""Cards by the code a record writes (``Card.name``)."""


def _places(record: DealRecord) -> list[str]:
    """A record's cards in one fixed order: each hand seat by seat, the stock, the trump
    card."""
    names = [name for hand in record.hands for name in hand] + list(record.stock)
    if record.trump_card is not None:
        names.append(record.trump_card)
    return names


class CardDealing:
    """How a game deals a shuffled deck, learnt from ``template`` (a deal made by the game's
    ``deal(seed, ...)`` or its match's ``new_deal()``, before any action)."""

    def __init__(self, template: Game) -> None:
        if template.seed is None or template.history:
            raise ValueError("the template must be a freshly dealt game with its seed")
        record = template.to_record()
        record.extra.pop("seed", None)
        self.template = record
        self.game_class = type(template)
        places = _places(record)
        self.deck = card_set(record_cards(places))
        self.cards = tuple(map(int, cards_in(self.deck)))
        """The deck's cards as ints (OpenSpiel's chance outcomes), in card order."""
        order = shuffled(self.deck, template.seed)
        where = {name: index for index, name in enumerate(places)}
        self.place_of = tuple(where[card.name] for card in order)
        """For each position of the shuffled deck, its place in :func:`_places`."""

    @property
    def size(self) -> int:
        return len(self.place_of)

    def deal(self, cards: Sequence[Card], dealer: int | None = None) -> Game:
        """The deal these cards make in this order (``dealer`` None: the template's)."""
        return self.game_class.from_record(self.record(cards, dealer))

    def record(self, cards: Sequence[Card], dealer: int | None = None) -> DealRecord:
        """The deal these cards make, as a record without actions."""
        if len(cards) != self.size or card_set(cards) != self.deck:
            raise ValueError(f"a deal of {self.game_class.NAME} takes each of its "
                             f"{self.size} cards once")
        names = [""] * self.size
        for card, place in zip(cards, self.place_of, strict=True):
            names[place] = card.name
        template = self.template
        hands, at = [], 0
        for hand in template.hands:
            hands.append(names[at:at + len(hand)])
            at += len(hand)
        stock = names[at:at + len(template.stock)]
        at += len(template.stock)
        trump = names[at] if template.trump_card is not None else None
        return dataclasses.replace(
            template, hands=hands, stock=stock, trump_card=trump, actions=[], result=None,
            dealer=template.dealer if dealer is None else dealer, extra=dict(template.extra))

    def order(self, game: Game) -> list[Card]:
        """The card order that deals ``game`` (the inverse of :meth:`deal`)."""
        places = _places(game.to_record())
        return [_BY_NAME[places[place]] for place in self.place_of]

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDealing:
        return self  # never changed once made

