"""The lobby: creating tables, taking seats, finding a table's actor, resuming after a restart.

A table's id is its invite link's secret (``secrets.token_urlsafe``): whoever has the link may
take a free seat; each seat taken gets its own token, kept by that browser, which is what lets
it act and reconnect. Names that belong to an account need that account's login.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import secrets
import time
from concurrent.futures import Executor
from typing import Any

from stich.core.options import OptionsError
from stich.core.registry import game_class, game_names
from stich.web.actor import SeatInfo, Settings, TableActor
from stich.web.store import Store, StoreFault
from stich.web.thinking import levels

MAX_NAME = 40
UNAVAILABLE = "the server cannot store this just now: try again in a moment"
"""A write the store refused (code ``store_unavailable``, HTTP 503)."""


class LobbyError(ValueError):
    """A request the lobby refuses, with the reason for the person who made it.

    ``message`` is English (for API users); ``code`` names the refusal for the pages, which
    say it in the player's language from their word table (``static/i18n.js``, ``err_<code>``),
    filling in ``args``. The JSON answer is ``{"error": message, "code": code, "args": args}``.
    """

    def __init__(self, message: str, status: int = 400, code: str = "bad_request",
                 args: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.args_ = dict(args or {})

    def to_json(self) -> dict[str, Any]:
        return {"error": str(self), "code": self.code, "args": self.args_}


def catalogue() -> list[dict[str, Any]]:
    """Every game with its seats, presets, options (with their defaults) and bot levels."""
    out = []
    for name in game_names():
        cls = game_class(name)
        defaults = cls.OPTIONS.from_preset()
        fields = {f.name: f for f in dataclasses.fields(cls.OPTIONS)}
        out.append({"game": name, "seats": cls.SEATS, "presets": list(cls.OPTIONS.PRESETS),
                    "options": {k: _jsonable(v) for k, v in
                                sorted(vars(defaults).items()) if not k.startswith("_")},
                    "choices": {k: [_jsonable(c) for c in f.metadata["choices"]]
                                for k, f in sorted(fields.items()) if "choices" in f.metadata},
                    "bots": levels(name)})
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, frozenset | set | tuple):
        return sorted(map(str, value))
    return value


def clean_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise LobbyError("a name is needed")
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise LobbyError(f"a name has at most {MAX_NAME} characters")
    return cleaned


class Lobby:
    """The tables this server holds, by id."""

    def __init__(self, store: Store, pool: Executor, settings: Settings) -> None:
        self.store, self.pool, self.settings = store, pool, settings
        self.actors: dict[str, TableActor] = {}
        self._seeds = random.Random(settings.seed) if settings.seed is not None else None
        self.cluster: Any = None
        """With several workers: the Redis routing (``stich.web.cluster.Cluster``)."""

    async def resume(self) -> int:
        """Load every table that is not finished and go on where its log stops (with several
        workers: those no other worker holds)."""
        open_tables = await asyncio.to_thread(self.store.open_tables)
        for row, entries in open_tables:
            if self.cluster is not None and await self.cluster.owner_of(row["id"]) != (
                    self.cluster.id):
                continue
            actor = TableActor(row, self.store, self.pool, self.settings)
            if actor.status == "running":
                actor.replay(entries)
            self.actors[actor.id] = actor
            actor.start_task()
            _start_if_full(actor)
        return len(open_tables)

    async def close(self) -> None:
        for actor in list(self.actors.values()):
            await actor.stop()

    async def get(self, table_id: str) -> TableActor:
        """The table's actor; a finished table is loaded from the database when asked for."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        row = await asyncio.to_thread(self.store.table_row, table_id) if (
            0 < len(table_id) <= 64) else None
        if row is None:
            raise LobbyError("no such table: check the link", 404)
        actor = TableActor(row, self.store, self.pool, self.settings)
        entries = await asyncio.to_thread(self.store.actions_of, table_id)
        if actor.status != "waiting":
            actor.replay(entries)
        if actor.status != "finished":  # written by another worker: this one takes it over
            self.actors[table_id] = actor
            actor.start_task()
            _start_if_full(actor)
        return actor

    async def peek(self, table_id: str) -> TableActor:
        """The table as stored, not started here (another worker holds it)."""
        row = await asyncio.to_thread(self.store.table_row, table_id) if (
            0 < len(table_id) <= 64) else None
        if row is None:
            raise LobbyError("no such table: check the link", 404)
        return TableActor(row, self.store, self.pool, self.settings)

    async def create(self, spec: Any) -> TableActor:
        """A new table from ``{"game", "preset", "options", "seats": [{"kind", "level"}]}``."""
        if not isinstance(spec, dict):
            raise LobbyError("a table is described by a JSON object")
        game = spec.get("game")
        if game not in game_names():
            raise LobbyError(f"unknown game {game!r}; known: {', '.join(game_names())}")
        cls = game_class(game)
        preset = spec.get("preset") or next(iter(cls.OPTIONS.PRESETS))
        overrides = spec.get("options") or {}
        if not isinstance(preset, str) or not isinstance(overrides, dict):
            raise LobbyError("'preset' is a name and 'options' an object")
        try:
            options = cls.OPTIONS.from_preset(preset, **overrides)
        except OptionsError as error:
            raise LobbyError(str(error)) from None
        seats_spec = spec.get("seats") or [{"kind": "person"}] + [
            {"kind": "bot", "level": "rules"}] * (cls.SEATS - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != cls.SEATS:
            raise LobbyError(f"{game} has {cls.SEATS} seats")
        seats = []
        for number, seat in enumerate(seats_spec):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind == "person":
                seats.append(SeatInfo("person"))
            elif kind == "bot":
                level = seat.get("level", "rules")
                if level not in levels(game):
                    raise LobbyError(f"seat {number + 1}: no bot {level!r} for {game}; known: "
                                     f"{', '.join(levels(game))}")
                seats.append(SeatInfo("bot", name=f"Bot {number + 1} ({level})", level=level,
                                      joined=True))
            else:
                raise LobbyError(f"seat {number + 1}: kind is 'person' or 'bot'")
        row = {"id": secrets.token_urlsafe(16), "game": game, "preset": options.preset,
               "options": json.dumps(options.overrides(), default=_jsonable),
               "seats": json.dumps([s.stored() for s in seats]),
               "seed": (self._seeds or secrets.SystemRandom()).getrandbits(62),
               "salt": secrets.token_hex(16),
               "status": "waiting", "created": time.time(), "finished": None, "record": None}
        try:
            await self.store.write(Store.new_table(row))
        except StoreFault:
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        if self.cluster is not None:
            await self.cluster.claim_new(row["id"])
        actor = TableActor(row, self.store, self.pool, self.settings)
        self.actors[actor.id] = actor
        actor.start_task()
        actor.inbox.put_nowait(("start",))
        return actor

    async def join(self, table_id: str, name: Any, seat: Any = None,
                   login: str | None = None) -> tuple[int, str]:
        """Take a free person's seat (the first, or the one asked for): (seat, seat token)."""
        actor = await self.get(table_id)
        name = clean_name(name)
        if await asyncio.to_thread(self.store.account_hash, name) is not None and (
                login is None or await asyncio.to_thread(self.store.login_name, login) != name):
            raise LobbyError(f"the name {name!r} belongs to an account: log in first", 403)
        free = [n for n, s in enumerate(actor.seats) if s.kind == "person" and not s.joined]
        if seat is not None:
            if seat not in free:
                raise LobbyError(f"seat {seat} is not free", 409)
            free = [seat]
        if not free or actor.status != "waiting":
            raise LobbyError("every seat at this table is taken", 409)
        number = free[0]
        info = actor.seats[number]
        info.name, info.joined, info.token = name, True, secrets.token_urlsafe(24)
        try:
            await self.store.write(Store.update_table(
                actor.id, seats=json.dumps([s.stored() for s in actor.seats])))
        except StoreFault:  # not stored: the seat is free again
            info.name, info.joined, info.token = "", False, ""
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        actor.inbox.put_nowait(("start",))
        actor.inbox.put_nowait(("wake",))
        return number, info.token


def _start_if_full(actor: TableActor) -> None:
    """A waiting table is asked to start: it does if its seats are all taken (the server
    stopped between the last join and the start)."""
    if actor.status == "waiting":
        actor.inbox.put_nowait(("start",))
