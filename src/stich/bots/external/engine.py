"""An outside engine as a player: ``engine:COMMAND`` (``docs/engine-protocol.md``).

The engine is a program of its own, in any language, that reads the protocol's messages on its
standard input and answers on its standard output. :class:`EngineBot` starts it when it is
first asked to act, tells it the match, each deal and every event its seat sees (never more:
the events are the seat's information state), and asks it to act within a time limit.

An engine that answers late, with garbage, with an action that is not legal, floods its
output, exits or hangs raises :class:`~stich.bots.base.BotFailure`: the driver then forfeits
the deal by the game's illegal-move policy (S-12, ``docs/knowledge/``). The message names the
engine and what it did; the process is ended and a fresh one is started for the next deal.
"""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import sys
import time
from typing import Any, ClassVar

from stich.bots.base import Bot, BotFailure
from stich.bots.external import protocol
from stich.core.actions import Action
from stich.core.game import Game, Illegal, Observation
from stich.core.knowledge import InfoState

PREFIX = "engine:"
"""A player named ``engine:COMMAND`` is this bot running COMMAND (split as a shell would)."""

START_MS = 5000
"""Milliseconds an engine has to start and say ``hello``."""


class EngineBot(Bot):
    """A player whose choices come from an outside process speaking the engine protocol."""

    NAME = "engine"
    USES_INFO: ClassVar[bool] = True

    def __init__(self, seed: int = 0, *, game: str, command: str,
                 think_ms: float | None = None) -> None:
        self.game_name = game
        self.command = command
        self.time_ms = int(think_ms) if think_ms is not None else protocol.DEFAULT_TIME_MS
        self.label = _label(command)
        self.engine_name = self.label
        self.process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._deal = 0
        self._seat = 0
        self._score: dict[str, Any] | None = None
        self._sent = 0  # events of this deal already sent
        self._told_deal = False
        super().__init__(seed)
        self._deal = 0  # Bot.__init__ called new_deal once; the first real deal is 1

    # --- the bot interface -----------------------------------------------------------------
    def new_deal(self, seat: int) -> None:
        self._seat = seat
        self._sent = 0
        self._told_deal = False
        self._deal = getattr(self, "_deal", 0) + 1

    def see_match(self, state: dict[str, Any] | None) -> None:
        self._score = state

    def match_over(self, state: dict[str, Any]) -> None:
        """Tell a running engine the match's final score (``match_end``); an engine that
        cannot be told is ended, as it would be after the match anyway."""
        if self.process is None:
            return
        try:
            self._send(protocol.match_end(state))
        except BotFailure:
            self.close()

    def act(self, observation: Observation) -> Action:  # pragma: no cover - USES_INFO
        raise NotImplementedError("an engine is asked with the seat's information state")

    def choose(self, info: InfoState) -> Action:
        try:
            return self._choose(info)
        except BotFailure as failure:
            self.close()
            detail = f" ({failure.detail})" if failure.detail else ""
            print(f"stich: {failure.why.reason}{detail}", file=sys.stderr)
            raise

    def retry(self, action: Action, why: Illegal) -> bool:
        return False

    def close(self) -> None:
        """End the engine's process (it is started again when next asked to act)."""
        process, self.process = self.process, None
        self._buffer = b""
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(protocol.encode(protocol.quit_()))
                process.stdin.flush()
        except OSError:
            pass
        try:
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()

    def __del__(self) -> None:
        self.close()

    # --- the conversation ------------------------------------------------------------------
    def _choose(self, info: InfoState) -> Action:
        if self.process is None:
            self._start(info)
            self._told_deal = False
        if not self._told_deal:
            self._send(protocol.new_deal(self._deal, info.seat, self._score))
            self._told_deal = True
        for item in info.events[self._sent:]:
            self._send(protocol.event(item))
        self._sent = len(info.events)
        legal = info.legal_actions()
        ids = self._ids(legal)
        self._send(protocol.act(list(zip(ids, legal, strict=True)), self.time_ms))
        reply = self._receive("action", self.time_ms)
        return self._chosen(reply, legal, ids)

    def _start(self, info: InfoState) -> None:
        try:
            args = shlex.split(self.command)
        except ValueError as error:
            raise self._failure(f"cannot be started: {error}") from None
        if not args:
            raise self._failure("cannot be started: the command is empty")
        try:
            self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=None, bufsize=0)
        except OSError as error:
            raise self._failure(f"cannot be started: {error.strerror or error}") from None
        self._buffer = b""
        self._send(protocol.hello())
        hello = self._receive("hello", START_MS)
        name = hello.get("name")
        if isinstance(name, str) and name.strip():
            self.engine_name = f"{name.strip()[:40]} ({self.label})"
        version, games = hello.get("protocol"), hello.get("games")
        if version != protocol.VERSION:
            raise self._failure(f"speaks protocol {version!r}, not {protocol.VERSION}")
        if not isinstance(games, list) or info.game not in games:
            raise self._failure(f"does not play {info.game} (it plays {games!r})")
        self._send(protocol.new_match(info.game, info.options.preset,
                                      _jsonable(info.options.overrides()), _seats(info.game)))

    def _ids(self, legal: tuple[Action, ...]) -> list[int]:
        from stich.games import game_class

        cls: type[Game] = game_class(self.game_name)
        return [cls.action_to_id(action) for action in legal]

    def _chosen(self, reply: dict[str, Any], legal: tuple[Action, ...],
                ids: list[int]) -> Action:
        if "id" in reply:
            index = reply["id"]
            if isinstance(index, int) and not isinstance(index, bool) and index in ids:
                return legal[ids.index(index)]
            raise self._failure(f"answered action id {index!r}, which is not legal now",
                                f"legal: {_listing(legal)}")
        text = reply.get("action")
        if not isinstance(text, str):
            raise self._failure("answered an 'action' message with neither 'action' nor 'id'")
        try:
            action = Action.parse(text)
        except ValueError:
            raise self._failure(f"answered {text!r}, which is no action") from None
        if action not in legal:
            raise self._failure(f"answered {text!r}, which is not legal now",
                                f"legal: {_listing(legal)}")
        return action

    def _send(self, message: dict[str, Any]) -> None:
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(protocol.encode(message))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._failure(self._exit_words()) from None

    def _receive(self, wanted: str, limit_ms: int) -> dict[str, Any]:
        """The next message of type ``wanted``; ``info`` lines before it are skipped."""
        deadline = time.monotonic() + limit_ms / 1000
        for _ in range(protocol.MAX_LINES_PER_ANSWER + 1):
            line = self._line(deadline, limit_ms, wanted)
            try:
                message = protocol.decode(line)
            except protocol.ProtocolError as error:
                raise self._failure(f"sent garbage instead of '{wanted}': {error}") from None
            if message["type"] == wanted:
                return message
            if message["type"] == "error":
                raise self._failure(f"reported an error: {str(message.get('message'))[:200]}")
            if message["type"] != "info":
                raise self._failure(f"sent a {message['type']!r} message, expected '{wanted}'")
        raise self._failure(f"flooded its output: more than {protocol.MAX_LINES_PER_ANSWER} "
                            f"lines before '{wanted}'")

    def _line(self, deadline: float, limit_ms: int, wanted: str) -> bytes:
        process = self.process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        while b"\n" not in self._buffer:
            if len(self._buffer) > protocol.MAX_LINE:
                raise self._failure(f"flooded its output: a line longer than "
                                    f"{protocol.MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise self._failure(f"did not answer '{wanted}' within {limit_ms} ms")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._failure(self._exit_words())
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _exit_words(self) -> str:
        process = self.process
        code = process.poll() if process is not None else None
        if code is None and process is not None:
            try:
                code = process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                return "closed its output"
        return f"exited (code {code})"

    def _failure(self, what: str, detail: str = "") -> BotFailure:
        """The failure every seat is told of (``what`` names no card of the engine's hand);
        ``detail`` goes to the host's log only."""
        return BotFailure(Illegal("engine", f"engine {self.engine_name} {what}"), detail)


def _label(command: str) -> str:
    """The command as a person would name it: paths by their last part."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    text = " ".join(word.rsplit("/", 1)[-1] for word in words)
    return text if len(text) <= 60 else text[:57] + "..."


def _seats(game: str) -> int:
    from stich.games import game_class

    seats: int = game_class(game).SEATS
    return seats


def _listing(legal: tuple[Action, ...]) -> str:
    shown = ", ".join(map(str, legal[:8]))
    return shown + (", ..." if len(legal) > 8 else "")


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    return {key: sorted(map(str, value)) if isinstance(value, frozenset | set | tuple)
            else value for key, value in values.items()}
