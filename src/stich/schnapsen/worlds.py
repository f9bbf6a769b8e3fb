"""Schnapsen worlds consistent with what a seat knows (its events, ``stich.schnapsen.events``).

:func:`propose` reads the seat's info state (once per info state) and draws the cards it cannot
see; it returns the deal they make as plain values (:class:`Proposal`), which the game class
builds and replays (``Schnapsen._propose_world``, ``stich.core.worlds.replay``).
"""

from __future__ import annotations

import dataclasses
import random

from stich.core.actions import PLAY, Action
from stich.core.cards import ALL_CARDS, SUIT_MASK, SUIT_OF, Card, Suit, card_set, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import InfoState, InfoStateError, read_forfeit
from stich.core.sampling import NoWorld, Slot, sample_assignment
from stich.core.worlds import LastReading
from stich.schnapsen import position
from stich.schnapsen.actions import CLAIM, CLOSE, EXCHANGE, MARRIAGE, PASS
from stich.schnapsen.family import DECK, NORMAL_ORDER, marriage_cards

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
    order: list[tuple[Card, int, int]] | None
    """The chain sampler's steps (card, kind, end of its places), or None where the general
    sampler is needed (``_chain``)."""
    rest: list[int]
    """The stock positions still face down at the end of the history."""
    actions: list[Action]
    forfeit: tuple[int, Illegal] | None
    dealer: int
    turnup: Card | None
    fields: position.Fields | None
    """The public position where a game built from a position starts."""


@dataclasses.dataclass(frozen=True)
class Proposal:
    """A deal drawn for an info state, as plain values: the hands, stock and trump card as
    dealt (or, where the history starts at a position, that position's fields with the drawn
    cards in), and the history to replay with the forfeit after it."""

    hands: list[list[Card]]
    talon: list[Card | None]
    """The nine face-down stock cards (None: drawn before the position the history starts at)."""
    turnup: Card | None
    dealer: int
    fields: position.Fields | None
    actions: list[Action]
    forfeit: tuple[int, Illegal] | None


@LastReading
def _plan_for(info: InfoState) -> _Plan:
    """The plan of an info state (the last one is kept: a search samples many worlds of one)."""
    try:
        return _read(info)
    except (IndexError, KeyError, AttributeError) as error:
        raise InfoStateError(f"not a Schnapsen information state: an event lacks what its "
                             f"kind needs ({error!r})") from None


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
            forfeiter, rule, _ = read_forfeit(event)
            forfeit = (forfeiter, Illegal(rule, "a revoke (S-12)"))
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
                 [index for index, _ in hidden_draws], _chain(unknown, slots, bool(rest)), rest,
                 actions,
                 forfeit, dealer, turnup, fields)


def _chain(unknown: int, slots: list[Slot], stock: bool) -> list[tuple[Card, int, int]] | None:
    """Steps for sampling by places in time order, where the constraints allow it.

    Lay the slots out as places in the order the opponent got them (his hand at the start,
    each hidden draw), then the face-down stock (``stock``: the last slot). A card he showed
    may go only to places he got before (a prefix); a card he proved under strict play not to
    hold (S-4) only to the stock, since strict play comes after the last draw; any other card
    anywhere. Placing the stock-only cards first, then the shown ones by the end of their
    prefix, then the others, each uniformly among the free places it may take, every card has
    a number of choices that does not depend on the earlier ones: each valid placement is
    equally likely, and so (the places of one slot being interchangeable) every assignment.
    Steps are (card, kind, end of its places): kind 0 the stock only, 1 a prefix, 2 anywhere.
    None if some card's places have another shape (the general sampler is used then)."""
    ends, end = [], 0
    for slot in slots:
        end += slot.size
        ends.append(end)
    stock_start = ends[-2] if stock and len(slots) > 1 else 0 if stock else end
    everywhere = list(range(len(slots)))
    stock_only, shown, anywhere = [], [], []
    for card in cards_in(unknown):
        places = [index for index in everywhere if slots[index].allowed >> card & 1]
        if places == everywhere:
            anywhere.append((card, 2, end))
        elif stock and places == [len(slots) - 1]:
            stock_only.append((card, 0, end))
        elif places and places == everywhere[:len(places)] and ends[len(places) - 1] <= \
                stock_start:
            shown.append((card, 1, ends[len(places) - 1]))
        else:
            return None
    return [*stock_only, *sorted(shown, key=lambda step: step[2]), *anywhere]


def _place(order: list[tuple[Card, int, int]], size: int, stock_size: int,
           rng: random.Random) -> list[Card]:
    """The card at each of ``size`` places (the last ``stock_size`` the face-down stock),
    drawn by the chain's steps (``_chain``)."""
    out: list[Card] = [Card.CA] * size
    stock_start = size - stock_size
    stock = list(range(stock_start, size))  # free places in the stock
    pool: list[int] = []  # free places before ``upto``, outside the stock until the end
    upto = 0
    randrange = rng.randrange
    for card, kind, end in order:
        if kind == 0:
            places = stock
        else:
            if end > upto:
                if kind == 2:
                    pool.extend(range(upto, stock_start))
                    pool.extend(stock)
                    upto = size
                else:
                    pool.extend(range(upto, end))
                    upto = end
            places = pool
        if not places:
            raise NoWorld("no place left for a card the seat cannot see")
        index = randrange(len(places))
        out[places[index]] = card
        places[index] = places[-1]
        places.pop()
    return out


def propose(info: InfoState, rng: random.Random) -> Proposal:
    """A deal drawn uniformly among those consistent with ``info``, with the history to replay.

    How: the cards the seat cannot place are those of the opponent's hand where the history
    starts, of each of his hidden draws, and of the stock still face down. Each card may go
    to a place the opponent got before he showed it (play, marriage, exchange) and after the
    last time he proved under strict play (S-4) that he lacked it (no higher card of the suit
    led, none of it, no trump); the face-down stock takes only cards he never showed. These
    places are prefixes and suffixes of the places in time order, so the cards are placed
    one by one, each uniformly among its free places (``_chain``: every consistent deal,
    hands and stock order, is equally likely, with no rejection); constraints of another
    shape (only from a hand-made info state) go to the general uniform sampler,
    ``stich.core.sampling.sample_assignment``. The game's replay rejects an illegal action
    (it does not happen with these constraints), and ``sample_world`` checks that the
    world's information state is ``info``. The reading of ``info`` is kept for the next call
    with the same info state (a search samples many worlds of one).
    """
    plan = _plan_for(info)
    seat, opp = plan.seat, 1 - plan.seat
    talon = list(plan.talon)
    hand_size, draws = plan.slots[0].size, len(plan.hidden_draws)
    if plan.order is not None:
        places = _place(plan.order, plan.unknown.bit_count(), len(plan.rest), rng)
        hand = places[:hand_size]
        drawn = places[hand_size:hand_size + draws]
        stock = places[hand_size + draws:]
    else:
        masks = sample_assignment(plan.unknown, plan.slots, rng)
        hand = list(cards_in(masks[0]))
        drawn = [ALL_CARDS[mask.bit_length() - 1] for mask in masks[1:1 + draws]]
        stock = list(cards_in(masks[-1])) if plan.rest else []
        rng.shuffle(stock)
    for index, card in zip(plan.hidden_draws, drawn, strict=True):
        talon[index] = card
    for index, card in zip(plan.rest, stock, strict=True):
        talon[index] = card
    hands: list[list[Card]] = [[], []]
    hands[seat], hands[opp] = plan.own, sorted(hand)
    fields = None
    if plan.fields is not None:
        start = 10 - len(plan.fields.stock)
        whole_stock = [*talon[start:9], plan.fields.trump][:len(plan.fields.stock)]
        fields = dataclasses.replace(plan.fields, hands=(list(hands[0]), list(hands[1])),
                                     stock=whole_stock)
    return Proposal(hands, talon, plan.turnup, plan.dealer, fields, plan.actions,
                    plan.forfeit)
