"""The database: chosen by --db or STICH_TOURNAMENT_DB, created by migrations, durable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament.store import (
    DEFAULT_DB,
    MIGRATIONS,
    Store,
    StoreError,
    alembic_config,
    resolve_url,
    sqlite_path,
)

app = command_app(["tournament"])


def test_schema_comes_from_the_shipped_migrations(tmp_path: Path) -> None:
    url = resolve_url(str(tmp_path / "t.db"))
    Store(url, create=True).close()
    con = sqlite3.connect(tmp_path / "t.db")
    version = con.execute("select version_num from alembic_version").fetchone()[0]
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    assert version == head
    tables = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
    assert {"events", "players", "cards", "draws", "matches", "result_log"} <= tables
    assert (MIGRATIONS / "versions").is_dir() and (MIGRATIONS / "script.py.mako").is_file()
    # opening again is a no-op
    Store(url).close()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    url = resolve_url(str(tmp_path / "t.db"))
    Store(url, create=True).close()
    con = sqlite3.connect(tmp_path / "t.db")
    con.execute("update alembic_version set version_num='9999'")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="newer than this stich"):
        Store(url)


def test_url_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert resolve_url(None) == f"sqlite:///{tmp_path / DEFAULT_DB}"
    monkeypatch.setenv("STICH_TOURNAMENT_DB", "postgresql+psycopg://u:p@host/db")
    assert resolve_url(None) == "postgresql+psycopg://u:p@host/db"
    assert resolve_url("x.db") == f"sqlite:///{tmp_path / 'x.db'}"
    assert sqlite_path("postgresql://h/db") is None
    assert sqlite_path("sqlite:///:memory:") is None


def test_env_var_and_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    env_db = tmp_path / "env.db"
    opt_db = tmp_path / "opt.db"
    monkeypatch.setenv("STICH_TOURNAMENT_DB", str(env_db))
    assert runner.invoke(app, ["tournament", "create", "E", "--cards", "8"]).exit_code == 0
    assert env_db.exists()
    # --db wins over the environment, on the group or on the command
    res = runner.invoke(app, ["tournament", "--db", str(opt_db), "create", "O", "--cards", "8"])
    assert res.exit_code == 0 and opt_db.exists()
    res = runner.invoke(app, ["tournament", "status", "--db", str(opt_db)])
    assert res.exit_code == 0 and "O:" in res.stdout
    res = runner.invoke(app, ["tournament", "events"])
    assert "E" in res.stdout and "O" not in res.stdout.replace("Format", "")


def test_in_memory_sqlite_url() -> None:
    store = Store("sqlite://")
    with store.transaction() as s:
        assert s.connection() is not None
    store.close()


def test_several_events_in_one_database(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "two.db")
    for name in ("Spring", "Autumn"):
        res = runner.invoke(app, ["tournament", "--db", db, "create", name, "--cards", "8"])
        assert res.exit_code == 0
    res = runner.invoke(app, ["tournament", "--db", db, "register", "Anna"])
    assert res.exit_code == 0
    res = runner.invoke(app, ["tournament", "--db", db, "-e", "spring", "players"])
    assert "Anna" not in res.stdout  # registered with the newest event, Autumn
    res = runner.invoke(app, ["tournament", "--db", db, "--event", "Autumn", "players"])
    assert "Anna" in res.stdout


def test_migrations_render_for_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    # a PostgreSQL URL works too: the migrations compile to its DDL (offline, no server needed)
    from alembic import command

    command.upgrade(alembic_config("postgresql://user@localhost/stich"), "head", sql=True)
    ddl = capsys.readouterr().out
    assert "CREATE TABLE matches" in ddl and "BIGINT" in ddl and "JSON" in ddl


def test_models_match_the_migrations(tmp_path: Path) -> None:
    # the ORM models and the migration scripts describe the same schema
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from stich.tournament.models import Base

    store = Store(resolve_url(str(tmp_path / "m.db")), create=True)
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    store.close()
    assert diff == []
