"""The web server's app (docs/web.md): pages, the lobby's JSON API and the tables' WebSockets.

:func:`create_app` makes a FastAPI app over one database; ``stich serve`` runs it with uvicorn.
Every file the pages load is served here (``static/``); nothing comes from elsewhere. The score
pad's routes (``stich.tafel.web.tafel_router``) are mounted under ``/tafel``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError

from stich.headers import SecurityHeaders
from stich.web.accounts import accounts_router, login_of
from stich.web.actor import Client, Settings, TableActor
from stich.web.botseats import BotHub
from stich.web.events import Hall, events_router
from stich.web.frames import Oversize, RateLimit, check_message, frame_text, receive_frame
from stich.web.lobby import UNAVAILABLE, Lobby, LobbyError, catalogue
from stich.web.profiles import profiles_router
from stich.web.public import Public, public_router
from stich.web.replay import Analyses, replay_router
from stich.web.store import Store, StoreError, first_line

STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html",
                ".svg": "image/svg+xml"}
MAX_BODY = 16_384
log = logging.getLogger("stich.web")


def _static(name: str) -> bytes:
    return resources.files("stich.web").joinpath("static").joinpath(name).read_bytes()


def create_app(url: str, settings: Settings | None = None, pool: Executor | None = None,
               bot_workers: int = 1, redis_url: str | None = None,
               analysis_pool: Executor | None = None) -> FastAPI:
    """The app over the database at ``url``; ``pool`` (else ``bot_workers`` processes) runs
    the bots; ``analysis_pool`` (else ``pool`` when given, else a process of its own) the
    replay's analyses (stich.web.replay)."""
    settings = settings or Settings()
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from stich.play.workers import bot_pool

        store = await asyncio.to_thread(Store, url)
        own_pool = pool is None
        executor = bot_pool(bot_workers) if pool is None else pool
        lobby = Lobby(store, executor, settings)
        lobby.bots = BotHub(lobby)
        state.update(store=store, lobby=lobby,
                     analyses=Analyses(analysis_pool or pool))  # None: a worker of its own
        app.state.lobby = lobby
        cluster = None
        if redis_url is not None:
            from stich.web.cluster import Cluster

            cluster = Cluster(redis_url, lobby)
            lobby.bots.cluster = cluster
            await cluster.start()
            lobby.cluster = cluster
        state["cluster"] = cluster
        public = Public(lobby, store, None if cluster is None else cluster.redis)
        await public.start()  # the lobby's list and chat (web/public.py)
        lobby.public = state["public"] = public
        await lobby.resume()
        events = state["events"] = Hall(url, lobby)  # online tournaments (stich.web.events)
        await events.start()
        try:
            yield
        finally:
            await events.close()
            await public.close()
            if cluster is not None:
                await cluster.close()
            await lobby.close()
            state["analyses"].close()
            if own_pool:
                executor.shutdown(wait=False, cancel_futures=True)
            await asyncio.to_thread(store.close)

    app = FastAPI(title="stich", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(SecurityHeaders)

    def lobby() -> Lobby:
        found: Lobby = state["lobby"]
        return found

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, error: LobbyError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status)

    @app.exception_handler(StoreError)
    @app.exception_handler(SQLAlchemyError)
    async def store_error(request: Request, error: Exception) -> JSONResponse:
        """The database refused (a full disk, a lost connection): 503 in words, the
        database's own line in the log."""
        log.warning("%s %s: the store failed: %s", request.method, request.url.path,
                    first_line(error))
        refusal = LobbyError(UNAVAILABLE, 503, "store_unavailable")
        return JSONResponse(refusal.to_json(), status_code=503)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise LobbyError(f"the request is larger than {MAX_BODY} bytes", 413, "too_large",
                             {"max": MAX_BODY})
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise LobbyError("the request is not JSON", code="not_json") from None
        if not isinstance(data, dict):
            raise LobbyError("the request is a JSON object", code="not_json")
        return data

    # --- pages ------------------------------------------------------------------------------
    def page(name: str) -> HTMLResponse:
        return HTMLResponse(_static(name).decode())

    @app.get("/", response_class=HTMLResponse)
    def lobby_page() -> HTMLResponse:
        return page("lobby.html")

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    def table_page(table_id: str) -> HTMLResponse:
        return page("table.html")

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    def replay_page(table_id: str) -> HTMLResponse:
        return page("replay.html")

    @app.get("/u/{name:path}", response_class=HTMLResponse)  # a name may hold a "/"
    def profile_page(name: str) -> HTMLResponse:
        return page("profile.html")

    @app.get("/static/{name}")
    def static(name: str) -> Response:
        suffix = name[name.rfind("."):] if "." in name else ""
        if "/" in name or suffix not in STATIC_TYPES:
            return JSONResponse({"error": "no such file"}, status_code=404)
        try:
            return Response(_static(name), media_type=STATIC_TYPES[suffix])
        except FileNotFoundError:
            return JSONResponse({"error": "no such file"}, status_code=404)

    # --- the lobby's API ---------------------------------------------------------------------
    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return catalogue(settings.bot_level)

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
        actor = await lobby().create(await body(request))
        return {**actor.info(), "link": f"/t/{actor.id}", "owner": actor.owner}

    @app.post("/api/tables/{table_id}/cancel")
    async def cancel(table_id: str, request: Request) -> dict[str, Any]:
        """The owner closes a table that has not started."""
        owner = (await body(request)).get("owner")
        relayed = await relay(table_id, {"op": "cancel", "owner": owner})
        if relayed is not None:
            return relayed
        await lobby().cancel(table_id, owner)
        return {"status": "cancelled"}

    @app.post("/api/tables/{table_id}/bot")
    async def seat_bot(table_id: str, request: Request) -> dict[str, Any]:
        """The owner gives a free seat to a bot (``{"owner", "seat", "level"}``)."""
        data = await body(request)
        relayed = await relay(table_id, {"op": "bot", "owner": data.get("owner"),
                                         "seat": data.get("seat"), "level": data.get("level")})
        if relayed is not None:
            return relayed
        await lobby().seat_bot(table_id, data.get("owner"), data.get("seat"), data.get("level"))
        return (await lobby().get(table_id)).info()

    @app.post("/api/tables/{table_id}/botaccount")
    async def seat_bot_account(table_id: str, request: Request) -> dict[str, Any]:
        """The owner invites a connected bot account into a free seat (``{"owner", "seat",
        "name"}``, docs/web.md "Bot accounts")."""
        data = await body(request)
        relayed = await relay(table_id, {"op": "botaccount", "owner": data.get("owner"),
                                         "seat": data.get("seat"), "name": data.get("name")})
        if relayed is not None:
            return relayed
        await lobby().seat_account(table_id, data.get("owner"), data.get("seat"),
                                   data.get("name"))
        return (await lobby().get(table_id)).info()

    async def remote_owner(table_id: str) -> str | None:
        """With several workers: the worker holding the table if it is not this one."""
        cluster = state.get("cluster")
        if cluster is None or table_id in lobby().actors:
            return None
        owner: str = await cluster.owner_of(table_id)
        return None if owner == cluster.id else owner

    async def relay(table_id: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """With several workers: a lobby call done by the worker holding the table (its
        people are connected there), its answer or its refusal; None when it is held here."""
        owner = await remote_owner(table_id)
        if owner is None:
            return None
        answer: dict[str, Any] = await state["cluster"].call(owner, {**request,
                                                                      "table": table_id})
        if "error" in answer:
            raise LobbyError(answer["error"], answer.get("status", 400),
                             answer.get("code", "bad_request"), answer.get("args"))
        return answer

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        if await remote_owner(table_id) is not None:
            return (await lobby().peek(table_id)).info()
        return (await lobby().get(table_id)).info()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise LobbyError("'seat' is a seat number", code="bad_seat")
        login = data.get("login") or login_of(request)  # the cookie, or an API user's field
        relayed = await relay(table_id, {"op": "join", "name": data.get("name"), "seat": seat,
                                         "login": login})
        if relayed is not None:
            return relayed
        number, token = await lobby().join(table_id, data.get("name"), seat, login)
        return {"seat": number, "token": token}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        actor = await lobby().get(table_id)
        if actor.table is None or actor.table.match is None:
            raise LobbyError("the table has not started", 409, "not_started")
        data = actor.table.match.to_record()  # sealed (no seed) until the match is over
        return Response(json.dumps(data, indent=1), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="stich-{actor.game}-{table_id[:8]}.json"'})

    app.include_router(accounts_router(lambda: state["store"], body))
    app.include_router(events_router(lambda: state["events"], body))
    app.include_router(replay_router(lobby, lambda: state["analyses"]))  # stich.web.replay
    # public tables, play now, chat (before /ws/{table_id}: /ws/lobby is the lobby's)
    app.include_router(public_router(lambda: state["public"], body, relay))
    app.include_router(profiles_router(lambda: state["store"]))  # ratings, leaderboards

    # --- a bot account's WebSocket (stich.web.botseats) ---------------------------------------
    @app.websocket("/ws/bot")
    async def bot_socket(socket: WebSocket) -> None:
        """``stich engine connect``: the bot account's API token in ``Authorization: Bearer``
        (never in the address, which access logs keep), then the engine protocol."""
        from stich.web.accounts import token_hash

        await socket.accept()
        scheme, _, token = socket.headers.get("authorization", "").partition(" ")
        name = None
        if scheme.lower() == "bearer" and 0 < len(token.strip()) <= 128:
            name = await asyncio.to_thread(state["store"].bot_of_token,
                                           token_hash(token.strip()))
        if name is None:
            await socket.send_json({"type": "error", "message": "no bot account has this "
                                    "token (POST /api/bot/token gives one)",
                                    "code": "bot_token"})
            await socket.close(code=4401)
            return
        await lobby().bots.serve(socket, name)

    # --- the table's WebSocket -------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            owner = await remote_owner(table_id)
            actor = await (lobby().peek(table_id) if owner else lobby().get(table_id))
        except LobbyError as error:
            await socket.send_json({"type": "error", **error.to_json()})
            await socket.close(code=4404)
            return
        seat = actor.seat_of(socket.query_params.get("token", ""))
        if seat is None and not actor.full():  # a full table is watched (docs/web.md)
            await socket.send_json({"type": "error", "error": "this link has no seat at the "
                                    "table: join first", "code": "no_seat", "args": {}})
            await socket.close(code=4403)
            return
        try:
            since = max(0, int(socket.query_params.get("since", "0")))
        except ValueError:
            since = 0
        if owner is not None:  # another worker holds the table: relay through Redis
            limit = RateLimit(settings.burst, settings.rate)
            await state["cluster"].relay(
                owner, table_id, seat, since, socket,
                lambda raw: check_message(raw, limit, settings),
                lambda raw, held: _answer(raw, held, seat, limit, settings))  # taken over
            return
        await play_socket(socket, actor, seat, since, settings)

    return app


async def play_socket(socket: WebSocket, actor: TableActor, seat: int | None, since: int,
                      settings: Settings) -> None:
    """Relay one seat's messages to the socket and its actions to the table."""
    client = Client(seat)
    closing: list[Any] = [1000, None]
    """The close the sender makes once the queue ends (1009 and the reason for a frame that
    is too large): only the sender writes to the socket."""

    async def sender() -> None:
        while (batch := await client.batch()) is not None:
            await socket.send_text(frame_text(batch))
        await socket.close(code=closing[0], reason=closing[1])

    sending = asyncio.create_task(sender())
    actor.attach(client, since)
    limit = RateLimit(settings.burst, settings.rate)
    try:
        while True:
            raw = await receive_frame(socket)
            reply = await _answer(raw, actor, seat, limit, settings)
            if reply is not None:
                client.send(reply)
    except Oversize as too_big:
        closing[:] = [1009, str(too_big)]
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        actor.detach(client)
        client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sending, 5)
        sending.cancel()


async def _answer(raw: str | bytes, actor: TableActor, seat: int | None, limit: RateLimit,
                  settings: Settings) -> dict[str, Any] | None:
    """What to tell the client about one message (None: nothing). An action is always judged
    and answered: taken (free) or refused with its rule. Every refused message costs a token;
    once they are spent, other messages are dropped and the client hears "too many messages"
    at most once a second."""
    action, reply = check_message(raw, limit, settings)
    if reply is not None and reply.get("type") == "control":
        refused = await actor.control(seat, reply["control"])
        return None if refused is None else limit.charge(
            {"type": "error", **refused, "control": reply["control"]})
    if action is None:
        return reply
    refused = await _judge(action, actor, seat)
    if refused is not None:
        limit.allow()  # the refusal costs a token, and is told whatever the bucket holds
    return refused


async def _judge(action: str, actor: TableActor, seat: int | None) -> dict[str, Any] | None:
    """The table's answer to an action: None when taken, else the refusal with its rule."""
    refused = await actor.act(seat, action)
    if refused is not None:
        return {"type": "error", **refused, "action": action}
    return None
