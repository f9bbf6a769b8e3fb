"""Whole matches through the real WebSocket endpoint."""

from __future__ import annotations

import random
from concurrent.futures import Executor

from tests.web.helpers import client_for, join, new_table, play_randomly


def test_a_person_plays_a_whole_schnapsen_match_against_a_bot(db_url: str,
                                                              pool: Executor) -> None:
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        seat, token = join(client, table_id, "Anna")
        seen: list[dict] = []
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            end = play_randomly(socket, seat, random.Random(1), seen)
        assert end["match"] == client.get(f"/api/tables/{table_id}/record").json()["match"]
        # the history of the seats this browser holds tokens for (docs/web.md)
        listed = client.post("/api/history", json={"seats": [
            {"table": table_id, "token": token}]}).json()
        assert [m["id"] for m in listed] == [table_id]


def test_accounts_guard_their_names(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        made = client.post("/api/accounts", json={"name": "Cilli", "password": "geheim123"})
        assert made.status_code == 200
        client.cookies.clear()  # another browser: without Cilli's login cookie
        assert client.post("/api/accounts", json={"name": "Cilli", "password": "x" * 9}
                           ).status_code == 409
        assert client.post("/api/accounts", json={"name": "Dora", "password": "short"}
                           ).status_code == 400
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        refused = client.post(f"/api/tables/{table_id}/join", json={"name": "Cilli"})
        assert refused.status_code == 403 and "log in" in refused.json()["error"]
        wrong = client.post("/api/login", json={"name": "Cilli", "password": "falsch123"})
        assert wrong.status_code == 403
        login = client.post("/api/login", json={"name": "Cilli", "password": "geheim123"})
        token = login.json()["login"]
        client.cookies.clear()  # an API user: the login in the JSON field, not a cookie
        joined = client.post(f"/api/tables/{table_id}/join",
                             json={"name": "Cilli", "login": token})
        assert joined.status_code == 200
        # guests play by name: any name without an account
        other = new_table(client, "schnapsen",
                          [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        assert client.post(f"/api/tables/{other}/join", json={"name": "Gast"}).status_code == 200
