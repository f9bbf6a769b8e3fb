"""``stich engine connect URL --token T``: a bot account at a running server (docs/web.md,
"Bot accounts"; docs/engine-protocol.md, "Connecting to a server").

The bridge opens a WebSocket to the server's ``/ws/bot`` with the bot account's API token in
an ``Authorization: Bearer`` header and speaks the engine protocol over it, every message
about a table carrying its ``table``. Behind it plays, for each table, either one of our bots
(``--bot LEVEL``) or an outside engine (``--engine COMMAND``: one process per table, driven by
:class:`stich.bots.external.engine.EngineBot`, the same code as ``engine:COMMAND`` at our own
tables), each through an :class:`~stich.engine.serve.EngineServer` that rebuilds the seat's
information state from the events. A table's messages are handled in order; a decision is
made in a thread, so the connection stays alive while a bot thinks. A dropped connection is
opened again after 1, 2, 4 ... 30 seconds; a refused token or a newer connection of the same
account ends the bridge. The token is never printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shlex
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from stich.bots.base import Bot, BotFailure
from stich.bots.external import protocol
from stich.core.dealing import derive_seed
from stich.engine.serve import GAMES, EngineServer, MakeBot

BACKOFF_FIRST, BACKOFF_MAX = 1.0, 30.0
"""Seconds before the first reconnection, and at most between two (doubling)."""
MARGIN_MS = 200
"""An outside engine's time is the server's ``time_ms`` less this (the way there and back)."""
FINAL = {4401: "the server refused the token (POST /api/bot/token gives one)",
         4409: "another connection of this bot account took its place"}
"""Close codes after which the bridge does not connect again."""


class ConnectError(Exception):
    """The bridge cannot go on (a refused token, an engine that does not start)."""


def socket_url(url: str) -> str:
    """The server's bot socket from its address: ``http://host:8000`` ->
    ``ws://host:8000/ws/bot`` (https -> wss; a ws/wss address is kept)."""
    url = url.strip().rstrip("/")
    for plain, socket in (("http://", "ws://"), ("https://", "wss://")):
        if url.startswith(plain):
            url = socket + url[len(plain):]
    if not url.startswith(("ws://", "wss://")):
        raise ConnectError(f"{url[:60]!r} is no server address (http://HOST:PORT)")
    return url if url.endswith("/ws/bot") else url + "/ws/bot"


def probe(command: str, timeout: float = 15.0) -> dict[str, Any]:
    """An outside engine's ``hello`` (its name and games), asked once at the start."""
    try:
        args = shlex.split(command)
        process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except (ValueError, OSError) as error:
        raise ConnectError(f"the engine {command[:60]!r} cannot be started: {error}") from None
    try:
        out, _ = process.communicate(protocol.encode(protocol.hello())
                                     + protocol.encode(protocol.quit_()), timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise ConnectError(f"the engine {command[:60]!r} did not say hello within "
                           f"{timeout:g} s") from None
    for line in out.splitlines():
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError:
            continue
        if message["type"] == "hello":
            return message
    raise ConnectError(f"the engine {command[:60]!r} did not say hello")


def engine_maker(command: str) -> MakeBot:
    """Bots that are the outside engine ``command`` (one process per table and match)."""
    from stich.bots.external.engine import EngineBot

    def make(game: str, seed: int) -> Bot:
        return EngineBot(seed, game=game, command=command)
    return make


class Bridge:
    """One bot account's connection and the bots behind it, a backend per table."""

    def __init__(self, url: str, token: str, hello: dict[str, Any],
                 server: Callable[[int], EngineServer], seed: int = 0,
                 log: Callable[[str], None] | None = None) -> None:
        self.url, self._token = socket_url(url), token
        self.hello = hello
        self._server = server
        self.seed = seed
        self.log = log or (lambda line: print(f"stich: {line}", file=sys.stderr, flush=True))
        self.tables: dict[str, tuple[EngineServer, asyncio.Queue[dict[str, Any]]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._count = 0
        self._stopping = asyncio.Event()
        self.connected = asyncio.Event()
        self.answered = 0
        """Decisions sent so far (for the log and tests)."""

    def __repr__(self) -> str:  # the token stays out of every log and traceback
        return f"Bridge({self.url!r}, {self.hello.get('name')!r})"

    def stop(self) -> None:
        self._stopping.set()

    async def run(self) -> int:
        """Connect, play, and connect again after a drop, until stopped or refused: the exit
        code (0 stopped, 2 refused)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        delay = BACKOFF_FIRST
        while not self._stopping.is_set():
            try:
                async with connect(self.url, additional_headers={
                        "Authorization": f"Bearer {self._token}"},
                        max_size=protocol.MAX_LINE * 4, open_timeout=10) as socket:
                    if await self._session(socket):
                        delay = BACKOFF_FIRST
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in FINAL:
                    self.log(FINAL[code])
                    return 2
                self.log(f"the connection to {self.url} dropped")
            except InvalidURI:
                self.log(f"{self.url} is no address to connect to")
                return 2
            except (OSError, InvalidHandshake, TimeoutError) as error:
                self.log(f"cannot connect to {self.url}: {error}")
            finally:
                self.connected.clear()
            if self._stopping.is_set():
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), delay)
            delay = min(2 * delay, BACKOFF_MAX)
        for task in self._workers.values():
            task.cancel()
        for server, _ in self.tables.values():
            server.close()
        return 0

    async def _session(self, socket: Any) -> bool:
        """One connection: hello, then the server's messages until it closes or we stop;
        whether the server took the hello."""
        first = protocol.decode(await socket.recv())
        if first.get("type") == "error":  # a refused token: the close that follows says so
            self.log(f"the server says: {str(first.get('message'))[:200]}")
            await socket.recv()  # raises ConnectionClosed with the server's code
        if first.get("type") != "hello" or first.get("protocol") != protocol.VERSION:
            self.log(f"the server said {first.get('type')!r}, not 'hello' of protocol "
                     f"{protocol.VERSION}")
            return False
        await socket.send(json.dumps(self.hello))
        self.connected.set()
        self.log(f"connected to {self.url} as {self.hello.get('name')}")
        sends: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        pump = asyncio.create_task(self._pump(socket, sends))
        stopping = asyncio.create_task(self._stopping.wait())
        try:
            while True:
                receiving = asyncio.create_task(socket.recv())
                done, _ = await asyncio.wait({receiving, stopping},
                                             return_when=asyncio.FIRST_COMPLETED)
                if stopping in done:
                    receiving.cancel()
                    await socket.close()
                    return True
                try:
                    message = protocol.decode(receiving.result())
                except protocol.ProtocolError as error:
                    self.log(f"the server sent {error}")
                    continue
                self._route(message, sends)
        finally:
            stopping.cancel()
            pump.cancel()

    async def _pump(self, socket: Any, sends: asyncio.Queue[dict[str, Any]]) -> None:
        while True:
            await socket.send(json.dumps(await sends.get(), separators=(",", ":")))

    def _route(self, message: dict[str, Any], sends: asyncio.Queue[dict[str, Any]]) -> None:
        """A message about a table to that table's backend, in order; others are logged."""
        table = message.get("table")
        if message["type"] == "error":
            self.log(f"the server says: {str(message.get('message'))[:200]}")
            return
        if not isinstance(table, str):
            return
        if table not in self.tables:
            self._count += 1
            self.tables[table] = (self._server(derive_seed(self.seed, "table", self._count)),
                                  asyncio.Queue())
            self._workers[table] = asyncio.create_task(self._work(table))
        self.tables[table][1].put_nowait({**message, "_sends": sends})

    async def _work(self, table: str) -> None:
        server, queue = self.tables[table]
        while True:
            message = await queue.get()
            sends: asyncio.Queue[dict[str, Any]] = message.pop("_sends")
            if message["type"] == "act":
                bot = server.match.bot if server.match is not None else None
                time_ms = message.get("time_ms")
                if bot is not None and hasattr(bot, "time_ms") and isinstance(time_ms, int):
                    bot.time_ms = max(50, time_ms - MARGIN_MS)
                reply = await asyncio.to_thread(_handle, server, message)
                self.answered += 1
            else:
                reply = server.handle(message)
            if reply is not None:
                sends.put_nowait({**reply, "table": table})
            if message["type"] == "match_end":
                self.tables.pop(table, None)
                self._workers.pop(table, None)
                return


def _handle(server: EngineServer, message: dict[str, Any]) -> dict[str, Any] | None:
    """The backend's answer; an outside engine that fails is an ``error`` (the server forfeits
    the deal, as for an engine at our own tables)."""
    try:
        return server.handle(message)
    except BotFailure as failure:
        return {"type": "error", "message": failure.why.reason}


def bridge_for(url: str, token: str, level: str | None, command: str | None,
               seed: int = 0, nodes: int | None = None, seek: bool = False,
               games: list[str] | None = None, tables: int = 1) -> Bridge:
    """The bridge for ``stich engine connect``: our bot of ``level`` or the engine
    ``command`` behind it."""
    if command is not None:
        engine = probe(command)
        offered = engine.get("games")
        plays = [g for g in GAMES if isinstance(offered, list) and g in offered]
        name = f"{str(engine.get('name') or 'engine')[:40]}"

        def server(seed: int) -> EngineServer:
            return EngineServer("engine", seed, make=engine_maker(command))
    else:
        level = level or "rules"
        plays, name = list(GAMES), f"stich {level}"

        def server(seed: int) -> EngineServer:
            return EngineServer(level, seed, nodes)
    if games:
        plays = [g for g in plays if g in games]
    if not plays:
        raise ConnectError("the bot plays none of the games asked for")
    hello = {**protocol.engine_hello(name, "stich", plays), "seek": seek, "tables": tables}
    return Bridge(url, token, hello, server, seed)
