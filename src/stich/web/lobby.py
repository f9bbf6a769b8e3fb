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
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from stich.core.options import OptionsError
from stich.games import game_class, game_names
from stich.web import words
from stich.web.actor import ACCOUNT_BOT, SeatInfo, Settings, TableActor, TableSettings
from stich.web.botseats import Refused, invited_name
from stich.web.store import Store, StoreFault
from stich.web.thinking import DEFAULT_LEVEL, levels

MAX_NAME = 40
BOTS_AFTER = (1.0, 3600.0)
"""Seconds after its opening when a table's free seats may go to bots (web/public.py)."""
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


def catalogue(bot_level: str = DEFAULT_LEVEL) -> list[dict[str, Any]]:
    """Every game (Schnapsen first) with its seats, presets, options in the order the game
    declares them (with their defaults, the
    choices of those that have a few, the names a set option draws from), bot levels, and the
    words for all of them in German and English (``stich.web.words``)."""
    out = []
    for name in sorted(game_names(), key=_game_order):
        cls = game_class(name)
        defaults = cls.OPTIONS.from_preset()
        fields = {f.name: f for f in dataclasses.fields(cls.OPTIONS) if f.name != "preset"}
        bots = levels(name)
        out.append({"game": name, "seats": cls.SEATS, "presets": list(cls.OPTIONS.PRESETS),
                    "options": {k: _jsonable(getattr(defaults, k)) for k in fields},
                    "preset_options": {preset: {k: _jsonable(getattr(values, k)) for k in fields}
                                       for preset in cls.OPTIONS.PRESETS
                                       if (values := cls.OPTIONS.from_preset(preset))},
                    "choices": {k: [_jsonable(c) for c in f.metadata["choices"]]
                                for k, f in sorted(fields.items()) if "choices" in f.metadata},
                    "sets": {k: sorted(f.metadata["universe"])
                             for k, f in sorted(fields.items()) if "universe" in f.metadata},
                    "bots": sorted(bots, key=_level_order),
                    "default_bot": bot_level if bot_level in bots else "rules",
                    "words": words.game_words(name, list(fields), bots)})
    return out


def _game_order(game: str) -> tuple[int, str]:
    return (words.ORDER.index(game) if game in words.ORDER else len(words.ORDER), game)


def _level_order(level: str) -> tuple[int, str]:
    known = list(words.LEVELS)
    return (known.index(level) if level in known else len(known), level)


def _jsonable(value: Any) -> Any:
    if isinstance(value, frozenset | set | tuple):
        return sorted(map(str, value))
    return value


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""Characters that turn the direction of the text around them (a name could make the names
after it read backwards): refused like control characters."""
BOT_NAME = re.compile(r"bot\s*\d+\s*\(.*\)", re.IGNORECASE)
"""The shape of the names the lobby gives bots (``Bot 2 (rules)``): no person may take one."""


def clean_name(name: Any, strict: bool = True) -> str:
    """A player's name trimmed, its inner spaces made single, at most ``MAX_NAME`` characters.

    ``strict`` (a new name: signing up, joining as a guest) also refuses control and
    text-direction characters and a bot's name; a login checks only the shape, so an account
    made before these rules still logs in (docs/web.md, "Names")."""
    if not isinstance(name, str) or not name.strip():
        raise LobbyError("a name is needed", code="name_missing")
    if strict and any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS
                      or unicodedata.category(c) in ("Zl", "Zp") for c in name.strip()):
        raise LobbyError("a name may not hold control or text-direction characters",
                         code="name_control")
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise LobbyError(f"a name has at most {MAX_NAME} characters", code="name_long",
                         args={"max": MAX_NAME})
    if strict and BOT_NAME.fullmatch(cleaned):
        raise LobbyError(f"{cleaned!r} is how the lobby names its bots: choose another name",
                         code="name_bot", args={"name": cleaned})
    return cleaned


def same_name(one: str, other: str) -> bool:
    """Two names a person could not tell apart at a table (case and width aside)."""
    def key(text: str) -> str:
        return unicodedata.normalize("NFKC", text).casefold()
    return key(one) == key(other)


MAX_NUMBER = 1_000_000
"""The largest number an option takes here (a larger one is no game anybody can finish)."""


def _options(options_class: Any, preset: Any, overrides: Any) -> Any:
    """The table's rule options from a preset name and ``{option: value}``; every wrong value
    is refused with the option it is about."""
    presets = list(options_class.PRESETS)
    if preset is None or preset == "":
        preset = presets[0]
    if not isinstance(preset, str) or preset not in presets:
        raise LobbyError(f"unknown preset {str(preset)[:40]!r}; known: {', '.join(presets)}",
                         code="unknown_preset", args={"known": ", ".join(presets)})
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise LobbyError("'options' is an object of option names and values")
    fields = {f.name for f in dataclasses.fields(options_class)} - {"preset"}
    for name, value in overrides.items():
        if name == "preset":
            raise LobbyError("the preset is chosen as 'preset', not among the options",
                             code="preset_as_option")
        if name not in fields:
            raise LobbyError(f"unknown option {name[:40]!r}; known: "
                             f"{', '.join(sorted(fields))}",
                             code="unknown_option", args={"option": name[:40]})
        fits = ((isinstance(value, str | bool) and len(str(value)) <= 200)
                or (isinstance(value, int) and abs(value) <= MAX_NUMBER)
                or (isinstance(value, list) and len(value) <= 50
                and all(isinstance(v, str) and len(v) <= 40 for v in value)))
        if not fits:
            raise LobbyError(f"option {name}: {str(value)[:40]!r} is not a value it takes",
                             code="bad_option", args={"option": name})
    try:
        return options_class.from_preset(preset, **overrides)
    except (OptionsError, TypeError, ValueError, OverflowError) as error:
        raise LobbyError(str(error), code="bad_option_value",
                         args={"reason": str(error)}) from None


def _seats(game: str, count: int, spec: Any, bot_level: str) -> list[SeatInfo]:
    """The seats from ``[{"kind": "person"} | {"kind": "bot", "level": level}]``; by default
    one person and bots of ``bot_level`` (``Settings.bot_level``), which is also the level of
    a bot seat that names none."""
    if spec is None:
        spec = [{"kind": "person"}] + [{"kind": "bot"}] * (count - 1)
    if not isinstance(spec, list) or len(spec) != count:
        raise LobbyError(f"{game} has {count} seats: 'seats' is a list of {count}",
                         code="seat_count", args={"game": game, "count": count})
    seats = []
    known = levels(game)
    for number, seat in enumerate(spec):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "person":
            seats.append(SeatInfo("person"))
        elif kind == "bot":
            level = seat.get("level", bot_level)
            if not isinstance(level, str) or level not in known:
                raise LobbyError(f"seat {number + 1}: no bot {str(level)[:40]!r} for {game}; "
                                 f"known: {', '.join(known)}", code="unknown_level",
                                 args={"seat": number + 1, "known": ", ".join(known)})
            seats.append(SeatInfo("bot", name=f"Bot {number + 1} ({level})", level=level,
                                  joined=True))
        elif kind == ACCOUNT_BOT:  # an invited bot account (stich.web.botseats)
            try:
                seats.append(SeatInfo(ACCOUNT_BOT, name=invited_name(number, seat),
                                      joined=True))
            except Refused as why:
                raise LobbyError(str(why), why.status, why.code, why.args_) from None
        else:
            raise LobbyError(f"seat {number + 1}: kind is 'person', 'bot' or 'botaccount'",
                             code="seat_kind", args={"seat": number + 1})
    return seats


class Lobby:
    """The tables this server holds, by id."""

    def __init__(self, store: Store, pool: Executor, settings: Settings) -> None:
        self.store, self.pool, self.settings = store, pool, settings
        self.actors: dict[str, TableActor] = {}
        self._seeds = random.Random(settings.seed) if settings.seed is not None else None
        self.cluster: Any = None
        """With several workers: the Redis routing (``stich.web.cluster.Cluster``)."""
        self.finished_hooks: list[Callable[[TableActor], None]] = []
        """Told of every table whose match ends, once its record is stored (an online
        event enters the result, ``stich.web.events``)."""
        self.public: Any = None
        """The lobby's list of public tables and its chat (``stich.web.public.Public``)."""
        self.bots: Any = None
        """The bot accounts connected here (``stich.web.botseats.BotHub``)."""

    async def resume(self) -> int:
        """Load every table that is not finished and go on where its log stops (with several
        workers: those no other worker holds)."""
        open_tables = await asyncio.to_thread(self.store.open_tables)
        for row, entries in open_tables:
            if self.cluster is not None and await self.cluster.owner_of(row["id"]) != (
                    self.cluster.id):
                continue
            actor = self._actor(row)
            if actor.status == "running":
                actor.replay(entries)
            self.actors[actor.id] = actor
            actor.start_task()
            await self._held_here(actor)
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
            raise LobbyError("no such table: check the link", 404, "no_table")
        actor = self._actor(row)
        entries = await asyncio.to_thread(self.store.actions_of, table_id)
        if actor.status in ("running", "finished"):
            actor.replay(entries)
        if table_id in self.actors:  # taken over here while the log was read
            return self.actors[table_id]
        if actor.status in ("waiting", "running"):  # written by another worker: taken over
            if self.cluster is not None and await self.cluster.owner_of(table_id) != (
                    self.cluster.id):
                return actor  # another worker holds it: as stored, not played here
            if table_id in self.actors:
                return self.actors[table_id]
            self.actors[table_id] = actor
            actor.start_task()
            await self._held_here(actor)
            _start_if_full(actor)
        return actor

    async def peek(self, table_id: str) -> TableActor:
        """The table as stored, not started here (another worker holds it)."""
        row = await asyncio.to_thread(self.store.table_row, table_id) if (
            0 < len(table_id) <= 64) else None
        if row is None:
            raise LobbyError("no such table: check the link", 404, "no_table")
        return TableActor(row, self.store, self.pool, self.settings)

    def _actor(self, row: dict[str, Any]) -> TableActor:
        actor = TableActor(row, self.store, self.pool, self.settings,
                           on_rematch=self.rematch, on_finish=self._finished)
        actor.on_seats = self._seats_changed
        actor.bots = self.bots
        return actor

    def _finished(self, actor: TableActor) -> None:
        for hook in self.finished_hooks:
            hook(actor)

    async def open_seated(self, game: str, preset: str, options: str, seats: list[SeatInfo],
                          table_settings: TableSettings) -> TableActor:
        """A table whose seats are all given (people with their tokens, bots): it starts at
        once (an online event's pairing, ``stich.web.events``)."""
        return await self._open(game, preset, options, seats, table_settings)

    def _seats_changed(self, actor: TableActor) -> None:
        if self.public is not None:
            self.public.changed(actor)

    async def _held_here(self, actor: TableActor) -> None:
        """A table this worker now holds (resumed, taken over): its chat's newest messages,
        its place in the public list and its timer for bots (web/public.py)."""
        if self.public is not None:
            await self.public.held(actor)

    async def create(self, spec: Any) -> TableActor:
        """A new table from ``{"game", "preset", "options", "seats": [{"kind", "level"}],
        "settings": {"clock", "bot_delay", "deal_wait"}}``; its ``owner`` token is the
        creating browser's (cancel, give a seat to a bot)."""
        if not isinstance(spec, dict):
            raise LobbyError("a table is described by a JSON object")
        unknown = sorted(set(spec) - {"game", "preset", "options", "seats", "settings",
                                      "public", "bots_after"})
        if unknown:
            raise LobbyError(f"unknown field {unknown[0][:40]!r}: a table has game, preset, "
                             "options, seats, settings, public and bots_after",
                             code="table_field", args={"field": unknown[0][:40]})
        game = spec.get("game")
        names = sorted(game_names(), key=_game_order)
        if not isinstance(game, str) or game not in names:
            raise LobbyError(f"unknown game {str(game)[:40]!r}; known: {', '.join(names)}",
                             code="unknown_game", args={"known": ", ".join(names)})
        cls = game_class(game)
        options = _options(cls.OPTIONS, spec.get("preset"), spec.get("options"))
        seats = _seats(game, cls.SEATS, spec.get("seats"), self.settings.bot_level)
        table_settings = _table_settings(spec.get("settings"))
        invited = any(s.kind == ACCOUNT_BOT for s in seats)
        if invited:  # the bot accounts named: connected, playing this game (botseats)
            if self.bots is None:
                raise LobbyError("this server seats no bot accounts", 409, "bot_offline")
            try:
                self.bots.invited(game, options.preset, seats)
            except Refused as why:
                raise LobbyError(str(why), why.status, why.code, why.args_) from None
        public, bots_after = listing(spec.get("public"), spec.get("bots_after"))
        actor = await self._open(game, options.preset,
                                 json.dumps(options.overrides(), default=_jsonable), seats,
                                 table_settings, public=public, bots_after=bots_after)
        if invited:
            await self.bots.seated(actor)
        return actor

    async def _open(self, game: str, preset: str, options: str, seats: list[SeatInfo],
                    table_settings: TableSettings, status: str = "waiting",
                    public: bool = False, bots_after: float | None = None) -> TableActor:
        row = {"id": secrets.token_urlsafe(16), "game": game, "preset": preset,
               "options": options, "seats": json.dumps([s.stored() for s in seats]),
               "seed": (self._seeds or secrets.SystemRandom()).getrandbits(62),
               "salt": secrets.token_hex(16),
               "status": status, "created": time.time(), "finished": None, "record": None,
               "owner": secrets.token_urlsafe(24), "settings": table_settings.to_json(),
               "public": public, "bots_after": bots_after, "chat_off": False}
        try:
            await self.store.write(Store.new_table(row))
        except StoreFault:
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        if self.cluster is not None:
            await self.cluster.claim_new(row["id"])
        actor = self._actor(row)
        self.actors[actor.id] = actor
        actor.start_task()
        await self._held_here(actor)
        await actor.start_now()
        return actor

    async def rematch(self, old: TableActor) -> TableActor:
        """The same seats (people and bots, each person a new token) and settings, a new
        seed: every seat is taken, so it starts at once."""
        seats = [SeatInfo(s.kind, name=s.name, level=s.level, joined=True,
                          token=secrets.token_urlsafe(24) if s.kind == "person" else "")
                 for s in old.seats]
        try:
            new = await self._open(old.game, old.preset, json.dumps(old.options), seats,
                                   old.table_settings)
            if self.bots is not None and any(s.kind == ACCOUNT_BOT for s in seats):
                await self.bots.seated(new)  # the bot accounts' profiles list it too
            return new
        except LobbyError:
            raise
        except Exception as error:  # a store fault: the players may ask again
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from error

    async def owned(self, table_id: str, owner: Any, waiting: bool = True) -> TableActor:
        """The table if ``owner`` is its owner's token (403 otherwise) and, with
        ``waiting``, it has not started (409 otherwise)."""
        actor = await self.get(table_id)
        if not (isinstance(owner, str) and actor.owner
                and secrets.compare_digest(actor.owner, owner)):
            raise LobbyError("only the table's owner may do this", 403, "not_owner")
        if waiting and actor.status != "waiting":
            raise LobbyError("the table has started or is closed", 409, "not_waiting")
        return actor

    async def cancel(self, table_id: str, owner: Any) -> None:
        actor = await self.owned(table_id, owner)
        await actor.cancel()
        self.actors.pop(table_id, None)
        await actor.stop()

    async def seat_bot(self, table_id: str, owner: Any, seat: Any, level: Any) -> None:
        """The owner gives a free person's seat to a bot of ``level``."""
        actor = await self.owned(table_id, owner)
        free = [n for n, s in enumerate(actor.seats) if s.kind == "person" and not s.joined]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
            raise LobbyError(f"seat {str(seat)[:10]} is not free", 409, "seat_taken",
                             {"seat": str(seat)[:10]})
        level = level or self.settings.bot_level
        known = levels(actor.game)
        if not isinstance(level, str) or level not in known:
            raise LobbyError(f"no bot {str(level)[:40]!r} for {actor.game}; known: "
                             f"{', '.join(known)}", code="unknown_level",
                             args={"seat": seat + 1, "known": ", ".join(known)})
        before = actor.seats[seat]
        actor.seats[seat] = SeatInfo("bot", name=f"Bot {seat + 1} ({level})", level=level,
                                     joined=True)
        try:
            await self.store.write(Store.update_table(
                actor.id, seats=json.dumps([s.stored() for s in actor.seats])))
        except StoreFault:
            actor.seats[seat] = before
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        await actor.start_now()

    async def seat_account(self, table_id: str, owner: Any, seat: Any, name: Any) -> None:
        """The owner invites a connected bot account into a free seat (stich.web.botseats)."""
        actor = await self.owned(table_id, owner)
        if self.bots is None:
            raise LobbyError("this server seats no bot accounts", 409, "bot_offline")
        try:
            await self.bots.invite(actor, seat, name)
        except Refused as why:
            raise LobbyError(str(why), why.status, why.code, why.args_) from None

    async def join(self, table_id: str, name: Any, seat: Any = None,
                   login: Any = None) -> tuple[int, str]:
        """Take a free person's seat (the first, or the one asked for): (seat, seat token)."""
        actor = await self.get(table_id)
        name, account = await self.player_name(name, login)
        if account and await asyncio.to_thread(self.store.is_bot, name):
            raise LobbyError(f"{name} is a bot account: it takes seats through "
                             "'stich engine connect'", 403, "bot_account_join",
                             {"name": name})
        if any(same_name(name, other.name) for other in actor.seats
               if other.name and (other.joined or other.kind == "bot")):
            raise LobbyError(f"someone at this table is called {name!r} already: choose "
                             "another name", 409, code="name_taken_at_table",
                             args={"name": name})
        free = [n for n, s in enumerate(actor.seats) if s.kind == "person" and not s.joined]
        if seat is not None:
            if seat not in free:
                raise LobbyError(f"seat {seat} is not free", 409, "seat_taken",
                                 {"seat": seat})
            free = [seat]
        if actor.status in ("cancelled", "expired"):
            raise LobbyError(f"this table is {actor.status}: open a new one", 410,
                             f"table_{actor.status}")
        if not free or actor.status != "waiting":
            raise LobbyError("every seat at this table is taken", 409, "table_full")
        number = free[0]
        info = actor.seats[number]
        info.name, info.joined, info.token = name, True, secrets.token_urlsafe(24)
        writes = [Store.update_table(actor.id,
                                     seats=json.dumps([s.stored() for s in actor.seats]))]
        if account:
            writes.append(Store.account_seat(actor.id, number, name))
        try:
            await self.store.write(lambda conn: [work(conn) for work in writes])
        except StoreFault:  # not stored: the seat is free again
            info.name, info.joined, info.token = "", False, ""
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        await actor.start_now()
        actor.inbox.put_nowait(("wake",))
        if self.public is not None:
            self.public.joined(actor)
        if self.bots is not None:  # a table that allows bot accounts may now seat them
            self.bots.fill()
        return number, info.token

    async def player_name(self, name: Any, login: Any) -> tuple[str, bool]:
        """(the name a person plays or writes under, whether it is an account's): an
        account's name needs that account's login; a guest's name is checked as new."""
        given, name = name, clean_name(name, strict=False)
        account = await asyncio.to_thread(self.store.account_hash, name) is not None
        if account and (login is None or not isinstance(login, str)
                        or await asyncio.to_thread(self.store.login_name, login) != name):
            raise LobbyError(f"the name {name!r} belongs to an account: log in first", 403,
                             code="name_account", args={"name": name})
        if not account:  # an account's name was checked when it was made (clean_name)
            name = clean_name(given)
        return name, account

    async def set_chat(self, table_id: str, owner: Any, on: Any) -> None:
        """The owner turns the table's chat on or off; everybody there is told."""
        if not isinstance(on, bool):
            raise LobbyError("'on' is true or false", code="bad_chat_switch")
        actor = await self.owned(table_id, owner, waiting=False)
        if actor.status not in ("waiting", "running"):
            raise LobbyError("the table is over or closed", 409, "not_open")
        try:
            await self.store.write(Store.update_table(actor.id, chat_off=not on))
        except StoreFault:
            raise LobbyError(UNAVAILABLE, 503, "store_unavailable") from None
        actor.chat.on = on
        actor.tell_all(actor.chat.state())


def _table_settings(spec: Any) -> TableSettings:
    """The owner's settings from ``{"clock", "bot_delay", "deal_wait"}`` (seconds; each
    may be left out), every wrong value refused with its name and range."""
    if spec is None:
        return TableSettings()
    if not isinstance(spec, dict):
        raise LobbyError("'settings' is an object of clock, bot_delay, deal_wait and "
                         "allow_bots", code="bad_settings")
    values: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "allow_bots":  # bot accounts may take free seats (stich.web.botseats)
            if not isinstance(value, bool):
                raise LobbyError("setting allow_bots: true or false", code="bad_allow_bots")
            values[name] = value
            continue
        limits = TableSettings.LIMITS.get(name)
        if limits is None:
            raise LobbyError(f"unknown setting {str(name)[:40]!r}; known: "
                             f"{', '.join(TableSettings.LIMITS)}, allow_bots",
                             code="unknown_setting",
                             args={"setting": str(name)[:40]})
        if value is None and name in ("bot_delay", "deal_wait"):
            continue
        low, high = limits
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not low <= value <= high or (name == "clock" and 0 < value < 5)):
            raise LobbyError(f"setting {name}: a number of seconds from {low:g} to {high:g}"
                             + (" (a clock has at least 5)" if name == "clock" else ""),
                             code="bad_setting", args={"setting": name, "low": low,
                                                       "high": high})
        values[name] = float(value)
    return TableSettings(**values)


def listing(public: Any, bots_after: Any) -> tuple[bool, float | None]:
    """A new table's ``public`` and ``bots_after`` as given, each wrong value refused."""
    if public is None:
        public = False
    if not isinstance(public, bool):
        raise LobbyError("'public' is true or false", code="bad_public")
    if bots_after is None:
        return public, None
    low, high = BOTS_AFTER
    if (not isinstance(bots_after, int | float) or isinstance(bots_after, bool)
            or not low <= bots_after <= high):
        raise LobbyError(f"'bots_after' is a number of seconds from {low:g} to {high:g}, or "
                         "null", code="bad_bots_after", args={"low": low, "high": high})
    return public, float(bots_after)


def _start_if_full(actor: TableActor) -> None:
    """A waiting table is asked to start: it does if its seats are all taken (the server
    stopped between the last join and the start)."""
    if actor.status == "waiting":
        actor.inbox.put_nowait(("start",))
