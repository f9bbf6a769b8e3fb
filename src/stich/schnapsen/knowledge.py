"""What each Schnapsen seat learns (issue 8): its events, and worlds sampled from them.

Events (docs/knowledge/schnapsen.md lists them with an example):

- at the deal: ``dealer`` (who dealt), ``deal`` (the seat's own five cards), ``turnup`` (the
  trump card, S-2); a game built from a position starts with one ``position`` event instead
  (the seat's own hand and the public position text, ``stich.schnapsen.position``);
- ``play`` (a card, seen by both); after each trick while the stock is open two ``draw``
  events, winner first (S-3): a seat sees its own card, the other's draw is hidden, except
  the trump card, which both see the loser of trick 5 take;
- ``exchange`` (the trump Jack given, the trump card taken, S-6), ``close`` (S-7),
  ``marriage`` (Queen and King shown, S-5), ``claim`` (S-8), ``pass`` (S-9), all public;
- ``end`` (the winner, his game points and why) once the deal is over, and ``forfeit`` (the
  seat and the rule) before it when a seat revoked (S-12).

What follows from the rules without an event of its own, such as a follower under strict play
(S-4) proving he holds no higher card of the suit led, no card of it, or no trump, is read off
the ``play`` events by :func:`propose_world`.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from stich.core.actions import PLAY, Action
from stich.core.cards import ALL_CARDS, SUIT_MASK, SUIT_OF, Card, Suit, card_set, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event, InfoState, InfoStateError
from stich.core.sampling import Slot, sample_assignment
from stich.schnapsen import position
from stich.schnapsen.family import DECK, NORMAL_ORDER, marriage_cards

if TYPE_CHECKING:
    from stich.schnapsen.game import Schnapsen

EXCHANGE, CLOSE, CLAIM, PASS = Action("exchange"), Action("close"), Action("claim"), Action("pass")
MARRIAGE = {suit: Action("marriage", suit.name) for suit in Suit}

# Events are immutable: the frequent ones are made once.
_PLAY = tuple(tuple(Event("play", seat, (card,)) for card in ALL_CARDS) for seat in (0, 1))
_DRAW_SEEN = tuple(tuple(Event("draw", seat, (card,)) for card in ALL_CARDS) for seat in (0, 1))
_DRAW_HIDDEN = (Event("draw", 0, (), 1), Event("draw", 1, (), 1))
_BARE = {(verb, seat): Event(verb, seat) for verb in ("close", "claim", "pass") for seat in (0, 1)}


# --- events --------------------------------------------------------------------------------
def start_events(game: Schnapsen, seat: int, state: Any) -> list[Event]:
    """What ``seat`` sees where the history starts: the deal, or the position."""
    own = tuple(cards_in(state.hands[seat]))
    if game.started_at_position:
        return [Event("position", seat, own, arg=position.write(game, state, public=True))]
    return [Event("dealer", game.dealer), Event("deal", seat, own),
            Event("turnup", None, (state.trump_card,))]


def events(seat: int, actor: int, action: Action, before: Any, after: Any) -> list[Event]:
    """What ``seat`` sees when ``actor`` takes ``action`` (``before``/``after``: states)."""
    verb = action.verb
    if verb == "play":
        card = ALL_CARDS[(before.hands[actor] & ~after.hands[actor]).bit_length() - 1]
        out = [_PLAY[actor][card]]
        if after.drawn != before.drawn:  # S-3: the winner draws first, the trump card last
            winner = after.leader
            index = before.drawn
            for drawer in (winner, 1 - winner):
                drawn = (after.hands[drawer] & ~before.hands[drawer]).bit_length() - 1
                out.append(_DRAW_SEEN[drawer][drawn] if drawer == seat or index == 9
                           else _DRAW_HIDDEN[drawer])
                index += 1
        return out
    if verb == "exchange":
        out = [Event("exchange", actor, (after.trump_card, before.trump_card))]
    elif verb == "marriage":
        out = [Event("marriage", actor, tuple(cards_in(marriage_cards(action.suit))))]
    else:
        out = [_BARE[verb, actor]]
    if after.result is not None:
        out.append(end_event(after.result))
    return out


def end_event(result: Any) -> Event:
    winner = result.winner[0]
    return Event("end", winner, arg=f"{result.game_points[winner]} {result.reason}")


# --- sampling worlds --------------------------------------------------------------------------
_NEVER = 1 << 30


@dataclasses.dataclass
class _Plan:
    """What an info state fixes, read once: the known cards and where the unknown may go."""

    seat: int
    own: list[Card]
    """The seat's hand where the history starts."""
    talon: list[Card | None]
    """Stock positions 0-8 the seat knows (its own draws)."""
    unknown: int
    slots: list[Slot]
    """The opponent's hand at the start, each of his hidden draws, the stock still face down."""
    hidden_draws: list[int]
    """The stock position of each hidden draw, in slot order."""
    rest: list[int]
    """The stock positions still face down at the end of the history."""
    actions: list[Action]
    forfeit: tuple[int, str] | None
    dealer: int
    turnup: Card | None
    fields: position.Fields | None
    """The public position where a game built from a position starts."""


_last: tuple[InfoState, _Plan] | None = None


def _plan_for(info: InfoState) -> _Plan:
    """The plan of an info state (the last one is kept: a search samples many worlds of one)."""
    global _last
    if _last is not None and _last[0] is info:
        return _last[1]
    plan = _read(info)
    _last = (info, plan)
    return plan


def _not_held(lead: Card, card: Card, trump: Suit) -> int:
    """The cards a follower under strict play (S-4) shows he lacks by answering ``lead`` with
    ``card``: higher ones of the suit if he followed without heading, the suit if he did not
    follow, and trumps too if he did not trump either."""
    lead_suit = SUIT_OF[lead]
    if SUIT_OF[card] == lead_suit:
        above: int = NORMAL_ORDER.above[trump][lead]
        return 0 if above >> card & 1 else above
    if SUIT_OF[card] == trump:
        return SUIT_MASK[lead_suit] & DECK
    return (SUIT_MASK[lead_suit] | SUIT_MASK[trump]) & DECK


def _read(info: InfoState) -> _Plan:
    seat, opp = info.seat, 1 - info.seat
    events = info.events
    if not events:
        raise InfoStateError("a Schnapsen information state starts with the deal or a position")
    talon: list[Card | None] = [None] * 9
    reveal: dict[int, int] = {}  # card -> when the opponent first showed it
    absent: list[tuple[int, int]] = []  # (when, cards) the opponent showed he did not hold
    hidden_draws: list[tuple[int, int]] = []  # (stock position, when)
    actions: list[Action] = []
    forfeit = None
    fields = None
    turnup = None
    first = events[0]
    if first.kind == "position":
        fields = position.parse(first.arg, hidden=True)
        own = card_set(first.cards)
        trump = fields.trump.suit
        drawn = 10 - len(fields.stock)
        closed = fields.closed is not None
        lead = fields.lead
        known = own | fields.won[0] | fields.won[1] | card_set([lead] if lead is not None else [])
        if fields.stock:
            known |= 1 << fields.trump
        opp_size = len(fields.hands[opp])
        for who, suit in fields.marriages:  # shown, so held until played (S-5)
            if who == opp:
                for card in cards_in(marriage_cards(suit) & ~known):
                    reveal[card] = -1
        dealer = fields.dealer
        start = 1
    elif first.kind == "dealer" and len(events) >= 3:
        dealer = first.seat if first.seat is not None else 0
        own = card_set(events[1].cards)
        turnup = events[2].cards[0]
        trump = turnup.suit
        known = own | 1 << turnup
        drawn, closed, lead, opp_size, start = 0, False, None, 5, 3
    else:
        raise InfoStateError("a Schnapsen information state starts with the deal or a position")
    for when in range(start, len(events)):
        event = events[when]
        kind = event.kind
        if kind == "play":
            card = event.cards[0]
            actions.append(PLAY[card])
            if event.seat == opp:
                reveal.setdefault(card, when)
            if lead is None:
                lead = card
            else:
                if event.seat == opp and (closed or drawn >= 10):
                    absent.append((when, _not_held(lead, card, trump)))
                lead = None
        elif kind == "draw":
            if drawn < 9:
                if event.cards:  # the seat's own draw
                    talon[drawn] = event.cards[0]
                    known |= 1 << event.cards[0]
                else:
                    hidden_draws.append((drawn, when))
            drawn += 1
        elif kind == "exchange":
            actions.append(EXCHANGE)
            if event.seat == opp:
                reveal.setdefault(event.cards[0], when)
        elif kind == "marriage":
            actions.append(MARRIAGE[event.cards[0].suit])
            if event.seat == opp:
                for card in event.cards:
                    reveal.setdefault(card, when)
        elif kind == "close":
            closed = True
            actions.append(CLOSE)
        elif kind == "claim":
            actions.append(CLAIM)
        elif kind == "pass":
            actions.append(PASS)
        elif kind == "forfeit":
            forfeit = (event.seat if event.seat is not None else 0, event.arg)
    unknown = DECK & ~known
    rest = list(range(drawn, 9))
    # A card may go where the opponent got it at time a only if a < the time he showed it
    # and no proof that he lacked it falls between (S-4); the face-down stock takes only
    # cards he never showed.
    times = [-2, *(when for _, when in hidden_draws)]
    allowed = [0] * len(times)
    allowed_rest = 0
    for card in cards_in(unknown):
        shown = reveal.get(card, _NEVER)
        lacked = max((when for when, mask in absent if mask >> card & 1 and when < shown),
                     default=-3)
        bit = 1 << card
        for index, got in enumerate(times):
            if lacked < got < shown:
                allowed[index] |= bit
        if shown == _NEVER:
            allowed_rest |= bit
    slots = [Slot(opp_size, allowed[0]), *(Slot(1, mask) for mask in allowed[1:])]
    if rest:
        slots.append(Slot(len(rest), allowed_rest))
    return _Plan(seat, list(cards_in(own)), talon, unknown, slots,
                 [index for index, _ in hidden_draws], rest, actions, forfeit, dealer, turnup,
                 fields)


def propose_world(cls: type[Schnapsen], info: InfoState, rng: random.Random) -> Schnapsen | None:
    """A deal drawn uniformly among those consistent with ``info``, its history replayed.

    How: the cards the seat cannot place are those of the opponent's hand where the history
    starts, of each of his hidden draws, and of the stock still face down. Each card may go
    to a place the opponent got before he showed it (play, marriage, exchange) and after the
    last time he proved under strict play (S-4) that he lacked it; the face-down stock takes
    only cards he never showed. ``stich.core.sampling.sample_assignment`` draws an assignment
    uniformly among all that respect this (rejection from a shuffle, else exact counting), the
    face-down stock in a uniformly shuffled order; together that is a uniform draw among the
    deals (hands and stock order) the seat cannot tell apart. The replay returns None on an
    illegal action (it does not happen with these constraints), and ``sample_world`` checks
    that the world's information state is ``info``.
    """
    plan = _plan_for(info)
    masks = sample_assignment(plan.unknown, plan.slots, rng)
    seat, opp = plan.seat, 1 - plan.seat
    talon = list(plan.talon)
    for index, mask in zip(plan.hidden_draws, masks[1:], strict=False):
        talon[index] = ALL_CARDS[mask.bit_length() - 1]
    if plan.rest:
        rest = list(cards_in(masks[-1]))
        rng.shuffle(rest)
        for index, card in zip(plan.rest, rest, strict=True):
            talon[index] = card
    hands: list[list[Card]] = [[], []]
    hands[seat], hands[opp] = plan.own, list(cards_in(masks[0]))
    if plan.fields is None:
        assert plan.turnup is not None
        world = cls.__new__(cls)
        world._setup(hands, talon, plan.turnup, plan.dealer, info.options,  # type: ignore[arg-type]
                     None)
    else:
        start = 10 - len(plan.fields.stock)
        stock = [*talon[start:9], plan.fields.trump][:len(plan.fields.stock)]
        fields = dataclasses.replace(plan.fields, hands=(list(hands[0]), list(hands[1])),
                                     stock=list(stock))
        world = position.build(cls, fields)
    for action in plan.actions:
        if world._result is not None:
            return None
        if action.verb == "play":
            if not world._playable() >> action.card & 1:
                return None
        elif world.why_illegal(action) is not None:
            return None
        world._push(world.to_act, action)
    if plan.forfeit is not None:
        world.forfeit(plan.forfeit[0], Illegal(plan.forfeit[1], "a revoke (S-12)"))
    return world
