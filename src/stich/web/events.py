"""Tournaments on the server (docs/tournament.md, "Online"): a Preisschnapsen, a Swiss or a
round robin run in the browser, with people and bots at the server's tables.

Every step is a use case of ``stich.tournament`` (:class:`stich.tournament.online.Online`,
which is the ``Tournament`` of ``stich tournament``), on the tournament database at the
server's own database URL: the entry list, the draws, the results and their log are the ones
``stich tournament --db URL ...`` reads and writes. What is only the server's lives here:

- the :class:`Hall` calls each open pairing's players, opens its table once they are there
  (bots are always there) with the seats given, enters the table's result with its record
  when the match ends, and applies the event's no-show rule to a player who does not come;
- the routes ``/api/events/...`` and the page ``/e/<id>`` (``static/event.html``,
  ``event.js``), which hears every change over the WebSocket ``/ws/e/<id>``.

A player's browser is known by the entry token it got when registering (or the organiser
handed out), or by its account's login; the organiser's by the organiser token it got when
creating the event, or by the account that created it.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import logging
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse

from stich.tournament.errors import TournamentError
from stich.tournament.online import Online, OnlinePairing, OnlineSettings
from stich.tournament.snapshot import MatchView, Snapshot
from stich.tournament.store import Store as TournamentStore
from stich.tournament.store import StoreError as TournamentStoreError
from stich.web.accounts import login_of
from stich.web.actor import SeatInfo, TableActor, TableSettings
from stich.web.lobby import UNAVAILABLE, Lobby, LobbyError, clean_name
from stich.web.thinking import levels

log = logging.getLogger("stich.web")
T = TypeVar("T")
Body = Callable[[Request], Awaitable[dict[str, Any]]]

GAME, PRESET = "schnapsen", "tournament"
"""A Preisschnapsen's table: Schnapsen with S-11's tournament preset, a Schneider counting as
one Bummerl (T-3), a rubber of the event's match length."""
RESTART_GRACE = 60.0
"""Seconds the players' pages have to reconnect after the server starts before anybody's time
to appear can run out (the server was away, not they)."""
MAX_IMPORT = 512 * 1024
"""Bytes of a CSV file the organiser may import."""
SETTINGS = ("format", "cards", "max_cards", "bummerl", "prizes", "one_prize", "deck", "rounds")
ONLINE = ("no_show_minutes", "no_show_rule", "bot_level", "auto_draw", "tables")


class Watcher:
    """One event page's socket: who it is, and the messages waiting for its sender."""

    def __init__(self, player: int | None, organiser: bool) -> None:
        self.player, self.organiser = player, organiser
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(100)

    def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a page that reads nothing misses some
            self.queue.put_nowait(message)


class Hall:
    """The online events of this server: their service, the pages watching them, who is
    there, and the pairings' tables."""

    def __init__(self, url: str, lobby: Lobby) -> None:
        self.url, self.lobby = url, lobby
        self.service: Online | None = None
        self.watchers: dict[int, set[Watcher]] = {}
        self.present: dict[int, dict[int, int]] = {}
        """Per event, the players whose event page is open (how many pages)."""
        self.locks: dict[int, asyncio.Lock] = {}
        self.timers: dict[tuple[int, int], asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._pending: set[int] = set()
        self.started = time.time()

    # --- starting and stopping ----------------------------------------------------------------
    async def start(self) -> None:
        """Take up every online event where it stands: results of tables that ended while the
        server was down, tables to open, players to call. A database that has never held an
        online event is opened (and migrated) for them only when the first is asked for."""
        self.lobby.finished_hooks.append(self._table_finished)
        if not await asyncio.to_thread(self._has_events):
            return
        for settings in await self.run(self.online.online_events):
            await self._resume(settings.event_id)

    def _has_events(self) -> bool:
        from sqlalchemy import inspect

        try:
            return inspect(self.lobby.store.engine).has_table("online_events")
        except Exception:  # the store will say what is wrong when it is used
            return True

    async def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        for task in list(self.tasks):
            task.cancel()
        for watchers in self.watchers.values():
            for watcher in watchers:
                watcher.send({"type": "bye"})
                with contextlib.suppress(asyncio.QueueFull):
                    watcher.queue.put_nowait(None)
        if self.service is not None:
            await asyncio.to_thread(self.service.store.close)

    @property
    def online(self) -> Online:
        """The tournament service over the server's database, opened (and migrated) the
        first time it is needed."""
        if self.service is None:
            try:
                self.service = Online(TournamentStore(self.url, create=True))
            except TournamentStoreError as error:
                log.warning("tournament store: %s", error)
                raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        return self.service

    async def run(self, step: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A use case of the tournament service, off the event loop; a refusal is a
        LobbyError with the service's reason."""
        try:
            return await asyncio.to_thread(step, *args, **kwargs)
        except TournamentError as error:
            raise LobbyError(str(error), 400, "tournament_refused",
                             {"reason": str(error)}) from None
        except TournamentStoreError as error:
            log.warning("tournament store: %s", error)
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("online event: %s", task.exception())

    # --- who may do what ---------------------------------------------------------------------
    async def settings(self, event_id: int) -> OnlineSettings:
        return await self.run(self.online.online, event_id)

    async def is_organiser(self, settings: OnlineSettings, token: Any,
                           login: str | None) -> bool:
        if isinstance(token, str) and token and secrets.compare_digest(
                settings.organiser_token, token):
            return True
        if settings.organiser_account and login:
            name = await asyncio.to_thread(self.lobby.store.login_name, login)
            return name == settings.organiser_account
        return False

    async def organiser(self, event_id: int, data: dict[str, Any],
                        request: Request) -> OnlineSettings:
        settings = await self.settings(event_id)
        if not await self.is_organiser(settings, data.get("organiser"), login_of(request)):
            raise LobbyError("only the event's organiser may do this", 403, "not_organiser")
        return settings

    async def player_of(self, event_id: int, token: Any, login: str | None) -> int | None:
        """The player an entry token or a login names in this event, if any."""
        entries = await self.run(self.online.entries, event_id)
        if isinstance(token, str) and token:
            for entry in entries.values():
                if secrets.compare_digest(entry.token, token):
                    return entry.player
        if login:
            name = await asyncio.to_thread(self.lobby.store.login_name, login)
            if name is not None:
                snap = await self.run(self.online.snapshot_of, event_id)
                for entry in entries.values():
                    if entry.account == name and any(
                            p.id == entry.player and not p.withdrawn for p in snap.players):
                        return entry.player
        return None

    # --- the pages watching -------------------------------------------------------------------
    def changed(self, event_id: int) -> None:
        """Something about the event changed: every page hears the new state (changes close
        together are told once)."""
        if event_id in self._pending:
            return
        self._pending.add(event_id)
        self._spawn(self._broadcast(event_id))

    async def _broadcast(self, event_id: int) -> None:
        await asyncio.sleep(0.05)
        self._pending.discard(event_id)
        watchers = list(self.watchers.get(event_id, ()))
        if not watchers:
            return
        state = await self.state(event_id)
        for watcher in watchers:
            watcher.send(await self.personal(event_id, state, watcher.player,
                                             watcher.organiser))

    async def state(self, event_id: int) -> dict[str, Any]:
        """The event as every page shows it."""
        online = self.online

        def read() -> tuple[OnlineSettings, Snapshot, dict[int, OnlinePairing]]:
            return (online.online(event_id), online.snapshot_of(event_id),
                    online.pairings(event_id))

        settings, snap, pairings = await self.run(read)
        return event_state(settings, snap, pairings, self.present.get(event_id, {}))

    async def personal(self, event_id: int, state: dict[str, Any], player: int | None,
                       organiser: bool) -> dict[str, Any]:
        """The state with what only this page is told: the player's own table and its seat
        token; for the organiser, every entry's link token."""
        you: dict[str, Any] = {"player": player, "organiser": organiser}
        if player is not None:
            for match in state["matches"]:
                sides = [match["a"], match["b"]]
                mine = [n for n, side in enumerate(sides)
                        if side is not None and side["player"] == player]
                if not mine or match["kind"] != "match" or match["decided"]:
                    continue
                side = mine[0]
                table = match["table"]
                if table is not None and side not in match["stand_ins"]:
                    actor = self.lobby.actors.get(table)
                    token = actor.seats[side].token if actor is not None else ""
                    you["table"] = {"id": table, "no": match["no"], "seat": side,
                                    "token": token}
                    break
                if match["called"] and match["place"] == "online" and table is None:
                    you.setdefault("called", match["no"])
        if organiser:
            entries = await self.run(self.online.entries, event_id, True)
            you["entries"] = {str(pid): entry.token for pid, entry in entries.items()}
        return {"type": "event", "event": state, "you": you}

    # --- pairings and their tables -----------------------------------------------------------
    def _lock(self, event_id: int) -> asyncio.Lock:
        return self.locks.setdefault(event_id, asyncio.Lock())

    async def _resume(self, event_id: int) -> None:
        """After a start: enter the results of tables that ended meanwhile, then go on."""
        pairings = await self.run(self.online.pairings, event_id)
        snap = await self.run(self.online.snapshot_of, event_id)
        open_nos = {m.no for m in snap.open_matches}
        for pairing in pairings.values():
            if pairing.table is not None and pairing.no in open_nos:
                try:
                    actor = await self.lobby.get(pairing.table)
                except LobbyError:
                    continue
                if actor.status == "finished":
                    await self._enter(actor)
        await self.advance(event_id)

    async def advance(self, event_id: int) -> None:
        """Do what the event's state asks for now: call the open pairings' players, open the
        tables of those whose players are all there, apply the no-show rule to those whose
        time is up, and (with auto-draw) draw the next round once one is complete."""
        async with self._lock(event_id):
            for _ in range(100):
                if not await self._step(event_id):
                    break
        self.changed(event_id)

    async def _step(self, event_id: int) -> bool:
        """One pass over the open pairings; whether it changed anything that asks for
        another pass (a result, a draw)."""
        online = self.online
        settings = await self.run(online.online, event_id)
        snap = await self.run(online.snapshot_of, event_id)
        if not snap.open_matches:
            if settings.auto_draw and snap.rounds and not snap.finished:
                await self.run(online.draw, settings.name)
                return True
            return False
        pairings = await self.run(online.pairings, event_id)
        players = {p.id: p for p in snap.players}
        busy = {side.player for m in snap.open_matches
                if (p := pairings.get(m.no)) is not None and p.table is not None
                for side in (m.a, m.b) if side is not None}
        here = dict(self.present.get(event_id, {}))
        for m in snap.matches:  # at one of the event's tables (his last match's, say) is here
            pairing = pairings.get(m.no)
            actor = self.lobby.actors.get(pairing.table) if pairing and pairing.table else None
            if actor is not None and m.b is not None:
                for side, card in enumerate((m.a, m.b)):
                    if actor.clients[side]:
                        here[card.player] = 1
        now = time.time()
        for m in snap.open_matches:
            pairing = pairings.get(m.no)
            place = pairing.place if pairing is not None else settings.tables
            if place == "real" or (pairing is not None and pairing.table is not None):
                continue
            assert m.b is not None
            sides = (m.a.player, m.b.player)
            people = [n for n, pid in enumerate(sides) if players[pid].bot is None]
            if any(sides[n] in busy for n in people):
                continue  # he plays another of his cards first (T-3)
            if pairing is None or pairing.called_at is None:
                pairing = await self.run(online.call, event_id, m.no)
            assert pairing.called_at is not None
            absent = [n for n in people if not here.get(sides[n])]
            called = _epoch(pairing.called_at)
            due = called + settings.no_show_minutes * 60
            if called < self.started:  # called before this server started
                due = max(due, self.started + RESTART_GRACE)
            left = due - now
            if absent and left > 0:
                self._remind(event_id, m.no, left)
                continue
            if absent and settings.no_show_rule == "forfeit":
                if len(absent) == 2:
                    continue  # neither came: the organiser decides (enters a result)
                minutes = settings.no_show_minutes
                detail = {"by": "server", "rule": "forfeit", "minutes": minutes,
                          "absent": players[sides[absent[0]]].name}
                if await self.run(online.record_no_show, settings.name, m.no, absent[0],
                                  detail) is not None:
                    return True
                continue
            await self._open(settings, snap, m, tuple(absent))
            busy.update(sides[n] for n in people)
        return False

    def _remind(self, event_id: int, no: int, seconds: float) -> None:
        """Look again once the pairing's time to appear is up."""
        key = (event_id, no)
        old = self.timers.pop(key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.timers[key] = loop.call_later(seconds + 0.05, lambda: self._spawn(
            self.advance(event_id)))

    async def _open(self, settings: OnlineSettings, snap: Snapshot, m: MatchView,
                    stand_ins: tuple[int, ...]) -> None:
        """The pairing's table: seat 0 the first-named card, seat 1 the other; a person's seat
        has its token (his event page hands it to him), a bot's its level; ``stand_ins`` are
        people a bot plays for (the no-show rule)."""
        from stich.games import game_class

        players = {p.id: p for p in snap.players}
        seats = []
        for n, card in enumerate((m.a, m.b)):
            assert card is not None
            player = players[card.player]
            if player.bot is not None:
                seats.append(SeatInfo("bot", name=player.name, level=player.bot, joined=True))
            elif n in stand_ins:
                seats.append(SeatInfo("bot", name=player.name, level=settings.bot_level,
                                      joined=True))
            else:
                seats.append(SeatInfo("person", name=player.name, joined=True,
                                      token=secrets.token_urlsafe(24)))
        options = game_class(GAME).OPTIONS.from_preset(
            PRESET, rubber=snap.event.match_length).overrides()
        actor = await self.lobby.open_seated(GAME, PRESET, json.dumps(options), seats,
                                             TableSettings())
        try:
            await self.run(self.online.seat, settings.event_id, m.no, actor.id, stand_ins)
        except LobbyError:
            await self.close_table(actor.id)
            raise

    async def close_table(self, table_id: str) -> None:
        """A table whose pairing is gone (its round withdrawn): closed for good."""
        actor = self.lobby.actors.pop(table_id, None)
        if actor is not None:
            with contextlib.suppress(Exception):
                await actor.cancel()
            await actor.stop()

    def _table_finished(self, actor: TableActor) -> None:
        if self.service is not None:
            self._spawn(self._enter(actor, advance=True))

    async def _enter(self, actor: TableActor, advance: bool = False) -> None:
        """A table's match is over: if it is an event's pairing, its result with the record
        is entered through the service, as the platform's ("played"), from this table."""
        found = await self.run(self.online.match_of_table, actor.id)
        if found is None or actor.table is None or actor.table.match is None:
            return
        event_id, no = found
        settings = await self.run(self.online.online, event_id)
        snap = await self.run(self.online.snapshot_of, event_id)
        length = snap.event.match_length
        match = actor.table.match
        given = [int(x) for x in match.state()["bummerl"]]
        score = [min(given[1], length), min(given[0], length)]
        resigned = match.resigned
        if resigned is not None:  # his side loses (docs/rules/notation.md, "Resigning")
            score[1 - resigned] = length
            score[resigned] = min(score[resigned], length - 1)
        pairing = (await self.run(self.online.pairings, event_id)).get(no)
        detail = {"by": f"server from table {actor.id}", "table": actor.id, "game": actor.game,
                  "preset": actor.preset, "options": actor.options,
                  "seats": [s.name for s in actor.seats],
                  "stand_ins": list(pairing.stand_ins) if pairing else [],
                  "resigned": resigned, "record": match.to_record()}
        await self.run(self.online.record_played, settings.name, no, score[0], score[1],
                       detail)
        if advance:
            await self.advance(event_id)

    # --- presence -------------------------------------------------------------------------------
    def arrive(self, event_id: int, player: int) -> None:
        here = self.present.setdefault(event_id, {})
        here[player] = here.get(player, 0) + 1
        if here[player] == 1:
            self._spawn(self.advance(event_id))

    def leave(self, event_id: int, player: int) -> None:
        here = self.present.setdefault(event_id, {})
        here[player] = here.get(player, 1) - 1
        if here[player] <= 0:
            here.pop(player, None)
            self.changed(event_id)


def _epoch(when: Any) -> float:
    """A stored UTC time (naive, as the tournament database keeps them) in seconds."""
    from datetime import UTC

    return float(when.replace(tzinfo=UTC).timestamp())


def event_state(settings: OnlineSettings, snap: Snapshot, pairings: dict[int, OnlinePairing],
                here: dict[int, int]) -> dict[str, Any]:
    """The event as every page shows it: settings, players, pairings with their tables, the
    standings and the prize list; names as data (the page puts them in as text)."""
    ev = snap.event
    players = {p.id: p for p in snap.players}
    live = ({h.player.id: h.main + h.placement for h in snap.holdings()}  # cards still in
            if snap.is_knockout and snap.draws else {})  # play in a knockout (T-3)
    matches = []
    for m in snap.matches:
        pairing = pairings.get(m.no)
        winner = None if m.winner is None else (0 if m.winner == m.a.id else 1)
        matches.append({
            "no": m.no, "round": m.round, "group": list(m.group) if m.group else None,
            "kind": m.kind, "decided": m.decided, "winner": winner,
            "a": _card(m.a), "b": _card(m.b) if m.b is not None else None,
            "score": [m.score_a, m.score_b] if m.score_a is not None else None,
            "place": pairing.place if pairing is not None else settings.tables,
            "table": pairing.table if pairing is not None else None,
            "called": pairing is not None and pairing.called_at is not None,
            "called_at": _epoch(pairing.called_at) if pairing and pairing.called_at else None,
            "due": (_epoch(pairing.called_at) + settings.no_show_minutes * 60
                    if pairing and pairing.called_at else None),
            "stand_ins": list(pairing.stand_ins) if pairing is not None else []})
    standings = [{"rank": st.rank, "player": st.player, "name": players[st.player].name,
                  "points": st.points, "buchholz": st.buchholz,
                  "sonneborn_berger": st.sonneborn_berger, "bummerl_for": st.bummerl_for,
                  "bummerl_against": st.bummerl_against, "played": st.played}
                 for st in snap.standings]
    prizes = [{"prize": line.prize, "status": line.status, "match": line.match,
               "player": line.player,
               "name": players[line.player].name if line.player is not None else None,
               "card": snap.cards[line.card].label if line.card in snap.cards else None}
              for line in snap.prizes]
    return {
        "id": settings.event_id, "name": ev.name, "format": ev.format,
        "settings": {"cards": ev.n_cards, "max_cards": ev.max_cards,
                     "bummerl": ev.match_length, "prizes": ev.prize_count,
                     "one_prize": ev.one_prize, "deck": ev.deck, "rounds": ev.rounds},
        "online": {"no_show_minutes": settings.no_show_minutes,
                   "no_show_rule": settings.no_show_rule, "bot_level": settings.bot_level,
                   "auto_draw": settings.auto_draw, "tables": settings.tables},
        "phase": "registration" if not snap.draws else "finished" if snap.finished
        else "playing" if snap.open_matches else "between",
        "rounds": snap.rounds, "total_rounds": snap.total_rounds, "sold": snap.sold,
        "open": len(snap.open_matches),
        "players": [{"id": p.id, "name": p.name, "cards": p.cards, "bot": p.bot,
                     "here": bool(here.get(p.id)), "live": live.get(p.id)}
                    for p in snap.active_players],
        "matches": matches, "standings": standings, "prizes": prizes,
        "draws": [asdict(d) for d in snap.draws],
    }


def _card(card: Any) -> dict[str, Any]:
    return {"card": card.id, "player": card.player, "name": card.name, "label": card.label}


def _page() -> HTMLResponse:
    return HTMLResponse(resources.files("stich.web").joinpath("static/event.html").read_text())


def _int(value: Any, what: str, low: int = 0, high: int = 2**31) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LobbyError(f"{what} is a whole number from {low} to {high}", code="bad_number",
                         args={"what": what, "low": low, "high": high})
    return value


def _settings_of(data: dict[str, Any]) -> dict[str, Any]:
    """The event's settings from a request, as the service takes them (None: unchanged or
    the default)."""
    out: dict[str, Any] = {}
    for key, name in (("cards", "n_cards"), ("max_cards", "max_cards"),
                      ("bummerl", "match_length"), ("prizes", "prize_count"),
                      ("rounds", "rounds")):
        value = data.get(key)
        if value is not None and value != "":
            out[name] = _int(value, key, 1, 65536)
    for key in ("one_prize",):
        if data.get(key) is not None:
            out[key] = bool(data[key])
    if data.get("deck") is not None:
        out["deck"] = str(data["deck"])[:20]
    return out


def _online_of(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    minutes = data.get("no_show_minutes")
    if minutes is not None:
        if not isinstance(minutes, int | float) or isinstance(minutes, bool):
            raise LobbyError("no_show_minutes is a number of minutes", code="bad_number",
                             args={"what": "no_show_minutes", "low": 0, "high": 1440})
        out["no_show_minutes"] = float(minutes)
    for key in ("no_show_rule", "bot_level", "tables"):
        if data.get(key) is not None:
            out[key] = str(data[key])[:40]
    if data.get("auto_draw") is not None:
        out["auto_draw"] = bool(data["auto_draw"])
    return out


def _web_level(level: Any) -> str:
    known = levels(GAME)
    if not isinstance(level, str) or level not in known:
        raise LobbyError(f"no bot {str(level)[:40]!r} for {GAME}; known: {', '.join(known)}",
                         code="unknown_bot", args={"known": ", ".join(known)})
    return level


def events_router(hall: Callable[[], Hall], body: Body) -> APIRouter:
    """The routes of online events over the app's hall and its JSON body reader."""
    router = APIRouter()

    def event_id(value: str) -> int:
        if not value.isdigit() or len(value) > 9:
            raise LobbyError("no such event: check the link", 404, "no_event")
        return int(value)

    async def known(value: str) -> tuple[Hall, int]:
        h = hall()
        number = event_id(value)
        try:
            await h.settings(number)
        except LobbyError:
            raise LobbyError("no such event: check the link", 404, "no_event") from None
        return h, number

    async def answer(h: Hall, number: int, request: Request, data: dict[str, Any] | None = None,
                     player: int | None = None) -> dict[str, Any]:
        """The event's state as this request's browser sees it."""
        data = data or {}
        settings = await h.settings(number)
        login = login_of(request)
        organiser = await h.is_organiser(settings, data.get("organiser")
                                         or request.query_params.get("organiser"), login)
        if player is None:
            player = await h.player_of(number, data.get("entry")
                                       or request.query_params.get("entry"), login)
        state = await h.state(number)
        return await h.personal(number, state, player, organiser)

    @router.get("/e/", response_class=HTMLResponse)
    def events_page() -> HTMLResponse:
        return _page()

    @router.get("/e/{number}", response_class=HTMLResponse)
    def event_page(number: str) -> HTMLResponse:
        return _page()

    @router.get("/api/events")
    async def list_events() -> list[dict[str, Any]]:
        h = hall()
        out = []
        for settings in await h.run(h.online.online_events):
            snap = await h.run(h.online.snapshot_of, settings.event_id)
            out.append({"id": settings.event_id, "name": settings.name,
                        "format": snap.event.format, "players": len(snap.active_players),
                        "rounds": snap.rounds, "finished": snap.finished})
        return out[::-1]

    @router.post("/api/events")
    async def create(request: Request) -> dict[str, Any]:
        h = hall()
        data = await body(request)
        login = login_of(request)
        account = (await asyncio.to_thread(h.lobby.store.login_name, login)
                   if login else None)
        fmt = str(data.get("format") or "preis")
        settings = _settings_of(data)
        online = _online_of(data)
        if "bot_level" in online:
            _web_level(online["bot_level"])
        token = secrets.token_urlsafe(24)
        snap = await h.run(h.online.create_online, str(data.get("name") or ""),
                           organiser_token=token, organiser_account=account, fmt=fmt,
                           **settings, **online)
        return {"id": snap.event.id, "organiser": token, "link": f"/e/{snap.event.id}"}

    @router.get("/api/events/{number}")
    async def show(number: str, request: Request) -> dict[str, Any]:
        h, n = await known(number)
        return await answer(h, n, request)

    @router.post("/api/events/{number}/register")
    async def register(number: str, request: Request) -> dict[str, Any]:
        """A player registers himself (until round 1 is drawn): with his account's name
        when logged in, else with a guest's name no account holds."""
        h, n = await known(number)
        data = await body(request)
        login = login_of(request)
        account = await asyncio.to_thread(h.lobby.store.login_name, login) if login else None
        if account is not None:
            name = account
        else:
            name = clean_name(data.get("name"))
            if await asyncio.to_thread(h.lobby.store.account_hash, name) is not None:
                raise LobbyError(f"the name {name!r} belongs to an account: log in first",
                                 403, code="name_account", args={"name": name})
        cards = _int(data.get("cards", 1), "cards", 1, 65536)
        settings = await h.settings(n)
        snap = await h.run(h.online.register, settings.name, name, cards)
        player = snap.player_named(name)
        assert player is not None
        entry = await h.run(h.online.entry_for, n, player.id, account)
        h.changed(n)
        return {"player": player.id, "entry": entry.token}

    @router.post("/api/events/{number}/players")
    async def enter_players(number: str, request: Request) -> dict[str, Any]:
        """The organiser registers players or bots: ``{"entries": [{"name", "cards",
        "bot"}]}``, all or none."""
        h, n = await known(number)
        data = await body(request)
        settings = await h.organiser(n, data, request)
        rows = data.get("entries")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            raise LobbyError("'entries' is a list of {name, cards, bot}", code="bad_entries")
        entries = []
        for row in rows[:4096]:
            bot = row.get("bot") or None
            entries.append((clean_name(row.get("name"), strict=bot is None),
                            _int(row.get("cards", 1), "cards", 1, 65536),
                            _web_level(bot) if bot is not None else None))
        await h.run(h.online.register_many, settings.name, entries)
        h.changed(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/import")
    async def import_csv(number: str, request: Request) -> dict[str, Any]:
        """The organiser's CSV file (``{"filename", "data": base64}``), as `stich tournament
        import` reads it: all or none."""
        from stich.tournament.roster import read_roster

        h, n = await known(number)
        raw = await request.body()
        if len(raw) > MAX_IMPORT * 4 // 3 + 1024:
            raise LobbyError(f"the file is larger than {MAX_IMPORT} bytes", 413, "too_large",
                             {"max": MAX_IMPORT})
        try:
            data = json.loads(raw or b"{}")
            content = base64.b64decode(str(data.get("data", "")), validate=True)
        except (ValueError, binascii.Error, AttributeError):
            raise LobbyError("the file is sent as base64 in 'data'", code="bad_file") from None
        if not isinstance(data, dict):
            raise LobbyError("the request is a JSON object", code="not_json")
        settings = await h.organiser(n, data, request)
        filename = Path(str(data.get("filename") or "players.csv")).name[:80] or "players.csv"
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / filename
            path.write_bytes(content)
            rows = await h.run(read_roster, path)
        for row in rows:
            if row.bot is not None and row.bot not in levels(GAME):
                raise LobbyError(f"{row.where}: no bot {row.bot[:40]!r}", code="unknown_bot",
                                 args={"known": ", ".join(levels(GAME))})
        await h.run(h.online.register_many, settings.name,
                    [(r.name, r.cards, r.bot) for r in rows], [r.where for r in rows])
        h.changed(n)
        return await answer(h, n, request, data)

    async def player_or_organiser(h: Hall, n: int, data: dict[str, Any],
                                  request: Request) -> tuple[OnlineSettings, str]:
        """The player's own name (his entry), or the name the organiser gives."""
        settings = await h.settings(n)
        login = login_of(request)
        if await h.is_organiser(settings, data.get("organiser"), login):
            name = data.get("name")
            if not isinstance(name, str) or not name.strip():
                raise LobbyError("a name is needed", code="name_missing")
            return settings, name
        player = await h.player_of(n, data.get("entry"), login)
        if player is None:
            raise LobbyError("only the player or the organiser may do this", 403,
                             "not_organiser")
        snap = await h.run(h.online.snapshot_of, n)
        return settings, next(p.name for p in snap.players if p.id == player)

    @router.post("/api/events/{number}/withdraw")
    async def withdraw(number: str, request: Request) -> dict[str, Any]:
        h, n = await known(number)
        data = await body(request)
        settings, name = await player_or_organiser(h, n, data, request)
        await h.run(h.online.withdraw, settings.name, name)
        h.changed(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/cards")
    async def cards(number: str, request: Request) -> dict[str, Any]:
        h, n = await known(number)
        data = await body(request)
        settings, name = await player_or_organiser(h, n, data, request)
        await h.run(h.online.set_cards, settings.name, name,
                    _int(data.get("cards"), "cards", 1, 65536))
        h.changed(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/configure")
    async def configure(number: str, request: Request) -> dict[str, Any]:
        h, n = await known(number)
        data = await body(request)
        settings = await h.organiser(n, data, request)
        values = _settings_of(data)
        if values:
            await h.run(h.online.configure, settings.name, **values)
        online = _online_of(data)
        if "bot_level" in online:
            _web_level(online["bot_level"])
        if online:
            await h.run(h.online.configure_online, n, **online)
        await h.advance(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/draw")
    async def draw(number: str, request: Request) -> dict[str, Any]:
        """The next round (T-2, T-3, T-5), as `stich tournament draw`; its tables open."""
        h, n = await known(number)
        data = await body(request)
        settings = await h.organiser(n, data, request)
        seed = data.get("seed")
        if seed is not None:
            seed = _int(seed, "seed", 0, 2**63 - 1)
        await h.run(h.online.draw, settings.name, seed)
        await h.advance(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/withdraw-round")
    async def withdraw_round(number: str, request: Request) -> dict[str, Any]:
        """T-5: the latest draw taken back while none of its matches has a result; the
        tables its pairings were being played at are closed, and drawing by itself is turned
        off, so that a result can be corrected before the round is drawn again."""
        h, n = await known(number)
        data = await body(request)
        settings = await h.organiser(n, data, request)
        pairings = await h.run(h.online.pairings, n)
        snap = await h.run(h.online.snapshot_of, n)
        tables = [p.table for m in snap.round_matches(snap.rounds)
                  if (p := pairings.get(m.no)) is not None and p.table is not None]
        await h.run(h.online.withdraw_round, settings.name)
        if settings.auto_draw:  # else the round would be drawn again before any correction
            await h.run(h.online.configure_online, n, auto_draw=False)
        for table in tables:
            await h.close_table(table)
        await h.advance(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/result")
    async def result(number: str, request: Request) -> dict[str, Any]:
        """The organiser enters (or with ``correct`` corrects) results, ``{"results": [[no,
        "2:1"], ...]}``, as `stich tournament result`/`correct` does: all or none."""
        h, n = await known(number)
        data = await body(request)
        settings = await h.organiser(n, data, request)
        rows = data.get("results")
        if (not isinstance(rows, list) or not rows
                or not all(isinstance(r, list) and len(r) == 2 for r in rows)):
            raise LobbyError("'results' is a list of [match number, \"2:1\"]",
                             code="bad_results")
        results = [(_int(no, "match", 1), str(score)[:10]) for no, score in rows]
        await h.run(h.online.enter_results, settings.name, results, bool(data.get("correct")))
        await h.advance(n)
        return await answer(h, n, request, data)

    @router.post("/api/events/{number}/place")
    async def place(number: str, request: Request) -> dict[str, Any]:
        """The organiser has a pairing played at a real table (or online again)."""
        h, n = await known(number)
        data = await body(request)
        await h.organiser(n, data, request)
        await h.run(h.online.set_place, n, _int(data.get("no"), "match", 1),
                    str(data.get("place"))[:10])
        await h.advance(n)
        return await answer(h, n, request, data)

    @router.get("/api/events/{number}/audit")
    async def audit(number: str) -> dict[str, Any]:
        """Every draw replayed from its seed, and the log of every result written."""
        h, n = await known(number)
        settings = await h.settings(n)
        lines = await h.run(h.online.audit, settings.name)
        trail = await h.run(h.online.trail, settings.name)
        return {"audit": [{"round": a.round, "ok": a.ok, "text": a.text,
                           "withdrawn": a.withdrawn} for a in lines],
                "trail": [{"no": t.no, "round": t.round, "action": t.action, "score": t.score,
                           "at": t.at.isoformat(), "by": t.by} for t in trail]}

    @router.websocket("/ws/e/{number}")
    async def event_socket(socket: WebSocket, number: str) -> None:
        await socket.accept()
        h = hall()
        try:
            n = event_id(number)
            settings = await h.settings(n)
            login = socket.cookies.get("stich_login")
            player = await h.player_of(n, socket.query_params.get("entry"), login)
            organiser = await h.is_organiser(settings, socket.query_params.get("organiser"),
                                             login)
            first = await h.personal(n, await h.state(n), player, organiser)
        except LobbyError as error:
            await socket.send_json({"type": "error", **error.to_json()})
            await socket.close(code=4404)
            return
        watcher = Watcher(player, organiser)
        h.watchers.setdefault(n, set()).add(watcher)
        watcher.send(first)
        if player is not None:
            h.arrive(n, player)

        async def sender() -> None:
            while (message := await watcher.queue.get()) is not None:
                await socket.send_text(json.dumps(message))

        sending = asyncio.create_task(sender())
        try:
            while True:
                await socket.receive_text()  # the page says nothing; this sees it go
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            h.watchers.get(n, set()).discard(watcher)
            if player is not None:
                h.leave(n, player)
            sending.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sending

    return router
