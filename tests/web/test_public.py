"""Public tables and play now over the real endpoints (docs/web.md, "Public tables and play
now"): the lobby's socket hears a public table open, fill and start, never a private one;
play now seats people at one waiting table of their game and preset, or opens one; the free
seats go to the away bot's level after the time chosen."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import pytest

from tests.web.helpers import FAST, client_for, next_message

TWO = [{"kind": "person"}, {"kind": "person"}]


def until(socket: Any, stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(200):
        message = next_message(socket)
        if stop(message):
            return message
    raise AssertionError("the message never came")


def listed(table_id: str, **fields: Any) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "table" and m["table"]["id"] == table_id and all(
        m["table"][k] == v for k, v in fields.items())


def test_the_lobby_hears_public_tables_live(db_url: str, pool: Executor) -> None:
    with client_for(db_url, pool) as client, client.websocket_connect("/ws/lobby") as ws:
        first = next_message(ws)
        assert first == {"type": "tables", "tables": []}
        assert next_message(ws)["type"] == "chat_history"
        private = client.post("/api/tables", json={"game": "schnapsen", "seats": TWO}).json()
        public = client.post("/api/tables", json={"game": "schnapsen", "seats": TWO,
                                                  "public": True}).json()
        opened = until(ws, lambda m: m["type"] in ("table", "gone"))
        assert opened["table"]["id"] == public["id"]  # the private one never comes
        entry = opened["table"]
        assert entry["free"] == 2 and entry["status"] == "waiting"
        assert entry["game"] == "schnapsen" and entry["preset"] == "soft"
        assert "owner" not in entry and all("token" not in s for s in entry["seats"])
        client.post(f"/api/tables/{public['id']}/join", json={"name": "Anna"})
        until(ws, listed(public["id"], free=1))
        client.post(f"/api/tables/{public['id']}/join", json={"name": "Bert"})
        until(ws, listed(public["id"], free=0, status="running"))  # now to watch
        assert [t["id"] for t in client.get("/api/public").json()["tables"]] == [public["id"]]
        assert client.get(f"/api/tables/{private['id']}").json()["public"] is False
        waiting = client.post("/api/tables", json={"game": "jass", "public": True,
                                                   "seats": [{"kind": "person"}] * 4}).json()
        until(ws, listed(waiting["id"], free=4))
        client.post(f"/api/tables/{waiting['id']}/cancel", json={"owner": waiting["owner"]})
        assert until(ws, lambda m: m["type"] == "gone") == {"type": "gone", "id": waiting["id"]}
    with client_for(db_url, pool) as client, client.websocket_connect("/ws/lobby") as ws:
        again = next_message(ws)  # a restarted server lists them from the database
        assert [t["id"] for t in again["tables"]] == [public["id"]]


def test_play_now_seats_people_together_or_opens_a_table(sqlite_url: str,
                                                         pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        other = client.post("/api/tables", json={"game": "schnapsen", "preset": "sharp",
                                                 "seats": TWO, "public": True}).json()
        anna = client.post("/api/play-now", json={"game": "schnapsen", "name": "Anna"}).json()
        assert anna["created"] is True and anna["table"] != other["id"]  # soft, not sharp
        assert anna["owner"] and anna["link"] == f"/t/{anna['table']}"
        bert = client.post("/api/play-now", json={"game": "schnapsen", "preset": "soft",
                                                  "name": "Bert"}).json()
        assert bert["created"] is False and bert["table"] == anna["table"]
        assert {anna["seat"], bert["seat"]} == {0, 1} and "owner" not in bert
        info = client.get(f"/api/tables/{anna['table']}").json()
        assert info["status"] == "running" and info["public"] is True
        with client.websocket_connect(f"/ws/{anna['table']}?token={bert['token']}") as ws:
            assert next_message(ws)["seat"] == bert["seat"]
        carla = client.post("/api/play-now", json={"game": "schnapsen", "name": "Carla"})
        assert carla.json()["table"] not in (anna["table"], other["id"])  # that one is full
        bad = client.post("/api/play-now", json={"game": "schnapsen", "name": "Bot 2 (x)"})
        assert bad.status_code == 400 and bad.json()["code"] == "name_bot"
        assert len(client.get("/api/public").json()["tables"]) == 3  # no table for the refusal
        for body, code in [({"game": "tarock", "name": "A"}, "unknown_game"),
                           ({"game": "jass", "name": "A", "bots_after": 0}, "bad_bots_after"),
                           ({"game": "jass", "name": "A", "bots_after": True},
                            "bad_bots_after"),
                           ({"game": "jass", "name": "A", "seats": []}, "table_field")]:
            answer = client.post("/api/play-now", json=body)
            assert answer.status_code == 400 and answer.json()["code"] == code, body
        answer = client.post("/api/tables", json={"game": "jass", "public": "yes"})
        assert answer.json()["code"] == "bad_public"


def test_bots_fill_the_free_seats_after_the_time_chosen(sqlite_url: str,
                                                        pool: Executor) -> None:
    """Bauernschnapsen (four seats, B-1): one person, three bots of the server's bot level."""
    with client_for(sqlite_url, pool) as client, client.websocket_connect("/ws/lobby") as ws:
        anna = client.post("/api/play-now", json={"game": "bauernschnapsen", "name": "Anna",
                                                  "bots_after": 1}).json()
        entry = until(ws, listed(anna["table"], free=3))["table"]
        assert entry["bots_after"] == 1 and entry["bots_at"] > entry["created"]
        with client.websocket_connect(f"/ws/{anna['table']}?token={anna['token']}") as table:
            until(table, lambda m: m["type"] == "view")  # the match starts by itself
        info = client.get(f"/api/tables/{anna['table']}").json()
        assert info["status"] == "running"
        bots = [s for s in info["seats"] if s["kind"] == "bot"]
        assert len(bots) == 3 and {s["level"] for s in bots} == {FAST.bot_level}
        until(ws, listed(anna["table"], status="running"))


def test_bots_wait_for_a_person(sqlite_url: str, pool: Executor) -> None:
    """A public table nobody sat at is not played by bots alone: they come with the first
    person once the time is up."""
    with client_for(sqlite_url, pool) as client:
        table = client.post("/api/tables", json={"game": "schnapsen", "seats": TWO,
                                                 "public": True, "bots_after": 1}).json()
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            assert client.get(f"/api/tables/{table['id']}").json()["status"] == "waiting"
            time.sleep(0.1)
        client.post(f"/api/tables/{table['id']}/join", json={"name": "Anna"})
        for _ in range(100):
            if client.get(f"/api/tables/{table['id']}").json()["status"] == "running":
                break
            time.sleep(0.05)
        else:
            pytest.fail("the bots did not come with the first person")
