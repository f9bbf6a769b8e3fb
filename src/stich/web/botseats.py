"""Bot accounts at the server's tables (docs/web.md, "Bot accounts").

A bot account connects with ``stich engine connect URL --token T`` to ``/ws/bot`` (the token in
an ``Authorization: Bearer`` header, never in the address, so no access log holds it) and is
spoken to in the engine protocol (``docs/engine-protocol.md``), each message carrying the
``table`` it is about, so one connection plays at several tables. :class:`BotHub` holds the
connections of this worker; :class:`AccountSeat` is one bot account's seat at one table: what
it has been told and the question it is asked. The table's actor asks it when it is that
seat's turn and waits the table's bot clock (:func:`bot_clock`); a silence past it hands the
seat to the away bot until the bot account answers again (or connects again), an illegal or
unreadable answer forfeits the deal by the driver's one rule, as any bot's does.

What the bot is told is its seat's information state and nothing else (``match``, ``deal``,
``event``, ``act``, ``match_end``), exactly what ``engine:COMMAND`` is told at the table of
``stich play``: never a card its seat may not see.

Seats: a table's owner invites a connected bot account by name (a seat ``{"kind":
"botaccount", "name": NAME}`` when opening the table), and a table whose owner set
``allow_bots`` seats connected bot accounts that ask for games (``"seek": true`` in their
``hello``) in its free seats once a person has joined it (:meth:`BotHub.fill`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from stich.bots.base import BotFailure
from stich.bots.external import protocol
from stich.core.actions import Action
from stich.core.game import Illegal
from stich.web.store import Store, StoreFault

if TYPE_CHECKING:
    from stich.core.table import Table
    from stich.web.store import Write

Actor = Any
"""A table's actor (``stich.web.actor.TableActor``, which imports this module)."""
Seat = Any
"""A seat of a table (``stich.web.actor.SeatInfo``)."""

log = logging.getLogger("stich.web")

KIND = "botaccount"
"""The seat kind of a bot account (``SeatInfo.kind``; the pages mark it BOT)."""
DEFAULT_CLOCK = 10.0
"""Seconds a bot account has for a move at a table without a move clock
(``Settings.bot_clock``)."""
HELLO_SECONDS = 5.0
"""Seconds a connecting bot has to answer ``hello`` (the engine protocol's start time)."""
MAX_TABLES = 8
"""The most tables one bot account plays at at once (its ``hello`` may ask for fewer)."""


class Refused(ValueError):
    """A seat the lobby refuses to give a bot account: the lobby's ``LobbyError`` with these
    (English message, HTTP status, code, args)."""

    def __init__(self, message: str, status: int, code: str, args: dict[str, Any]) -> None:
        super().__init__(message)
        self.status, self.code, self.args_ = status, code, args


class Silent:
    """A bot account that cannot answer now (its connection is gone)."""


def bot_clock(actor: Actor) -> float:
    """Seconds the bot account to act has: the table's move clock, else the server's."""
    clock = float(actor.table_settings.clock)
    return clock if clock else float(actor.settings.bot_clock)


class Connection:
    """One bot account's socket: its ``hello`` and its questions waiting for answers."""

    def __init__(self, name: str, hello: dict[str, Any]) -> None:
        self.name = name
        self.id = secrets.token_hex(6)
        games = hello.get("games")
        self.games = frozenset(g for g in games if isinstance(g, str)) if isinstance(
            games, list) else frozenset()
        presets = hello.get("presets")
        self.presets: dict[str, list[str]] = {
            g: [p for p in v if isinstance(p, str)] for g, v in presets.items()
            if isinstance(g, str) and isinstance(v, list)} if isinstance(presets, dict) else {}
        self.seek = hello.get("seek") is True
        tables = hello.get("tables", 1)
        self.tables = max(1, min(MAX_TABLES, tables)) if isinstance(tables, int) else 1
        self.engine = str(hello.get("name") or "")[:40]
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(10_000)
        self.pending: dict[str, asyncio.Future[dict[str, Any] | Silent]] = {}
        """The table whose question waits for this bot's ``action``, and its future."""
        self.routes: dict[str, str] = {}
        """The tables of other workers that asked this bot through Redis: the worker to
        pass its answer to (``stich.web.cluster``)."""

    def plays(self, game: str, preset: str) -> bool:
        allowed = self.presets.get(game)
        return game in self.games and (not allowed or preset in allowed)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:  # a bot that reads nothing is dropped
            self.close()

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)
        for future in self.pending.values():
            if not future.done():
                future.set_result(Silent())
        self.pending.clear()

    def ask(self, table_id: str) -> asyncio.Future[dict[str, Any] | Silent]:
        old = self.pending.pop(table_id, None)
        if old is not None and not old.done():
            old.set_result(Silent())
        future: asyncio.Future[dict[str, Any] | Silent] = (
            asyncio.get_running_loop().create_future())
        self.pending[table_id] = future
        return future

    def answered(self, message: dict[str, Any]) -> bool:
        """Hand the bot's answer to the question waiting for it here; False: none waits."""
        future = self.pending.pop(str(message.get("table")), None)
        if future is None:
            return False
        if not future.done():
            future.set_result(message)
        return True


class RemoteConnection(Connection):
    """A bot account connected to another worker (several workers, ``stich.web.cluster``):
    what a table here sends it goes there through Redis, in order, and its answers come
    back the same way."""

    def __init__(self, name: str, hello: dict[str, Any], worker: str, connection: str,
                 cluster: Any) -> None:
        super().__init__(name, hello)
        self.id, self.worker, self.cluster = connection, worker, cluster

    def send(self, message: dict[str, Any]) -> None:
        self.cluster.post(self.worker, {"op": "bot_send", "table": "", "name": self.name,
                                        "conn": self.id, "from": self.cluster.id,
                                        "message": message})

    def close(self) -> None:
        for future in self.pending.values():
            if not future.done():
                future.set_result(Silent())
        self.pending.clear()


class AccountSeat:
    """A bot account's seat at one table: the conversation, told once per connection (a bot
    that connects again is told the match, the deal and the deal's events afresh)."""

    def __init__(self, name: str, table_id: str, seat: int) -> None:
        self.name, self.table_id, self.seat = name, table_id, seat
        self.told: str | None = None
        """The connection that has been told the match."""
        self.deal = -1
        self.sent = 0

    def ask(self, hub: BotHub, table: Table, time_ms: int
            ) -> asyncio.Future[dict[str, Any] | Silent] | None:
        """Send what the seat saw since it was last asked and ``act``; the answer's future,
        None when the bot account is not connected."""
        connection = hub.connection(self.name)
        if connection is None:
            return None
        game, seat, base = table.game, self.seat, {"table": self.table_id}
        if self.told != connection.id:
            self.told, self.deal = connection.id, -1
            options = game.options
            connection.send({**protocol.new_match(
                game.NAME, options.preset, _jsonable(options.overrides()), game.SEATS), **base})
        if self.deal != table.deal_number:
            self.deal, self.sent = table.deal_number, 0
            score = table.match.state() if table.match is not None else None
            connection.send({**protocol.new_deal(table.deal_number + 1, seat, score), **base})
        info = game.information_state(seat)
        for item in info.events[self.sent:]:
            connection.send({**protocol.event(item), **base})
        self.sent = len(info.events)
        legal = info.legal_actions()
        ids = [game.action_to_id(action) for action in legal]
        future = connection.ask(self.table_id)
        connection.send({**protocol.act(list(zip(ids, legal, strict=True)), time_ms), **base})
        return future

    def chosen(self, reply: dict[str, Any], table: Table) -> Action | BotFailure:
        """The action of the bot's answer, or the failure that forfeits the deal."""
        if reply.get("type") == "error":
            return self._failure(f"reported an error: {str(reply.get('message'))[:200]}")
        legal = table.game.legal_actions()
        if "id" in reply:
            index = reply["id"]
            ids = [table.game.action_to_id(action) for action in legal]
            if isinstance(index, int) and not isinstance(index, bool) and index in ids:
                return legal[ids.index(index)]
            return self._failure(f"answered action id {str(index)[:20]!r}, which is not "
                                 "legal now")
        text = reply.get("action")
        if not isinstance(text, str):
            return self._failure("answered an 'action' message with neither 'action' nor 'id'")
        try:
            action = Action.parse(text)
        except ValueError:
            return self._failure(f"answered {text[:40]!r}, which is no action")
        if action not in legal:
            return self._failure(f"answered {text[:40]!r}, which is not legal now")
        return action

    def _failure(self, what: str) -> BotFailure:
        return BotFailure(Illegal("engine", f"bot account {self.name} {what}"))


class BotHub:
    """The bot accounts connected to this worker, and their seats at its tables."""

    def __init__(self, lobby: Any) -> None:
        """``lobby``: the worker's ``stich.web.lobby.Lobby`` (its tables and store)."""
        self.lobby = lobby
        self.connections: dict[str, Connection] = {}
        """The bot accounts whose sockets this worker holds."""
        self.remote: dict[str, RemoteConnection] = {}
        """With several workers: the bot accounts connected to the others (their presence
        in Redis, ``stich.web.cluster``)."""
        self.cluster: Any = None
        self._filling: set[asyncio.Task[None]] = set()
        """The seatings under way (kept, so none is collected before it ends)."""

    def connection(self, name: str) -> Connection | None:
        """The bot account's connection, here or (several workers) at another worker."""
        return self.connections.get(name) or self.remote.get(name)

    # --- the socket --------------------------------------------------------------------------
    async def serve(self, socket: Any, name: str) -> None:
        """One bot account's connection: ``hello`` both ways, then its answers until it
        goes (the app has accepted the socket and checked its token)."""
        await socket.send_text(json.dumps(protocol.hello()))
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                hello = protocol.decode(await socket.receive_text())
        except (TimeoutError, protocol.ProtocolError) as error:
            await _close(socket, 4400, f"expected the engine's 'hello': {error}"[:120])
            return
        if hello.get("type") != "hello" or hello.get("protocol") != protocol.VERSION:
            await _close(socket, 4400, f"expected 'hello' of protocol {protocol.VERSION}")
            return
        connection = Connection(name, hello)
        old = self.connections.get(name)
        if old is not None:  # the newer connection plays; the older is told why it ends
            old.send({"type": "error", "message": "another connection of this bot account "
                      "took its place", "code": "replaced"})
            old.close()
        self.connections[name] = connection
        if self.cluster is not None:  # the other workers' tables may ask it too
            await self.cluster.bot_here(connection, hello)
        log.info("bot account %r connected (%r)", name, connection.engine or "unnamed")
        sending = asyncio.create_task(self._sender(socket, connection))
        self._back(name)
        self.fill()
        try:
            while True:
                try:
                    message = protocol.decode(await socket.receive_text())
                except protocol.ProtocolError as error:
                    connection.send({"type": "error", "message": str(error)})
                    continue
                if message["type"] in ("action", "error") and "table" in message and (
                        not connection.answered(message)):
                    self._pass_on(connection, message)
                # info lines and anything else are the bot's own logging
        except Exception:  # the socket is gone (disconnect, or a frame it could not read)
            pass
        finally:
            if self.connections.get(name) is connection:
                del self.connections[name]
                if self.cluster is not None:
                    with contextlib.suppress(Exception):
                        await self.cluster.bot_gone(connection)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sending, 5)
            sending.cancel()
            log.info("bot account %s disconnected", name)

    async def _sender(self, socket: Any, connection: Connection) -> None:
        while (message := await connection.outbox.get()) is not None:
            await socket.send_text(json.dumps(message, separators=(",", ":")))
        with contextlib.suppress(Exception):
            await socket.close(code=4409 if not self._current(connection) else 1000)

    # --- several workers (stich.web.cluster) --------------------------------------------------
    def _pass_on(self, connection: Connection, message: dict[str, Any]) -> None:
        """An answer for a table of another worker goes back to it."""
        worker = connection.routes.pop(str(message.get("table")), None)
        if worker is not None and self.cluster is not None:
            self.cluster.post(worker, {"op": "bot_answer", "table": "", "name": connection.name,
                                       "conn": connection.id, "message": message})

    def presence(self, data: dict[str, Any]) -> None:
        """Another worker says a bot account connected there (or went)."""
        name, conn = str(data.get("name")), str(data.get("conn"))
        if self.cluster is None or data.get("worker") == self.cluster.id:
            return
        old = self.remote.get(name)
        if data.get("gone"):
            if old is not None and old.id == conn:
                del self.remote[name]
                old.close()
            return
        if old is not None and old.id == conn:
            return
        local = self.connections.pop(name, None)
        if local is not None:  # a newer connection at another worker takes its place
            local.send({"type": "error", "message": "another connection of this bot account "
                        "took its place", "code": "replaced"})
            local.close()
        if old is not None:
            old.close()
        self.remote[name] = RemoteConnection(name, data.get("hello") or {},
                                             str(data.get("worker")), conn, self.cluster)
        self._back(name)
        self.fill()

    def relayed_send(self, request: dict[str, Any]) -> None:
        """A table of another worker speaks to a bot account connected here."""
        message = request["message"]
        table = str(message.get("table"))
        connection = self.connections.get(str(request.get("name")))
        if connection is None or connection.id != request.get("conn"):
            if message.get("type") == "act" and self.cluster is not None:  # gone: silence
                self.cluster.post(str(request["from"]), {
                    "op": "bot_answer", "table": "", "name": request.get("name"),
                    "conn": request.get("conn"), "message": {"type": "gone", "table": table}})
            return
        if message.get("type") == "act":
            connection.routes[table] = str(request["from"])
        connection.send(message)

    def relayed_answer(self, request: dict[str, Any]) -> None:
        """A bot account connected to another worker answers a table here."""
        remote = self.remote.get(str(request.get("name")))
        message = request["message"]
        if remote is None or remote.id != request.get("conn"):
            return
        if message.get("type") == "gone":
            future = remote.pending.pop(str(message.get("table")), None)
            if future is not None and not future.done():
                future.set_result(Silent())
            return
        remote.answered(message)

    def _current(self, connection: Connection) -> bool:
        return self.connections.get(connection.name) is connection

    def _back(self, name: str) -> None:
        """The bot account is connected again: the tables where the away bot plays for it
        give it its seat back."""
        for actor in list(self.lobby.actors.values()):
            for seat, info in enumerate(actor.seats):
                if info.kind == KIND and info.name == name and actor.away[seat]:
                    actor.inbox.put_nowait(("account_back", seat))

    def match_over(self, actor: Actor, score: dict[str, Any]) -> None:
        """Tell the table's bot accounts the match's final score (``match_end``)."""
        for info in actor.seats:
            connection = self.connection(info.name) if info.kind == KIND else None
            if connection is not None:
                connection.send({**protocol.match_end(score), "table": actor.id})
        self.fill()

    # --- seats ------------------------------------------------------------------------------
    def busy(self, name: str, waiting: bool = True) -> int:
        """The tables of this worker at which the bot account sits and the match goes on
        (with ``waiting``, those still waiting for people too)."""
        statuses = ("waiting", "running") if waiting else ("running",)
        return sum(1 for actor in self.lobby.actors.values()
                   if actor.status in statuses
                   and any(s.kind == KIND and s.name == name for s in actor.seats))

    def invited(self, game: str, preset: str, seats: list[Seat]) -> None:
        """Check the owner's invitations of a table being opened: each bot account named is
        connected, plays this game and preset, has a table to spare and is invited once.
        Refused otherwise."""
        names = [s.name for s in seats if s.kind == KIND]
        for number, info in enumerate(seats):
            if info.kind == KIND:
                if names.count(info.name) > 1:
                    raise Refused(f"the bot account {info.name!r} takes one seat at a table",
                                  409, "bot_twice", {"name": info.name})
                self._check(number, info.name, game, preset)

    def _check(self, number: int, name: str, game: str, preset: str) -> None:
        """The bot account may take seat ``number`` at a table of this game and preset."""
        connection = self.connection(name)
        if connection is None:
            raise Refused(f"seat {number + 1}: the bot account {name!r} is not connected",
                          409, "bot_offline", {"name": name})
        if not connection.plays(game, preset):
            raise Refused(f"seat {number + 1}: the bot account {name!r} does not play "
                          f"{game} ({preset})", 409, "bot_declines", {"name": name})
        if self.busy(name, waiting=False) >= connection.tables:  # an invitation to a
            # waiting table holds no table of the bot's: nobody can block a bot by inviting it
            raise Refused(f"the bot account {name!r} plays at as many tables as it takes", 409,
                          "bot_busy", {"name": name})

    async def invite(self, actor: Actor, seat: Any, name: Any) -> None:
        """The owner of a waiting table invites a connected bot account into a free seat;
        Refused says why not."""
        free = [n for n, s in enumerate(actor.seats) if s.kind == "person" and not s.joined]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
            raise Refused(f"seat {str(seat)[:10]} is not free", 409, "seat_taken",
                          {"seat": str(seat)[:10]})
        name = invited_name(seat, {"name": name})
        if any(s.name == name for s in actor.seats if s.joined):
            raise Refused(f"the bot account {name!r} takes one seat at a table", 409,
                          "bot_twice", {"name": name})
        self._check(seat, name, actor.game, actor.preset)
        info = actor.seats[seat]  # taken in place, as a person's join does
        before = (info.kind, info.name, info.joined)
        info.kind, info.name, info.joined = KIND, name, True
        writes = [Store.update_table(actor.id, seats=json.dumps(
            [s.stored() for s in actor.seats])), Store.account_seat(actor.id, seat, name)]
        try:
            await self.lobby.store.write(_together(writes))
        except StoreFault:
            info.kind, info.name, info.joined = before
            raise Refused("the server cannot store this just now: try again in a moment", 503,
                          "store_unavailable", {}) from None
        actor.inbox.put_nowait(("start",))
        actor.inbox.put_nowait(("seats",))

    async def seated(self, actor: Actor) -> None:
        """The invited bot accounts' seats are theirs (their profiles list the match)."""
        writes = [Store.account_seat(actor.id, n, s.name) for n, s in enumerate(actor.seats)
                  if s.kind == KIND]
        try:
            await self.lobby.store.write(_together(writes))
        except StoreFault as error:  # the table plays on; only the profile misses it
            log.warning("table %s: the bot accounts' seats were not stored: %s", actor.id,
                        error)

    def fill(self) -> None:
        """Seat the connected bot accounts that ask for games at the waiting tables that
        allow them, once a person has joined (one seat each, a table at a time)."""
        task = asyncio.get_running_loop().create_task(self._fill())
        self._filling.add(task)
        task.add_done_callback(self._filling.discard)

    async def _fill(self) -> None:
        for actor in list(self.lobby.actors.values()):
            if (actor.status != "waiting" or not getattr(actor.table_settings, "allow_bots",
                                                          False)
                    or not any(s.kind == "person" and s.joined for s in actor.seats)):
                continue
            for connection in [*self.connections.values(), *self.remote.values()]:
                free = [n for n, s in enumerate(actor.seats)
                        if s.kind == "person" and not s.joined]
                if not free:
                    break
                if (not connection.seek or not connection.plays(actor.game, actor.preset)
                        or any(s.name == connection.name for s in actor.seats if s.joined)
                        or self.busy(connection.name) >= connection.tables):
                    continue
                number = free[0]
                info = actor.seats[number]  # taken in place, as a person's join does
                before = (info.kind, info.name, info.joined)
                info.kind, info.name, info.joined = KIND, connection.name, True
                writes = [Store.update_table(actor.id, seats=json.dumps(
                    [s.stored() for s in actor.seats])),
                    Store.account_seat(actor.id, number, connection.name)]
                try:
                    await self.lobby.store.write(_together(writes))
                except StoreFault:
                    info.kind, info.name, info.joined = before
                    return
                log.info("table %s: bot account %s takes seat %d", actor.id, connection.name,
                         number)
                actor.inbox.put_nowait(("start",))
                actor.inbox.put_nowait(("seats",))


def invited_name(number: int, spec: dict[str, Any]) -> str:
    """The bot account an owner's seat ``{"kind": "botaccount", "name": NAME}`` invites (the
    name is checked against the connections by :meth:`BotHub.invited`)."""
    name = spec.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise Refused(f"seat {number + 1}: a bot account's seat names it ('name')", 400,
                      "bot_name", {"seat": number + 1})
    return " ".join(name.split())


def _together(writes: list[Write]) -> Write:
    """Several writes in one transaction."""
    def work(conn: Any) -> None:
        for write in writes:
            write(conn)
    return work


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    return {key: sorted(map(str, value)) if isinstance(value, frozenset | set | tuple)
            else value for key, value in values.items()}


async def _close(socket: Any, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(json.dumps({"type": "error", "message": reason}))
        await socket.close(code=code, reason=reason)
