"""Schnapsen positions (issue 8, item 4): a whole deal state on one line, as FEN is for chess.

Words after the game's name, in this order (cards as codes joined by ``.``, ``-`` for none)::

    schnapsen soft dealer=0 leader=1 hands=CA.CT.HK.HQ.SJ/CJ.DA.DT.DQ.HA trump=HJ
        stock=CK.CQ.DJ.DK.HT.SA.SK.ST.SQ.HJ closed=- lead=- announced=- claim=0 final=0
        won=-/- marriages=- last=-

- the options: the preset, then ``,name=value`` for each override (``soft,exchange_at_two=1``);
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
event with its own hand and the public form of the position (both hands and the face-down
stock written as ``??``, which ``Schnapsen._propose_world`` fills in).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from stich.core.cards import Card, Suit, card_set, cards_in
from stich.core.position import PositionError, read_options
from stich.schnapsen.family import DECK, marriage_cards, points_of
from stich.schnapsen.options import SchnapsenOptions

if TYPE_CHECKING:
    from stich.schnapsen.game import Schnapsen

HIDDEN = "??"
KEYS = ("dealer", "leader", "hands", "trump", "stock", "closed", "lead", "announced", "claim",
        "final", "won", "marriages", "last")


@dataclasses.dataclass
class Fields:
    """A position's contents; a card written ``??`` is None."""

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


def write(game: Schnapsen, state: Any, public: bool = False) -> str:
    """The position of ``game`` in ``state`` (a ``Schnapsen.State``); ``public`` writes both
    hands and the face-down stock as ``??``."""
    options = game.options
    words = [game.NAME, ",".join([options.preset, *(
        f"{name}={_value(value)}" for name, value in sorted(options.overrides().items()))])]

    def cards(mask: int) -> str:
        if public:
            return ".".join([HIDDEN] * mask.bit_count()) or "-"
        return ".".join(card.name for card in cards_in(mask)) or "-"

    stock = [game.talon[i] if i < 9 else state.trump_card for i in range(state.drawn, 10)]
    stock_text = ".".join(HIDDEN if public and i < len(stock) - 1 else card.name
                          for i, card in enumerate(stock)) or "-"
    if state.closed_by < 0:
        closed = "-"
    else:
        scores, tricks = state.closed_scores, state.closed_tricks
        closed = f"{state.closed_by}:{scores[0]},{scores[1]}:{tricks[0]},{tricks[1]}"
    words += [
        f"dealer={game.dealer}", f"leader={state.leader}",
        f"hands={cards(state.hands[0])}/{cards(state.hands[1])}",
        f"trump={state.trump_card.name}", f"stock={stock_text}", f"closed={closed}",
        f"lead={state.lead.name if state.lead is not None else '-'}",
        f"announced={state.announced.name if state.announced is not None else '-'}",
        f"claim={int(state.may_claim)}", f"final={int(state.final)}",
        "won=" + "/".join(".".join(c.name for c in cards_in(w)) or "-" for w in state.won),
        "marriages=" + (".".join(f"{seat}{suit.name}" for seat, suit in state.marriages) or "-"),
        "last=" + (".".join(f"{seat}{card.name}" for seat, card in state.last_trick)
                   if state.last_trick else "-"),
    ]
    return " ".join(words)


def _value(value: Any) -> str:
    return str(int(value)) if isinstance(value, bool) else str(value)


def parse(text: str, hidden: bool = False) -> Fields:
    """The fields of a position; ``hidden`` allows ``??`` cards. PositionError names what is
    wrong."""
    words = text.split()
    if len(words) < 2 or words[0] != "schnapsen":
        raise PositionError("a Schnapsen position starts with 'schnapsen' and the options")
    options = read_options(SchnapsenOptions, words[1], ",")
    values: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key not in KEYS:
            raise PositionError(f"unknown position field {word!r}; fields: {', '.join(KEYS)}")
        if key in values:
            raise PositionError(f"position field {key!r} given twice")
        values[key] = value
    missing = [key for key in KEYS if key not in values]
    if missing:
        raise PositionError(f"position lacks {', '.join(missing)}")

    def card_list(key: str, value: str) -> list[Card | None]:
        if value == "-":
            return []
        out: list[Card | None] = []
        for code in value.split("."):
            if code == HIDDEN and hidden:
                out.append(None)
            elif code in Card.__members__ and DECK >> Card[code] & 1:
                out.append(Card[code])
            else:
                raise PositionError(f"{key}: {code!r} is not a Schnapsen card")
        return out

    def known(key: str, value: str) -> list[Card]:
        cards = card_list(key, value)
        if any(card is None for card in cards):
            raise PositionError(f"{key}: hidden cards are not allowed here")
        return [card for card in cards if card is not None]

    def pair(key: str) -> tuple[str, str]:
        first, sep, second = values[key].partition("/")
        if not sep:
            raise PositionError(f"{key} must be two lists joined by '/'")
        return first, second

    def seat(key: str, value: str) -> int:
        if value not in ("0", "1"):
            raise PositionError(f"{key} must be seat 0 or 1, not {value!r}")
        return int(value)

    def flag(key: str) -> bool:
        if values[key] not in ("0", "1"):
            raise PositionError(f"{key} must be 0 or 1, not {values[key]!r}")
        return values[key] == "1"

    def suit(key: str) -> Suit | None:
        value = values[key]
        if value == "-":
            return None
        if value not in Suit.__members__:
            raise PositionError(f"{key}: {value!r} is not a suit")
        return Suit[value]

    def seated(key: str) -> list[tuple[int, str]]:
        if values[key] == "-":
            return []
        out = []
        for item in values[key].split("."):
            out.append((seat(key, item[:1]), item[1:]))
        return out

    hand0, hand1 = pair("hands")
    trumps = known("trump", values["trump"])
    if len(trumps) != 1:
        raise PositionError("trump must name the trump card")
    trump = trumps[0]
    won0, won1 = pair("won")
    closed = None
    if values["closed"] != "-":
        try:
            closer, scores, tricks = values["closed"].split(":")
            s0, s1 = (int(x) for x in scores.split(","))
            t0, t1 = (int(x) for x in tricks.split(","))
        except ValueError:
            raise PositionError("closed must be '-' or seat:points0,points1:tricks0,tricks1"
                                ) from None
        closed = (seat("closed", closer), (s0, s1), (t0, t1))
    lead = known("lead", values["lead"])
    marriages = []
    for who, name in seated("marriages"):
        if name not in Suit.__members__:
            raise PositionError(f"marriages: {name!r} is not a suit")
        marriages.append((who, Suit[name]))
    last = [(who, known("last", code)) for who, code in seated("last")]
    if any(len(cards) != 1 for _, cards in last):
        raise PositionError("last names each card of the last trick as seat and card")
    return Fields(
        options=options, dealer=seat("dealer", values["dealer"]),
        leader=seat("leader", values["leader"]),
        hands=(card_list("hands", hand0), card_list("hands", hand1)), trump=trump,
        stock=card_list("stock", values["stock"]), closed=closed,
        lead=lead[0] if lead else None, announced=suit("announced"),
        may_claim=flag("claim"), final=flag("final"),
        won=(card_set(known("won", won0)), card_set(known("won", won1))),
        marriages=tuple(marriages),
        last=tuple((who, cards[0]) for who, cards in last) if last else None)


def build(cls: type[Schnapsen], fields: Fields) -> Schnapsen:
    """The game in the state ``fields`` describe (every card known), history starting there;
    PositionError if the state is impossible."""
    hands = [_known(hand) for hand in fields.hands]
    stock = _known(fields.stock)
    _check(fields, hands, stock)
    drawn = 10 - len(fields.stock)
    outside = DECK & ~stock
    # the positions already drawn are not part of a position: filled with cards out of the
    # stock, never read (drawing reads talon[drawn] on)
    face_down = [card for card in fields.stock[:-1] if card is not None]
    talon = [*list(cards_in(outside))[:min(drawn, 9)], *face_down]
    game = cls.__new__(cls)
    game._setup([list(cards_in(hands[0])), list(cards_in(hands[1]))], talon, fields.trump,
                fields.dealer, fields.options, None)
    game.started_at_position = True
    game.hands = (hands[0], hands[1])
    game.drawn = drawn
    if fields.closed is not None:
        game.closed_by, game.closed_scores, game.closed_tricks = fields.closed
    game.leader = fields.leader
    game.lead = fields.lead
    game.to_act = fields.leader if fields.lead is None else 1 - fields.leader
    game.announced = fields.announced
    game.may_claim = fields.may_claim
    game.final = fields.final
    game.won = fields.won
    game.points = (points_of(fields.won[0]), points_of(fields.won[1]))
    game.tricks = (fields.won[0].bit_count() // 2, fields.won[1].bit_count() // 2)
    game.marriages = fields.marriages
    game.last_trick = fields.last
    return game


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
