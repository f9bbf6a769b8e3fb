"""Upgrading the web server's database keeps every saved row (docs/web.md, "How it works":
the schema is made by the migrations; bad input or an upgrade never loses saved data).

On SQLite, Alembic's batch mode rebuilds a table by copying it and dropping the old one; with
foreign keys on, that drop would cascade into every table that refers to it (the logins of the
accounts, the actions of the tables). The store migrates with foreign keys off.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from stich.web.store import MIGRATIONS, SCHEMA_HEAD, Store, make_engine


def _count(url: str, table: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar() or 0)
    finally:
        engine.dispose()


def test_an_upgrade_from_the_first_schema_keeps_every_row(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'first.db'}"
    engine = make_engine(url)  # foreign keys on, as the server runs
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "w0001")
        conn.exec_driver_sql("INSERT INTO web_accounts VALUES ('Anna', 'x', 0)")
        conn.exec_driver_sql("INSERT INTO web_logins VALUES ('anna-login', 'Anna', 0)")
        conn.exec_driver_sql(
            "INSERT INTO web_tables VALUES ('t1', 'schnapsen', 'soft', '{}', '[]', 4, 's', "
            "'running', 0, NULL, NULL)")
        conn.exec_driver_sql("INSERT INTO web_actions VALUES ('t1', 0, 0, 'action', 'play HA', 0)")
        conn.exec_driver_sql("INSERT INTO web_players VALUES ('t1', 0, 'Anna')")
    engine.dispose()
    before = {t: _count(url, t) for t in ("web_accounts", "web_logins", "web_tables",
                                          "web_actions", "web_players")}
    Store(url).close()  # migrates to the newest schema
    engine = make_engine(url)
    with engine.connect() as conn:
        version = conn.exec_driver_sql("SELECT version_num FROM web_alembic_version").scalar()
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1  # on again
    engine.dispose()
    assert version == SCHEMA_HEAD
    assert {t: _count(url, t) for t in before} == before == {
        "web_accounts": 1, "web_logins": 1, "web_tables": 1, "web_actions": 1, "web_players": 1}
