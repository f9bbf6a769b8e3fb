"""The database: chosen by --db or STICH_TOURNAMENT_DB, created by migrations, durable."""

from __future__ import annotations

import importlib.util
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament import store as store_module
from stich.tournament.store import (
    DEFAULT_DB,
    MIGRATIONS,
    SCHEMA_HEAD,
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


def test_schema_head_is_the_newest_migration() -> None:
    # opening skips Alembic when the database is at SCHEMA_HEAD; it must be the real head
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head == SCHEMA_HEAD


def test_commands_import_only_what_they_need(tmp_path: Path) -> None:
    # `stich --help` without the database layer, a tournament command on a
    # database at the newest schema without Alembic (both are most of the start-up time)
    db = str(tmp_path / "t.db")
    Store(resolve_url(db), create=True).close()
    probe = ("import sys\nfrom stich.cli import main\nsys.argv = ['stich', *sys.argv[1:]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('loaded:', sorted(m for m in ('alembic', 'sqlalchemy') if m in sys.modules),"
             " file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("STICH_TOURNAMENT")}

    def loaded(*args: str) -> str:
        res = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                             text=True, env=env, check=True)
        return res.stderr.strip().splitlines()[-1]

    assert loaded("--help") == "loaded: []"
    assert loaded("tournament", "--help") == "loaded: []"
    assert loaded("tournament", "--db", db, "status") == "loaded: ['sqlalchemy']"
    fresh = str(tmp_path / "fresh.db")  # a new database is migrated, with Alembic
    assert loaded("tournament", "--db", fresh, "create", "X", "--cards", "8") == (
        "loaded: ['alembic', 'sqlalchemy']")


def one_line_error(*args: str) -> str:
    res = CliRunner().invoke(app, ["tournament", *args])
    assert res.exit_code == 1, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    return lines[0]


def test_postgresql_without_its_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    # name the extra to install, in one line
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: (
        None if name in ("psycopg", "psycopg2") else real(name, *a)))
    line = one_line_error("--db", "postgresql://organiser@localhost/stich", "status")
    assert "pip install 'stich[postgres]'" in line
    monkeypatch.undo()
    if importlib.util.find_spec("psycopg2") is None:  # a driver named in the URL, missing
        line = one_line_error("--db", "postgresql+psycopg2://organiser@localhost/stich",
                              "status")
        assert "psycopg2" in line and "stich[postgres]" in line


def test_unknown_url_scheme_and_unreachable_server() -> None:
    line = one_line_error("--db", "mongodb://localhost/stich", "status")
    assert "unknown database URL scheme 'mongodb'" in line
    if importlib.util.find_spec("psycopg") is not None:
        line = one_line_error("--db", "postgresql://nobody@127.0.0.1:1/stich", "status")
        assert "cannot connect to the database at 127.0.0.1:1/stich" in line


def test_busy_database_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a lock held past the timeout is "busy, try again", not a broken file
    db = tmp_path / "busy.db"
    assert CliRunner().invoke(app, ["tournament", "--db", str(db), "create", "B",
                                    "--cards", "8"]).exit_code == 0
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        for args in (["status"], ["register", "Anna"]):
            line = one_line_error("--db", str(db), *args)
            assert "database is busy" in line and "try again" in line
            assert "not a usable" not in line
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert CliRunner().invoke(app, ["tournament", "--db", str(db), "register",
                                    "Anna"]).exit_code == 0
