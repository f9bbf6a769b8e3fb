"""Accounts and who sees finished matches (docs/web.md, "Accounts", "Finished matches"): the
login is an HttpOnly SameSite cookie; log out, change the password, the profile's list public
by default and hideable; a guest's history is the seats his browser holds tokens for; nobody
lists another's matches by name; a replay stays reachable by its link."""

from __future__ import annotations

import dataclasses
import time
from concurrent.futures import Executor
from typing import Any

from tests.web.helpers import FAST, client_for, join, new_table

GONE = dataclasses.replace(FAST, away_after=0.01, bot_delay=0.0)
"""People who never connect are played by the marked bot at once: matches finish by
themselves."""


def _finished(client: Any, table_id: str) -> None:
    for _ in range(3000):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "finished":
            return
        time.sleep(0.01)
    raise AssertionError("the match did not finish")


def test_the_login_is_an_httponly_samesite_cookie(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        made = client.post("/api/accounts", json={"name": "Anna", "password": "geheim123"})
        cookie = made.headers["set-cookie"].lower()
        assert "stich_login=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
        assert "path=/" in cookie and "secure" not in cookie  # plain http here
        assert client.get("/api/me").json() == {"name": "Anna", "hidden": False, "bot": False}
        over_https = client.post("https://testserver/api/login",
                                 json={"name": "Anna", "password": "geheim123"})
        assert "secure" in over_https.headers["set-cookie"].lower()


def test_log_out_and_change_the_password(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        other = client.post("/api/accounts", json={"name": "Anna", "password": "geheim123"}
                            ).json()["login"]  # another browser's login
        client.post("/api/login", json={"name": "Anna", "password": "geheim123"})  # this one
        wrong = client.post("/api/password", json={"old": "falsch123", "new": "neu-geheim"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "login_wrong"
        short = client.post("/api/password", json={"old": "geheim123", "new": "kurz"})
        assert short.json()["code"] == "password_length"
        assert client.post("/api/password", json={"old": "geheim123", "new": "neu-geheim"}
                           ).status_code == 200
        assert client.get("/api/me").json()["name"] == "Anna"  # this browser stays in
        mine = client.cookies.get("stich_login")
        client.cookies.clear()
        client.cookies.set("stich_login", other)
        assert client.get("/api/me").json() == {"name": None}  # the other login ended
        client.cookies.clear()
        client.cookies.set("stich_login", mine)
        assert client.post("/api/logout").status_code == 200
        assert client.get("/api/me").json() == {"name": None}
        assert client.post("/api/password", json={"old": "neu-geheim", "new": "x" * 9}
                           ).json()["code"] == "not_logged_in"
        old = client.post("/api/login", json={"name": "Anna", "password": "geheim123"})
        assert old.status_code == 403 and old.json()["code"] == "login_wrong"
        assert client.post("/api/login", json={"name": "Anna", "password": "neu-geheim"}
                           ).status_code == 200


def test_nobody_lists_matches_by_a_name(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool, GONE) as client:
        table_id = new_table(client, "schnapsen", [{"kind": "person"}] * 2)
        _, token = join(client, table_id, "Anna")
        join(client, table_id, "Bert")
        _finished(client, table_id)
        assert client.get("/api/players/Anna/matches").status_code == 404
        assert client.post("/api/history", json={"seats": [
            {"table": table_id, "token": "guessed-" + token[8:]}]}).json() == []
        assert client.post("/api/history", json={"seats": [
            {"table": "other", "token": token}]}).json() == []
        mine = client.post("/api/history", json={"seats": [
            {"table": table_id, "token": token}, {"table": "gone", "token": "x"}]}).json()
        assert [(m["id"], m["seat"], m["seats"]) for m in mine] == [
            (table_id, 0, ["Anna", "Bert"])]
        assert "token" not in str(mine)
        for bad in [{}, {"seats": "x"}, {"seats": [1]}, {"seats": [{"table": 1, "token": 2}]},
                    {"seats": [{"table": "t", "token": "k"}] * 151}]:
            assert client.post("/api/history", json=bad).status_code == 400
        # the replay stays reachable by its link
        assert client.get(f"/api/tables/{table_id}/replay").status_code == 200


def test_a_profile_lists_the_accounts_matches_unless_hidden(sqlite_url: str,
                                                            pool: Executor) -> None:
    with client_for(sqlite_url, pool, GONE) as client:
        before = new_table(client, "schnapsen", [{"kind": "person"}] * 2)
        join(client, before, "Cilli")  # a guest of that name, before the account was made
        join(client, before, "Gast")
        client.post("/api/accounts", json={"name": "Cilli", "password": "geheim123"})
        played = new_table(client, "jass", [{"kind": "person"}] + [
            {"kind": "bot", "level": "random"}] * 3)
        join(client, played, "Cilli")  # with the login cookie
        _finished(client, before)
        _finished(client, played)
        listed = client.get("/api/accounts/Cilli/matches").json()
        assert listed["hidden"] is False and [m["id"] for m in listed["matches"]] == [played]
        assert client.post("/api/profile", json={"hidden": "yes"}).status_code == 400
        assert client.post("/api/profile", json={"hidden": True}).json()["hidden"] is True
        assert client.get("/api/accounts/Cilli/matches").status_code == 200  # its owner
        login = client.cookies.get("stich_login")
        client.cookies.clear()
        hidden = client.get("/api/accounts/Cilli/matches")
        assert hidden.status_code == 403 and hidden.json()["code"] == "profile_hidden"
        assert client.get("/api/accounts/Nobody/matches").json()["code"] == "no_account"
        assert client.get(f"/api/tables/{played}/replay").status_code == 200
        assert client.post("/api/profile", json={"hidden": False}).status_code == 401
        client.cookies.set("stich_login", login)
        client.post("/api/profile", json={"hidden": False})
        client.cookies.clear()
        assert len(client.get("/api/accounts/Cilli/matches").json()["matches"]) == 1
