"""Where the tournament database is: a file path or a URL (standard library only, so the
command line can say it without importing the database layer)."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_DB = "tournament.stich.db"
ENV_VAR = "STICH_TOURNAMENT_DB"
EVENT_ENV_VAR = "STICH_TOURNAMENT_EVENT"


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


def scheme_of(url: str) -> str:
    """`postgresql+psycopg://...` -> `postgresql+psycopg`."""
    return url.split("://", 1)[0]


def where(url: str) -> str:
    """The database for messages: the file, or the URL without user and password."""
    path = sqlite_path(url)
    return str(path) if path is not None else url.split("@")[-1]
