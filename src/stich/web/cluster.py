"""Several ``stich serve`` workers behind one address, through Redis (docs/web.md, "Several
workers behind one address").

Every worker reads and writes the same database, so the lobby (tables, seats, finished
matches) is shared. A running table lives in exactly one worker, its owner, recorded in Redis
(``stich:owner:<table>``, renewed while the worker lives). A browser may reach any worker: the
one it reaches, if not the owner, relays: the owner gets ``attach``, ``action`` and ``detach``
requests on its channel ``stich:worker:<id>`` and answers the browser's messages, in order, on
``stich:conn:<connection>``; a join and the table owner's calls (cancel, a bot for a free
seat) go the same way and their answers come back on a reply channel. A worker that dies
stops renewing its claims; the next worker asked for one of its tables takes it over and
replays its log.

Bot accounts (``stich.web.botseats``): the worker holding a bot's socket says so in Redis
(``stich:bot:<name>``, renewed like a claim) and on the channel ``stich:bots``; every worker
keeps the others' bots as :class:`~stich.web.botseats.RemoteConnection` objects. A table
speaks to a bot connected elsewhere with ``bot_send`` requests on that worker's channel, in
order; the bot's answers come back as ``bot_answer`` on the table's worker's channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from stich.web.actor import Client, TableActor
from stich.web.frames import Oversize, frame_text, receive_frame
from stich.web.lobby import Lobby, LobbyError

BOTS = "stich:bots"
"""The channel on which workers say which bot accounts connected to them (or went)."""
log = logging.getLogger("stich.web")
OWNER_TTL = 30
"""Seconds a claim lasts unless renewed (every third of that)."""
CLOSED = '{"type":"closed"}'
"""The owner's last publication on a connection's channel: the client is closed (a frame is
passed on as it is, unparsed; the server sends no message of type ``closed``)."""


LOBBY_OPS = frozenset({"join", "cancel", "bot", "chat", "botaccount"})
"""What a worker asks of the table's holder and waits for an answer to: a join and the
owner's calls (cancel a waiting table, give a free seat to a bot, turn the chat on or off)."""


class Cluster:
    """This worker's side of the Redis routing."""

    def __init__(self, url: str, lobby: Lobby) -> None:
        import redis.asyncio as redis

        self.redis = redis.from_url(url)
        self.lobby = lobby
        self.id = secrets.token_hex(6)
        self.remote: dict[str, tuple[TableActor, Client, asyncio.Task[None]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._out: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        """Requests to other workers' channels, published in order (:meth:`post`)."""

    async def start(self) -> None:
        await self.redis.ping()
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(f"stich:worker:{self.id}", BOTS)
        self._tasks = [asyncio.create_task(self._listen(pubsub)),
                       asyncio.create_task(self._renew()),
                       asyncio.create_task(self._post_loop())]
        await self._bots_present()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for _, client, pump in self.remote.values():
            client.close()
            pump.cancel()
        hub = self.lobby.bots
        for connection in list(hub.connections.values()) if hub is not None else []:
            with contextlib.suppress(Exception):
                await self.bot_gone(connection)
        owned = [f"stich:owner:{table}" for table in self.lobby.actors]
        with contextlib.suppress(Exception):
            for key in owned:  # hand the tables back: another worker may take them at once
                if await self.redis.get(key) == self.id.encode():
                    await self.redis.delete(key)
        await self.redis.aclose()

    # --- ownership -----------------------------------------------------------------------------
    async def owner_of(self, table_id: str) -> str:
        """The worker that holds the table: this one if nobody (alive) does."""
        key = f"stich:owner:{table_id}"
        if await self.redis.set(key, self.id, nx=True, ex=OWNER_TTL):
            return self.id
        owner = await self.redis.get(key)
        if owner is None:
            return self.id
        return owner.decode() if isinstance(owner, bytes) else str(owner)

    async def claim_new(self, table_id: str) -> None:
        await self.redis.set(f"stich:owner:{table_id}", self.id, ex=OWNER_TTL)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(OWNER_TTL / 3)
            for table in list(self.lobby.actors):
                await self.redis.set(f"stich:owner:{table}", self.id, ex=OWNER_TTL)
            hub = self.lobby.bots
            for connection in list(hub.connections.values()) if hub is not None else []:
                await self.redis.expire(f"stich:bot:{connection.name}", OWNER_TTL)
            await self._bots_present()

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
            actor = await self.lobby.get(table_id)
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
            await pubsub.aclose()  # type: ignore[no-untyped-call]
        raise LobbyError("the worker holding this table does not answer", 503, "worker_silent")

    async def relay(self, owner: str, table_id: str, seat: int | None, since: int, socket: Any,
                    check: Any) -> None:
        """Carry one browser's messages between its socket here and the owner."""
        conn = secrets.token_hex(8)
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(f"stich:conn:{conn}")
        target = f"stich:worker:{owner}"
        base = {"table": table_id, "conn": conn}

        async def downstream() -> None:
            async for item in pubsub.listen():
                if item.get("type") != "message":
                    continue
                data = item["data"].decode() if isinstance(item["data"], bytes) else item["data"]
                if data == CLOSED:
                    return
                await socket.send_text(data)

        down = asyncio.create_task(downstream())
        await self.redis.publish(target, json.dumps({**base, "op": "attach", "seat": seat,
                                                     "since": since}))
        try:
            while True:
                raw = await receive_frame(socket)
                action, reply = check(raw)
                if reply is not None and reply.get("type") == "control":
                    await self.redis.publish(target, json.dumps(
                        {**base, "op": "control", "control": reply["control"]}))
                elif reply is not None:
                    await socket.send_json(reply)
                if action is not None:
                    await self.redis.publish(target, json.dumps(
                        {**base, "op": "action", "action": action}))
        except Oversize as too_big:
            with contextlib.suppress(Exception):
                await socket.close(code=1009, reason=str(too_big))
        except Exception:  # the browser went away
            pass
        finally:
            with contextlib.suppress(Exception):
                await self.redis.publish(target, json.dumps({**base, "op": "detach"}))
            down.cancel()
            with contextlib.suppress(Exception):
                await pubsub.unsubscribe()
                await pubsub.aclose()  # type: ignore[no-untyped-call]
