"""What each Schnapsen seat learns: its events.

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
the ``play`` events by ``stich.schnapsen.worlds``.
"""

from __future__ import annotations

from typing import Any

from stich.core.actions import Action
from stich.core.cards import ALL_CARDS, cards_in
from stich.core.knowledge import Event
from stich.schnapsen.family import marriage_cards

# Events are immutable: the frequent ones are made once.
_PLAY = tuple(tuple(Event("play", seat, (card,)) for card in ALL_CARDS) for seat in (0, 1))
_DRAW_SEEN = tuple(tuple(Event("draw", seat, (card,)) for card in ALL_CARDS) for seat in (0, 1))
_DRAW_HIDDEN = (Event("draw", 0, (), 1), Event("draw", 1, (), 1))
_BARE = {(verb, seat): Event(verb, seat) for verb in ("close", "claim", "pass") for seat in (0, 1)}


def start_events(seat: int, state: Any, dealer: int, public_position: str | None) -> list[Event]:
    """What ``seat`` sees where the history starts (``state``: the game's ``State`` there):
    the deal, or the position (``public_position``: its public text, None after a deal)."""
    own = tuple(cards_in(state.hands[seat]))
    if public_position is not None:
        return [Event("position", seat, own, arg=public_position)]
    return [Event("dealer", dealer), Event("deal", seat, own),
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
    """The winner, his game points and why, once the deal is over."""
    winner = result.winner[0]
    return Event("end", winner, arg=f"{result.game_points[winner]} {result.reason}")
