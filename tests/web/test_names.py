"""Names (docs/web.md, "Names"): trimmed, at most 40 characters, no control or text-direction
characters, unique at a table, never a bot's; each refusal has a code the pages say in the
player's language; an account made before these rules still logs in and plays."""

from __future__ import annotations

import re
import time
from concurrent.futures import Executor
from pathlib import Path

import pytest

from stich.web import models
from stich.web.store import Store
from tests.web.helpers import client_for, join, new_table

BOTS = [{"kind": "bot", "level": "random"}]
I18N = (Path(__file__).resolve().parents[2] / "src/stich/web/static/i18n.js").read_text()


def _refusal(client: object, table_id: str, name: str) -> dict[str, object]:
    answer = client.post(f"/api/tables/{table_id}/join", json={"name": name})  # type: ignore[attr-defined]
    assert answer.status_code in (400, 403, 409), answer.text
    data: dict[str, object] = answer.json()
    return data


@pytest.mark.parametrize("name, code", [
    ("", "name_missing"), ("   ", "name_missing"), ("x" * 41, "name_long"),
    ("An\tna", "name_control"), ("An\x00na", "name_control"), ("Anna\x1b[31m", "name_control"),
    ("\u202eannA", "name_control"), ("Anna\u2066x\u2069", "name_control"),
    ("a\u200fb", "name_control"), ("Bot 2 (rules)", "name_bot"), ("bot 1 (random)", "name_bot"),
    ("BOT  3 (expert)", "name_bot"),
])
def test_a_name_the_rules_refuse_gets_its_code(sqlite_url: str, pool: Executor, name: str,
                                               code: str) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "bauernschnapsen", [{"kind": "person"}] + BOTS * 3)
        data = _refusal(client, table_id, name)
        assert data["code"] == code, data
        assert client.post("/api/accounts", json={"name": name, "password": "geheim123"}
                           ).json()["code"] == code


def test_every_name_code_has_words_in_both_languages() -> None:
    codes = ["name_missing", "name_long", "name_control", "name_bot", "name_taken_at_table",
             "name_taken", "name_account", "login_wrong", "password_length", "not_logged_in",
             "no_account", "profile_hidden"]
    for code in codes:  # once in the German table, once in the English one
        assert len(re.findall(rf"\berr_{code}:", I18N)) == 2, code


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"])
def test_a_name_is_unique_at_its_table(sqlite_url: str, pool: Executor, game: str) -> None:
    seats = {"schnapsen": 2, "dreierschnapsen": 3}.get(game, 4)
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, game, [{"kind": "person"}] * 2 + BOTS * (seats - 2))
        join(client, table_id, "Anna")
        data = _refusal(client, table_id, " anna ")
        assert data["code"] == "name_taken_at_table" and data["args"] == {"name": "anna"}
        assert join(client, table_id, "Anna B")[0] == 1
        # and the name at another table is free
        other = new_table(client, game, [{"kind": "person"}] + BOTS * (seats - 1))
        assert join(client, other, "Anna")[0] == 0


def test_kept_names_are_trimmed_and_other_scripts_are_welcome(sqlite_url: str,
                                                            pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "jass", [{"kind": "person"}] * 4)
        for name in ["  Zoë   Müller ", "Ζωή", "שרה", "李小龍"]:
            join(client, table_id, name)
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["name"] for s in seats] == ["Zoë Müller", "Ζωή", "שרה", "李小龍"]
        other = new_table(client, "schnapsen", [{"kind": "person"}] * 2)
        assert [join(client, other, name)[0] for name in ["Bot", "Robot 7 (x)"]] == [0, 1]


def test_an_account_the_new_rules_refuse_still_logs_in_and_plays(sqlite_url: str,
                                                                pool: Executor) -> None:
    from argon2 import PasswordHasher

    old = "Bot 1 (rules)\u202e"  # made before the name rules
    store = Store(sqlite_url)
    store.write_now(lambda conn: conn.execute(models.accounts.insert().values(
        name=old.strip(), password_hash=PasswordHasher().hash("geheim123"),
        created=time.time())))
    store.close()
    with client_for(sqlite_url, pool) as client:
        login = client.post("/api/login", json={"name": old, "password": "geheim123"})
        assert login.status_code == 200, login.text
        assert client.get("/api/me").json()["name"] == old.strip()
        table_id = new_table(client, "schnapsen", [{"kind": "person"}, *BOTS])
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": old})
        assert joined.status_code == 200, joined.text
        client.cookies.clear()
        other = new_table(client, "schnapsen", [{"kind": "person"}, *BOTS])
        assert _refusal(client, other, old)["code"] == "name_account"


def test_accounts_of_the_first_schema_survive_the_migration(tmp_path: Path,
                                                            pool: Executor) -> None:
    """An account stored before profiles existed (schema w0001) logs in after the upgrade,
    its profile public."""
    from alembic import command
    from alembic.config import Config
    from argon2 import PasswordHasher

    from stich.web.store import MIGRATIONS, make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "w0001")
        conn.exec_driver_sql("INSERT INTO web_accounts (name, password_hash, created) "
                             "VALUES (?, ?, ?)",
                             ("Bot 9 (alt)", PasswordHasher().hash("geheim123"), time.time()))
    engine.dispose()
    with client_for(url, pool) as client:
        login = client.post("/api/login", json={"name": "Bot 9 (alt)", "password": "geheim123"})
        assert login.status_code == 200, login.text
        assert client.get("/api/me").json() == {"name": "Bot 9 (alt)", "hidden": False,
                                                "bot": False}
        assert client.get("/api/accounts/Bot 9 (alt)/matches").json()["matches"] == []
