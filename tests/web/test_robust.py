"""Bad input, restarts, reconnects and absent players."""

from __future__ import annotations

import dataclasses
import json
import random
import time
from concurrent.futures import Executor
from typing import Any

from tests.web.helpers import (
    FAST,
    client_for,
    join,
    my_turn,
    new_table,
    next_message,
    receive_until,
)


def test_bad_messages_get_a_clear_error_and_the_table_goes_on(db_url: str,
                                                              pool: Executor) -> None:
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen", [{"kind": "person"}, {"kind": "person"}])
        tokens = [join(client, table_id, name)[1] for name in ("Anna", "Bert")]
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as two:
            views = [receive_until(socket, lambda m: m["type"] == "view", [])["view"]
                     for socket in (one, two)]
            to_act = views[0]["to_act"]
            first = views[to_act]
            mover, waiter = (one, two) if to_act == 0 else (two, one)
            cases = {
                "{not json": "not JSON",
                json.dumps({"type": "action", "action": "x" * 5000}): "larger than 4096",
                json.dumps({"type": "dance"}): "unknown message type",
                json.dumps({"type": "action", "action": 7}): "'action' is an action",
                json.dumps({"type": "action", "action": "play ZZ"}): "",
                json.dumps({"type": "action", "action": first["legal_actions"][0]}): "turn",
            }
            for raw, expected in cases.items():
                sender = waiter if expected == "turn" else mover
                sender.send_text(raw)
                error = receive_until(sender, lambda m: m["type"] == "error", [])
                assert expected in error["error"], (raw[:40], error)
            # the table goes on: a legal move is taken and both hear of it
            mover.send_text(json.dumps({"type": "action", "action": first["legal_actions"][0]}))
            for socket in (one, two):
                receive_until(socket, lambda m: m["type"] == "event"
                              and m["event"]["seat"] == to_act, [])
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "running"


def test_a_flood_is_refused_and_play_goes_on(sqlite_url: str, pool: Executor) -> None:
    settings = dataclasses.replace(FAST, burst=5, rate=1.0)
    with client_for(sqlite_url, pool, settings) as client:
        table_id = new_table(client, "schnapsen", [{"kind": "person"}, {"kind": "person"}])
        tokens = [join(client, table_id, name)[1] for name in ("Anna", "Bert")]
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as socket:
            view = receive_until(socket, lambda m: m["type"] == "view", [])["view"]
            for _ in range(200):
                socket.send_text("{junk")
            errors: list[str] = []
            while len(errors) < 6:
                message = next_message(socket)
                if message["type"] == "error":
                    errors.append(message["error"])
            assert errors[:5] == ["the message is not JSON"] * 5
            assert errors[5] == "too many messages: slow down"
        # the other seat still plays
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[1]}") as other:
            seat = 1
            if view["to_act"] == 1:
                message = receive_until(other, my_turn(seat), [])
                other.send_text(json.dumps({"type": "action", "action": message["legal"][0]}))
                receive_until(other, lambda m: m["type"] == "event"
                              and m["event"]["seat"] == seat, [])


def test_unknown_tables_and_seats_are_told_so(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        with client.websocket_connect("/ws/no-such-table?token=x") as socket:
            assert "no such table" in json.loads(socket.receive_text())["error"]
        assert client.get("/api/tables/nope").status_code == 404
        table_id = new_table(client, "jass", [{"kind": "person"}] * 4)
        with client.websocket_connect(f"/ws/{table_id}?token=wrong") as socket:
            assert "join first" in json.loads(socket.receive_text())["error"]
        bad = client.post("/api/tables", json={"game": "poker"})
        assert bad.status_code == 400 and "unknown game" in bad.json()["error"]
        bad = client.post("/api/tables", json={"game": "schnapsen", "options": {"wrong": 1}})
        assert bad.status_code == 400
        bad = client.post("/api/tables", json={"game": "schnapsen", "seats": [
            {"kind": "person"}, {"kind": "bot", "level": "godlike"}]})
        assert "no bot 'godlike'" in bad.json()["error"]
        assert client.post("/api/tables", content=b"x" * 20_000).status_code == 413


def test_a_restart_resumes_the_table_and_a_reconnect_gets_the_stream_back(
        db_url: str, pool: Executor) -> None:
    rng = random.Random(3)
    before: list[dict[str, Any]] = []
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "rules"}])
        seat, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            for _ in range(12):
                message = receive_until(socket, my_turn(seat), before)
                socket.send_text(json.dumps({"type": "action",
                                             "action": rng.choice(message["legal"])}))
            receive_until(socket, lambda m: m["type"] == "view", before)
    numbered = [m for m in before if "n" in m]
    half = len(numbered) // 2
    with client_for(db_url, pool) as client:  # a new server over the same database
        after: list[dict[str, Any]] = []
        with client.websocket_connect(f"/ws/{table_id}?token={token}&since={half}") as socket:
            receive_until(socket, lambda m: m["type"] == "view", after)
            again = [m for m in after if "n" in m]
            assert again[0]["n"] == half
            assert again[:len(numbered) - half] == numbered[half:]
            view = [m for m in after if m["type"] == "view"][-1]
            while not view["over"]:
                if view["view"]["to_act"] == seat:
                    socket.send_text(json.dumps({"type": "action", "action": rng.choice(
                        view["view"]["legal_actions"])}))
                view = receive_until(socket, lambda m: m["type"] == "view", after)
            assert any(m["type"] == "match_end" for m in after)
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"


def test_an_absent_player_is_replaced_by_a_marked_bot_until_he_returns(
        sqlite_url: str, pool: Executor) -> None:
    settings = dataclasses.replace(FAST, away_after=0.2)
    with client_for(sqlite_url, pool, settings) as client:
        table_id = new_table(client, "schnapsen", [{"kind": "person"}, {"kind": "person"}])
        tokens = [join(client, table_id, name)[1] for name in ("Anna", "Bert")]
        # nobody connects: after the away time both seats are played by marked bots
        for _ in range(300):
            info = client.get(f"/api/tables/{table_id}").json()
            if info["status"] == "finished":
                break
            time.sleep(0.05)
        assert info["status"] == "finished"
        assert [seat["away"] for seat in info["seats"]] == [True, True]
        # a finished match is listed, replayable and its record verifies
        frames = client.get(f"/api/tables/{table_id}/replay").json()
        assert frames["frames"][-1]["match"] == frames["record"]["match"]
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[0]}") as socket:
            seen: list[dict[str, Any]] = []
            receive_until(socket, lambda m: m["type"] == "seats", seen)
            assert any(m["type"] == "match_end" for m in seen)
