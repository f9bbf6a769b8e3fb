"""A steppable table: a deal or a whole match that takes actions from any
seat as they arrive and says what each seat sees.

A server drives it from its event loop, ``stich.play.driver`` from a plain loop. Each
seat has its own stream of JSON messages (``docs/events.md``): the ``event`` messages of a
deal are exactly that seat's information state (``Game.seat_events``), and the rest (whose
turn it is, the legal actions for the seat to act, results, the score) follows from it or is
public. Hidden cards never enter another seat's stream.

A table keeps each seat's stream as the JSON text of its messages, one ``str`` each: a string
holds no references, so the cyclic collector does not track it, and a long match adds no work
to the collections of a server that holds many tables (docs/web.md, figures). The messages it
returns are that text read back: exactly what a client receives.

Example::

    table = Table(stich.games.match_class("schnapsen")(["Anna", "Bert"], seed=1))
    table.submit(table.to_act, table.legal_actions()[0])   # -> new messages, per seat
    table.messages(0, since=0)                              # seat 0's stream, for a reconnect
"""

from __future__ import annotations

import json
from typing import Any

from stich.core.actions import Action, ActionParseError, as_action
from stich.core.game import TERMINAL, Game, Illegal, to_json
from stich.core.knowledge import Event
from stich.core.match import Match

to_text = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
"""A message as its text, kept and sent alike: compact, one encoder for every message
(``json.dumps`` with options builds one per call; the messages hold no cycles to check for)."""


class TableError(ValueError):
    """An action the table refuses: out of turn, malformed, illegal, or after the end.
    ``why`` carries the rule for an illegal action."""

    def __init__(self, seat: int, message: str, why: Illegal | None = None) -> None:
        super().__init__(message)
        self.seat, self.why = seat, why


class Table:
    """One deal (``game=``) or a whole match (a :class:`Match`) at a table of seats."""

    def __init__(self, match: Match | None = None, *, game: Game | None = None,
                 streams: bool = True, hold: bool = False) -> None:
        """``streams`` False keeps no messages (bots playing each other: nobody reads them,
        and each seat's observation or info state is asked from the game directly).

        ``hold`` keeps a finished deal on the table until :meth:`next_deal` is called (a
        server lets the people read the deal's end before the next one starts); without it
        the next deal of a match opens at once."""
        if (match is None) == (game is None):
            raise ValueError("a table plays either a match or a single deal")
        self.match = match
        self.streams = streams
        self.hold = hold
        self.between = False
        """A deal of the match is over, the match is not, and the next deal waits for
        :meth:`next_deal` (only with ``hold``)."""
        first = game if game is not None else match.new_deal()  # type: ignore[union-attr]
        self.seats = first.SEATS
        self.texts: list[list[str]] = [[] for _ in range(self.seats)]
        """Each seat's stream, one message's JSON text each (see the module's docstring)."""
        self._fresh: list[tuple[int, dict[str, Any]]] = []  # this step's messages, as sent
        self.deal_number = 0
        self.game = first
        self._open_deal()
        self._fresh = []  # the first ones are read from the streams

    # --- state -----------------------------------------------------------------------------
    @property
    def to_act(self) -> int:
        """The seat to act, or TERMINAL once the deal (single deal) or match is over."""
        return self.game.current_player()

    def is_over(self) -> bool:
        return self.game.is_terminal()

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions()

    def messages(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        """Seat ``seat``'s messages from number ``since`` on (a reconnecting client)."""
        if not self.streams:
            raise ValueError("this table keeps no messages (streams=False)")
        return [json.loads(text) for text in self.texts[seat][since:]]

    def count(self, seat: int) -> int:
        """How many messages seat ``seat``'s stream holds (the next one's number)."""
        return len(self.texts[seat])

    @property
    def log(self) -> list[list[dict[str, Any]]]:
        """Every seat's whole stream, read back (decodes all of it: for tests and tools)."""
        return [self.messages(seat) for seat in range(self.seats)] if self.streams else [
            [] for _ in range(self.seats)]

    # --- acting ----------------------------------------------------------------------------
    def submit(self, seat: int, action: Action | str) -> list[tuple[int, dict[str, Any]]]:
        """Take ``seat``'s action; the new messages as (seat, message). TableError if it is
        not that seat's turn, the action is malformed or illegal, or the table is over."""
        to_act = self.to_act
        if to_act == TERMINAL:
            raise TableError(seat, "the match is over" if self.match else "the deal is over")
        if seat != to_act:
            raise TableError(seat, f"it is seat {to_act}'s turn, not seat {seat}'s")
        try:
            parsed = as_action(action)
        except ActionParseError as error:
            raise TableError(seat, str(error), Illegal("notation", str(error))) from None
        why = self.game.why_illegal(parsed)
        if why is not None:
            raise TableError(seat, f"{parsed} is illegal: {why}", why)
        self._fresh = []
        self.game.apply_legal(parsed)
        self._after_action()
        return self._taken()

    def forfeit(self, seat: int, why: Illegal) -> list[tuple[int, dict[str, Any]]]:
        """End the deal because ``seat`` broke a rule (a bot's illegal move: the game's
        illegal-move policy, e.g. S-12)."""
        self._fresh = []
        self.game.forfeit(seat, why)
        self._broadcast({"type": "forfeit", "seat": seat, "rule": why.rule,
                         "reason": why.reason})
        for other in range(self.seats if self.streams else 0):  # what each seat learns of it
            seen = self._sent[other]
            for event in list(self.game.seat_events(other))[seen:]:
                self._send_event(other, event)
        self._after_action(new_events=False)
        return self._taken()

    # --- the streams -------------------------------------------------------------------------
    def _send(self, seat: int, body: dict[str, Any]) -> None:
        if not self.streams:
            return
        stream = self.texts[seat]
        message = {"n": len(stream), **body}
        stream.append(to_text(message))
        self._fresh.append((seat, message))

    def _send_event(self, seat: int, event: Event) -> None:
        if not self.streams:
            return
        self._sent[seat] += 1
        self._send(seat, {"type": "event", "deal": self.deal_number, "event": event.to_dict()})

    def _broadcast(self, body: dict[str, Any]) -> None:
        for seat in range(self.seats):
            self._send(seat, body)

    def _taken(self) -> list[tuple[int, dict[str, Any]]]:
        """The messages of this step as (seat, message), seat by seat in order."""
        fresh, self._fresh = self._fresh, []
        return sorted(fresh, key=lambda pair: pair[0])

    def _open_deal(self) -> None:
        game = self.game
        self._broadcast({"type": "deal", "deal": self.deal_number, "dealer": game.dealer,
                         "game": game.NAME})
        self._sent = [0] * self.seats  # events of this deal sent to each seat
        for seat in range(self.seats if self.streams else 0):
            for event in game.seat_events(seat):
                self._send_event(seat, event)
        self._turn()

    def _turn(self) -> None:
        seat = self.game.current_player()
        if seat == TERMINAL or not self.streams:
            return
        legal = [str(action) for action in self.game.legal_actions()]
        for other in range(self.seats):
            body: dict[str, Any] = {"type": "turn", "deal": self.deal_number, "seat": seat}
            if other == seat:
                body["legal"] = legal
            self._send(other, body)

    def _after_action(self, new_events: bool = True) -> None:
        game = self.game
        if new_events and self.streams:
            last = len(game.history) - 1
            for seat in range(self.seats):
                for event in game.seat_events(seat, start=last):
                    self._send_event(seat, event)
        if not game.is_terminal():
            self._turn()
            return
        result = game.result()
        assert result is not None
        self._broadcast({"type": "result", "deal": self.deal_number,
                         "result": to_json(result.to_dict())})
        match = self.match
        if match is None:
            return
        match.finish_deal(game)
        self._broadcast({"type": "score", "match": match.state()})
        if match.is_over():
            end: dict[str, Any] = {"type": "match_end", "match": match.state()}
            if match.seed is not None:  # the secret is revealed only now
                end.update(seed=match.seed, salt=match.salt,
                           seed_commitment=match.commitment())
            self._broadcast(end)
            return
        if self.hold:
            self.between = True
            return
        self._next()

    def next_deal(self) -> list[tuple[int, dict[str, Any]]]:
        """Open the next deal of a held table (``hold``); its messages as (seat, message)."""
        if not self.between:
            raise TableError(-1, "no deal is waiting to start")
        self._fresh = []
        self.between = False
        self._next()
        return self._taken()

    def _next(self) -> None:
        assert self.match is not None
        self.deal_number += 1
        self.game = self.match.new_deal()
        self._open_deal()
