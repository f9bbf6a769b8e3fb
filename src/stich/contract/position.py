"""Bauern- and Dreierschnapsen positions (B-1 to B-6, D-1): the fields of their state in the
position grammar (``stich.core.position``, docs/rules/notation.md)::

    bauernschnapsen standard dealer=0 phase=play hands=HA.HK/SA/-/DT trump=H up=-
      calls=1:trump_H,1:pass,2:pass,3:pass,0:pass doubles=2:pass,0:pass
      tricks=1:HT.HQ.HJ.DK,... trick=1:SA marriages=- announced=-

(on one line; Dreierschnapsen adds ``talon=`` (the cards face down), ``seen=`` (the talon its
taker took up), ``taker=`` and ``raised=``). A card the viewer cannot see is ``?`` (a position
as one seat sees it, the start event of a game built from a position). In phase ``trump`` each
hand is written in dealing order (the caller's first three cards first, his fourth is the one
``turnup`` shows, B-2); later hands are sorted. ``calls`` and ``doubles`` are what was said
(B-3, B-6), ``tricks`` each trick as its leader and its cards in play order: the public record
the observations show, from which the auction, the contract, the doubling factor and the points
follow. This module reads and writes the fields (a dict, :func:`parse`'s keys);
``ContractSchnapsen.from_fields`` builds the game from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from stich.contract.legality import Phase
from stich.core.actions import Action, ActionParseError
from stich.core.cards import Card, Suit, card_set, cards_in
from stich.core.options import RuleOptions
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
    read_seat,
    read_seated,
    read_suit,
    seated_text,
    split,
)
from stich.schnapsen.family import DECK

Slots = list[Card | None]
"""A hand or talon as written: known cards and ``None`` for each hidden card."""
Fields = dict[str, Any]
"""A position's contents by field (``options``, ``dealer``, ``phase``, ``hands`` as
:data:`Slots`, ``trump``, ``turned_up``, ``calls``, ``doubles``, ``tricks``, ``trick``,
``marriages``, ``announced``; with a talon also ``talon``, ``seen``, ``taker``, ``raised``)."""


class Shape(Protocol):
    """What reading a position needs of its game: a class's constants."""

    NAME: str
    SEATS: int
    TALON_SIZE: int

    @property
    def OPTIONS(self) -> type[RuleOptions]: ...


def keys(talon: bool) -> tuple[str, ...]:
    """The fields in the order a position writes them (a game with a talon has four more)."""
    return ("dealer", "phase", "hands", *(("talon", "seen", "taker") if talon else ()), "trump",
            "up", "calls", "doubles", "tricks", "trick", "marriages", "announced",
            *(("raised",) if talon else ()))


# --- writing --------------------------------------------------------------------------------
def fields_of(options: RuleOptions, dealer: int, dealt: Sequence[Sequence[Card]],
              dealt_talon: Sequence[Card], state: Any, viewer: int | None = None,
              shown: Sequence[int] = ()) -> Fields:
    """The fields of ``state`` (a ``game.State``) of a deal dealt ``dealt`` and
    ``dealt_talon``; as ``viewer`` sees it if given (``shown``: other seats' hands open to him,
    B-5)."""
    phase = Phase(state.phase)
    seats = range(len(dealt))
    hands: list[Slots]
    if phase is Phase.TRUMP:
        hands = [[card if viewer is None or (s == viewer and i < 3) else None
                  for i, card in enumerate(dealt[s])] for s in seats]
    else:
        hands = []
        for s in seats:
            mine = viewer is None or s == viewer or s in shown
            known = state.hands[s] if mine else 0
            if state.turned_up is not None and not mine:
                known |= state.hands[s] & (1 << state.turned_up)
            hands.append(_slots(state.hands[s], known))
    fields: Fields = {
        "options": options, "dealer": dealer, "phase": phase, "hands": hands,
        "trump": state.trump, "turned_up": state.turned_up, "calls": state.calls,
        "doubles": state.doubles,
        "tricks": [(t[0][0], [card for _, card in t]) for t in state.tricks],
        "trick": (state.trick[0][0], [card for _, card in state.trick]) if state.trick else None,
        "marriages": state.marriages, "announced": state.announced}
    if dealt_talon:
        taker = state.talon_taker
        sees = viewer is None or viewer == taker
        talon = card_set(dealt_talon) if phase is Phase.TRUMP else state.talon
        fields["talon"] = _slots(talon, talon if viewer is None or (sees and taker >= 0) else 0)
        seen = card_set(dealt_talon) if taker >= 0 else 0
        fields["seen"] = _slots(seen, seen if sees else 0)
        fields["taker"] = taker
        fields["raised"] = state.raised
    return fields


def _slots(mask: int, known: int) -> Slots:
    """Known cards (card order), then None for the rest."""
    return [*cards_in(mask & known), *[None] * (mask & ~known).bit_count()]


def write(name: str, fields: Fields) -> str:
    """The position the fields describe."""
    values = {
        "dealer": str(fields["dealer"]), "phase": str(fields["phase"]),
        "hands": "/".join(cards_text(hand) for hand in fields["hands"]),
        "trump": NONE if fields["trump"] is None else str(fields["trump"]),
        "up": NONE if fields["turned_up"] is None else fields["turned_up"].name,
        "calls": _said(fields["calls"]), "doubles": _said(fields["doubles"]),
        "tricks": ",".join(seated_text(*t) for t in fields["tricks"]) or NONE,
        "trick": NONE if fields["trick"] is None else seated_text(*fields["trick"]),
        "marriages": ",".join(f"{s}:{suit}" for s, suit in fields["marriages"]) or NONE,
        "announced": NONE if fields["announced"] is None else str(fields["announced"])}
    if "talon" in fields:
        values["talon"] = cards_text(fields["talon"])
        values["seen"] = cards_text(fields["seen"])
        values["taker"] = NONE if fields["taker"] < 0 else str(fields["taker"])
        values["raised"] = flag_text(fields["raised"])
    return join(name, fields["options"], ((key, values[key]) for key in keys("talon" in fields)))


def _said(calls: tuple[tuple[int, str], ...]) -> str:
    return ",".join(f"{seat}:{text.replace(' ', '_')}" for seat, text in calls) or NONE


# --- reading --------------------------------------------------------------------------------
def parse(cls: Shape, text: str) -> Fields:
    """The fields of a position (hands and talons as :data:`Slots`); PositionError names
    what is wrong. Hidden cards are allowed here; ``from_fields`` refuses them."""
    options_word, fields = split(text, cls.NAME, keys(bool(cls.TALON_SIZE)))
    options = read_options(cls.OPTIONS, options_word)

    def seat(value: str, what: str) -> int:
        return read_seat(value, f"{cls.NAME} position: {what}", cls.SEATS)

    def suit(value: str, what: str) -> Suit | None:
        return read_suit(value, f"{cls.NAME} position: {what}")

    def slots(value: str, what: str) -> Slots:
        return read_cards(value, what, DECK, hidden=True)

    def trick(value: str) -> tuple[int, list[Card]]:
        return read_seated(value, f"{cls.NAME} position: a trick", cls.SEATS, DECK)

    try:
        phase = Phase(fields["phase"])
    except ValueError:
        raise PositionError(f"{cls.NAME} position: {fields['phase']!r} is not a phase: "
                            f"{', '.join(p.value for p in Phase)}") from None
    marriages = []
    for item in (maybe(fields["marriages"]) or "").split(","):
        if item:
            who, _, named = item.partition(":")
            marriages.append((seat(who, "a marriage's seat"), suit(named, "a marriage's suit")))
    up = read_known(fields["up"], "up", DECK)
    out: Fields = {
        "options": options, "dealer": seat(fields["dealer"], "dealer"), "phase": phase,
        "hands": [slots(h, "hands") for h in per_seat(fields["hands"], "hands", cls.SEATS)],
        "trump": suit(fields["trump"], "trump"), "turned_up": up[0] if up else None,
        "calls": _read_said(cls, fields["calls"]), "doubles": _read_said(cls, fields["doubles"]),
        "tricks": [] if fields["tricks"] == NONE else [
            trick(t) for t in fields["tricks"].split(",")],
        "trick": None if fields["trick"] == NONE else trick(fields["trick"]),
        "marriages": tuple(marriages), "announced": suit(fields["announced"], "announced")}
    if cls.TALON_SIZE:
        out["talon"] = slots(fields["talon"], "talon")
        out["seen"] = slots(fields["seen"], "seen")
        out["taker"] = -1 if fields["taker"] == NONE else seat(fields["taker"], "taker")
        out["raised"] = read_flag(fields["raised"], "raised")
    if phase is Phase.OVER:
        raise PositionError("the deal is over: a position is a state that can continue")
    return out


def _read_said(cls: Shape, text: str) -> tuple[tuple[int, str], ...]:
    if text == NONE:
        return ()
    out = []
    for item in text.split(","):
        seat, sep, said = item.partition(":")
        if not sep:
            raise PositionError(f"{item!r}: expected seat:call")
        try:
            action = Action.parse(said.replace("_", " "))
        except ActionParseError as error:
            raise PositionError(str(error)) from None
        out.append((read_seat(seat, f"{cls.NAME} position: a call's seat", cls.SEATS),
                    str(action)))
    return tuple(out)


class Start(NamedTuple):
    """What a game built from a position is made of: the deal for ``setup``, the state values
    (``game.State`` names) read directly, and the tricks from which the game restores who won
    them (its own rules, B-4)."""

    dealt: tuple[tuple[Card, ...], ...]
    dealt_talon: tuple[Card, ...]
    dealer: int
    options: RuleOptions
    phase: Phase
    state: dict[str, Any]
    tricks: list[tuple[int, list[Card]]]
    trick: tuple[int, list[Card]] | None


def start(fields: Fields) -> Start:
    """The deal and state values of a position with every card known; PositionError where a
    card is hidden, missing or twice, or trump is not named after phase trump."""
    hands: list[Slots] = fields["hands"]
    talon: Slots = fields.get("talon", [])
    if any(None in slots for slots in (*hands, talon, fields.get("seen", []))):
        raise PositionError("a position to play from names every card (no '?')")
    known = [[card for card in hand if card is not None] for hand in hands]
    talon_cards = [card for card in talon if card is not None]
    phase: Phase = fields["phase"]
    if phase is Phase.TRUMP:  # a deal as dealt: the game checks it (B-2, D-1)
        return Start(tuple(tuple(h) for h in known), tuple(talon_cards), fields["dealer"],
                     fields["options"], phase, {}, [], None)
    tricks, trick = fields["tricks"], fields["trick"]
    played = [card for _, cards in tricks for card in cards] + (trick[1] if trick else [])
    if sorted([*(c for hand in known for c in hand), *talon_cards, *played]) != list(
            cards_in(DECK)):
        raise PositionError("the hands, the talon and the tricks must hold the 20 cards once "
                            "each")
    if fields["trump"] is None:
        raise PositionError("after phase trump the trump suit is named")
    state: dict[str, Any] = {
        "phase": phase, "hands": tuple(card_set(hand) for hand in known),
        "trump": fields["trump"], "turned_up": fields["turned_up"], "calls": fields["calls"],
        "doubles": fields["doubles"], "marriages": fields["marriages"],
        "announced": fields["announced"]}
    if "talon" in fields:
        state.update(talon=card_set(talon_cards), talon_taker=fields["taker"],
                     raised=fields["raised"])
    shown = talon_cards if phase is Phase.AUCTION else fields.get("seen", [])
    return Start(tuple(tuple(sorted(hand)) for hand in known), tuple(shown), fields["dealer"],
                 fields["options"], phase, state, tricks, trick)
