"""Schnapsen positions: the fields of a Schnapsen state in the position grammar
(``stich.core.position``, docs/rules/notation.md), in this order::

    schnapsen soft dealer=0 leader=1 hands=CA.CT.HK.HQ.SJ/CJ.DA.DT.DQ.HA trump=HJ
        stock=CK.CQ.DJ.DK.HT.SA.SK.ST.SQ.HJ closed=- lead=- announced=- claim=0 final=0
        won=-/- marriages=- last=-

- ``dealer``, ``leader`` (the seat on lead; the seat to act is the leader unless a card is led);
- ``hands``: seat 0's and seat 1's hands; ``trump``: the trump card (turned up, or taken by
  now: it names the trump suit, S-2); ``stock``: the stock top first, the trump card last
  (S-2), ``-`` once exhausted; ``closed``: ``-`` or ``seat:points0,points1:tricks0,tricks1``,
  the closer and what both had when he closed (S-7, S-9);
- ``lead``: the card led in the open trick; ``announced``: the suit of a marriage just
  announced (its King or Queen must be led, S-5); ``claim``: 1 while a claim is allowed (S-8);
  ``final``: 1 once all cards are played and only claim or pass remain (S-9);
- ``won``: the cards each seat has taken in tricks (card points and trick counts follow);
  ``marriages``: announced marriages in order as seat and suit (``0H.1C``); ``last``: the last
  finished trick as seat and card (``1HA.0HK``).

A game built from a position starts its history there: each seat first sees a ``position``
event with its own hand and the position as it sees it (the other hand and the face-down stock
as ``?``, which ``Schnapsen._propose_world`` fills in). This module reads and writes
:class:`Fields`; ``Schnapsen.from_fields`` builds the game from them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple

from stich.core.cards import Card, Suit, card_set, cards_in
from stich.core.position import (
    NONE,
    PositionError,
    cards_text,
    flag_text,
    join,
    maybe,
    per_seat,
    read_cards,
    read_flag,
    read_known,
    read_options,
    read_pair,
    read_seat,
    read_suit,
    split,
)
from stich.schnapsen.family import DECK, marriage_cards, points_of
from stich.schnapsen.options import SchnapsenOptions

NAME = "schnapsen"
KEYS = ("dealer", "leader", "hands", "trump", "stock", "closed", "lead", "announced", "claim",
        "final", "won", "marriages", "last")


@dataclasses.dataclass
class Fields:
    """A position's contents; a hidden card is None."""

    options: SchnapsenOptions
    dealer: int
    leader: int
    hands: tuple[list[Card | None], list[Card | None]]
    trump: Card
    stock: list[Card | None]
    closed: tuple[int, tuple[int, int], tuple[int, int]] | None
    lead: Card | None
    announced: Suit | None
    may_claim: bool
    final: bool
    won: tuple[int, int]
    marriages: tuple[tuple[int, Suit], ...]
    last: tuple[tuple[int, Card], ...] | None


class Start(NamedTuple):
    """What a game built from a position is made of: the deal for ``Schnapsen._setup`` and the
    state values (``Schnapsen.State`` names) that replace the deal's start."""

    hands: tuple[list[Card], list[Card]]
    talon: list[Card]
    trump_card: Card
    dealer: int
    options: SchnapsenOptions
    state: dict[str, Any]


# --- writing -----------------------------------------------------------------------------------
def fields_of(options: SchnapsenOptions, dealer: int, talon: Sequence[Card], state: Any,
              viewer: int | None = None) -> Fields:
    """The fields of ``state`` (a ``Schnapsen.State``) of a deal with this ``talon`` (the nine
    face-down stock cards, top first); as ``viewer`` sees it if given: the other hand and the
    face-down stock hidden."""
    stock: list[Card | None] = [talon[i] if i < 9 else state.trump_card
                                for i in range(state.drawn, 10)]
    if viewer is not None:
        stock[:-1] = [None] * (len(stock) - 1)
    closed = None
    if state.closed_by >= 0:
        closed = (state.closed_by, state.closed_scores, state.closed_tricks)
    hands: list[list[Card | None]] = [
        [*cards_in(hand)] if viewer in (None, seat) else [None] * hand.bit_count()
        for seat, hand in enumerate(state.hands)]
    return Fields(options=options, dealer=dealer, leader=state.leader,
                  hands=(hands[0], hands[1]), trump=state.trump_card, stock=stock,
                  closed=closed, lead=state.lead, announced=state.announced,
                  may_claim=state.may_claim, final=state.final, won=state.won,
                  marriages=state.marriages, last=state.last_trick)


def write(fields: Fields) -> str:
    """The position the fields describe."""
    closed = NONE
    if fields.closed is not None:
        closer, scores, tricks = fields.closed
        closed = f"{closer}:{scores[0]},{scores[1]}:{tricks[0]},{tricks[1]}"
    return join(NAME, fields.options, zip(KEYS, [
        str(fields.dealer), str(fields.leader),
        "/".join(cards_text(hand) for hand in fields.hands),
        fields.trump.name, cards_text(fields.stock), closed,
        NONE if fields.lead is None else fields.lead.name,
        NONE if fields.announced is None else fields.announced.name,
        flag_text(fields.may_claim), flag_text(fields.final),
        "/".join(cards_text(cards_in(won)) for won in fields.won),
        ".".join(f"{seat}{suit.name}" for seat, suit in fields.marriages) or NONE,
        ".".join(f"{seat}{card.name}" for seat, card in fields.last or ()) or NONE,
    ], strict=True))


# --- reading -----------------------------------------------------------------------------------
def parse(text: str, hidden: bool = False) -> Fields:
    """The fields of a position; ``hidden`` allows hidden cards. PositionError names what is
    wrong."""
    options_word, values = split(text, NAME, KEYS)
    options = read_options(SchnapsenOptions, options_word)

    def cards(key: str, value: str) -> list[Card | None]:
        return read_cards(value, key, DECK, hidden)

    def seat(key: str, value: str) -> int:
        return read_seat(value, key, 2)

    def seated(key: str) -> list[tuple[int, str]]:
        value = maybe(values[key])
        return [] if value is None else [
            (seat(key, item[:1]), item[1:]) for item in value.split(".")]

    hand0, hand1 = per_seat(values["hands"], "hands", 2)
    won0, won1 = per_seat(values["won"], "won", 2)
    trumps = read_known(values["trump"], "trump", DECK)
    if len(trumps) != 1:
        raise PositionError("trump must name the trump card")
    closed = None
    if values["closed"] != NONE:
        parts = values["closed"].split(":")
        if len(parts) != 3:
            raise PositionError("closed must be '-' or seat:points0,points1:tricks0,tricks1")
        closed = (seat("closed", parts[0]), read_pair(parts[1], "closed points"),
                  read_pair(parts[2], "closed tricks"))
    lead = read_known(values["lead"], "lead", DECK)
    marriages = [(who, read_suit(name, "marriages")) for who, name in seated("marriages")]
    last = [(who, read_known(code, "last", DECK)) for who, code in seated("last")]
    if any(len(played) != 1 for _, played in last) or len(lead) > 1:
        raise PositionError("lead is one card; last names each card of the last trick as "
                            "seat and card")
    return Fields(
        options=options, dealer=seat("dealer", values["dealer"]),
        leader=seat("leader", values["leader"]),
        hands=(cards("hands", hand0), cards("hands", hand1)), trump=trumps[0],
        stock=cards("stock", values["stock"]), closed=closed,
        lead=lead[0] if lead else None, announced=read_suit(values["announced"], "announced"),
        may_claim=read_flag(values["claim"], "claim"), final=read_flag(values["final"], "final"),
        won=(card_set(read_known(won0, "won", DECK)), card_set(read_known(won1, "won", DECK))),
        marriages=tuple((who, s) for who, s in marriages if s is not None),
        last=tuple((who, played[0]) for who, played in last) if last else None)


def start(fields: Fields) -> Start:
    """The deal and state values of a position with every card known; PositionError if the
    state is impossible."""
    hands = [_known(hand) for hand in fields.hands]
    stock = _known(fields.stock)
    _check(fields, hands, stock)
    drawn = 10 - len(fields.stock)
    outside = DECK & ~stock
    # the positions already drawn are not part of a position: filled with cards out of the
    # stock, never read (drawing reads talon[drawn] on)
    face_down = [card for card in fields.stock[:-1] if card is not None]
    talon = [*list(cards_in(outside))[:min(drawn, 9)], *face_down]
    state: dict[str, Any] = {
        "hands": (hands[0], hands[1]), "drawn": drawn, "leader": fields.leader,
        "lead": fields.lead,
        "to_act": fields.leader if fields.lead is None else 1 - fields.leader,
        "announced": fields.announced, "may_claim": fields.may_claim, "final": fields.final,
        "won": fields.won, "points": (points_of(fields.won[0]), points_of(fields.won[1])),
        "tricks": (fields.won[0].bit_count() // 2, fields.won[1].bit_count() // 2),
        "marriages": fields.marriages, "last_trick": fields.last}
    if fields.closed is not None:
        state["closed_by"], state["closed_scores"], state["closed_tricks"] = fields.closed
    return Start((list(cards_in(hands[0])), list(cards_in(hands[1]))), talon, fields.trump,
                 fields.dealer, fields.options, state)


def _known(cards: list[Card | None]) -> Any:
    if any(card is None for card in cards):
        raise PositionError("a position to play from must show every card")
    return card_set(card for card in cards if card is not None)


def _check(fields: Fields, hands: list[int], stock: int) -> None:
    """What makes a position impossible (PositionError)."""
    lead = card_set([fields.lead]) if fields.lead is not None else 0
    parts = [hands[0], hands[1], stock, fields.won[0], fields.won[1], lead]
    count = sum(part.bit_count() for part in parts) + len(fields.stock) - stock.bit_count()
    union = 0
    for part in parts:
        union |= part
    if union != DECK or count != 20:
        raise PositionError("the hands, stock, won cards and lead must hold the 20 cards once "
                            "each (S-1)")
    size = len(fields.stock)
    if size % 2 or size > 10:
        raise PositionError("the stock holds an even number of cards up to 10 (S-2, S-3)")
    if size and fields.stock[-1] != fields.trump:
        raise PositionError("the trump card is the last card of the stock (S-2)")
    if any(w.bit_count() % 2 for w in fields.won):
        raise PositionError("won cards come in tricks of two")
    leader, other = fields.leader, 1 - fields.leader
    extra = 1 if fields.lead is not None else 0
    if hands[other].bit_count() != hands[leader].bit_count() + extra:
        raise PositionError("the hands must hold as many cards, the leader's one fewer after "
                            "his lead")
    if size and fields.closed is None and hands[other].bit_count() != 5:
        raise PositionError("while the stock is open each hand holds 5 cards at a lead (S-3)")
    if fields.closed is not None and not size:
        raise PositionError("a closed stock still holds its cards (S-7)")
    if fields.final != (not hands[0] and not hands[1]):
        raise PositionError("final is 1 exactly when both hands are played out")
    if fields.announced is not None and (
            fields.lead is not None or fields.marriages[-1:] != ((leader, fields.announced),)):
        raise PositionError("an announced marriage is the leader's last, before his lead")
    if fields.may_claim and fields.lead is not None:
        raise PositionError("no claim once a card is led (S-8)")
    for who, suit in fields.marriages:
        if marriage_cards(suit) & (hands[1 - who] | stock):
            raise PositionError(f"seat {who} showed the marriage in {suit.name}: its cards are "
                                f"in his hand or played (S-5)")
