"""Fixtures for the tournament tests: a fresh database and a CLI runner bound to it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
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


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    monkeypatch.delenv("STICH_TOURNAMENT_EVENT", raising=False)
    return tmp_path / "event.stich.db"


@pytest.fixture
def cli(db: Path) -> Cli:
    """Run `stich tournament --db DB ARGS...`, assert success, return stdout."""
    runner = CliRunner()

    def run(*args: str) -> str:
        res = runner.invoke(app, ["tournament", "--db", str(db), *args])
        assert res.exit_code == 0, f"{args}: {res.output}{res.exception!r}"
        return res.stdout

    return run


@pytest.fixture
def cli_fail(db: Path) -> Callable[..., str]:
    """Run a command that must be refused: exit 1, one `error:` line on stderr, no change."""
    runner = CliRunner()

    def run(*args: str) -> str:
        before = dump(db) if db.exists() else None
        res = runner.invoke(app, ["tournament", "--db", str(db), *args])
        assert res.exit_code == 1, f"{args} should fail: {res.output}"
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
        after = dump(db) if db.exists() else None
        assert before == after, f"{args} changed the database"
        return lines[0]

    return run


@pytest.fixture
def snap(db: Path) -> Callable[[], Snapshot]:
    """The event as the service sees it, for assertions."""

    def get() -> Snapshot:
        store = Store(resolve_url(str(db)))
        try:
            return Tournament(store).snapshot(None)
        finally:
            store.close()

    return get


def dump(path: Path) -> list[str]:
    """Every row of the database as SQL, to compare before and after a refused command."""
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()
