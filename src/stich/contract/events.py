"""What each seat learns in Bauern- and Dreierschnapsen: its events.

Events (``docs/knowledge/contract.md`` lists them with an example): the deal of the first
packet (``deal``; B-2, D-1: each seat sees its first three cards), the caller's ``trump``,
``turnup`` (the card, public) or ``redeal`` (the three Jacks, shown), then each seat's second
packet (``deal``); every ``bid`` and ``pass`` and every doubling step (B-3, B-6, public); in
Dreierschnapsen the ``talon`` taken up and the ``discard`` or ``exchange-talon`` (the cards for
the taker, two hidden cards for the others, D-1); ``marriage`` (King and Queen shown, B-4);
``play``; ``open`` (a hand laid open: Plauderer, B-5, under the option ``plauderer``);
``shown`` (Farbenringerl, Herrenschnapser: the full suit, B-5). A game built from
a position starts with ``position``: the position as the seat sees it (cards it cannot see as
``?``). Every card played is public, so each team's first trick (B-1) needs no event.
A ``forfeit`` comes from the core (``Game.seat_events``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stich.contract.contracts import full_suit
from stich.contract.legality import FIRST_PACKET, Phase
from stich.contract.view import shown_seats
from stich.core.actions import Action
from stich.core.cards import SUIT_MASK, Card, card_set, cards_in
from stich.core.knowledge import Event
from stich.schnapsen.family import DECK, marriage_cards

HIDDEN_TALON_VERBS = ("discard", "exchange-talon")
"""The talon laid down (D-1): its cards for the taker, a count for the others."""


def _sorted(mask: int) -> tuple[Card, ...]:
    return tuple(cards_in(mask))


def start_events(seat: int, dealt: tuple[tuple[Card, ...], ...], dealer: int,
                 seen_position: str | None) -> Iterator[Event]:
    """The first packet of ``seat``'s ``dealt`` hand, or the position as ``seat`` sees it
    (``seen_position``: its text, None after a deal)."""
    if seen_position is not None:
        yield Event("position", seat, arg=seen_position)
    else:
        yield Event("deal", seat, _sorted(card_set(dealt[seat][:FIRST_PACKET])),
                    arg=f"dealer {dealer}")


def action_events(seat: int, actor: int, action: Action, before: Any, after: Any,
                  dealt: tuple[tuple[Card, ...], ...], plauderer: str) -> Iterator[Event]:
    """What ``seat`` sees when ``actor`` takes ``action`` (``before``/``after``: the game's
    ``State`` values), and what follows from it; ``dealt``: the hands as dealt, ``plauderer``:
    the option that says who lays his hand open (B-5)."""
    verb = action.verb
    if verb == "play":
        yield Event("play", actor, (action.card,))
    elif verb == "marriage":
        yield Event("marriage", actor, _sorted(marriage_cards(action.suit)), arg=action.arg)
    elif verb == "turnup":
        assert after.turned_up is not None
        yield Event("turnup", actor, (after.turned_up,))
    elif verb == "redeal":
        yield Event("redeal", actor, _sorted(card_set(dealt[actor][:FIRST_PACKET])))
    elif verb in HIDDEN_TALON_VERBS:
        laid = card_set(action.cards)
        yield (Event(verb, actor, _sorted(laid)) if seat == actor
               else Event(verb, actor, hidden=laid.bit_count()))
    else:  # trump, bid, pass and the doubling steps: said aloud
        yield Event(verb, actor, arg=action.arg)
    if before.phase == Phase.TRUMP and after.phase == Phase.AUCTION:
        yield Event("deal", seat, _sorted(card_set(dealt[seat][FIRST_PACKET:])))
    taker = getattr(after, "talon_taker", -1)
    if taker >= 0 and before.talon_taker < 0:
        talon = before.talon
        yield (Event("talon", taker, _sorted(talon)) if seat == taker
               else Event("talon", taker, hidden=talon.bit_count()))
    if after.result is not None and before.result is None and after.result.reason == "shown":
        suit = full_suit(after.hands[after.declarer])
        assert suit is not None
        yield Event("shown", after.declarer, _sorted(SUIT_MASK[suit] & DECK))
    opened = set(shown_seats(plauderer, after, seat)) - set(shown_seats(plauderer, before, seat))
    for other in sorted(opened):
        yield Event("open", other, _sorted(after.hands[other]))
