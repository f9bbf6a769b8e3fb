"""What each Jass seat learns: its events (docs/knowledge/jass.md).

``deal`` (the seat's own cards and the public position where its history starts), ``trump``,
``push`` (J-3), ``weis`` (J-5: its points to everybody, its cards to the declarer only),
``play``, ``stoeck`` (J-6, scored as the second card falls), ``shown`` (J-5: after the first
trick, every Weis of the best team with its cards); a ``forfeit`` (an illegal move from
outside the engine, docs/knowledge/jass.md) comes from the core (``Game.seat_events``).
"""

from __future__ import annotations

from typing import Any

from stich.core.actions import Action
from stich.core.cards import Card, card_set, cards_in
from stich.core.knowledge import Event
from stich.jass.cards import Contract
from stich.jass.weis import weis_points

_PLAY = [{card.name: Event("play", seat, (card,)) for card in Card} for seat in range(4)]
_TRUMP = [{c.word: Event("trump", seat, arg=c.word) for c in Contract} for seat in range(4)]
_PUSH = [Event("push", seat) for seat in range(4)]
_STOECK = [Event("stoeck", seat) for seat in range(4)]
_HIDDEN_WEIS: dict[tuple[int, int], Event] = {}


def start_events(seat: int, hand: int, public_position: str) -> list[Event]:
    """The seat's cards where the history starts and the position there as it sees it."""
    return [Event("deal", seat, tuple(cards_in(hand)), arg=public_position)]


def action_events(seat: int, actor: int, action: Action, before: Any,
                  after: Any) -> tuple[Event, ...] | list[Event]:
    """What ``seat`` sees when ``actor`` takes ``action`` (and what follows by itself)."""
    verb = action.verb
    if verb == "play":
        event = _PLAY[actor][action.arg]
        if after.stoeck_seat is before.stoeck_seat and after.weis_team is before.weis_team:
            return (event,)
        out = [event]
        if before.stoeck_seat is None and after.stoeck_seat is not None:
            out.append(_STOECK[actor])
        if before.weis_team is None and after.weis_team is not None:
            out.extend(Event("shown", w.seat, tuple(cards_in(w.cards)), arg=str(w.points))
                       for w in after.declared if w.seat % 2 == after.weis_team)
        return out
    if verb == "trump":
        return (_TRUMP[actor][action.arg],)
    if verb == "push":
        return (_PUSH[actor],)
    cards = card_set(action.cards)
    points = weis_points(cards)
    if seat == actor:
        return (Event("weis", actor, tuple(cards_in(cards)), arg=str(points)),)
    hidden = _HIDDEN_WEIS.get((actor, points))
    if hidden is None:
        hidden = _HIDDEN_WEIS[actor, points] = Event("weis", actor, arg=str(points))
    return (hidden,)
