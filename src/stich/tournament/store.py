"""Opening the tournament database: SQLite file or any SQLAlchemy URL, migrated on open.

Durability is the point: every operation runs in one transaction that is committed before the
command reports success, so killing the program loses at most the step it was in the middle of,
and that step leaves no trace. On SQLite the transaction takes the write lock at its start
(BEGIN IMMEDIATE), so two terminals cannot both draw the same round.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

DEFAULT_DB = "tournament.stich.db"
ENV_VAR = "STICH_TOURNAMENT_DB"
MIGRATIONS = Path(__file__).with_name("migrations")


class StoreError(Exception):
    """The database cannot be opened or is not a tournament database."""


def resolve_url(db: str | None) -> str:
    """A URL for `db`: given as a URL, or a file path (default: ./tournament.stich.db)."""
    db = db or os.environ.get(ENV_VAR) or DEFAULT_DB
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL, or None for other databases and in-memory SQLite."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or url == prefix or url.endswith(":memory:"):
        return None
    return Path(url[len(prefix):])


class Store:
    """An open, migrated tournament database."""

    def __init__(self, url: str, *, create: bool = False) -> None:
        path = sqlite_path(url)
        if path is not None:
            if not create and not path.exists():
                raise StoreError(
                    f"no tournament database at {path}; create an event first "
                    "(stich tournament create) or pass --db"
                )
            if not path.parent.is_dir():
                raise StoreError(f"folder {path.parent} does not exist")
        self.url = url
        try:
            self.engine = _engine(url)
            migrate(self.engine)
        except (DatabaseError, sqlite3.DatabaseError) as exc:
            raise StoreError(f"{_where(url)} is not a usable tournament database: "
                             f"{_first_line(exc)}") from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed when the block ends, rolled back on any error."""
        with self._sessions() as session:
            try:
                with session.begin():
                    yield session
            except OperationalError as exc:
                raise StoreError(f"database error: {_first_line(exc)}") from None

    def close(self) -> None:
        self.engine.dispose()


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves, below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at the migrations shipped inside the package."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; a no-op (one query) when it is already there."""
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    script = ScriptDirectory.from_config(cfg)
    head = script.get_current_head()
    with engine.begin() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
        if current == head:
            return
        if current is not None and current not in {s.revision for s in script.walk_revisions()}:
            raise StoreError(
                f"database schema {current} is newer than this stich; upgrade stich"
            )
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def _where(url: str) -> str:
    path = sqlite_path(url)
    return str(path) if path is not None else url.split("@")[-1]


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0] if text else type(exc).__name__
