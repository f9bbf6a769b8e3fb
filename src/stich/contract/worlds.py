"""Bauern- and Dreierschnapsen worlds consistent with what a seat knows (its events,
``stich.contract.events``).

Sampling (:func:`propose`): the seat's events are read once into the cards it knows in
each place now (each seat's holding, the talon face down), the cards it cannot place, and the
constraints on where they may be: play duties (B-4: a card that did not head, follow or trump
proves the seat held no card that had to be played first: tested pairwise against
``strict_follow``), a card known to be in the taker's hand or his discard, a Farbenringerl
bid (all five cards of one suit: one alternative per suit), a Herrenschnapser bid (all five
trumps: known in the bidder's hand). :func:`sample_assignment` (or
:func:`sample_alternatives`) draws the hidden cards uniformly among assignments that respect
those constraints; the past is rebuilt from them: the talon a hidden taker took up is two of
his cards not known to be his own (uniform; the number of choices is the same for every
assignment), the packets each seat was dealt are its cards in uniformly random slots (the
turned-up card in the caller's fourth). The game class builds the deal :func:`propose`
returns as plain values and replays the history through the rules
(``stich.core.worlds.replay``), which rejects what the constraints do not express (a trump
named from the first three cards, B-2; an Ace for Assenbettler ``must_hold_ace``);
``Game.sample_world`` also compares the replayed info state. So worlds are uniform among the
deals (with the hidden cards of other seats' discards) consistent with everything the seat
knows.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable
from math import comb
from typing import Any

from stich.contract.contracts import Bidder, Contract
from stich.contract.events import HIDDEN_TALON_VERBS
from stich.contract.legality import FIRST_PACKET, Phase
from stich.core.actions import Action
from stich.core.cards import SUIT_MASK, Card, Suit, card_set, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event, InfoState, InfoStateError, read_forfeit
from stich.core.sampling import Slot, sample_alternatives, sample_assignment
from stich.core.worlds import LastReading, Step
from stich.schnapsen.family import DECK, NORMAL_ORDER, strict_follow

DECK_CARDS = tuple(cards_in(DECK))
Slots = list[Card | None]
"""A hand or talon as a position writes it: known cards and ``None`` for each hidden one."""


@dataclasses.dataclass(frozen=True)
class Shape:
    """What reading an info state needs of the game class, as values: its name and sizes,
    its position reader (``parse``: text to fields) and builder (``build``: fields to the game
    there, whose phase, contract table and seat sitting out the reading consults)."""

    name: str
    seats: int
    hand_size: int
    talon_size: int
    parse: Callable[[str], dict[str, Any]]
    build: Callable[[dict[str, Any]], Any]


@dataclasses.dataclass(frozen=True)
class Proposal:
    """A deal drawn for an info state, as plain values: the fields of the state where the
    history starts (``fresh``: a deal before trump is named, built from its hands and talon,
    else built as a position), the history to replay and the forfeit after it."""

    fields: dict[str, Any]
    fresh: bool
    steps: list[Step]
    forfeit: tuple[int, Illegal] | None


# --- what a seat knows, read from its events ------------------------------------------------
class _Reading:
    """The events of one info state, read into places, known cards and constraints."""

    def __init__(self, shape: Shape, info: InfoState) -> None:
        self.shape, self.viewer, self.options = shape, info.seat, info.options
        events = info.events
        if not events or events[0].kind not in ("deal", "position"):
            raise InfoStateError(f"a {shape.name} history starts with 'deal' or 'position'")
        self.fresh = events[0].kind != "position"
        self.base = self._base(events[0])
        base_game = shape.build(self._any_completion())
        self.base_phase = base_game.phase
        seats = shape.seats
        self.known = [sum(1 << c for c in hand if c is not None) for hand in self.base["hands"]]
        self.size = [len(hand) for hand in self.base["hands"]]
        self.played = [0] * seats
        self.forbidden = [0] * seats
        self.base_played = card_set(c for _, cards in self.base["tricks"] for c in cards)
        if self.base["trick"]:
            self.base_played |= card_set(self.base["trick"][1])
        talon_slots = self.base.get("talon", [])
        self.talon_size = len(talon_slots)
        self.talon_known = sum(1 << c for c in talon_slots if c is not None)
        self.either = 0
        """Cards in the taker's hand or in his hidden discard (known before he discarded)."""
        self.taker = self.base.get("taker", -1)
        self.pickup: int | None = None  # the taker, if he took the talon up after the start
        self.talon_seen = 0  # the talon the viewer took up himself
        self.discard_by: int | None = None
        self.actions: list[tuple[int, Action | None, str]] = []
        self.forfeit: tuple[int, Illegal] | None = None
        self.farbenringerl: tuple[int, bool] | None = None  # bidder, before the talon
        self.named: tuple[int, Suit] | None = None  # B-2: trump held among the first three
        self.trump = base_game.trump
        self.contract: Contract | None = base_game.contract
        self.declarer = base_game.declarer
        self.active = base_game.active.bit_count()
        self.trick = [card for _, card in base_game.trick]
        self.shadow = base_game  # for the option-dependent seat that sits out
        if base_game.contract is None:  # a position in the auction: the bids said before it
            for seat, text in self.base["calls"]:
                action = Action.parse(text)
                if action.verb == "bid":
                    self._bid(seat, action.arg, True)
        for event in events[1:]:
            self._read(event)
        self.unknown = DECK & ~self.base_played & ~self.talon_known
        for seat in range(seats):
            self.unknown &= ~(self.known[seat] | self.played[seat])

    # --- the start ---
    def _base(self, event: Event) -> dict[str, Any]:
        shape = self.shape
        if event.kind == "position":
            return shape.parse(event.arg)
        words = event.arg.split()
        if len(words) != 2 or words[0] != "dealer" or not words[1].isdigit():
            raise InfoStateError(f"deal event needs 'dealer N', got {event.arg!r}")
        hands: list[Slots] = [[None] * shape.hand_size for _ in range(shape.seats)]
        hands[self.viewer][:len(event.cards)] = list(event.cards)
        fields: dict[str, Any] = {
            "options": self.options, "dealer": int(words[1]) % shape.seats,
            "phase": Phase.TRUMP, "hands": hands, "trump": None, "turned_up": None,
            "calls": (), "doubles": (), "tricks": [], "trick": None, "marriages": (),
            "announced": None}
        if shape.talon_size:
            fields.update(talon=[None] * shape.talon_size, seen=[], taker=-1, raised=False)
        return fields

    def _any_completion(self) -> dict[str, Any]:
        """The start with its hidden cards filled in card order: its public state is right."""
        fields = dict(self.base)
        named = {c for hand in fields["hands"] for c in hand if c is not None}
        named |= {c for c in fields.get("talon", []) if c is not None}
        named |= {c for _, cards in fields["tricks"] for c in cards}
        named |= set(fields["trick"][1]) if fields["trick"] else set()
        spare = iter(c for c in DECK_CARDS if c not in named)
        fields["hands"] = [[c if c is not None else next(spare) for c in h]
                           for h in fields["hands"]]
        if "talon" in fields:
            fields["talon"] = [c if c is not None else next(spare) for c in fields["talon"]]
            seen = list(fields["seen"])
            fields["seen"] = [c if c is not None else DECK_CARDS[i] for i, c in enumerate(seen)]
        return fields

    # --- one event ---
    def _read(self, event: Event) -> None:
        kind, seat, cards = event.kind, event.seat, card_set(event.cards)
        hands = self.base["hands"]
        if seat is None:
            raise InfoStateError(f"event {event} names no seat")
        if kind == "deal":
            own = hands[self.viewer]
            rest = [c for c in event.cards if c not in own]
            for index, card in enumerate(own):
                if card is None and rest:
                    own[index] = rest.pop(0)
            self.known[self.viewer] |= cards
        elif kind in ("trump", "turnup", "redeal"):
            self.actions.append((seat, Action(kind, event.arg), ""))
            if kind == "trump":
                self.trump = Suit[event.arg]
                if self.options.trump_must_be_held:  # type: ignore[attr-defined]
                    self.named = (seat, self.trump)
            elif kind == "turnup":
                card = event.cards[0]
                self.trump = card.suit
                hands[seat][FIRST_PACKET] = card
                self.known[seat] |= cards
            else:
                hands[seat][:FIRST_PACKET] = list(event.cards)
                self.known[seat] |= cards
        elif kind in ("bid", "pass", "double", "redouble", "reredouble"):
            self.actions.append((seat, Action(kind, event.arg), ""))
            if kind == "bid":
                self._bid(seat, event.arg, self.taker < 0)
        elif kind == "talon":
            self.taker = seat
            self.pickup = seat
            self.size[seat] += self.talon_size
            self.talon_size, self.talon_known = 0, 0
            if cards:
                self.talon_seen = cards
                self.known[seat] |= cards
        elif kind in HIDDEN_TALON_VERBS:
            self.discard_by = seat
            self.size[seat] -= 2
            self.talon_size = 2
            if cards:
                self.actions.append((seat, Action(kind, " ".join(c.name for c in event.cards)),
                                     ""))
                self.known[seat] &= ~cards
                self.talon_known = cards
            else:
                self.actions.append((seat, None, kind))
                self.either |= self.known[seat]
                self.known[seat] = 0
        elif kind == "marriage":
            self.actions.append((seat, Action(kind, event.arg), ""))
            self._now_known(seat, cards & ~self.played[seat])
        elif kind == "play":
            card = event.cards[0]
            self.actions.append((seat, Action("play", card.name), ""))
            if self.trick and seat != self.viewer:
                self.forbidden[seat] |= self._must_have_played_first(card)
            self.known[seat] &= ~cards
            self.either &= ~cards
            self.played[seat] |= cards
            self.size[seat] -= 1
            self.trick.append(card)
            if len(self.trick) == self.active:
                self.trick = []
        elif kind in ("open", "shown"):
            self._now_known(seat, cards)
        elif kind == "forfeit":
            forfeiter, rule, reason = read_forfeit(event)
            self.forfeit = (forfeiter, Illegal(rule, reason))
        else:
            raise InfoStateError(f"{self.shape.name} has no event {kind!r}")

    def _bid(self, seat: int, name: str, before_talon: bool) -> None:
        """B-5: the highest bid so far, and what it proves of the bidder's hand."""
        contract = self.contract = self.shadow.contracts[name]
        self.declarer = seat
        if name == "farbenringerl":
            self.farbenringerl = (seat, before_talon)
        elif contract.bidder is Bidder.TRUMP_HOLDER and self.trump is not None:
            # Herrenschnapser: the bidder holds all five trumps now
            self._now_known(seat, SUIT_MASK[self.trump] & DECK & ~self.played[seat])
        out = self.shadow.sitting_out(contract, seat)
        self.active = self.shape.seats - (out is not None)

    def _now_known(self, seat: int, cards: int) -> None:
        self.known[seat] |= cards
        self.either &= ~cards

    def _must_have_played_first(self, card: Card) -> int:
        """B-4: the cards whose presence in the hand would have made ``card`` illegal here."""
        contract = self.contract
        trump = self.trump if contract is None or contract.trump else None
        order = NORMAL_ORDER if contract is None else contract.order
        over = self.options.must_overtrump  # type: ignore[attr-defined]
        return _must_first(card, tuple(self.trick), trump, order, over)

    # --- places ---
    def slots(self, extra: int = 0, bidder: int = -1) -> list[Slot]:
        """One slot per seat (its hidden cards now), then the talon's hidden cards.
        ``extra`` cards may go only to ``bidder`` (or the talon he laid down)."""
        out = []
        taker_or_talon = self.either
        for seat in range(self.shape.seats):
            allowed = self.unknown & ~self.forbidden[seat]
            if seat != self.taker:
                allowed &= ~taker_or_talon
            if seat != bidder:
                allowed &= ~extra
            out.append(Slot(self.size[seat] - self.known[seat].bit_count(), allowed))
        talon_allowed = self.unknown
        if self.discard_by is None or bidder != self.discard_by:
            talon_allowed &= ~extra
        out.append(Slot(self.talon_size - self.talon_known.bit_count(), talon_allowed))
        return out

    def alternatives(self) -> list[tuple[int, int]]:
        """(suit mask, bidder) per suit a Farbenringerl bidder may hold; one empty if none."""
        if self.farbenringerl is None or self.farbenringerl[0] == self.viewer:
            return [(0, -1)]
        bidder = self.farbenringerl[0]
        elsewhere = self.base_played | (self.talon_known if self.discard_by != bidder else 0)
        for seat in range(self.shape.seats):
            if seat != bidder:
                elsewhere |= self.known[seat] | self.played[seat]
        return [(SUIT_MASK[s] & DECK, bidder) for s in Suit
                if not SUIT_MASK[s] & DECK & elsewhere]

    def own_before_talon(self, taker: int, suit: int) -> int:
        """Cards known to have been in the taker's hand before he took up the talon: those
        the start shows, and the suit of his Farbenringerl bid (``suit``) made before it."""
        own: int = card_set(c for c in self.base["hands"][taker] if c is not None)
        if self.farbenringerl == (taker, True):
            own |= suit
        return own


@functools.lru_cache(maxsize=4096)
def _must_first(card: Card, trick: tuple[Card, ...], trump: Suit | None, order: Any,
                must_overtrump: bool) -> int:
    forbidden = 0
    for other in DECK_CARDS:
        if other != card and not strict_follow((1 << card) | (1 << other), trick, trump, order,
                                                must_overtrump) >> card & 1:
            forbidden |= 1 << other
    return forbidden


@LastReading
def _reading(info: InfoState, shape: Shape) -> _Reading:
    """The reading of ``info`` (the last one is kept: a search samples many worlds of one)."""
    return _Reading(shape, info)


# --- worlds ---------------------------------------------------------------------------------
def propose(info: InfoState, rng: random.Random, shape: Shape) -> Proposal | None:
    """A deal drawn as the module docstring says; None if the draw is rejected."""
    r = _reading(info, shape)
    choices = r.alternatives()
    if len(choices) == 1 and not choices[0][0]:
        masks = sample_assignment(r.unknown, r.slots(), rng)
        suit = 0
    else:
        index, masks = sample_alternatives(
            [(r.unknown, r.slots(suit & r.unknown, bidder)) for suit, bidder in choices], rng)
        suit = choices[index][0]
    seats = shape.seats
    holding = [r.known[s] | masks[s] for s in range(seats)]
    talon_now = r.talon_known | masks[seats]
    base_holding = [holding[s] | r.played[s] for s in range(seats)]
    if r.discard_by is not None:
        base_holding[r.discard_by] |= talon_now
    base_talon = talon_now
    if r.pickup is not None:
        taker = r.pickup
        if r.talon_seen:
            taken = r.talon_seen
        else:
            fixed = r.own_before_talon(taker, suit)
            candidates = list(cards_in(base_holding[taker] & ~fixed))
            if len(candidates) < 2:
                return None
            if suit and r.farbenringerl == (taker, True):
                # the alternatives were weighted by their assignments alone: weight each by
                # its number of possible talons too, accepting in proportion
                held = base_holding[taker].bit_count()
                most = max(comb(held - r.own_before_talon(taker, other).bit_count(), 2)
                           for other, _ in choices)
                if rng.randrange(most) >= comb(len(candidates), 2):
                    return None
            taken = card_set(rng.sample(candidates, 2))
        base_holding[taker] &= ~taken
        base_talon = taken
    elif r.discard_by is not None and r.base_phase is Phase.TALON:
        base_talon = 0
    fields = dict(r.base)
    fields["hands"] = [_fill(slots, base_holding[s], rng)
                       for s, slots in enumerate(r.base["hands"])]
    if any(hand is None for hand in fields["hands"]):
        return None
    if r.named is not None:  # B-2 trump_must_be_held: the replay would refuse it (cheaper here)
        caller, suit = r.named
        if not any(card.suit == suit for card in fields["hands"][caller][:FIRST_PACKET]):
            return None
    if shape.talon_size:
        fields["talon"] = _fill(r.base["talon"], base_talon, rng)
        seen = r.base["seen"]
        if None in seen:
            pool = base_holding[r.taker] | (base_talon if r.base_phase is not Phase.TALON
                                             else 0)
            fields["seen"] = _fill(seen, card_set(rng.sample(list(cards_in(pool)), len(seen))),
                                   rng)
        if fields["talon"] is None:
            return None
    talon_cards = " ".join(c.name for c in cards_in(talon_now))
    steps: list[Step] = [(seat, action if action is not None else Action(verb, talon_cards))
                         for seat, action, verb in r.actions]
    return Proposal(fields, r.base_phase is Phase.TRUMP and r.fresh, steps, r.forfeit)


def _fill(slots: list[Card | None], cards: int, rng: random.Random) -> list[Card] | None:
    """The slots with ``cards`` in them: known ones where they are, the rest shuffled."""
    placed = sum(1 << c for c in slots if c is not None)
    free = list(cards_in(cards & ~placed))
    if cards & placed != placed or len(free) != slots.count(None):
        return None
    rng.shuffle(free)
    it = iter(free)
    return [c if c is not None else next(it) for c in slots]
