"""Fixtures: one pool of bot worker processes for the session; the database URLs to test."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[web]')")


@pytest.fixture(scope="session")
def pool() -> Iterator[Executor]:
    from stich.play.workers import bot_pool

    executor = bot_pool(1)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: Any, tmp_path: Path) -> Iterator[str]:
    """The server's database: SQLite in a temporary folder, and a fresh PostgreSQL database
    (dropped afterwards) where one answers on localhost:5432."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    from tests.web.postgres import fresh_database

    with fresh_database() as url:
        yield url


