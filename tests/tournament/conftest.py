"""Fixtures for the tournament tests: a fresh database and a CLI runner bound to it.

Every test that takes `db` (or `cli`, `cli_fail`, `snap`) runs twice: on a SQLite file and on
PostgreSQL in a fresh schema; the PostgreSQL run is skipped, with the reason, when
no server answers on localhost:5432.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import typer.main
import typer.testing
from typer.core import TyperGroup
from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament.service import Tournament
from stich.tournament.snapshot import Snapshot
from stich.tournament.store import Store, resolve_url
from tests.tournament.helpers import Backend, pg_backend, pg_unavailable, sqlite_backend

app = command_app(["tournament"])

Cli = Callable[..., str]

_COMMAND: dict[str, TyperGroup] = {}


@pytest.fixture(autouse=True)
def fast_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the `stich` click command once: Typer rebuilds it on every invoke (~40 ms)."""
    real = typer.main.get_command

    def cached(a: typer.Typer) -> object:
        if a is not app:
            return real(a)
        if "stich" not in _COMMAND:
            _COMMAND["stich"] = real(app)  # type: ignore[assignment]
        return _COMMAND["stich"]

    monkeypatch.setattr(typer.testing, "_get_command", cached)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[Backend]:
    """A fresh, empty tournament database of each kind."""
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    monkeypatch.delenv("STICH_TOURNAMENT_EVENT", raising=False)
    if request.param == "sqlite":
        yield sqlite_backend(tmp_path)
        return
    reason, _ = pg_unavailable()
    if reason is not None:
        pytest.skip(reason)
    with pg_backend() as pg:
        yield pg


@pytest.fixture
def db(backend: Backend) -> str:
    """What `--db` gets: a SQLite file path or a PostgreSQL URL."""
    return backend.db


@pytest.fixture
def cli(db: str) -> Cli:
    """Run `stich tournament --db DB ARGS...`, assert success, return stdout."""
    runner = CliRunner()

    def run(*args: str) -> str:
        res = runner.invoke(app, ["tournament", "--db", db, *args])
        assert res.exit_code == 0, f"{args}: {res.output}{res.exception!r}"
        return res.stdout

    return run


@pytest.fixture
def cli_fail(db: str, backend: Backend) -> Callable[..., str]:
    """Run a command that must be refused: exit 1, one `error:` line on stderr, no change."""
    runner = CliRunner()

    def run(*args: str) -> str:
        before = backend.dump()
        res = runner.invoke(app, ["tournament", "--db", db, *args])
        assert res.exit_code == 1, f"{args} should fail: {res.output}"
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
        assert before == backend.dump(), f"{args} changed the database"
        return lines[0]

    return run


@pytest.fixture
def snap(db: str) -> Callable[[], Snapshot]:
    """The event as the service sees it, for assertions."""

    def get() -> Snapshot:
        store = Store(resolve_url(db))
        try:
            return Tournament(store).snapshot(None)
        finally:
            store.close()

    return get
