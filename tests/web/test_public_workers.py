"""Two ``stich serve`` workers sharing the public lobby and the chat through Redis (docs/web.md,
"Public tables and play now", "Chat"): a lobby connected to one worker hears the tables the
other holds; play now at one seats a person at a table the other holds; chat at a table whose
players sit at different workers reaches both, and the lobby's chat every lobby. Skipped
without Redis on localhost:6379."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from tests.web.helpers import next_message
from tests.web.test_workers import call, workers  # noqa: F401  (the fixture)

TWO = [{"kind": "person"}, {"kind": "person"}]


def until(socket: Any, stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(300):
        message = next_message(socket)
        if stop(message):
            return message
    raise AssertionError("the message never came")


def test_the_public_lobby_and_chat_across_two_workers(workers: list[str]) -> None:  # noqa: F811
    from websockets.sync.client import connect

    one, two = workers
    with contextlib.ExitStack() as stack:
        lobby_two = stack.enter_context(connect(f"ws://{two}/ws/lobby"))
        lobby_one = stack.enter_context(connect(f"ws://{one}/ws/lobby"))
        for lobby in (lobby_one, lobby_two):
            until(lobby, lambda m: m["type"] == "chat_history")
        table = call(f"http://{one}/api/tables", {"game": "schnapsen", "preset": "tournament",
                                                   "seats": TWO, "public": True})
        heard = until(lobby_two, lambda m: m["type"] == "table")["table"]
        assert heard["id"] == table["id"] and heard["free"] == 2
        anna = call(f"http://{one}/api/tables/{table['id']}/join", {"name": "Anna"})
        until(lobby_two, lambda m: m["type"] == "table" and m["table"]["free"] == 1)
        bert = call(f"http://{two}/api/play-now", {"game": "schnapsen", "preset": "tournament",
                                                   "name": "Bert"})  # joined through Redis
        assert bert["table"] == table["id"] and bert["created"] is False
        until(lobby_two, lambda m: m["type"] == "table" and m["table"]["status"] == "running")
        assert call(f"http://{two}/api/public")["tables"][0]["status"] == "running"

        at_one = stack.enter_context(connect(f"ws://{one}/ws/{table['id']}?token={anna['token']}"))
        at_two = stack.enter_context(connect(f"ws://{two}/ws/{table['id']}?token={bert['token']}"))
        for socket in (at_one, at_two):
            until(socket, lambda m: m["type"] == "chat_history")
        at_two.send(json.dumps({"type": "chat", "text": "Servus aus Worker zwei"}))
        for socket in (at_one, at_two):
            said = until(socket, lambda m: m["type"] == "chat")
            assert said["text"] == "Servus aus Worker zwei" and said["name"] == "Bert"
        off = call(f"http://{two}/api/tables/{table['id']}/chat",
                   {"owner": table["owner"], "on": False})
        assert off == {"chat": False}
        for socket in (at_one, at_two):
            assert until(socket, lambda m: m["type"] == "chat_state")["on"] is False

        lobby_one.send(json.dumps({"type": "chat", "name": "Carla", "text": "Wer mag Jass?"}))
        for lobby in (lobby_one, lobby_two):
            said = until(lobby, lambda m: m["type"] == "chat")
            assert (said["name"], said["text"]) == ("Carla", "Wer mag Jass?")
    with connect(f"ws://{two}/ws/lobby") as later:  # kept: a later lobby reads it
        until(later, lambda m: m["type"] == "tables")
        history = until(later, lambda m: m["type"] == "chat_history")
        assert [m["text"] for m in history["messages"]] == ["Wer mag Jass?"]
