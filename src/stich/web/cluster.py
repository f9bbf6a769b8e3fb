"""Several ``stich serve`` workers behind one address, through Redis (docs/web.md, "Several
workers behind one address").

Every worker reads and writes the same database, so the lobby (tables, seats, finished
matches) is shared. A running table lives in exactly one worker, its owner, recorded in Redis
(``stich:owner:<table>``, a lease of ``OWNER_TTL`` seconds renewed every ``RENEW_EVERY``
while the worker lives, only by the worker named in it). A browser may reach any worker: the
one it reaches, if not the owner, relays: the owner gets ``attach``, ``action`` and ``detach``
requests on its channel ``stich:worker:<id>`` and answers the browser's messages, in order, on
``stich:conn:<connection>``; a join and the table owner's calls (cancel, a bot for a free
seat) go the same way and their answers come back on a reply channel.

A worker that dies stops renewing its leases. Every ``WATCH_EVERY`` seconds each worker reads
the owners of the tables it relays, and every other time those of all open tables
(``stich:open``): a table whose lease has lapsed is claimed (``SET NX``: one worker wins),
its log replayed from the database, and every socket relayed to the dead worker carried over
to the new owner with the number of the next message its browser has not had (``since``), so
its stream goes on without a gap or a message twice. A worker that finds its lease taken by
another (it was stopped longer than the lease) lets the table go: its sockets are closed and
the pages reconnect to the new owner.

Bot accounts (``stich.web.botseats``): the worker holding a bot's socket says so in Redis
(``stich:bot:<name>``, renewed like a claim) and on the channel ``stich:bots``; every worker
keeps the others' bots as :class:`~stich.web.botseats.RemoteConnection` objects. A table
speaks to a bot connected elsewhere with ``bot_send`` requests on that worker's channel, in
order; the bot's answers come back as ``bot_answer`` on the table's worker's channel.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from stich.web.actor import Client, TableActor
from stich.web.frames import Oversize, frame_text, receive_frame
from stich.web.lobby import Lobby, LobbyError
from stich.web.store import Write

BOTS = "stich:bots"
"""The channel on which workers say which bot accounts connected to them (or went)."""
log = logging.getLogger("stich.web")

OWNER_TTL = 6
"""Seconds a lease lasts unless renewed: a dead worker's tables are taken over this long after
its last renewal at the latest (docs/web.md, measured figures)."""
RENEW_EVERY = 2.0
"""Seconds between two renewals of a worker's leases (a third of ``OWNER_TTL``: two renewals
may be missed, an event loop stalled for 4 s, before another worker takes the table)."""
WATCH_EVERY = 1.0
"""Seconds between two reads of the owners of the tables this worker relays (every other
time also of every open table: tables whose people were all connected to the dead worker, or
nobody's)."""
OPEN = "stich:open"
"""The set of tables that are waiting or running, whichever worker holds them."""
CLOSED = '{"type":"closed"}'
"""The owner's last publication on a connection's channel: the client is closed (a frame is
passed on as it is, unparsed; the server sends no message of type ``closed``)."""
MOVED = 1012
"""The close code a relayed socket gets when its table went away and could not be followed
(WebSocket "service restart"): the page reconnects at once (``static/table.js``)."""

RENEW = """
local held = {}
for i, key in ipairs(KEYS) do
  local owner = redis.call('GET', key)
  if owner == false or owner == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'EX', ARGV[2])
    held[i] = 1
  else
    held[i] = 0
  end
end
return held
"""
"""Renew this worker's leases, each only if nobody else holds it (compare and set in one
step): 1 for a lease still held, 0 for one another worker has taken."""

LOBBY_OPS = frozenset({"join", "cancel", "bot", "chat", "botaccount"})
"""What a worker asks of the table's holder and waits for an answer to: a join and the
owner's calls (cancel a waiting table, give a free seat to a bot, turn the chat on or off)."""

Answer = Callable[[str | bytes, TableActor], Awaitable[dict[str, Any] | None]]
"""A socket's message judged by a table held here: the reply for the client (app._answer)."""


def owner_key(table_id: str) -> str:
    return f"stich:owner:{table_id}"


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Cluster:
    """This worker's side of the Redis routing."""

    def __init__(self, url: str, lobby: Lobby) -> None:
        import redis.asyncio as redis

        self.redis = redis.from_url(url)
        self.lobby = lobby
        self.id = secrets.token_hex(6)
        self.remote: dict[str, tuple[TableActor, Client, asyncio.Task[None]]] = {}
        self.links: dict[str, set[Link]] = {}
        """The sockets connected here to tables held elsewhere (or taken over), by table."""
        self._renew_script: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._out: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        """Requests to other workers' channels, published in order (:meth:`post`)."""
        self._moving: dict[str, asyncio.Task[None]] = {}
        self._retired: set[str] = set()
        """Tables held here that have ended and whose lease has gone."""
        self._foreign: set[str] = set()
        """Open tables in Redis that this worker's database does not have (a Redis shared
        by several deployments, as in the tests): left alone."""
        self._valid_until = 0.0
        """Until when (``time.monotonic``) this worker's leases surely hold."""
        self._round: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Done at the end of the next renewal (made in the event loop: so is a Cluster)."""
        self._plain_write: Callable[[Write], asyncio.Future[Any]] = lobby.store.write

    async def start(self) -> None:
        await self.redis.ping()
        self._renew_script = self.redis.register_script(RENEW)
        self._valid_until = time.monotonic() + OWNER_TTL - 1
        self._plain_write = self.lobby.store.write
        self.lobby.store.write = self._fenced_write  # type: ignore[method-assign]
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(f"stich:worker:{self.id}", BOTS)
        self._tasks = [asyncio.create_task(self._listen(pubsub)),
                       asyncio.create_task(self._renew()),
                       asyncio.create_task(self._post_loop()),
                       asyncio.create_task(self._watch())]
        await self._bots_present()

    async def close(self) -> None:
        for task in [*self._tasks, *self._moving.values()]:
            task.cancel()
        hub = self.lobby.bots
        for connection in list(hub.connections.values()) if hub is not None else []:
            with contextlib.suppress(Exception):
                await self.bot_gone(connection)
        for links in list(self.links.values()):
            for link in list(links):
                await link.leave()
        await self.lobby.close()  # the tables stop before their leases go
        with contextlib.suppress(Exception):
            for table in list(self.lobby.actors):  # hand them back: another worker takes
                key = owner_key(table)            # them at its next look
                if await self.redis.get(key) == self.id.encode():
                    await self.redis.delete(key)
        pumps = []
        for _, client, pump in self.remote.values():  # their relays follow the table
            client.close()
            pumps.append(pump)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*pumps, return_exceptions=True), 2)
        await self.redis.aclose()

    # --- ownership -----------------------------------------------------------------------------
    async def owner_of(self, table_id: str) -> str:
        """The worker that holds the table: this one if nobody (alive) does."""
        key = owner_key(table_id)
        if await self.redis.set(key, self.id, nx=True, ex=OWNER_TTL):
            await self.redis.sadd(OPEN, table_id)
            return self.id
        owner = await self.redis.get(key)
        if owner is None:
            return await self.owner_of(table_id)  # it lapsed just now
        return _text(owner)

    async def claim_new(self, table_id: str) -> None:
        await self.redis.set(owner_key(table_id), self.id, ex=OWNER_TTL)
        await self.redis.sadd(OPEN, table_id)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(RENEW_EVERY)
            try:
                await self._renew_once()
                await self._renew_bots()
            except Exception as error:  # Redis away for a moment: the next round tries
                log.warning("renewing the table leases failed: %s", error)

    async def _renew_bots(self) -> None:
        """The bot accounts connected here stay known to the others; theirs are read again."""
        hub = self.lobby.bots
        for connection in list(hub.connections.values()) if hub is not None else []:
            await self.redis.expire(f"stich:bot:{connection.name}", OWNER_TTL)
        await self._bots_present()

    def _fenced_write(self, work: Write) -> asyncio.Future[Any]:
        """The store's write while this worker's leases are sure to hold; after a stall
        that may have outlived them, only once a renewal has said which tables are still
        this worker's (a table let go meanwhile is stopped, its write never made)."""
        if time.monotonic() < self._valid_until:
            return self._plain_write(work)
        return asyncio.ensure_future(self._write_after_renewal(work))

    async def _write_after_renewal(self, work: Write) -> Any:
        while time.monotonic() >= self._valid_until:
            await asyncio.shield(self._round)
        return await self._plain_write(work)

    async def _renew_once(self) -> None:
        began = time.monotonic()
        held: list[str] = []
        done: list[str] = []
        for table_id, actor in list(self.lobby.actors.items()):
            if actor.status in ("waiting", "running"):
                held.append(table_id)
            elif table_id not in self._retired:
                done.append(table_id)
        if held:
            kept = await self._renew_script(keys=[owner_key(t) for t in held],
                                            args=[self.id, OWNER_TTL])
            for table_id, still in zip(held, kept, strict=True):
                if not still:
                    await self._let_go(table_id)
        self._valid_until = began + OWNER_TTL - 1  # a second's margin for the clocks
        self._round.set_result(None)
        self._round = asyncio.get_running_loop().create_future()
        for table_id in done:  # finished, cancelled, expired: nobody takes them over
            await self.redis.srem(OPEN, table_id)
            await self._retire(table_id)
            self._retired.add(table_id)

    async def _retire(self, table_id: str) -> None:
        """A table held here that has ended: its lease goes, its actor stays for its pages."""
        key = owner_key(table_id)
        if await self.redis.get(key) == self.id.encode():
            await self.redis.delete(key)

    async def _let_go(self, table_id: str) -> None:
        """Another worker holds the lease of a table this one still plays (this worker stood
        still longer than the lease): stop it here; its sockets close, and the pages reconnect
        to the table's new holder."""
        actor = self.lobby.actors.pop(table_id, None)
        if actor is None:
            return
        log.warning("table %s: another worker holds it now; letting it go", table_id)
        await actor.stop()
        for client in [*actor.watchers, *(c for seat in actor.clients for c in seat)]:
            client.close()

    # --- a dead owner's tables -------------------------------------------------------------
    async def _watch(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(WATCH_EVERY)
            rounds += 1
            try:
                await self._look(everything=rounds % 2 == 0)
            except Exception as error:
                log.warning("looking for tables without a worker failed: %s", error)

    async def _look(self, everything: bool) -> None:
        """Follow every relayed table whose owner changed or lapsed; with ``everything``,
        also take over each open table whose lease has lapsed."""
        tables = set(self.links)
        if everything:
            tables |= {_text(t) for t in await self.redis.smembers(OPEN)}
        tables -= set(self.lobby.actors) | self._foreign
        if not tables:
            return
        ordered = sorted(tables)
        owners = await self.redis.mget([owner_key(t) for t in ordered])
        for table_id, owner in zip(ordered, owners, strict=True):
            links = self.links.get(table_id, set())
            held = _text(owner) if owner is not None else None
            if held is not None and all(link.owner == held for link in links):
                continue
            if table_id not in self._moving:
                self._moving[table_id] = asyncio.create_task(self._follow(table_id))

    async def _follow(self, table_id: str) -> None:
        """The table's lease lapsed or changed hands: claim it or learn who did; take it
        over here (replaying its log) or move its relayed sockets to the new holder."""
        try:
            if table_id not in self.links and await asyncio.to_thread(
                    self.lobby.store.table_row, table_id) is None:
                self._foreign.add(table_id)  # another database's table: never claimed here
                return
            owner = await self.owner_of(table_id)
            if owner == self.id:
                actor = await self.lobby.get(table_id)  # replayed and started here
                if actor.status not in ("waiting", "running"):
                    await self.redis.srem(OPEN, table_id)
                    await self._retire(table_id)
                else:
                    log.warning("table %s: its worker is gone; taken over", table_id)
            for link in list(self.links.get(table_id, ())):
                if link.owner != owner:
                    await link.route(owner)
        except Exception:
            log.exception("table %s: taking it over failed", table_id)
        finally:
            self._moving.pop(table_id, None)

    # --- bot accounts (stich.web.botseats) -----------------------------------------------------
    def post(self, worker: str, request: dict[str, Any]) -> None:
        """A request to another worker, published after those posted before it."""
        self._out.put_nowait((f"stich:worker:{worker}", request))

    async def _post_loop(self) -> None:
        while True:
            channel, request = await self._out.get()
            try:
                await self.redis.publish(channel, json.dumps(request))
            except Exception as error:  # Redis gone for a moment: the bot's clock runs out
                log.warning("cannot publish to %s: %s", channel, error)

    async def bot_here(self, connection: Any, hello: dict[str, Any]) -> None:
        """A bot account connected to this worker: the others may seat and ask it."""
        data = {"name": connection.name, "worker": self.id, "conn": connection.id,
                "hello": hello}
        await self.redis.set(f"stich:bot:{connection.name}", json.dumps(data), ex=OWNER_TTL)
        await self.redis.publish(BOTS, json.dumps(data))

    async def bot_gone(self, connection: Any) -> None:
        key = f"stich:bot:{connection.name}"
        held = await self.redis.get(key)
        if held is not None and json.loads(held).get("conn") == connection.id:
            await self.redis.delete(key)
        await self.redis.publish(BOTS, json.dumps({"name": connection.name, "worker": self.id,
                                                   "conn": connection.id, "gone": True}))

    async def _bots_present(self) -> None:
        """The bot accounts connected to the other workers, as Redis holds them now (a worker
        that started late, or one whose publication was missed; lapsed ones are dropped)."""
        hub = self.lobby.bots
        if hub is None:
            return
        present: set[str] = set()
        async for key in self.redis.scan_iter(match="stich:bot:*"):
            raw = await self.redis.get(key)
            if raw is None:
                continue
            data = json.loads(raw)
            present.add(str(data.get("name")))
            hub.presence(data)
        for name, remote in list(hub.remote.items()):
            if name not in present:
                hub.presence({"name": name, "worker": remote.worker, "conn": remote.id,
                              "gone": True})

    # --- the owner's side ------------------------------------------------------------------------
    async def _listen(self, pubsub: Any) -> None:
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                request = json.loads(item["data"])
                channel = item.get("channel")
                if channel in (BOTS, BOTS.encode()):
                    if self.lobby.bots is not None:
                        self.lobby.bots.presence(request)
                    continue
                await self._serve(request)
            except Exception as error:  # one bad request must not stop the worker
                reply = request.get("reply") if isinstance(request, dict) else None
                if reply:
                    await self.redis.publish(reply, json.dumps({"error": str(error)}))

    async def _serve(self, request: dict[str, Any]) -> None:
        op, table_id = request["op"], request["table"]
        if op == "bot_send" and self.lobby.bots is not None:
            self.lobby.bots.relayed_send(request)
            return
        if op == "bot_answer" and self.lobby.bots is not None:
            self.lobby.bots.relayed_answer(request)
            return
        if op in LOBBY_OPS:
            try:
                answer = await self._lobby_op(op, table_id, request)
            except LobbyError as error:
                answer = {**error.to_json(), "status": error.status}
            await self.redis.publish(request["reply"], json.dumps(answer))
            return
        conn = request["conn"]
        channel = f"stich:conn:{conn}"
        if op == "attach":
            actor = self.lobby.actors.get(table_id)
            if actor is None:  # not held here (any more): the relay follows the table
                await self.redis.publish(channel, CLOSED)
                return
            client = Client(request["seat"])
            pump = asyncio.create_task(self._pump(client, channel))
            self.remote[conn] = (actor, client, pump)
            actor.attach(client, int(request.get("since", 0)))
        elif op == "action" and conn in self.remote:
            actor, client, _ = self.remote[conn]
            refused = await actor.act(client.seat, request["action"])
            if refused is not None:
                client.send({"type": "error", **refused, "action": request["action"]})
        elif op == "control" and conn in self.remote:
            actor, client, _ = self.remote[conn]
            refused = await actor.control(client.seat, request["control"])
            if refused is not None:
                client.send({"type": "error", **refused, "control": request["control"]})
        elif op == "detach" and conn in self.remote:
            actor, client, pump = self.remote.pop(conn)
            actor.detach(client)
            client.close()

    async def _lobby_op(self, op: str, table_id: str, request: dict[str, Any]
                        ) -> dict[str, Any]:
        """A join or an owner's call relayed from another worker, done on the table held
        here (so its people, connected here, hear of it), and its answer."""
        if op == "join":
            seat, token = await self.lobby.join(table_id, request.get("name"),
                                                request.get("seat"), request.get("login"))
            return {"seat": seat, "token": token}
        if op == "cancel":
            await self.lobby.cancel(table_id, request.get("owner"))
            return {"status": "cancelled"}
        if op == "chat":
            await self.lobby.set_chat(table_id, request.get("owner"), request.get("on"))
            return {"chat": request.get("on")}
        if op == "botaccount":  # the owner invites a bot account (stich.web.botseats)
            await self.lobby.seat_account(table_id, request.get("owner"), request.get("seat"),
                                          request.get("name"))
            return dict((await self.lobby.get(table_id)).info())
        await self.lobby.seat_bot(table_id, request.get("owner"), request.get("seat"),
                                  request.get("level"))
        info: dict[str, Any] = (await self.lobby.get(table_id)).info()
        return info

    async def _pump(self, client: Client, channel: str) -> None:
        """A relayed client's frames, in order, onto its connection's channel."""
        while (batch := await client.batch()) is not None:  # one frame per change
            await self.redis.publish(channel, frame_text(batch))
        await self.redis.publish(channel, CLOSED)

    # --- the relaying side ------------------------------------------------------------------
    async def call(self, owner: str, request: dict[str, Any], timeout: float = 10.0
                   ) -> dict[str, Any]:
        """A request to the owner and its answer (joins, the owner's calls)."""
        reply = f"stich:reply:{secrets.token_hex(8)}"
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(reply)
        try:
            await self.redis.publish(f"stich:worker:{owner}", json.dumps({**request,
                                                                         "reply": reply}))
            async with asyncio.timeout(timeout):
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        answer: dict[str, Any] = json.loads(item["data"])
                        return answer
        finally:
            await pubsub.unsubscribe(reply)
            await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]
        raise LobbyError("the worker holding this table does not answer", 503, "worker_silent")

    async def relay(self, owner: str, table_id: str, seat: int | None, since: int, socket: Any,
                    check: Any, answer: Answer) -> None:
        """Carry one browser's messages between its socket here and the table's holder: the
        owner through Redis, or this worker once it has taken the table over."""
        link = Link(self, table_id, seat, since, socket)
        self.links.setdefault(table_id, set()).add(link)
        try:
            await link.route(owner)
            while True:
                raw = await receive_frame(socket)
                actor, client = link.actor, link.client
                if actor is not None and client is not None:  # played here now
                    reply = await answer(raw, actor)
                    if reply is not None:
                        client.send(reply)
                    continue
                action, reply = check(raw)
                if reply is not None and reply.get("type") == "control":
                    await link.publish({"op": "control", "control": reply["control"]})
                elif reply is not None:
                    await socket.send_json(reply)
                if action is not None:
                    await link.publish({"op": "action", "action": action})
        except Oversize as too_big:
            with contextlib.suppress(Exception):
                await socket.close(code=1009, reason=str(too_big))
        except Exception:  # the browser went away
            pass
        finally:
            links = self.links.get(table_id)
            if links is not None:
                links.discard(link)
                if not links:
                    del self.links[table_id]
            await link.leave()


class Link:
    """One browser's socket at this worker, for a table held by another worker (its messages
    come through ``stich:conn:<conn>``) or, after a takeover, by this one (a local client)."""

    def __init__(self, cluster: Cluster, table_id: str, seat: int | None, since: int,
                 socket: Any) -> None:
        self.cluster, self.table_id, self.seat, self.socket = cluster, table_id, seat, socket
        self.since = since
        """The number of the next stream message the browser has not had: where its stream
        goes on when the table moves."""
        self.owner: str | None = None
        self.conn = ""
        self.pubsub: Any = None
        self.down: asyncio.Task[None] | None = None
        self.actor: TableActor | None = None
        self.client: Client | None = None
        self._lock = asyncio.Lock()
        self._following: asyncio.Task[None] | None = None
        self.gone = False
        """The socket has closed (``leave``)."""
        self._numbered: collections.deque[str] = collections.deque(maxlen=8)
        """The last frames passed on that may hold numbered messages (``_note``)."""

    async def publish(self, request: dict[str, Any]) -> None:
        if self.owner is not None and self.owner != self.cluster.id:
            await self.cluster.redis.publish(f"stich:worker:{self.owner}", json.dumps(
                {**request, "table": self.table_id, "conn": self.conn}))

    async def route(self, owner: str) -> None:
        """Go on with the table at ``owner`` (this worker: a local client), from ``since``."""
        async with self._lock:
            if owner == self.owner or self.gone:
                return
            await self._unroute()
            self._settle()
            lobby = self.cluster.lobby
            actor = None
            for _ in range(3):  # another worker may win the table between two looks
                if owner != self.cluster.id:
                    break
                found = await lobby.get(self.table_id)
                if lobby.actors.get(self.table_id) is found or found.status not in (
                        "waiting", "running"):
                    actor = found
                    break
                owner = await self.cluster.owner_of(self.table_id)
            if owner == self.cluster.id:
                if actor is None:
                    raise LobbyError("the table's holder keeps changing", 503, "worker_silent")
                self.owner = owner
                self.actor, self.client = actor, Client(self.seat)
                self.down = asyncio.create_task(self._local(self.client))
                actor.attach(self.client, self.since)
                return
            self.owner = owner
            self.conn = secrets.token_hex(8)
            self.pubsub = self.cluster.redis.pubsub()
            await self.pubsub.subscribe(f"stich:conn:{self.conn}")
            self.down = asyncio.create_task(self._remote(self.pubsub))
            await self.publish({"op": "attach", "seat": self.seat, "since": self.since})

    async def _unroute(self) -> None:
        """Leave the table where it was played (detach there), keeping the socket."""
        if self.down is not None:
            self.down.cancel()
            with contextlib.suppress(BaseException):
                await self.down
            self.down = None
        if self.actor is not None and self.client is not None:
            self.actor.detach(self.client)
            self.client.close()
        self.actor, self.client = None, None
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.publish({"op": "detach"})
            with contextlib.suppress(Exception):
                await self.pubsub.unsubscribe()
                await self.pubsub.aclose()
            self.pubsub = None

    async def leave(self) -> None:
        """The browser has gone: leave the table, and follow it nowhere any more."""
        self.gone = True
        async with self._lock:
            await self._unroute()
            self.owner = None

    def _note(self, data: str) -> None:
        """Keep the last frames passed on that may hold numbered messages, unread (the
        relay passes frames on as they are; ``_settle`` reads them when the table moves)."""
        if '"n":' in data:
            self._numbered.append(data)

    def _settle(self) -> None:
        """``since`` past the last numbered message passed on: the newest kept frame that
        holds one (a frame may hold ``"n":`` inside a message too)."""
        while self._numbered:
            parsed = json.loads(self._numbered.pop())
            numbers = [message["n"] for message in (parsed if isinstance(parsed, list)
                                                    else [parsed])
                       if isinstance(message, dict) and isinstance(message.get("n"), int)]
            if numbers:
                self.since = max(self.since, max(numbers) + 1)
                break
        self._numbered.clear()

    async def _remote(self, pubsub: Any) -> None:
        """The owner's frames for this socket, in order; when the owner closes the
        connection, the table is followed to where it is held now."""
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            data = _text(item["data"])
            if data == CLOSED:
                self._following = asyncio.create_task(self._follow())
                return
            self._note(data)
            await self.socket.send_text(data)

    async def _local(self, client: Client) -> None:
        while (batch := await client.batch()) is not None:
            for message in batch:
                number = message.get("n")
                if isinstance(number, int) and number >= self.since:
                    self.since = number + 1
            await self.socket.send_text(frame_text(batch))
        if self.client is client:  # dropped by the table (let go): follow it
            self._following = asyncio.create_task(self._follow())

    async def _follow(self) -> None:
        """The owner closed this socket's connection: the table is where its lease says."""
        try:
            owner = await self.cluster.owner_of(self.table_id)
            if owner != self.owner:  # else the same worker dropped it (it read too slowly)
                await self.route(owner)
                return
        except Exception:
            log.exception("table %s: following it failed", self.table_id)
        with contextlib.suppress(Exception):
            await self.socket.close(code=MOVED, reason="the table moved: reconnect")
