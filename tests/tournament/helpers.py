"""The databases the tournament tests run against: a SQLite file, and PostgreSQL when a server
answers on localhost:5432 (database `test`, trust auth), each test in a fresh schema that is
dropped afterwards, so runs never see each other's events."""

from __future__ import annotations

import functools
import os
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PG_HOST = os.environ.get("STICH_TEST_PG_HOST", "localhost")
PG_PORT = int(os.environ.get("STICH_TEST_PG_PORT", "5432"))
PG_DATABASE = os.environ.get("STICH_TEST_PG_DATABASE", "test")
PG_USERS = ("postgres", "root")
TABLES = ("events", "players", "cards", "draws", "matches", "result_log", "withdrawn_draws")

__all__ = ["PG_DATABASE", "PG_HOST", "PG_PORT", "TABLES", "Backend", "pg_backend",
           "pg_unavailable", "sqlite_backend"]


@dataclass
class Backend:
    """One test's database: `db` is what `--db` gets (a file path or a URL)."""

    name: str
    db: str
    schema: str | None = None
    user: str | None = None

    @property
    def path(self) -> Path | None:
        return Path(self.db) if self.name == "sqlite" else None

    def exists(self) -> bool:
        """Whether the database holds tables yet (a SQLite file exists; a schema has tables)."""
        if self.path is not None:
            return self.path.exists()
        return bool(self.sql("select count(*) from information_schema.tables "
                             "where table_schema = %s", (self.schema,))[0][0])

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement directly (no stich code in between) and commit; placeholders
        are written `%s` for both databases."""
        if self.path is not None:
            con = sqlite3.connect(self.path)
            try:
                cur = con.execute(statement.replace("%s", "?"), tuple(params))
                rows = cur.fetchall()
                con.commit()
                return rows
            finally:
                con.close()
        with _pg_connect(self.user or PG_USERS[0], self.schema) as con:
            cur = con.execute(statement, tuple(params))
            rows = cur.fetchall() if cur.description else []
            con.commit()
            return rows

    def dump(self) -> list[tuple[str, list[tuple[Any, ...]]]]:
        """Every row of every tournament table, to compare before and after a refusal."""
        if self.path is not None and not self.path.exists():
            return []
        if not self.exists():
            return []
        out = []
        for table in TABLES:
            try:
                rows = self.sql(f"select * from {table}")
            except Exception:  # a table an older schema does not have
                rows = []
            out.append((table, sorted(map(tuple, rows), key=repr)))
        return out


def sqlite_backend(tmp_path: Path) -> Backend:
    return Backend("sqlite", str(tmp_path / "event.stich.db"))


@functools.cache
def pg_unavailable() -> tuple[str | None, str | None]:
    """(None, user) when a PostgreSQL server answers, else (the reason to skip, None)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return ("psycopg is not installed (pip install -e '.[test]' installs it)", None)
    errors = []
    for user in PG_USERS:
        try:
            with _pg_connect(user, None) as con:
                con.execute("select 1")
            return (None, user)
        except Exception as exc:
            errors.append(f"{user}: {str(exc).strip().splitlines()[0] if str(exc) else exc}")
    return (f"no PostgreSQL server answers at {PG_HOST}:{PG_PORT}/{PG_DATABASE} "
            f"({'; '.join(errors)})", None)


@contextmanager
def pg_backend() -> Iterator[Backend]:
    """A fresh schema in the test database, dropped when the test ends."""
    reason, user = pg_unavailable()
    assert reason is None and user is not None, reason
    schema = f"stich_test_{uuid.uuid4().hex[:12]}"
    with _pg_connect(user, None) as con:
        con.execute(f'create schema "{schema}"')
        con.commit()
    url = (f"postgresql+psycopg://{user}@{PG_HOST}:{PG_PORT}/{PG_DATABASE}"
           f"?options=-csearch_path%3D{schema}")
    try:
        yield Backend("postgresql", url, schema, user)
    finally:
        with _pg_connect(user, None) as con:
            con.execute(f'drop schema if exists "{schema}" cascade')
            con.commit()


def _pg_connect(user: str, schema: str | None) -> Any:
    import psycopg

    options = f"-csearch_path={schema}" if schema else ""
    return psycopg.connect(host=PG_HOST, port=PG_PORT, dbname=PG_DATABASE, user=user,
                           connect_timeout=3, options=options)
