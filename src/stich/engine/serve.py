"""Our bots as an engine: ``stich engine --bot LEVEL`` reads the protocol on standard input.

A host (another program, or ``stich`` itself with ``engine:stich engine --bot rules``) says
``hello``, the match, each deal and every event the seat sees, and asks ``act``; the bot
answers from the seat's information state rebuilt from those events, exactly as it would at
one of our own tables. A line that is not a message of the protocol is answered with an
``error`` message naming what is wrong, and the engine goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, BinaryIO

from stich.bots import make_bot
from stich.bots.base import Bot
from stich.bots.external import protocol
from stich.core.actions import Action
from stich.core.dealing import derive_seed
from stich.core.game import Game
from stich.core.knowledge import Event, InfoState, InfoStateError
from stich.core.options import OptionsError, RuleOptions

GAMES = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass")


class _Seat:
    """One match as the engine sees it: the game, its options, the bot and this deal's events."""

    def __init__(self, cls: type[Game], options: RuleOptions, bot: Bot) -> None:
        self.cls, self.options, self.bot = cls, options, bot
        self.seat = 0
        self.events: list[Event] = []


MakeBot = Callable[[str, int], Bot]
"""A bot for a game (``Game.NAME``) from a seed."""


class EngineServer:
    """Answers a host's messages with a bot of one level (a fresh bot for every match), or
    with the bots ``make`` gives (``stich engine connect --engine``: an outside engine)."""

    def __init__(self, level: str, seed: int = 0, nodes: int | None = None,
                 make: MakeBot | None = None) -> None:
        self.level, self.seed, self.nodes = level, seed, nodes
        self.make = make
        self.match: _Seat | None = None
        self.matches = 0

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one message (None: the message needs none)."""
        kind = message["type"]
        handler: Callable[[dict[str, Any]], dict[str, Any] | None] | None = {
            "hello": self._hello, "match": self._match, "deal": self._deal,
            "event": self._event, "act": self._act, "match_end": self._match_end}.get(kind)
        if handler is None:
            return _error(f"unknown message type {kind!r}")
        try:
            return handler(message)
        except (KeyError, TypeError, ValueError) as error:
            text = error.args[0] if error.args else type(error).__name__
            return _error(f"{kind}: {text}")

    def _hello(self, message: dict[str, Any]) -> dict[str, Any]:
        return protocol.engine_hello(f"stich {self.level}", "stich", GAMES)

    def _match(self, message: dict[str, Any]) -> None:
        from stich.games import game_class

        cls = game_class(str(message["game"]))
        overrides = message.get("options") or {}
        if not isinstance(overrides, dict):
            raise ValueError("'options' must be an object")
        try:
            options = cls.OPTIONS.from_preset(message.get("preset") or None, **overrides)
        except OptionsError as error:
            raise ValueError(str(error)) from None
        self.matches += 1
        seed = derive_seed(self.seed, "match", self.matches)
        self.close()
        bot = (self.make(cls.NAME, seed) if self.make is not None
               else make_bot(cls.NAME, self.level, seed, nodes=self.nodes))
        self.match = _Seat(cls, options, bot)
        return None

    def close(self) -> None:
        """End the match's bot (an outside engine's process), if it has one to end."""
        if self.match is not None:
            closing = getattr(self.match.bot, "close", None)
            if callable(closing):
                closing()

    def _deal(self, message: dict[str, Any]) -> None:
        match = self._current()
        seat = message["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(
                match.cls.SEATS):
            raise ValueError(f"'seat' must be a seat of {match.cls.NAME}")
        match.seat, match.events = seat, []
        match.bot.new_deal(seat)
        score = message.get("score")
        if isinstance(score, dict):
            match.bot.see_match(score)
        return None

    def _event(self, message: dict[str, Any]) -> None:
        try:
            self._current().events.append(Event.from_dict(message["event"]))
        except InfoStateError as error:
            raise ValueError(str(error)) from None
        return None

    def _act(self, message: dict[str, Any]) -> dict[str, Any]:
        match = self._current()
        info = InfoState(match.cls.NAME, match.seat, match.options, tuple(match.events),
                         match.cls)
        bot = match.bot
        action: Action = bot.choose(info) if bot.USES_INFO else bot.act(info.observation())
        return protocol.answer(action)

    def _match_end(self, message: dict[str, Any]) -> None:
        """The match is over: the bot is told its score; the next ``match`` starts a fresh
        bot."""
        score = message.get("score")
        if self.match is not None and isinstance(score, dict):
            self.match.bot.match_over(score)
        self.close()
        self.match = None
        return None

    def _current(self) -> _Seat:
        if self.match is None:
            raise ValueError("no 'match' message yet")
        return self.match


def _error(text: str) -> dict[str, Any]:
    return {"type": "error", "message": text}


def serve(level: str, stdin: BinaryIO, stdout: BinaryIO, seed: int = 0,
          nodes: int | None = None) -> int:
    """Answer messages until ``quit`` or the end of the input; the exit code."""
    server = EngineServer(level, seed, nodes)
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError as error:
            reply: dict[str, Any] | None = _error(str(error))
        else:
            if message["type"] == "quit":
                return 0
            reply = server.handle(message)
        if reply is not None:
            stdout.write(protocol.encode(reply))
            stdout.flush()
    return 0
