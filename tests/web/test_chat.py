"""Chat at the table and in the lobby over the real WebSocket endpoints (docs/web.md, "Chat"):
people's text only, cleaned and capped, five messages in ten seconds a connection, kept for
whoever connects later, spectators read, the owner turns it off, reports are logged and
stored for the operator."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import pytest

from stich.web import chat
from stich.web.store import Store
from tests.web.helpers import client_for, join, new_table, next_message

TWO = [{"kind": "person"}, {"kind": "person"}]
FIELDS = {"type", "id", "at", "name", "seat", "text"}


def until(socket: Any, stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(300):
        message = next_message(socket)
        if stop(message):
            return message
    raise AssertionError("the message never came")


def is_chat(m: dict[str, Any]) -> bool:
    return m["type"] == "chat"


def refusal(code: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "error" and m["code"] == code


def say(ws: Any, text: Any) -> None:
    ws.send_text(json.dumps({"type": "chat", "text": text}))


def test_clean_text_keeps_text_and_drops_controls() -> None:
    assert chat.clean_text("  <b>hi</b>\n\tthere\x00\u202e!  ") == "<b>hi</b> there !"
    assert chat.clean_text("Grüß Gott 👨‍👩‍👧") == "Grüß Gott 👨‍👩‍👧"  # joiners stay
    for text, code in [("", "chat_empty"), ("\u202e\x07 ", "chat_empty"),
                       ("x" * (chat.MAX_TEXT + 1), "chat_long"), (5, "chat_not_text")]:
        with pytest.raises(chat.ChatRefused) as refused:
            chat.clean_text(text)
        assert refused.value.reply["code"] == code


def test_chat_at_the_table(db_url: str, pool: Executor) -> None:
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen", TWO)
        owner = client.post("/api/tables", json={"game": "schnapsen", "seats": TWO})
        assert owner.status_code == 200
        seat_a, token_a = join(client, table_id, "Anna")
        seat_b, token_b = join(client, table_id, "<img src=x onerror=alert(1)>")
        with client.websocket_connect(f"/ws/{table_id}?token={token_a}") as anna, \
                client.websocket_connect(f"/ws/{table_id}?token={token_b}") as bert, \
                client.websocket_connect(f"/ws/{table_id}?watch=1") as watcher:
            history = until(anna, lambda m: m["type"] == "chat_history")
            assert history == {"type": "chat_history", "on": True, "messages": []}
            say(bert, "<script>alert(1)</script>\nServus\u202e")
            heard = [until(ws, is_chat) for ws in (anna, bert, watcher)]
            assert heard[0] == heard[1] == heard[2]
            said = heard[0]
            assert set(said) == FIELDS  # who and what, nothing of the cards
            assert said["text"] == "<script>alert(1)</script> Servus"
            assert said["name"] == "<img src=x onerror=alert(1)>" and said["seat"] == seat_b
            say(watcher, "spectators read only")
            assert until(watcher, lambda m: m["type"] == "error")["code"] == "spectator"
            for n in range(5):  # five in ten seconds, then a one-line refusal
                say(anna, f"message {n}")
            for n in range(5):
                assert until(bert, is_chat)["text"] == f"message {n}"
            say(anna, "one too many")
            told = until(anna, lambda m: m["type"] == "error")
            assert told["code"] == "chat_too_fast" and told["args"] == {"count": 5,
                                                                        "seconds": 10}
            say(bert, "x" * (chat.MAX_TEXT + 1))
            assert until(bert, lambda m: m["type"] == "error")["code"] == "chat_long"
        with client.websocket_connect(f"/ws/{table_id}?token={token_a}") as again:
            history = until(again, lambda m: m["type"] == "chat_history")
            texts = [m["text"] for m in history["messages"]]
            assert texts == ["<script>alert(1)</script> Servus"] + [f"message {n}"
                                                                    for n in range(5)]
            assert seat_a == 0
        bad = client.post("/api/chat/report", json={"room": table_id})
        assert bad.status_code == 400 and bad.json()["code"] == "bad_report"


def test_the_owner_turns_the_chat_off(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table = client.post("/api/tables", json={"game": "schnapsen", "seats": TWO}).json()
        _, token = join(client, table["id"], "Anna")
        with client.websocket_connect(f"/ws/{table['id']}?token={token}") as anna:
            wrong = client.post(f"/api/tables/{table['id']}/chat",
                                json={"owner": "not it", "on": False})
            assert wrong.status_code == 403 and wrong.json()["code"] == "not_owner"
            bad = client.post(f"/api/tables/{table['id']}/chat",
                              json={"owner": table["owner"], "on": "no"})
            assert bad.json()["code"] == "bad_chat_switch"
            off = client.post(f"/api/tables/{table['id']}/chat",
                              json={"owner": table["owner"], "on": False})
            assert off.json() == {"chat": False}
            assert until(anna, lambda m: m["type"] == "chat_state") == {
                "type": "chat_state", "on": False}
            say(anna, "hello?")
            assert until(anna, lambda m: m["type"] == "error")["code"] == "chat_off"
        assert client.get(f"/api/tables/{table['id']}").json()["chat"] is False
    with client_for(sqlite_url, pool) as client:  # stored: still off after a restart
        assert client.get(f"/api/tables/{table['id']}").json()["chat"] is False


def test_lobby_chat_and_reports(sqlite_url: str, pool: Executor,
                                caplog: pytest.LogCaptureFixture) -> None:
    with client_for(sqlite_url, pool) as client:
        client.post("/api/accounts", json={"name": "Zoe", "password": "secret-password"})
        client.post("/api/logout")
        client.cookies.clear()
        with client.websocket_connect("/ws/lobby") as one, \
                client.websocket_connect("/ws/lobby") as two:
            for ws in (one, two):
                until(ws, lambda m: m["type"] == "chat_history")
            one.send_text(json.dumps({"type": "chat", "name": "Zoe", "text": "I am Zoe"}))
            assert until(one, lambda m: m["type"] == "error")["code"] == "name_account"
            one.send_text(json.dumps({"type": "chat", "name": "Anna", "text": "Wer spielt?"}))
            said = until(two, is_chat)
            assert set(said) == FIELDS and said["name"] == "Anna" and said["seat"] is None
            two.send_text(json.dumps({"type": "chat", "name": "", "text": "x"}))
            assert until(two, lambda m: m["type"] == "error")["code"] == "name_missing"
            two.send_text(json.dumps({"type": "dance"}))
            assert until(two, lambda m: m["type"] == "error")["code"] == "unknown_type"
        with caplog.at_level(logging.WARNING, logger="stich.web.reports"):
            answer = client.post("/api/chat/report", json={"room": "lobby", "id": said["id"]})
        assert answer.json() == {"reported": said["id"]}
        assert [r.name for r in caplog.records] == ["stich.web.reports"]
        assert "Wer spielt?" in caplog.records[0].getMessage()
        missing = client.post("/api/chat/report", json={"room": "elsewhere", "id": said["id"]})
        assert missing.status_code == 404 and missing.json()["code"] == "no_message"
        for _ in range(8):  # ten a minute from one address (the 404 counted), then refused
            assert client.post("/api/chat/report", json={"room": "lobby", "id": said["id"]}
                               ).status_code == 200
        flood = client.post("/api/chat/report", json={"room": "lobby", "id": said["id"]})
        assert flood.status_code == 429 and flood.json()["code"] == "reports_too_fast"
        with client.websocket_connect("/ws/lobby") as later:
            until(later, lambda m: m["type"] == "tables")
            history = next_message(later)
            assert [m["text"] for m in history["messages"]] == ["Wer spielt?"]
    store = Store(sqlite_url)
    try:
        rows = chat.reported(store.engine)
    finally:
        store.close()
    assert [(r["room"], r["name"], r["text"], r["reporter"]) for r in rows] == [
        ("lobby", "Anna", "Wer spielt?", "guest")] * 9
