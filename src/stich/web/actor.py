"""One table, one asyncio task.

A :class:`TableActor` owns a :class:`stich.core.table.Table` and is the only code that touches
it: people's actions (from their WebSockets), bots' answers (from the worker processes) and
timers arrive in its inbox and are handled one at a time. Every action is written to the
table's event log before anybody hears of it, so a restart rebuilds the table by replaying the
log (:meth:`TableActor.replay`). Each seat hears only its own stream (``docs/events.md``) plus
the server's unnumbered messages (``view``, ``seats``, ``error``). Spectators (a client
without a seat) hear only the public view (:func:`stich.web.views.public_view`), ``seats``
and what every seat is told alike (results, the score, the match's end).

A refused action is answered with ``{"error": english, "code": ..., "args": {...}}``
(``docs/web.md``); an illegal one carries the rule and the reason as data
(:func:`stich.web.refusals.refusal`), so the page says it in the player's words and deck.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any, ClassVar

from stich.bots import make_bot
from stich.bots.base import BotFailure
from stich.core.actions import Action
from stich.core.dealing import derive_seed
from stich.core.game import TERMINAL, Game, Illegal
from stich.core.table import Table, TableError
from stich.games import game_class, match_class
from stich.play.driver import Driver, Taken
from stich.schnapsen.caution import CostlyAction, costly_action_warning
from stich.schnapsen.game import Schnapsen
from stich.web.botseats import KIND, AccountSeat, Silent, bot_clock
from stich.web.chat import TableChat
from stich.web.deal_end import deal_end, match_end
from stich.web.ratings import outcome
from stich.web.refusals import refusal
from stich.web.scoreboard import score_states, score_svg
from stich.web.store import Store, StoreFault, Write
from stich.web.thinking import DEFAULT_LEVEL
from stich.web.views import public_view, seat_view

log = logging.getLogger("stich.web")

ACCOUNT_BOT = KIND
"""The seat kind of a bot account connected with ``stich engine connect``
(``stich.web.botseats``)."""

PUBLIC = frozenset({"deal", "result", "score", "forfeit", "match_end"})
"""The stream messages every seat is told alike, which spectators hear too."""


def refused(message: str, code: str, **args: Any) -> dict[str, Any]:
    """A refusal: the English ``message`` and the ``code`` and ``args`` the pages word."""
    return {"error": message, "code": code, "args": args}


STOPPED = ("the table is stopped: the server cannot store moves just now; it tries again and "
           "the table goes on by itself")
"""What every seat hears while the table's writes fail (code ``table_stopped``)."""
RETRY_FIRST, RETRY_MAX = 0.25, 5.0
"""Seconds before the first retry of a failed write, and at most between two (doubling)."""
START_WAIT = 5.0
"""Seconds a join waits for its table to start before it answers all the same."""


@dataclasses.dataclass
class Settings:
    """What a server operator may set (``stich serve --help``)."""

    away_after: float = 60.0
    """Seconds a person may be gone before a marked bot plays his seat."""
    bot_level: str = DEFAULT_LEVEL
    """The bot a person meets where he does not choose one: the lobby's bot seats, a free seat
    given to a bot without a level, the away bot, a public table's stand-ins
    (``web/thinking.py``)."""
    bot_delay: float = 0.0
    """Seconds a bot waits before its move reaches the table (so people can follow)."""
    max_message: int = 4096
    """Bytes a client message may have."""
    seed: int | None = None
    """Tables' match seeds drawn from ``random.Random(seed)`` (tests: the same deals every run);
    None: from ``secrets`` (a server: nobody can know the deals in advance)."""
    burst: int = 30
    rate: float = 15.0
    """A client may send ``burst`` messages at once and ``rate`` a second after that."""
    deal_wait: float = 20.0
    """Seconds a finished deal stays on the table until the next starts (unless everybody
    continues first), for a table whose owner did not set it."""
    deal_wait_bots: float = 3.0
    """Seconds a finished deal stays on the table when no person is there to continue."""
    expire_after: float = 86_400.0
    """Seconds a waiting table waits for its people; then it expires (docs/web.md)."""
    bot_clock: float = 10.0
    """Seconds a bot account has for a move at a table without a move clock; silent longer,
    the away bot plays its seat until it answers again (docs/web.md, "Bot accounts")."""


@dataclasses.dataclass
class TableSettings:
    """What a table's owner sets when creating it (docs/web.md, "The owner's settings")."""

    clock: float = 0.0
    """Seconds a person has for a move, 0: no clock; when it runs out the away bot plays
    that move."""
    bot_delay: float | None = None
    """Seconds a bot's move waits at this table; None: the server's ``Settings.bot_delay``."""
    deal_wait: float | None = None
    """Seconds a finished deal stays until the next starts, unless all people continue;
    None: the server's ``Settings.deal_wait``."""
    allow_bots: bool = False
    """Connected bot accounts that ask for games may take the free seats (docs/web.md,
    "Bot accounts")."""

    LIMITS: ClassVar[dict[str, tuple[float, float]]] = {
        "clock": (0.0, 3600.0), "bot_delay": (0.0, 10.0), "deal_wait": (1.0, 600.0)}

    @classmethod
    def from_json(cls, text: str | None) -> TableSettings:
        return cls(**json.loads(text)) if text else cls()

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))


@dataclasses.dataclass
class SeatInfo:
    """A seat: a person (joined or not) or a bot of a level."""

    kind: str
    name: str = ""
    level: str = ""
    token: str = ""
    joined: bool = False

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "joined": self.joined}

    def stored(self) -> dict[str, Any]:
        return {**self.public(), "token": self.token}


class Client:
    """One WebSocket (or any listener) of a seat, or of a spectator (``seat`` None): messages
    wait in its list for its sender (a list and one future: an ``asyncio.Queue`` cost a
    sixth of the event loop's time under load, docs/web.md, figures)."""

    def __init__(self, seat: int | None, limit: int = 10_000) -> None:
        self.seat = seat
        self.limit = limit
        self._waiting: list[dict[str, Any]] = []
        self._wake: asyncio.Future[None] | None = None
        self._closed = False

    def send(self, message: dict[str, Any]) -> None:
        if self._closed:
            return
        if len(self._waiting) >= self.limit:  # a client that reads nothing is dropped,
            self._waiting = []                # not waited for
            self.close()
            return
        self._waiting.append(message)
        self._wake_sender()

    def close(self) -> None:
        """No more messages: the sender sends what waits and ends."""
        self._closed = True
        self._wake_sender()

    def _wake_sender(self) -> None:
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    async def batch(self) -> list[dict[str, Any]] | None:
        """Every message waiting, at least one (None once the client is closed): what one
        change told this client, sent as one frame (docs/events.md, frames). A table handles
        a change without yielding, so its messages are all queued before the sender wakes."""
        while not self._waiting:
            if self._closed:
                return None
            self._wake = asyncio.get_running_loop().create_future()
            try:
                await self._wake
            finally:
                self._wake = None
        batch, self._waiting = self._waiting, []
        return batch


class TableActor:
    """A table of the lobby and the task that plays it."""

    def __init__(self, row: dict[str, Any], store: Store, pool: Executor,
                 settings: Settings, on_finish: Callable[[TableActor], None] | None = None,
                 on_rematch: Callable[[TableActor], Awaitable[TableActor]] | None = None
                 ) -> None:
        self.id: str = row["id"]
        self.game: str = row["game"]
        self.preset: str = row["preset"]
        self.options: dict[str, Any] = json.loads(row["options"])
        self.seats = [SeatInfo(**{k: s.get(k, "") for k in ("kind", "name", "level", "token")},
                               joined=bool(s.get("joined"))) for s in json.loads(row["seats"])]
        self.seed: int = row["seed"]
        self.salt: str = row["salt"]
        self.status: str = row["status"]
        self.store, self.pool, self.settings = store, pool, settings
        self.on_finish = on_finish
        self.on_rematch = on_rematch
        """Opens the rematch's table (the lobby): same seats and settings, a new seed."""
        self.owner: str = row.get("owner") or ""
        self.table_settings = TableSettings.from_json(row.get("settings"))
        self.created: float = row.get("created") or time.time()
        self.public = bool(row.get("public"))
        """Listed in the lobby (web/public.py); private tables are found by their link only."""
        self.bots_after: float | None = row.get("bots_after")
        """Seconds after its opening when the free seats go to bots (web/public.py)."""
        self.chat = TableChat(self.id, store, on=not row.get("chat_off"))
        self.on_seats: Callable[[TableActor], None] | None = None
        """Told whenever the seats or the status change (the lobby's list of public tables)."""
        self._continued: set[int] = set()
        """The people who have continued after the deal that just ended."""
        self._deal_timer: asyncio.TimerHandle | None = None
        self._clock_timer: asyncio.TimerHandle | None = None
        self._clock: tuple[int, int, float] | None = None
        """The running move clock: (move, seat, wall-clock time it runs out)."""
        self._forced = -1
        """The move whose clock ran out: the away bot plays it."""
        self._rematch: set[int] = set()
        self.rematch_table: str | None = None
        self.table: Table | None = None
        self.seq = 0
        """Actions in the log so far (the next one's number)."""
        self.clients: list[set[Client]] = [set() for _ in self.seats]
        self.watchers: set[Client] = set()
        """Spectators' clients (no seat)."""
        self.away = [False] * len(self.seats)
        self._gone_since: list[float | None] = [time.monotonic()] * len(self.seats)
        self._away_timers: list[asyncio.TimerHandle | None] = [None] * len(self.seats)
        self.driver: Driver | None = None
        """The bots at the table (``stich.play.driver``): a person's seat has none until his
        away bot plays it."""
        self._bots: list[tuple[int, str] | None] = [None] * len(self.seats)
        """The deal and level of the bot at each seat of the driver."""
        self._thinking: int | None = None
        self.bots: Any = None
        """The bot accounts connected to this worker (``stich.web.botseats.BotHub``)."""
        self._accounts: dict[int, Any] = {}
        """Each bot account's seat and what it has been told (``botseats.AccountSeat``)."""
        self._account_timer: asyncio.TimerHandle | None = None
        self.inbox: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.fault: str | None = None
        """Why the table is stopped (its writes fail), None while it runs."""
        self._held: list[tuple[int, dict[str, Any]]] = []
        """The messages of the action being stored, not sent to anybody yet."""
        self._asking: asyncio.Future[str | None] | None = None
        """The answer awaited by the person whose action is being handled."""
        self._board_cache: tuple[int, str] | None = None
        self._board_sent = -1
        self._scores: list[dict[str, Any]] = []
        """The match states of seat 0's ``score`` messages, read up to ``_scores_read``."""
        self._scores_read = 0
        """The deals booked when the views last carried the drawn score."""

    # --- building ---------------------------------------------------------------------------
    def options_object(self) -> Any:
        return game_class(self.game).OPTIONS.from_preset(self.preset, **self.options)

    def _new_table(self) -> Table:
        match = match_class(self.game)([s.name for s in self.seats], seed=self.seed,
                                       options=self.options_object())
        match.salt = self.salt
        table = Table(match, hold=True)
        self.driver = Driver(table, [None] * len(self.seats), pool=self.pool)
        self._bots = [None] * len(self.seats)
        self._scores, self._scores_read, self._board_cache = [], 0, None
        return table

    def replay(self, entries: list[dict[str, Any]]) -> None:
        """Rebuild the running table from its event log (after a restart)."""
        self.table = table = self._new_table()
        for entry in entries:
            replay_entry(table, entry)
            self.seq += 1

    def start_task(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        if self.status == "running":
            self._arm_away_timers()
            if self.table is not None and self.table.between:  # resumed between two deals
                self._deal_ended(resumed=True)
        self.inbox.put_nowait(("wake",))
        if self.status == "waiting":  # nobody joins: it expires (Settings.expire_after)
            left = max(0.0, self.created + self.settings.expire_after - time.time())
            asyncio.get_running_loop().call_later(left, self.inbox.put_nowait, ("expire",))

    async def start_now(self) -> None:
        """Ask the table to start (it does once every seat is taken) and wait until it has
        handled that, so that the answer to a join or a rematch shows the table as it is."""
        started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait(("start", started))
        with contextlib.suppress(asyncio.TimeoutError):  # a busy table starts a moment later
            await asyncio.wait_for(asyncio.shield(started), START_WAIT)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for timer in [*self._away_timers, self._deal_timer, self._clock_timer,
                      self._account_timer]:
            if timer is not None:
                timer.cancel()

    # --- what the outside calls (same event loop) -------------------------------------------
    def info(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "preset": self.preset,
                "options": self.options, "status": self.shown_status(),
                "seats": self.seat_list(), "fault": self.fault,
                "settings": dataclasses.asdict(self.table_settings),
                "rematch": self.rematch_table, "public": self.public,
                "bots_after": self.bots_after, "chat": self.chat.on}

    def shown_status(self) -> str:
        """``stopped`` while the writes fail, else the stored status."""
        return "stopped" if self.fault else self.status

    def seat_list(self) -> list[dict[str, Any]]:
        return [{**info.public(), "away": self.away[seat],
                 "connected": bool(self.clients[seat]) or (
                     info.kind == ACCOUNT_BOT and self.bots is not None
                     and self.bots.connection(info.name) is not None)}
                for seat, info in enumerate(self.seats)]

    def seat_of(self, token: str) -> int | None:
        import secrets

        for seat, info in enumerate(self.seats):
            if info.token and secrets.compare_digest(info.token, token):
                return seat
        return None

    def attach(self, client: Client, since: int) -> None:
        """A seat's browser connects: its stream from ``since`` on, then the view (handled in
        the table's task, between two actions, so nothing is sent twice or missed)."""
        self.inbox.put_nowait(("attach", client, since))

    def detach(self, client: Client) -> None:
        self.inbox.put_nowait(("detach", client))

    def full(self) -> bool:
        """Every seat is taken: whoever else opens the link watches (docs/web.md)."""
        return all(s.joined or s.kind == "bot" for s in self.seats)

    def _attach(self, client: Client, since: int) -> None:
        seat = client.seat
        if seat is None:
            self._watch(client)
            return
        self.clients[seat].add(client)
        self._gone_since[seat] = None
        timer = self._away_timers[seat]
        if timer is not None:
            timer.cancel()
            self._away_timers[seat] = None
        client.send({"type": "hello", "seat": seat, "table": self.info()})
        client.send(self.chat.history())
        if self.table is not None:
            held = sum(1 for to, _ in self._held if to == seat)
            stored = self.table.count(seat) - held
            for message in self.table.messages(seat, since)[:max(0, stored - since)]:
                client.send(message)
            if self.fault is None:
                client.send(self._view(seat))
            for panel in self._panels():
                client.send(panel)
        if self.fault is not None:
            client.send(_stopped())
        if self.away[seat]:
            self.away[seat] = False  # he is back: the marked bot leaves his seat
        self._broadcast_seats()

    def _watch(self, client: Client) -> None:
        self.watchers.add(client)
        client.send({"type": "hello", "seat": None, "table": self.info()})
        client.send(self.chat.history())
        if self.table is not None:
            client.send(self._public_view())
            for panel in self._panels():
                client.send(panel)
        self._broadcast_seats()

    def _detach(self, client: Client) -> None:
        seat = client.seat
        if seat is None:
            self.watchers.discard(client)
            self._broadcast_seats()
            return
        self.clients[seat].discard(client)
        if not self.clients[seat] and self.status == "running":
            self._gone_since[seat] = time.monotonic()
            self._arm_away_timer(seat)
            self._broadcast_seats()

    async def act(self, seat: int | None, action: str) -> dict[str, Any] | None:
        """A person's action: None when taken, else the refusal for him (:func:`refused`)."""
        if seat is None:
            return refused("a spectator cannot act: join a table to play", "spectator")
        if self.task is None or self.task.done():
            return refused("the table is not running on this server", "not_running")
        future: asyncio.Future[dict[str, Any] | None] = (
            asyncio.get_running_loop().create_future())
        self.inbox.put_nowait(("action", seat, action, future))
        return await future

    async def control(self, seat: int | None, kind: str | dict[str, Any]
                      ) -> dict[str, Any] | None:
        """A person's ``continue``, ``rematch``, ``resign`` or chat message (``{"chat":
        text}``): None when taken, else the refusal (:func:`refused`)."""
        if seat is None:
            return refused("a spectator cannot act: join a table to play", "spectator")
        if self.task is None or self.task.done():
            return refused("the table is not running on this server", "not_running")
        future: asyncio.Future[dict[str, Any] | None] = (
            asyncio.get_running_loop().create_future())
        self.inbox.put_nowait(("action", seat, {"control": kind}, future))
        return await future

    # --- the task ----------------------------------------------------------------------------
    async def _run(self) -> None:
        item: tuple[Any, ...] = ()
        try:
            while True:
                item = await self.inbox.get()
                try:
                    await self._handle(item)
                except asyncio.CancelledError:
                    raise
                except Exception:  # a fault in one item must not end the table
                    log.exception("table %s: handling %s failed", self.id, item[0])
                    _answer(item, refused("the server could not handle this action",
                                          "server_fault"))
        finally:  # stopping: nobody waits for an answer that never comes (SIGTERM)
            _answer(item, refused("the server is stopping", "server_stopping"))
            while not self.inbox.empty():
                _answer(self.inbox.get_nowait(),
                        refused("the server is stopping", "server_stopping"))

    async def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        if kind == "action":
            _, seat, action, future = item
            self._asking = future
            try:
                error = (await self._control(seat, action["control"])
                         if isinstance(action, dict)
                         else await self._take(seat, action))
            finally:
                self._asking = None
            if not future.done():
                future.set_result(error)
        elif kind == "bot":
            _, seat, action, move = item
            if move == self.seq and self._bot_plays(seat):
                await self._bot_move(seat, action)
        elif kind == "attach":
            self._attach(item[1], item[2])
        elif kind == "detach":
            self._detach(item[1])
        elif kind == "start":
            try:
                await self._start()
                self._broadcast_seats()
            finally:
                _answer(item, {})
        elif kind == "away":
            self._mark_away(item[1])
        elif kind == "next_deal":
            if self.table is not None and self.table.between and (
                    item[1] == self.table.deal_number):
                self._open_next()
        elif kind == "clock":
            if self._clock is not None and self._clock[0] == item[1] == self.seq:
                self._forced = self.seq  # S-11's pace aside: the away bot plays this move
        elif kind == "expire":
            await self._expire()
        elif kind in ("account", "account_late", "account_back"):
            await self._account_item(item)
        elif kind == "seats":
            self._broadcast_seats()
        self._next_bot()
        self._arm_clock()

    def _mark_away(self, seat: int) -> None:
        gone = self._gone_since[seat]
        if gone is not None and not self.away[seat] and self.status == "running":
            self.away[seat] = True
            self._broadcast_seats()

    async def _start(self) -> None:
        if self.status != "waiting" or not all(s.joined or s.kind == "bot" for s in self.seats):
            return
        await self._store(Store.update_table(
            self.id, status="running", seats=json.dumps([s.stored() for s in self.seats])))
        self.table = self._new_table()
        self.status = "running"
        self._arm_away_timers()
        for seat in range(len(self.seats)):
            for message in self.table.messages(seat):
                self._send(seat, message)
        self._tell_watchers(self.table.messages(0))
        self._send_views()
        self._broadcast_seats()

    async def _take(self, seat: int, action: str) -> dict[str, Any] | None:
        """A person's action: taken, or the refusal for him."""
        table = self.table
        if table is None:
            return refused("the table has not started: seats are still free", "not_started")
        if table.between:
            return refused("the deal is over: the next starts once the table has continued",
                           "between_deals")
        if table.to_act == TERMINAL or self.status != "running":
            return refused("the match is over", "match_over")
        if table.to_act != seat:
            return refused(f"it is seat {table.to_act}'s turn, not seat {seat}'s",
                           "not_your_turn", seat=table.to_act)
        try:
            new = table.submit(seat, action)
        except TableError as error:
            if error.why is None or error.why.rule == "notation":
                return refused(str(error), "bad_action", action=action)
            return refused(str(error), "illegal", action=action, **refusal(error.why))
        await self._logged(new, Store.append_action(self.id, self.seq, seat, "action",
                                                    action, False))
        return None

    async def _bot_move(self, seat: int, action: Action | str | BotFailure) -> None:
        """A bot's answer: the driver takes it, or forfeits the deal for it (its one rule
        for a bot's illegal move, ``stich.play.driver``); either is stored."""
        assert self.driver is not None
        taken: Taken = self.driver.take(seat, action)
        why = taken.refused
        # the away bot for a person marked away or a silent bot account (not a clock's move):
        # the ratings' away rule (docs/web.md, "Ratings")
        away = self.seats[seat].kind in ("person", ACCOUNT_BOT) and self.away[seat]
        if why is None:
            write = Store.append_action(self.id, self.seq, seat, "action", str(taken.action),
                                        True, away)
        else:
            log.warning("table %s: bot at seat %d: %s (%s)", self.id, seat, why.reason, why.rule)
            write = Store.append_action(self.id, self.seq, seat, "forfeit", json.dumps(
                {"rule": why.rule, "reason": why.reason}), True, away)
        await self._logged(taken.messages, write)

    async def _logged(self, new: list[tuple[int, dict[str, Any]]], write: Any) -> None:
        """Store the action (and, when it ends the match, the finished match in the same
        transaction), then tell each seat what it saw."""
        self.seq += 1
        table = self.table
        assert table is not None
        over = (table.match is not None and table.match.is_over()
                and self.status != "finished")
        writes = [write]
        if over:
            assert table.match is not None
            writes.append(Store.finish(self.id, table.match.to_record(),
                                       [s.name for s in self.seats],
                                       outcome(table.match, self.away)))
        self._held = new
        try:
            await self._store(write if len(writes) == 1  # alone: the writer groups it
                              else lambda conn: [work(conn) for work in writes])
        finally:
            self._held = []
        for seat, message in new:
            self._send(seat, message)
        self._tell_watchers([message for seat, message in new if seat == 0])
        self._send_views()
        if table.between:
            self._deal_ended()
        if over:
            self._finished()

    def _finished(self) -> None:
        self.status = "finished"
        if self.bots is not None and self.table is not None and self.table.match is not None:
            self.bots.match_over(self, self.table.match.state())
        for panel in self._panels():
            self._tell_all(panel)
        self._broadcast_seats()
        if self.on_finish is not None:
            self.on_finish(self)

    # --- between deals, the match's end, resigning, rematch (docs/web.md) ------------------
    def _panels(self) -> list[dict[str, Any]]:
        """What the end-of-deal or end-of-match panel shows now (none while a deal runs)."""
        table = self.table
        if table is None or table.match is None:
            return []
        out = []
        if (table.game.is_terminal() and (table.between or self.status == "finished")
                and table.match.resigned is None):
            out.append({**deal_end(table.game, table.deal_number),
                        "wait": self._deal_wait(), "continued": sorted(self._continued)})
        if self.status == "finished":
            out.append({"type": "match_over", **match_end(table.match, table.match.resigned),
                        "names": [s.name for s in self.seats], "board": self._board(),
                        "rematch": sorted(self._rematch), "table": self.rematch_table})
        return out

    def _people(self) -> list[int]:
        """The seats of people at the table now (joined, connected, not played by a bot)."""
        return [seat for seat, info in enumerate(self.seats)
                if info.kind == "person" and self.clients[seat] and not self.away[seat]]

    def _deal_wait(self, resumed: bool = False) -> float:
        """The table's wait; the bots' short one when no person is there, except after a
        restart, when the people have not had the time to reconnect."""
        wait = self.table_settings.deal_wait
        wait = self.settings.deal_wait if wait is None else wait
        return wait if resumed or self._people() else min(self.settings.deal_wait_bots, wait)

    def _deal_ended(self, resumed: bool = False) -> None:
        """A deal of the match is over: the panel, and the next deal once the people have
        continued or the wait is over."""
        assert self.table is not None
        self._continued = set()
        for panel in self._panels():
            self._tell_all(panel)
        if self._deal_timer is not None:
            self._deal_timer.cancel()
        self._deal_timer = asyncio.get_running_loop().call_later(
            self._deal_wait(resumed), self.inbox.put_nowait,
            ("next_deal", self.table.deal_number))

    def _open_next(self) -> None:
        table = self.table
        assert table is not None
        if self._deal_timer is not None:
            self._deal_timer.cancel()
            self._deal_timer = None
        self._continued = set()
        new = table.next_deal()
        for seat, message in new:
            self._send(seat, message)
        self._tell_watchers([message for seat, message in new if seat == 0])
        self._send_views()

    async def _control(self, seat: int, kind: str | dict[str, Any]) -> dict[str, Any] | None:
        if isinstance(kind, dict):  # a chat message (web/chat.py): everybody here reads it
            said = await self.chat.say(seat, self.seats[seat].name, kind)
            if said["type"] == "error":
                return said
            self._tell_all(said)
            return None
        table = self.table
        if kind == "continue":
            if table is None or not table.between:
                return refused("no deal is waiting to start", "not_between_deals")
            self._continued.add(seat)
            people = self._people()
            if all(person in self._continued for person in people):
                self._open_next()
            else:
                self._tell_all({"type": "continued", "seats": sorted(self._continued)})
            return None
        if kind == "resign":
            return await self._resign(seat)
        if kind == "rematch":
            return await self._ask_rematch(seat)
        return refused(f"unknown message type {kind!r}", "unknown_type", type=kind)

    async def _resign(self, seat: int) -> dict[str, Any] | None:
        """The seat gives the match up: its side loses it (docs/rules/notation.md,
        "Resigning"); stored with the finished match in one transaction."""
        table = self.table
        if table is None or table.match is None or self.status != "running":
            return refused("only a running match can be resigned", "not_running_match")
        table.match.resign(seat)
        record = table.match.to_record()
        names = [s.name for s in self.seats]
        write = Store.append_action(self.id, self.seq, seat, "resign", "resign", False)
        finish = Store.finish(self.id, record, names, outcome(table.match, self.away))
        await self._store(lambda conn: [write(conn), finish(conn)])
        self.seq += 1
        self._tell_all({"type": "resigned", "seat": seat})
        self._finished()
        return None

    async def _ask_rematch(self, seat: int) -> dict[str, Any] | None:
        """One click per person; when all have asked, the lobby opens the rematch's table
        and each person hears his new seat's token (bots accept at once)."""
        if self.status != "finished" or self.on_rematch is None:
            return refused("a rematch follows a finished match", "no_rematch")
        if self.rematch_table is not None:
            return refused("the rematch is open already", "rematch_open")
        self._rematch.add(seat)
        persons = [n for n, info in enumerate(self.seats) if info.kind == "person"]
        if not all(person in self._rematch for person in persons):
            self._tell_all({"type": "rematch_asked", "seats": sorted(self._rematch)})
            return None
        new = await self.on_rematch(self)
        self.rematch_table = new.id
        for person in persons:
            self._send(person, {"type": "rematch", "table": new.id,
                                "token": new.seats[person].token})
        for client in list(self.watchers):
            client.send({"type": "rematch", "table": new.id, "token": None})
        return None

    async def _expire(self) -> None:
        """A waiting table nobody filled in time is closed for good."""
        if self.status != "waiting":
            return
        await self._store(Store.update_table(self.id, status="expired"))
        self.status = "expired"
        self._broadcast_seats()

    async def cancel(self) -> None:
        """The owner closes a table that has not started (called by the lobby)."""
        await self._store(Store.update_table(self.id, status="cancelled"))
        self.status = "cancelled"
        self._broadcast_seats()

    def tell_all(self, message: dict[str, Any]) -> None:
        """Every seat's and spectator's clients get ``message`` (the chat's switch)."""
        self._tell_all(message)

    def _tell_all(self, message: dict[str, Any]) -> None:
        for seat in range(len(self.seats)):
            self._send(seat, message)
        for client in list(self.watchers):
            client.send(message)

    # --- the move clock (docs/web.md, "The owner's settings") -----------------------------
    def _arm_clock(self) -> None:
        """A person to act has ``clock`` seconds; then the away bot plays the move."""
        table = self.table
        seconds = self.table_settings.clock
        if (table is None or not seconds or self.status != "running" or self.fault
                or table.between or table.to_act == TERMINAL):
            self._stop_clock()
            return
        seat = table.to_act
        if self.seats[seat].kind != "person" or self._bot_plays(seat):
            self._stop_clock()
            return
        if self._clock is not None and self._clock[0] == self.seq:
            return
        self._stop_clock()
        self._clock = (self.seq, seat, time.time() + seconds)
        self._clock_timer = asyncio.get_running_loop().call_later(
            seconds, self.inbox.put_nowait, ("clock", self.seq))
        self._tell_all({"type": "clock", "clock": self._clock_view()})

    def _stop_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.cancel()
        if self._clock is not None:  # everybody sees it stop
            self._tell_all({"type": "clock", "clock": None})
        self._clock_timer, self._clock = None, None

    def _clock_view(self) -> dict[str, Any] | None:
        if self._clock is None:
            return None
        _, seat, ends = self._clock
        return {"seat": seat, "seconds": self.table_settings.clock,
                "left": max(0.0, round(ends - time.time(), 1))}

    # --- a store that refuses writes (docs/web.md, robustness) ------------------------------
    async def _store(self, work: Write) -> None:
        """Write ``work`` before anybody hears of it. While the store refuses, the table is
        stopped: every seat is told why in words, the write is tried again with backoff,
        connections are still served (their stream up to what is stored), actions are
        refused with the reason; once the write goes through the table goes on."""
        delay = RETRY_FIRST
        while True:
            try:
                await self.store.write(work)
            except StoreFault as error:
                if self.fault is None:
                    log.warning("table %s stopped, its write failed: %s", self.id, error)
                    self.fault = STOPPED
                    if self._asking is not None and not self._asking.done():
                        self._asking.set_result(None)  # taken: it is told once stored
                    for seat in range(len(self.seats)):
                        self._send(seat, _stopped())
                    self._broadcast_seats()
                await self._serve_stopped(delay)
                delay = min(2 * delay, RETRY_MAX)
                continue
            if self.fault is not None:
                log.warning("table %s goes on: its write is stored", self.id)
                self.fault = None
                self._broadcast_seats()
            return

    async def _serve_stopped(self, seconds: float) -> None:
        """Handle the inbox for ``seconds`` while the table is stopped."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (left := deadline - loop.time()) > 0:
            try:
                item = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                return
            kind = item[0]
            if kind == "action":
                _answer(item, refused(STOPPED, "table_stopped"))
            elif kind == "attach":
                self._attach(item[1], item[2])
            elif kind == "detach":
                self._detach(item[1])
            elif kind == "away":
                self._mark_away(item[1])
            # a "bot" answer is for a move already taken; "start" is under way or moot

    # --- bots ----------------------------------------------------------------------------------
    def _bot_plays(self, seat: int) -> bool:
        return (self.seats[seat].kind in ("bot", ACCOUNT_BOT) or self.away[seat]
                or self._forced == self.seq)

    def bot_delay(self) -> float:
        delay = self.table_settings.bot_delay
        return self.settings.bot_delay if delay is None else delay

    def _next_bot(self) -> None:
        """Ask the bot (or a marked bot for an away person) to act, if one is to: it thinks in
        a worker process (``stich.play.driver``)."""
        table, driver = self.table, self.driver
        if (table is None or driver is None or self.status != "running" or self.fault
                or table.between):
            return
        seat = table.to_act
        if seat == TERMINAL or not self._bot_plays(seat) or self._thinking == self.seq:
            return
        self._thinking = self.seq
        info = self.seats[seat]
        if info.kind == ACCOUNT_BOT and not self.away[seat]:
            if self._ask_account(seat):
                return
            self._account_silent(seat)  # not connected: the away bot plays for it
            self._thinking = self.seq
        level = info.level if info.kind == "bot" else self.settings.bot_level
        if self._bots[seat] != (table.deal_number, level):  # a bot lives for a deal
            self._bots[seat] = (table.deal_number, level)
            driver.seat(seat, make_bot(self.game, level, derive_seed(
                self.seed, "bot", seat, table.deal_number)))
        move = self.seq
        loop = asyncio.get_running_loop()

        def done(answer: asyncio.Future[Action | str]) -> None:
            action: Action | str | BotFailure
            try:
                action = answer.result()
            except BotFailure as failure:  # an outside engine gave no action
                action = failure
            except Exception as error:  # a crashed bot forfeits like an illegal one
                action = f"? {error}"
            delay = self.bot_delay() if self.seats[seat].kind == "bot" else 0.0
            if delay:
                loop.call_later(delay, self.inbox.put_nowait, ("bot", seat, action, move))
            else:
                self.inbox.put_nowait(("bot", seat, action, move))

        driver.think(seat).add_done_callback(done)

    # --- bot accounts (stich.web.botseats, docs/web.md "Bot accounts") ---------------------
    def _ask_account(self, seat: int) -> bool:
        """Ask the seat's bot account over its connection, with the bot clock running;
        False when it is not connected."""
        table = self.table
        if self.bots is None or table is None:
            return False
        name = self.seats[seat].name
        account = self._accounts.get(seat)
        if account is None or account.name != name:
            account = self._accounts[seat] = AccountSeat(name, self.id, seat)
        seconds = bot_clock(self)
        future = account.ask(self.bots, table, int(seconds * 1000))
        if future is None:
            return False
        move = self.seq

        def done(answer: asyncio.Future[Any]) -> None:
            self.inbox.put_nowait(("account", seat, answer.result(), move))

        future.add_done_callback(done)
        self._stop_account_timer()
        self._account_timer = asyncio.get_running_loop().call_later(
            seconds, self.inbox.put_nowait, ("account_late", seat, move))
        return True

    def _stop_account_timer(self) -> None:
        if self._account_timer is not None:
            self._account_timer.cancel()
            self._account_timer = None

    def _account_silent(self, seat: int) -> None:
        """The bot account did not answer within its clock (or is not connected): the away
        bot plays its seat until it answers again."""
        self._stop_account_timer()
        if not self.away[seat]:
            log.info("table %s: bot account %s at seat %d is silent: the away bot plays",
                     self.id, self.seats[seat].name, seat)
            self.away[seat] = True
            self._broadcast_seats()
        self._thinking = None

    async def _account_item(self, item: tuple[Any, ...]) -> None:
        """A bot account's answer, its clock running out, or its connecting again."""
        kind, seat = item[0], item[1]
        table = self.table
        if (table is None or self.seats[seat].kind != ACCOUNT_BOT
                or self.status != "running"):
            return
        if kind == "account_back":
            self._account_back(seat)
            return
        move = item[-1]
        current = (move == self.seq and table.to_act == seat and not table.between
                   and not self.away[seat])
        if kind == "account_late" or isinstance(item[2], Silent):
            if current:
                self._account_silent(seat)
            return
        if current:
            self._stop_account_timer()
            await self._bot_move(seat, self._accounts[seat].chosen(item[2], table))
        else:  # a late answer: it answers again, it plays its next move
            self._account_back(seat)

    def _account_back(self, seat: int) -> None:
        """The bot account plays its seat again; the away bot leaves it (made afresh, and
        shown the seat's turns, if it is needed again)."""
        if not self.away[seat]:
            return
        self.away[seat] = False
        if self.driver is not None:
            self.driver.seat(seat, None)
        self._bots[seat] = None
        self._broadcast_seats()

    # --- away ------------------------------------------------------------------------------------
    def _arm_away_timers(self) -> None:
        """Everybody not connected when play starts (or resumes) has the away time to come."""
        now = time.monotonic()
        for seat, info in enumerate(self.seats):
            if info.kind == "person" and not self.clients[seat]:
                self._gone_since[seat] = now
                self._arm_away_timer(seat)

    def _arm_away_timer(self, seat: int) -> None:
        if self.seats[seat].kind != "person" or self._away_timers[seat] is not None:
            return
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._away_timers[seat] = None
            self.inbox.put_nowait(("away", seat))

        self._away_timers[seat] = loop.call_later(self.settings.away_after, fire)

    # --- sending ---------------------------------------------------------------------------------
    def _send(self, seat: int, message: dict[str, Any]) -> None:
        for client in list(self.clients[seat]):
            client.send(message)

    def _view(self, seat: int, board: bool = True) -> dict[str, Any]:
        """The seat's observation now (a projection of its stream: nothing new is revealed)
        and the match score; the drawn score only with ``board`` (docs/events.md, view)."""
        table = self.table
        assert table is not None
        view: dict[str, Any] = {"type": "view", "deal": table.deal_number,
                                "next": table.count(seat), "moves": len(table.game.history),
                                "view": seat_view(table.game, seat)}
        if table.match is not None:
            view["match"] = table.match.state()
            view["over"] = table.match.ended()
            if board:
                view["board"] = self._board()
        view["clock"] = self._clock_view()
        view["warnings"] = warnings(table, seat)
        return view

    def _board(self) -> str:
        """The drawn score, redrawn only when a deal has been booked."""
        table = self.table
        assert table is not None and table.match is not None
        key = len(table.match.deals)
        if self._board_cache is None or self._board_cache[0] != key:
            # its score messages, read once each
            self._scores += score_states(table.messages(0, self._scores_read))
            self._scores_read = table.count(0)
            self._board_cache = (key, score_svg(table, self._scores))
        return self._board_cache[1]

    def _public_view(self, board: bool = True) -> dict[str, Any]:
        """A spectator's view: the public view of the deal and the match score (drawn only
        with ``board``)."""
        table = self.table
        assert table is not None
        view: dict[str, Any] = {"type": "view", "deal": table.deal_number,
                                "moves": len(table.game.history),
                                "view": public_view(table.game)}
        if table.match is not None:
            view["match"] = table.match.state()
            view["over"] = table.match.ended()
            if board:
                view["board"] = self._board()
        view["clock"] = self._clock_view()
        return view

    def _board_news(self) -> bool:
        """Whether the drawn score changed (a deal was booked) since the views last sent: only
        then do they carry it (about 1.5 KB of a view's 1.9 KB); a client gets it with the
        view sent when it connects and keeps the last one (docs/events.md, view)."""
        table = self.table
        if table is None or table.match is None:
            return False
        booked = len(table.match.deals)
        if booked == self._board_sent:
            return False
        self._board_sent = booked
        return True

    def _send_views(self) -> None:
        board = self._board_news()
        for seat, clients in enumerate(self.clients):
            if clients:
                view = self._view(seat, board)
                for client in list(clients):
                    client.send(view)
        if self.watchers:
            public = self._public_view(board)
            for client in list(self.watchers):
                client.send(public)

    def _tell_watchers(self, messages: list[dict[str, Any]]) -> None:
        """What every seat is told alike, without the seat's message numbers."""
        for message in messages:
            if message.get("type") in PUBLIC:
                body = {key: value for key, value in message.items() if key != "n"}
                for client in list(self.watchers):
                    client.send(body)

    def _broadcast_seats(self) -> None:
        message = {"type": "seats", "status": self.shown_status(), "seats": self.seat_list(),
                   "watchers": len(self.watchers)}
        for seat in range(len(self.seats)):
            self._send(seat, message)
        for client in list(self.watchers):
            client.send(message)
        if self.on_seats is not None:
            self.on_seats(self)


def _schnapsen_caution(game: Game, action: Action) -> CostlyAction | None:
    assert isinstance(game, Schnapsen)
    return costly_action_warning(game, action)


CAUTIONS: dict[str, Callable[[Game, Action], CostlyAction | None]] = {
    Schnapsen.NAME: _schnapsen_caution}
"""The games whose soft preset asks once before a costly action, keyed on ``Game.NAME``."""


def warnings(table: Table, seat: int) -> dict[str, Any]:
    """The seat's legal actions that a soft table asks about once (S-7, S-8, S-11:
    ``stich.schnapsen.caution``); empty in sharp and tournament and for other seats."""
    game = table.game
    caution = CAUTIONS.get(game.NAME)
    if caution is None or table.between or game.current_player() != seat:
        return {}
    out: dict[str, Any] = {}
    for action in game.legal_actions():
        if action.verb in ("claim", "close"):
            warning = caution(game, action)
            if warning is not None:
                out[str(action)] = {"rule": warning.rule, "points": warning.points,
                                    "reachable": warning.reachable, "verb": action.verb}
    return out


def replay_entry(table: Table, entry: dict[str, Any]) -> None:
    """One stored entry of a table's log through the table (an action, a forfeit or a
    resignation); a deal held at its end opens the next first."""
    if entry["kind"] == "resign":
        assert table.match is not None
        table.match.resign(entry["seat"])
        return
    if table.between:
        table.next_deal()
    if entry["kind"] == "forfeit":
        why = json.loads(entry["action"])
        table.forfeit(entry["seat"], Illegal(why["rule"], why["reason"]))
    else:
        table.submit(entry["seat"], entry["action"])


def _stopped() -> dict[str, Any]:
    return {"type": "error", **refused(STOPPED, "table_stopped")}


def _answer(item: tuple[Any, ...], error: dict[str, Any]) -> None:
    """Answer an inbox item's waiting person (an action), if any, with the refusal ``error``;
    release whoever waits for a start."""
    if item and item[0] == "action" and not item[3].done():
        item[3].set_result(error)
    elif item and item[0] == "start" and len(item) > 1 and not item[1].done():
        item[1].set_result(None)  # whoever waits for the start goes on
