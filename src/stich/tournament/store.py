"""Opening the tournament database: SQLite file or any SQLAlchemy URL, migrated on open.

Durability is the point: every operation runs in one transaction that is committed before the
command reports success, so killing the program loses at most the step it was in the middle of,
and that step leaves no trace. On SQLite the transaction takes the write lock at its start
(BEGIN IMMEDIATE), so two terminals cannot both draw the same round.

Opening is cheap: the schema version is read with one query and compared with `SCHEMA_HEAD`;
Alembic is imported only when a migration has to run (a new or an older database).
"""

from __future__ import annotations

import importlib.util
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from stich.tournament.errors import InconsistentEvent
from stich.tournament.location import (
    DEFAULT_DB,
    ENV_VAR,
    resolve_url,
    scheme_of,
    sqlite_path,
    where,
)

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = ["DEFAULT_DB", "ENV_VAR", "MIGRATIONS", "SCHEMA_HEAD", "Store", "StoreError",
           "alembic_config", "migrate", "resolve_url", "sqlite_path"]

MIGRATIONS = Path(__file__).with_name("migrations")
#: The newest migration in `migrations/versions` (a test checks it against Alembic's head).
SCHEMA_HEAD = "0003"
#: Seconds a SQLite command waits for another one's write lock before saying it is busy.
BUSY_TIMEOUT = 30.0
POSTGRES_EXTRA = "pip install 'stich[postgres]'"


class StoreError(Exception):
    """The database cannot be opened or is not a tournament database."""


BUSY = ("the database is busy: another stich command is writing to it; try again in a moment")


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
            if not create and path.stat().st_size == 0:  # as a failed rescue leaves it
                raise StoreError(
                    f"{path} is empty: it holds no tournament database (a rescue that failed "
                    "leaves an empty file; see Backups in docs/tournament.md); restore a "
                    "backup or pass --db"
                )
            if not path.parent.is_dir():
                raise StoreError(f"folder {path.parent} does not exist")
        self.url = url
        self.engine = _engine(url)
        try:
            ensure_schema(self.engine)
        except (DatabaseError, sqlite3.DatabaseError) as exc:
            self.engine.dispose()
            raise _store_error(url, exc) from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed when the block ends, rolled back on any error. A
        damaged file is one StoreError naming it and what to do, whether SQLite notices
        (malformed pages) or the facts read through a damaged index do not fit together."""
        try:
            with self._sessions() as session, session.begin():
                yield session
        except (DatabaseError, sqlite3.DatabaseError) as exc:
            if _is_busy(exc):
                raise StoreError(BUSY) from None
            if is_damaged(exc):
                raise StoreError(damaged(self.url, _first_line(exc))) from None
            raise StoreError(f"database error: {_first_line(exc)}") from None
        except InconsistentEvent:
            problems = self.integrity_problems()
            if problems:
                raise StoreError(damaged(self.url, integrity_text(problems))) from None
            raise

    def integrity_problems(self) -> list[str]:
        """SQLite's own check of every page and index (`PRAGMA integrity_check`): what it
        finds wrong, none when the file is sound. Other databases check themselves: none."""
        if self.engine.dialect.name != "sqlite":
            return []
        try:
            with self.engine.connect() as conn:
                rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA integrity_check")]
        except (DatabaseError, sqlite3.DatabaseError) as exc:
            if _is_busy(exc):
                raise StoreError(BUSY) from None
            return [_first_line(exc)]
        return integrity_findings(rows)

    def close(self) -> None:
        self.engine.dispose()


def _engine(url: str) -> Engine:
    """An engine for `url`; StoreError names a missing driver or an unknown scheme."""
    url = _with_driver(url)
    try:
        if not url.startswith("sqlite"):
            return create_engine(url)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT})
    except NoSuchModuleError:
        raise StoreError(
            f"unknown database URL scheme {scheme_of(url)!r}: give a file path, "
            "sqlite:///FILE or postgresql://USER@HOST/DATABASE"
        ) from None
    except ArgumentError as exc:
        raise StoreError(f"cannot read the database URL {where(url)!r}: {exc}") from None
    except ImportError as exc:
        extra = f"; {POSTGRES_EXTRA}" if url.startswith("postgres") else ""
        raise StoreError(f"the database driver {exc.name or ''} for {scheme_of(url)} "
                         f"is not installed{extra}") from None

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


def _with_driver(url: str) -> str:
    """A PostgreSQL URL without a driver gets the one installed (psycopg 3 preferred, as the
    `postgres` extra installs it); none installed is a one-line error naming the extra."""
    scheme, sep, rest = url.partition("://")
    if scheme not in ("postgresql", "postgres"):
        return url
    for module, dialect in (("psycopg", "postgresql+psycopg"), ("psycopg2", "postgresql")):
        if importlib.util.find_spec(module) is not None:
            return f"{dialect}{sep}{rest}"
    raise StoreError(f"PostgreSQL needs its driver, which is not installed: {POSTGRES_EXTRA}")


def schema_version(engine: Engine) -> str | None:
    """The Alembic revision the database is at (None: an empty database), with one query."""
    with engine.connect() as conn:
        if not engine.dialect.has_table(conn, "alembic_version"):
            return None
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        return None if version is None else str(version)


def ensure_schema(engine: Engine) -> None:
    """Migrate unless the database is already at `SCHEMA_HEAD` (the common case: no Alembic)."""
    if schema_version(engine) != SCHEMA_HEAD:
        migrate(engine)


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at the migrations shipped inside the package."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; refuse a database from a newer stich."""
    from alembic import command
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

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


def integrity_findings(rows: list[str]) -> list[str]:
    """What `PRAGMA integrity_check` returned, one finding a line; none for "ok"."""
    if rows == ["ok"]:
        return []
    return [line.strip() for row in rows for line in row.splitlines()
            if line.strip() and not line.startswith("***")]


def integrity_text(problems: list[str]) -> str:
    """The integrity check's findings in a few words: the first, and how many more."""
    more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
    return f"integrity check: {problems[0]}{more}"


def _is_busy(exc: BaseException) -> bool:
    text_ = str(getattr(exc, "orig", None) or exc).lower()
    return "database is locked" in text_ or "database is busy" in text_


#: What SQLite says when a file's pages are damaged (not when it is some other file).
DAMAGE_WORDS = ("malformed", "corrupt", "not a database")
#: The first bytes of every SQLite file.
SQLITE_HEADER = b"SQLite format 3\x00"


def is_damaged(exc: BaseException | str) -> bool:
    """Whether SQLite's error says the file's pages are damaged."""
    text_ = str(getattr(exc, "orig", None) or exc).lower()
    return any(word in text_ for word in DAMAGE_WORDS)


def damaged(url: str, what: str) -> str:
    """The one line for a damaged database file: which file, and what to do about it."""
    path = sqlite_path(url)
    if path is None:
        return f"the database at {where(url)} is damaged ({what}); restore it from a backup"
    return (f"the tournament database {path} is damaged ({what}): restore your latest backup "
            "(stich tournament backup FILE makes one), or rescue what is left with "
            f"`sqlite3 {shlex.quote(str(path))} .recover | sqlite3 recovered.stich.db` and "
            "use that file (where .recover fails: Backups in docs/tournament.md)")


def _is_sqlite_file(url: str) -> bool:
    path = sqlite_path(url)
    if path is None:
        return False
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _store_error(url: str, exc: BaseException) -> StoreError:
    if _is_busy(exc):
        return StoreError(BUSY)
    if is_damaged(exc) and (sqlite_path(url) is None or _is_sqlite_file(url)):
        return StoreError(damaged(url, _first_line(exc)))
    if sqlite_path(url) is None and isinstance(exc, OperationalError):
        return StoreError(f"cannot connect to the database at {where(url)}: {_first_line(exc)}")
    return StoreError(f"{where(url)} is not a usable tournament database: {_first_line(exc)}")


def _first_line(exc: BaseException) -> str:
    message = str(getattr(exc, "orig", None) or exc)
    return message.splitlines()[0] if message else type(exc).__name__
