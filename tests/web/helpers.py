"""Helpers for the web server's tests: an app over SQLite or PostgreSQL, seats played by
clients on the real WebSocket endpoint."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import weakref
from collections import deque
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, TypeVar

from stich.web.actor import Settings
from stich.web.app import create_app

T = TypeVar("T")

FAST = Settings(away_after=60.0, bot_delay=0.0, seed=13, deal_wait=0.2, deal_wait_bots=0.0,
                bot_level="rules")
"""Tests: the next deal starts 0.2 s after a deal's end (tests of the panels set a
table's own ``deal_wait``); the bots people meet by default play by rule, at once (a server's
default is the expert: ``tests/web/test_default_bot.py``)."""


@contextmanager
def client_for(url: str, pool: Executor, settings: Settings = FAST) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    with TestClient(create_app(url, settings, pool)) as client:
        yield client


def new_table(client: Any, game: str, seats: list[dict[str, Any]], preset: str | None = None,
              options: dict[str, Any] | None = None) -> str:
    spec: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
    if preset:
        spec["preset"] = preset
    answer = client.post("/api/tables", json=spec)
    assert answer.status_code == 200, answer.text
    table_id: str = answer.json()["id"]
    return table_id


def join(client: Any, table_id: str, name: str) -> tuple[int, str]:
    answer = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    return data["seat"], data["token"]


_waiting: weakref.WeakKeyDictionary[Any, deque[dict[str, Any]]] = weakref.WeakKeyDictionary()
"""Each socket's messages read in a frame but not yet handed out."""


def next_message(socket: Any) -> dict[str, Any]:
    """The socket's next message: a frame holds one message or a JSON array of them, one
    change's messages (docs/events.md)."""
    waiting = _waiting.setdefault(socket, deque())
    while not waiting:  # a TestClient session, or a websockets client on a live server
        data = json.loads(socket.receive_text() if hasattr(socket, "receive_text")
                          else socket.recv(timeout=30))
        waiting.extend(data if isinstance(data, list) else [data])
    return waiting.popleft()


def receive_until(socket: Any, stop: Any, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Read messages (kept in ``seen``) until ``stop(message)``; that message. At a deal's
    end this seat continues at once (the panel's button), unless ``stop`` wants the panel."""
    while True:
        message = next_message(socket)
        seen.append(message)
        if stop(message):
            return message
        if message.get("type") == "deal_end":
            socket.send_text(json.dumps({"type": "continue"}))


def my_turn(seat: int) -> Any:
    return lambda m: (m.get("type") == "turn" and m.get("seat") == seat and "legal" in m) or (
        m.get("type") == "match_end")


def play_randomly(socket: Any, seat: int, rng: random.Random, seen: list[dict[str, Any]],
                  max_moves: int = 10_000) -> dict[str, Any]:
    """Answer every turn of this seat with a random legal action until the match ends; the
    match_end message."""
    for _ in range(max_moves):
        message = receive_until(socket, my_turn(seat), seen)
        if message["type"] == "match_end":
            return message
        socket.send_text(json.dumps({"type": "action", "action": rng.choice(message["legal"])}))
    raise AssertionError("the match did not end")


def run_apart(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own: a browser test's Playwright keeps an
    event loop running in the test's thread, where ``asyncio.run`` is refused."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(main())).result()
