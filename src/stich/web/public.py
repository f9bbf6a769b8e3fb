"""Public tables, "play now", and the lobby's live list and chat (docs/web.md, "Public tables
and play now", "Chat").

A table is private unless it is opened with ``"public": true``: then the lobby lists it while
it waits (with its free seats) and while it runs (to watch). ``"bots_after": s`` gives the
seats still free ``s`` seconds after the table opened to bots of the away bot's level
(``Settings.bot_level``, ``web/thinking.py``), once at least one person sits there; the table
then starts. "Play now" (``POST /api/play-now``) seats a person at the fullest waiting public
table of the game and preset (with the preset's rules, no other options), or opens one.

The list lives in each worker (:class:`Public`): loaded from the database when the worker
starts, then kept by the changes of the tables it holds (``TableActor.on_seats``) and, with
several workers, by the changes the others publish on the Redis channel ``stich:lobby``
(``{"from": worker, "type": "table" | "gone" | "chat", ...}``). The lobby page hears them over
``/ws/lobby``: ``tables`` (the whole list, first), then ``table`` (one table, new or changed)
and ``gone`` (no longer listed), and the lobby's chat (``chat_history``, ``chat``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from sqlalchemy import Engine
from sqlalchemy import select as sa_select

from stich.games import game_class, game_names
from stich.web import chat, models
from stich.web.accounts import COOKIE, login_of
from stich.web.actor import Client, SeatInfo, TableActor
from stich.web.frames import Oversize, RateLimit, error, frame_text, receive_frame
from stich.web.lobby import Lobby, LobbyError, _options, listing
from stich.web.store import Store, StoreFault

CHANNEL = "stich:lobby"
SHOWN = frozenset({"waiting", "running", "stopped"})
"""The statuses a public table is listed in (waiting: to join; running: to watch)."""
SKIP = frozenset({"table_full", "seat_taken", "table_cancelled", "table_expired", "no_table",
                  "name_taken_at_table", "worker_silent", "store_unavailable"})
"""Refusals of a join that send "play now" on to the next table (or a new one)."""
REPORTS = (10, 60.0)
"""A client may report 10 messages a minute."""
RETRY_FILL = 5.0
"""Seconds before bots are tried again when the store refused their seats."""

log = logging.getLogger("stich.web")
reports = logging.getLogger("stich.web.reports")

Relay = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any] | None]]
Body = Callable[[Request], Awaitable[dict[str, Any]]]


def _seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"kind": s.get("kind", ""), "name": s.get("name", ""), "level": s.get("level", ""),
             "joined": bool(s.get("joined"))} for s in seats]


def _entry(table_id: str, game: str, preset: str, options: dict[str, Any], status: str,
           seats: list[dict[str, Any]], bots_after: float | None, created: float,
           watchers: int) -> dict[str, Any]:
    shown = _seats(seats)
    return {"id": table_id, "game": game, "preset": preset, "options": options,
            "status": status, "seats": shown,
            "free": sum(1 for s in shown if s["kind"] == "person" and not s["joined"]),
            "bots_after": bots_after,
            "bots_at": None if bots_after is None else round(created + bots_after, 3),
            "created": round(created, 3), "watchers": watchers}


def summary(actor: TableActor) -> dict[str, Any]:
    """A public table as the lobby lists it: no token, no seed."""
    return _entry(actor.id, actor.game, actor.preset, actor.options, actor.shown_status(),
                  [s.public() for s in actor.seats], actor.bots_after, actor.created,
                  len(actor.watchers))


def public_rows(engine: Engine) -> list[dict[str, Any]]:
    """Every public table waiting or running, as stored (a blocking read)."""
    tables = models.tables
    with engine.connect() as conn:
        rows = conn.execute(sa_select(tables).where(
            tables.c.public.is_(True), tables.c.status.in_(("waiting", "running")))
        ).mappings().all()
    return [_entry(row["id"], row["game"], row["preset"], json.loads(row["options"]),
                   row["status"], json.loads(row["seats"]), row["bots_after"], row["created"], 0)
            for row in rows]


class Public:
    """This worker's list of public tables, its lobby connections and the lobby's chat."""

    def __init__(self, lobby: Lobby, store: Store, redis: Any = None) -> None:
        self.lobby, self.store, self.redis = lobby, store, redis
        self.id = secrets.token_hex(6)
        self.tables: dict[str, dict[str, Any]] = {}
        self.listeners: set[Client] = set()
        self.chat: deque[dict[str, Any]] = deque(maxlen=chat.KEEP)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._published: asyncio.Task[Any] | None = None
        """The newest publication: the next waits for it (:meth:`_publish`)."""
        self._pubsub: Any = None
        self._timers: set[asyncio.TimerHandle] = set()

    async def start(self) -> None:
        if self.redis is not None:  # first listen, then read: no change falls between
            self._pubsub = self.redis.pubsub()
            await self._pubsub.subscribe(CHANNEL)
        for entry in await asyncio.to_thread(public_rows, self.store.engine):
            self.tables[entry["id"]] = entry
        self.chat.extend(await asyncio.to_thread(chat.recent, self.store.engine, chat.LOBBY))
        if self._pubsub is not None:
            self._spawn(self._listen())

    async def close(self) -> None:
        for timer in self._timers:
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for client in list(self.listeners):
            client.close()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe()
                await self._pubsub.aclose()

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- the list -----------------------------------------------------------------------------
    def listed(self) -> list[dict[str, Any]]:
        return sorted(self.tables.values(), key=lambda t: (t["game"], t["preset"], t["created"]))

    def changed(self, actor: TableActor) -> None:
        """A table held here changed: the lobbies hear of it if it is public."""
        if not actor.public:
            return
        entry = summary(actor)
        if entry["status"] in SHOWN:
            if self.tables.get(actor.id) == entry:
                return
            news: dict[str, Any] = {"type": "table", "table": entry}
        elif actor.id in self.tables:
            news = {"type": "gone", "id": actor.id}
        else:
            return
        self._apply(news)
        self._publish(news)

    def _apply(self, news: dict[str, Any]) -> None:
        kind = news["type"]
        if kind == "table":
            self.tables[news["table"]["id"]] = news["table"]
        elif kind == "gone":
            if self.tables.pop(news["id"], None) is None:
                return
        elif kind == "chat":
            self.chat.append(news)
        for client in list(self.listeners):
            client.send(news)

    def _publish(self, news: dict[str, Any]) -> None:
        """Published after the news before it (a table's "waiting" never after its
        "running": the Redis client may send each on a connection of its own)."""
        if self.redis is None:
            return
        redis, text, before = self.redis, json.dumps({**news, "from": self.id}), self._published

        async def send() -> None:
            if before is not None:
                with contextlib.suppress(Exception):
                    await before
            await redis.publish(CHANNEL, text)
        self._published = self._spawn(send())

    async def _listen(self) -> None:
        async for item in self._pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                news = json.loads(item["data"])
                if news.pop("from", None) != self.id:
                    self._apply(news)
            except Exception:  # one bad message must not end the list
                log.exception("lobby: a message on %s could not be read", CHANNEL)

    # --- tables held here ---------------------------------------------------------------------
    async def held(self, actor: TableActor) -> None:
        """A table this worker now holds: its chat's newest messages, its place in the list,
        its timer for bots."""
        actor.chat.load(await asyncio.to_thread(chat.recent, self.store.engine, actor.id))
        self.changed(actor)
        if actor.bots_after is not None and actor.status == "waiting":
            left = actor.created + actor.bots_after - time.time()
            self._later(max(0.0, left), actor.id)

    def _later(self, seconds: float, table_id: str) -> None:
        """The table's bots in ``seconds`` (:meth:`fill`)."""
        timer = asyncio.get_running_loop().call_later(
            seconds, lambda: self._spawn(self.fill(table_id)))
        self._timers.add(timer)

    def joined(self, actor: TableActor) -> None:
        """A person took a seat: the list hears of it; bots come now if they are due."""
        self.changed(actor)
        if actor.bots_after is not None and time.time() >= actor.created + actor.bots_after:
            self._spawn(self.fill(actor.id))

    async def fill(self, table_id: str) -> None:
        """The free seats of a waiting table to bots of the away bot's level, once its time
        is up and a person sits there (else when the first comes: :meth:`joined`)."""
        actor = self.lobby.actors.get(table_id)
        if actor is None or actor.status != "waiting" or actor.bots_after is None:
            return
        if not any(s.kind == "person" and s.joined for s in actor.seats):
            return
        level = self.lobby.settings.bot_level
        free = [n for n, s in enumerate(actor.seats) if s.kind == "person" and not s.joined]
        if not free:
            return
        before = list(actor.seats)
        for n in free:
            actor.seats[n] = SeatInfo("bot", name=f"Bot {n + 1} ({level})", level=level,
                                      joined=True)
        try:
            await self.store.write(Store.update_table(
                actor.id, seats=json.dumps([s.stored() for s in actor.seats])))
        except StoreFault:
            actor.seats[:] = before
            log.warning("table %s: bots for its free seats not stored; trying again", table_id)
            self._later(RETRY_FILL, table_id)
            return
        actor.inbox.put_nowait(("start",))

    # --- play now -----------------------------------------------------------------------------
    async def play_now(self, spec: Any, login: Any,
                       join: Callable[[str, Any, Any], Awaitable[tuple[int, str]]]
                       ) -> dict[str, Any]:
        """Seat a person at the fullest waiting public table of the game and preset (the
        preset's rules), or open one (public, every seat a person's) and seat him there."""
        if not isinstance(spec, dict):
            raise LobbyError("play now is asked with a JSON object")
        unknown = sorted(set(spec) - {"game", "preset", "name", "bots_after"})
        if unknown:
            raise LobbyError(f"unknown field {unknown[0][:40]!r}: play now takes game, preset, "
                             "name and bots_after", code="table_field",
                             args={"field": unknown[0][:40]})
        game = spec.get("game")
        names = game_names()
        if not isinstance(game, str) or game not in names:
            raise LobbyError(f"unknown game {str(game)[:40]!r}; known: {', '.join(names)}",
                             code="unknown_game", args={"known": ", ".join(names)})
        cls = game_class(game)
        preset = _options(cls.OPTIONS, spec.get("preset"), None).preset
        _, bots_after = listing(True, spec.get("bots_after"))
        await self.lobby.player_name(spec.get("name"), login)  # refused before any table
        waiting = sorted((t for t in self.tables.values()
                          if t["status"] == "waiting" and t["game"] == game
                          and t["preset"] == preset and not t["options"] and t["free"] > 0),
                         key=lambda t: (t["free"], t["created"]))
        for table in waiting[:5]:
            try:
                seat, token = await join(table["id"], spec.get("name"), login)
            except LobbyError as refusal:
                if refusal.code in SKIP:
                    continue
                raise
            return {"table": table["id"], "seat": seat, "token": token, "created": False,
                    "link": f"/t/{table['id']}"}
        actor = await self.lobby.create({"game": game, "preset": preset,
                                         "seats": [{"kind": "person"}] * cls.SEATS,
                                         "public": True, "bots_after": bots_after})
        try:
            seat, token = await self.lobby.join(actor.id, spec.get("name"), None, login)
        except LobbyError:
            with contextlib.suppress(LobbyError):
                await self.lobby.cancel(actor.id, actor.owner)
            raise
        return {"table": actor.id, "seat": seat, "token": token, "created": True,
                "owner": actor.owner, "link": f"/t/{actor.id}"}

    # --- the lobby's socket -------------------------------------------------------------------
    def attach(self, client: Client) -> None:
        self.listeners.add(client)
        client.send({"type": "tables", "tables": self.listed()})
        client.send({"type": "chat_history", "on": True, "messages": list(self.chat)})

    async def lobby_message(self, raw: str | bytes, limit: RateLimit, login: str | None,
                            names: dict[str, str]) -> dict[str, Any] | None:
        """The answer to one message on the lobby's socket (None: nothing)."""
        if isinstance(raw, bytes):
            return limit.charge(error("binary frames are not read: send JSON text",
                                      "binary_frame"))
        size = self.lobby.settings.max_message
        if len(raw.encode()) > size:
            return limit.charge(error(f"message larger than {size} bytes",
                                      "message_too_large", limit=size))
        try:
            data = json.loads(raw)
        except ValueError:
            return limit.charge(error("the message is not JSON", "not_json"))
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "ping":
            return limit.charge({"type": "pong"}, cost=0)
        if kind != "chat":
            return limit.charge(error(f"unknown message type {str(kind)[:40]!r}: the lobby "
                                      "reads chat and ping", "unknown_type",
                                      type=str(kind)[:40]))
        if not limit.chat.allow():
            return limit.chat.refusal()
        try:
            name = await self._writer(data.get("name"), login, names)
            said = await chat.say(self.store, chat.LOBBY, None, name, data.get("text"))
        except LobbyError as refusal:
            return {"type": "error", **refusal.to_json()}
        except chat.ChatRefused as refusal:
            return refusal.reply
        self._apply(said)
        self._publish(said)
        return None

    async def _writer(self, given: Any, login: str | None, names: dict[str, str]) -> str:
        """The name a lobby message goes out under: the account's when logged in, else the
        guest's, checked like a player's (kept per connection)."""
        key = json.dumps(given)
        if key not in names:
            account = None if login is None else await asyncio.to_thread(
                self.store.login_name, login)
            names.clear()
            names[key] = account if account else (await self.lobby.player_name(given, None))[0]
        return names[key]


def public_router(public: Callable[[], Public], body: Body, relay: Relay) -> APIRouter:
    """The lobby's list, play now, the owner's chat switch, reports and ``/ws/lobby``."""
    router = APIRouter()

    async def join_any(table_id: str, name: Any, login: Any) -> tuple[int, str]:
        relayed = await relay(table_id, {"op": "join", "name": name, "seat": None,
                                         "login": login})
        if relayed is not None:
            return relayed["seat"], relayed["token"]
        return await public().lobby.join(table_id, name, None, login)

    @router.get("/api/public")
    def public_tables() -> dict[str, Any]:
        return {"tables": public().listed()}

    @router.post("/api/play-now")
    async def play_now(request: Request) -> dict[str, Any]:
        data = await body(request)
        login = data.pop("login", None) or login_of(request)
        return await public().play_now(data, login, join_any)

    @router.post("/api/tables/{table_id}/chat")
    async def switch_chat(table_id: str, request: Request) -> dict[str, Any]:
        """The owner turns the table's chat on or off (``{"owner", "on"}``)."""
        data = await body(request)
        relayed = await relay(table_id, {"op": "chat", "owner": data.get("owner"),
                                         "on": data.get("on")})
        if relayed is not None:
            return relayed
        await public().lobby.set_chat(table_id, data.get("owner"), data.get("on"))
        return {"chat": data.get("on")}

    reporters: dict[str, chat.ChatLimit] = {}
    """Reports by client address: ``REPORTS[0]`` in ``REPORTS[1]`` seconds each."""

    @router.post("/api/chat/report")
    async def report(request: Request) -> dict[str, Any]:
        """A person reports a chat message (``{"room": table id or "lobby", "id"}``): logged
        for the operator (``stich.web.reports``) and stored (``web_reports``)."""
        if len(reporters) > 10_000:
            reporters.clear()
        address = request.client.host if request.client else ""
        if not reporters.setdefault(address, chat.ChatLimit(*REPORTS)).allow():
            raise LobbyError(f"at most {REPORTS[0]} reports in {REPORTS[1]:g} seconds", 429,
                             code="reports_too_fast", args={"count": REPORTS[0],
                                                            "seconds": round(REPORTS[1])})
        data = await body(request)
        room, number = data.get("room"), data.get("id")
        if (not isinstance(room, str) or not 0 < len(room) <= 64 or not isinstance(number, int)
                or isinstance(number, bool)):
            raise LobbyError("a report names the room and the message's id",
                             code="bad_report")
        store = public().store
        row = await asyncio.to_thread(chat.find, store.engine, room, number)
        if row is None:
            raise LobbyError("no such chat message", 404, code="no_message")
        login = login_of(request)
        account = None if login is None else await asyncio.to_thread(store.login_name, login)
        reporter = account or "guest"
        reports.warning("chat message %d in %s reported by %r: %r wrote %r", row["id"],
                        row["room"], reporter, row["name"], row["text"])
        try:
            await store.write(chat.store_report(row, reporter))
        except StoreFault:
            raise LobbyError(chat.UNSTORED, 503, code="store_unavailable") from None
        return {"reported": row["id"]}

    @router.websocket("/ws/lobby")
    async def lobby_socket(socket: WebSocket) -> None:
        await socket.accept()
        hub = public()
        client = Client(None)

        async def sender() -> None:
            while (batch := await client.batch()) is not None:
                await socket.send_text(frame_text(batch))

        sending = asyncio.create_task(sender())
        hub.attach(client)
        settings = hub.lobby.settings
        limit = RateLimit(settings.burst, settings.rate)
        token = socket.cookies.get(COOKIE)
        login = token if token and len(token) <= 64 else None
        names: dict[str, str] = {}
        try:
            while True:
                raw = await receive_frame(socket)
                reply = await hub.lobby_message(raw, limit, login, names)
                if reply is not None:
                    client.send(reply)
        except (Oversize, WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.listeners.discard(client)
            client.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sending, 5)
            sending.cancel()

    return router
