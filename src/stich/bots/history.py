"""What happened so far, read from a seat's information state: helpers every game's bot uses
instead of keeping its own record of the deal.

They read only the events (``stich.core.knowledge``): ``play`` events carry the seat and the
card; other events that show cards (a marriage, an exchange, a Weis) carry the seat that
showed them.

Example::

    info = game.information_state(seat)
    gone = played_cards(info)                # every card played so far, as a mask
    for trick in tricks(info, 2):            # finished tricks as (seat, card) pairs
        ...
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.core.cards import Card
from stich.core.knowledge import InfoState


def plays(info: InfoState) -> list[tuple[int, Card]]:
    """Every card played, in order, with the seat that played it."""
    return [(event.seat if event.seat is not None else -1, event.cards[0])
            for event in info.events if event.kind == "play"]


def played_cards(info: InfoState) -> int:
    """The cards played so far (finished tricks and the open one) as a mask."""
    mask = 0
    for event in info.events:
        if event.kind == "play":
            mask |= 1 << event.cards[0]
    return mask


def tricks(info: InfoState, size: int, before: Sequence[tuple[int, Card]] = (),
           ) -> list[tuple[tuple[int, Card], ...]]:
    """The finished tricks, each as its (seat, card) plays in order (``size`` cards a trick);
    ``before``: plays of a trick already open where the history starts (a position)."""
    played = [*before, *plays(info)]
    whole = len(played) - len(played) % size
    return [tuple(played[start:start + size]) for start in range(0, whole, size)]


def open_trick(info: InfoState, size: int, before: Sequence[tuple[int, Card]] = (),
               ) -> list[tuple[int, Card]]:
    """The plays of the trick under way (empty at a lead)."""
    played = [*before, *plays(info)]
    return played[len(played) - len(played) % size:]


def shown_by(info: InfoState, seat: int, *kinds: str) -> int:
    """The cards ``seat`` showed in events of the given kinds (``marriage``, ``weis`` ...)."""
    mask = 0
    for event in info.events:
        if event.seat == seat and event.kind in kinds:
            for card in event.cards:
                mask |= 1 << card
    return mask
