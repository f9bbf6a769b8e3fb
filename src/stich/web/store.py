"""The server's database: SQLite in the data folder or any SQLAlchemy URL (PostgreSQL),
migrated with Alembic on open; every write goes through one writer thread.

Writes are grouped: a table's actor hands a write to :meth:`Store.write` and awaits it; the
writer thread commits everything waiting in one transaction and then wakes the awaiting actors
(group commit), so a message reaches a player only after the action behind it is stored, and
two hundred tables do not each wait for their own disk flush. Reads (startup, the lists of
finished matches) are plain synchronous calls, made off the event loop by the app.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, Engine, create_engine, event, text

from stich.web import models
from stich.web.ratings import Outcome, book

MIGRATIONS = Path(__file__).with_name("migrations")
SCHEMA_HEAD = "w0005"
VERSION_TABLE = "web_alembic_version"

Write = Callable[[Connection], Any]

_INSERT_ACTION = models.actions.insert()
"""One statement for every action, its values as parameters: building ``insert().values(...)``
per action cost the writer thread six times as much (about 300 against 45 microseconds a
row, docs/web.md, figures), with the event loop waiting on the GIL meanwhile."""


class StoreError(Exception):
    """The database cannot be opened or used."""


class StoreFault(StoreError):
    """A write the database refused (a full disk, a lost connection): nothing of it is
    stored, and the same write may be tried again. The message is the database's first
    line, for the server's log; people are told in words (``TableActor``, ``Lobby``)."""


def first_line(error: BaseException) -> str:
    """The database's own first line of an error (without SQLAlchemy's wrapping and URL)."""
    orig = getattr(error, "orig", None) or error
    lines = str(orig).strip().splitlines()
    return lines[0] if lines else type(orig).__name__


def default_url(data_dir: Path) -> str:
    """SQLite in the data folder (made if missing)."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot make the data folder {data_dir}: {error.strerror}") from None
    return f"sqlite:///{(data_dir / 'web.db').resolve()}"


def _why_not(url: str, error: BaseException) -> str:
    """One line on why the database at ``url`` does not open: for SQLite, naming its folder."""
    first = first_line(error)
    scheme, _, rest = url.partition(":///")
    if not scheme.startswith("sqlite") or not rest or rest == ":memory:":
        return f"cannot open the database {url.split('@')[-1]}: {first}"
    path = Path(rest)
    folder = path.parent
    if not folder.is_dir():
        return f"the database folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the database folder {folder} is not writable (the server writes {path.name} there)"
    return f"cannot open the database {path.name} in the folder {folder}: {first}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a PostgreSQL URL gets the installed psycopg driver."""
    scheme, sep, rest = url.partition("://")
    if scheme in ("postgresql", "postgres"):
        if importlib.util.find_spec("psycopg") is None:
            raise StoreError("PostgreSQL needs psycopg: pip install 'stich[postgres]'")
        url = f"postgresql+psycopg{sep}{rest}"
    try:
        if not url.startswith("sqlite"):
            return create_engine(url, pool_pre_ping=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError) as error:
        raise StoreError(f"cannot use the database URL {url.split('@')[-1]!r}: {error}") from None

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")  # survives a killed server; readers don't block
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic, imported only when needed)."""
    with engine.connect() as conn:
        if engine.dialect.has_table(conn, VERSION_TABLE):
            version = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
            if version == SCHEMA_HEAD:
                return
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url",
                        engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    with engine.connect() as conn:
        # Alembic's batch mode rebuilds a SQLite table (copy, drop, rename): with foreign keys
        # on, the drop would cascade and delete every row that refers to the table.
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        try:
            with conn.begin():
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        finally:
            if sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


class Store:
    """An open, migrated database with its writer thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            migrate(self.engine)
        except sa.exc.SQLAlchemyError as error:
            self.engine.dispose()
            raise StoreError(_why_not(url, error)) from None
        self._closed = False
        self._queue: queue.SimpleQueue[tuple[Write, asyncio.Future[Any] | None] | None] = (
            queue.SimpleQueue())
        self._writer = threading.Thread(target=self._write_loop, name="stich-web-writer",
                                        daemon=True)
        self._writer.start()

    # --- writing ---------------------------------------------------------------------------
    def write(self, work: Write) -> asyncio.Future[Any]:
        """Run ``work(connection)`` in the writer's next transaction; the future is done once
        it is committed (or failed)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if self._closed:
            future.set_exception(StoreFault("the store is closed"))
        else:
            self._queue.put((work, future))
        return future

    def write_now(self, work: Write) -> Any:
        """A write from synchronous code (outside the event loop)."""
        with self.engine.begin() as conn:
            return work(conn)

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while True:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Write, asyncio.Future[Any] | None]]) -> None:
        try:
            with self.engine.begin() as conn:
                results = [work(conn) for work, _ in batch]
        except Exception as failure:  # one bad write must not sink the others: one by one
            if len(batch) > 1:
                for item in batch:
                    self._commit([item])
                return
            results = []  # whatever it was, nothing is stored: the writer may try again
            fault = StoreFault(first_line(failure))
            fault.__cause__ = failure
            error: BaseException | None = fault
        else:
            error = None
        settled: dict[asyncio.AbstractEventLoop, list[Settled]] = {}
        for index, (_, future) in enumerate(batch):
            if future is not None:
                settled.setdefault(future.get_loop(), []).append(
                    (future, error, None if error is not None else results[index]))
        for loop, items in settled.items():  # one wake-up of each loop a transaction
            loop.call_soon_threadsafe(_settle, items)

    def close(self) -> None:
        self._closed = True
        self._queue.put(None)
        self._writer.join(timeout=30)
        self.engine.dispose()

    # --- what the lobby writes ---------------------------------------------------------------
    @staticmethod
    def new_table(row: dict[str, Any]) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.tables.insert().values(**row))
        return work

    @staticmethod
    def update_table(table_id: str, **values: Any) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.tables.update().where(models.tables.c.id == table_id)
                         .values(**values))
        return work

    @staticmethod
    def append_action(table_id: str, seq: int, seat: int, kind: str, action: str,
                      by_bot: bool, away: bool = False) -> Write:
        """``away``: the away bot played it for a person marked away (docs/web.md, "Ratings")."""
        row = {"table_id": table_id, "seq": seq, "seat": seat, "kind": kind, "action": action,
               "by_bot": by_bot, "away": away}

        def work(conn: Connection) -> None:
            conn.execute(_INSERT_ACTION, row)
        return work

    @staticmethod
    def finish(table_id: str, record: dict[str, Any], names: list[str],
               result: Outcome | None = None) -> Write:
        """The finished match; with its ``result``, each seat's result and the ratings it
        moves, in the same transaction (``stich.web.ratings``, docs/web.md "Ratings")."""
        def work(conn: Connection) -> None:
            now = time.time()
            conn.execute(models.tables.update().where(models.tables.c.id == table_id).values(
                status="finished", finished=now, record=json.dumps(record)))
            conn.execute(models.players.insert(), [
                {"table_id": table_id, "seat": seat, "name": name}
                for seat, name in enumerate(names)])
            if result is not None:
                book(conn, table_id, result, now)
        return work

    @staticmethod
    def new_account(name: str, password_hash: str, token: str) -> Write:
        def work(conn: Connection) -> None:
            now = time.time()
            conn.execute(models.accounts.insert().values(
                name=name, password_hash=password_hash, created=now))
            conn.execute(models.logins.insert().values(token=token, name=name, created=now))
        return work

    @staticmethod
    def new_login(name: str, token: str) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.logins.insert().values(token=token, name=name,
                                                       created=time.time()))
        return work

    @staticmethod
    def account_seat(table_id: str, seat: int, name: str) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.account_seats.insert().values(
                table_id=table_id, seat=seat, account=name))
        return work

    @staticmethod
    def drop_login(token: str) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.logins.delete().where(models.logins.c.token == token))
        return work

    @staticmethod
    def new_password(name: str, password_hash: str, keep: str) -> Write:
        """The account's new password; every login but ``keep`` (the one changing it) ends."""
        def work(conn: Connection) -> None:
            conn.execute(models.accounts.update().where(models.accounts.c.name == name)
                         .values(password_hash=password_hash))
            conn.execute(models.logins.delete().where(models.logins.c.name == name,
                                                      models.logins.c.token != keep))
        return work

    @staticmethod
    def set_hidden(name: str, hidden: bool) -> Write:
        def work(conn: Connection) -> None:
            conn.execute(models.accounts.update().where(models.accounts.c.name == name)
                         .values(hidden=hidden))
        return work

    # --- reading -------------------------------------------------------------------------------
    def table_row(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(models.tables).where(
                models.tables.c.id == table_id)).mappings().first()
            return None if row is None else dict(row)

    def open_tables(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Every table waiting or running, with its action log in order (resuming a restart)."""
        out = []
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(models.tables).where(
                models.tables.c.status.in_(("waiting", "running")))).mappings().all()
            for row in rows:
                log = conn.execute(sa.select(models.actions).where(
                    models.actions.c.table_id == row["id"]).order_by(
                    models.actions.c.seq)).mappings().all()
                out.append((dict(row), [dict(entry) for entry in log]))
        return out

    def actions_of(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            log = conn.execute(sa.select(models.actions).where(
                models.actions.c.table_id == table_id).order_by(
                models.actions.c.seq)).mappings().all()
            return [dict(entry) for entry in log]

    def matches_of_account(self, name: str) -> list[dict[str, Any]]:
        """The finished matches in which the account took a seat with its login, newest
        first (a profile's list, docs/web.md "Finished matches")."""
        seats = models.account_seats
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(models.tables, seats.c.seat)
                .join(seats, seats.c.table_id == models.tables.c.id)
                .where(seats.c.account == name, models.tables.c.status == "finished")
                .order_by(models.tables.c.finished.desc())).mappings().all()
        return [_summary(row, row["seat"]) for row in rows]

    def matches_of_seats(self, seats: list[tuple[str, str]],
                         statuses: tuple[str, ...] = ("finished",)) -> list[dict[str, Any]]:
        """The matches (finished, or of ``statuses``) among ``(table id, seat token)`` pairs
        whose token is a seat's of that table (what a guest's browser holds), newest first."""
        wanted: dict[str, set[str]] = {}
        for table_id, token in seats:
            wanted.setdefault(table_id, set()).add(token)
        if not wanted:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(models.tables).where(
                models.tables.c.id.in_(list(wanted)),
                models.tables.c.status.in_(statuses))).mappings().all()
        out = []
        for row in rows:
            tokens = [s.get("token") for s in json.loads(row["seats"])]
            mine = [n for n, token in enumerate(tokens) if token and token in wanted[row["id"]]]
            if mine:
                out.append(_summary(row, mine[0]))
        return sorted(out, key=lambda m: -(m["finished"] or m["created"] or 0))

    def account(self, name: str) -> dict[str, Any] | None:
        """The account's row (name, password hash, hidden), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(models.accounts).where(
                models.accounts.c.name == name)).mappings().first()
            return None if row is None else dict(row)

    def account_hash(self, name: str) -> str | None:
        with self.engine.connect() as conn:
            value = conn.execute(sa.select(models.accounts.c.password_hash).where(
                models.accounts.c.name == name)).scalar()
            return None if value is None else str(value)

    def login_name(self, token: str) -> str | None:
        with self.engine.connect() as conn:
            value = conn.execute(sa.select(models.logins.c.name).where(
                models.logins.c.token == token)).scalar()
            return None if value is None else str(value)


def _summary(row: Any, seat: int) -> dict[str, Any]:
    """A match as the lists show it: no seat's token, no seed."""
    return {"id": row["id"], "game": row["game"], "preset": row["preset"], "seat": seat,
            "finished": row["finished"], "created": row["created"], "status": row["status"],
            "seats": [s["name"] for s in json.loads(row["seats"])]}


Settled = tuple[asyncio.Future[Any], BaseException | None, Any]
"""A write's future, and its error or its result."""


def _settle(items: list[Settled]) -> None:
    for future, error, value in items:
        if error is not None:
            _fail(future, error)
        else:
            _succeed(future, value)


def _succeed(future: asyncio.Future[Any], value: Any) -> None:
    if not future.done():
        future.set_result(value)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)
