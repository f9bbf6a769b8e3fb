"""Every frame a table's WebSocket gets is answered (docs/web.md, robustness): a binary frame
gets a one-line error and the socket stays open, a frame over ``WS_MAX_SIZE`` closes it with
1009 and a reason that the page shows, and an action is always judged, so a legal move sent
right behind a flood is taken; only refused messages cost rate-limit tokens."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.actor import Settings
from stich.web.frames import WS_MAX_SIZE, RateLimit, check_message
from tests.web.helpers import (
    FAST,
    client_for,
    join,
    my_turn,
    new_table,
    next_message,
    receive_until,
)
from tests.web.test_workers import workers  # noqa: F401  (the fixture: two workers, Redis)

PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot", "level": "random"}]


@pytest.fixture
def seated(sqlite_url: str, pool: Executor) -> Iterator[tuple[Any, str, str]]:
    """A client over a Schnapsen table: Anna (a person) against a random bot."""
    settings = dataclasses.replace(FAST, burst=5, rate=0.01)
    with client_for(sqlite_url, pool, settings) as client:
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        _, token = join(client, table_id, "Anna")
        yield client, table_id, token


def _error(socket: Any) -> dict[str, Any]:
    return receive_until(socket, lambda m: m["type"] == "error", [])


def test_a_binary_frame_gets_a_one_line_error_and_the_socket_stays_open(
        seated: tuple[Any, str, str]) -> None:
    client, table_id, token = seated
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        turn = receive_until(socket, my_turn(0), [])
        socket.send_bytes(b"\x00\x01binary")
        error = _error(socket)
        assert error["code"] == "binary_frame" and "\n" not in error["error"]
        assert error["error"] == "binary frames are not read: send JSON text"
        socket.send_text(json.dumps({"type": "action", "action": turn["legal"][0]}))
        receive_until(socket, lambda m: m["type"] == "event" and m["event"]["seat"] == 0, [])


def test_errors_before_the_table_carry_a_code(seated: tuple[Any, str, str]) -> None:
    client, table_id, token = seated
    cases = {"{not json": "not_json",
             json.dumps({"type": "action", "action": "x" * 5000}): "message_too_large",
             json.dumps({"type": "dance"}): "unknown_type",
             json.dumps({"type": "action", "action": 7}): "action_not_text"}
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        receive_until(socket, lambda m: m["type"] == "view", [])
        for raw, code in cases.items():
            socket.send_text(raw)
            assert _error(socket)["code"] == code, raw[:30]
        socket.send_text(json.dumps({"type": "dance"}))
        assert _error(socket)["args"] == {"type": "dance"}


@pytest.mark.parametrize("binary", [False, True])
def test_a_frame_over_the_limit_closes_with_1009_and_a_reason(
        seated: tuple[Any, str, str], binary: bool) -> None:
    from starlette.websockets import WebSocketDisconnect

    client, table_id, token = seated
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        receive_until(socket, lambda m: m["type"] == "view", [])
        size = WS_MAX_SIZE + 1
        if binary:
            socket.send_bytes(b"x" * size)
        else:
            socket.send_text("x" * size)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_text()
        assert closed.value.code == 1009
        assert closed.value.reason == (f"message of {size} bytes is over the limit of "
                                       f"{WS_MAX_SIZE}")
    # the table goes on: the seat reconnects and plays
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        turn = receive_until(socket, my_turn(0), [])
        socket.send_text(json.dumps({"type": "action", "action": turn["legal"][0]}))
        receive_until(socket, lambda m: m["type"] == "event" and m["event"]["seat"] == 0, [])


def test_a_legal_move_right_behind_a_flood_is_taken(seated: tuple[Any, str, str]) -> None:
    client, table_id, token = seated
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        turn = receive_until(socket, my_turn(0), [])
        for _ in range(100):
            socket.send_text("{junk")
        socket.send_text(json.dumps({"type": "action", "action": "play ZZ"}))  # judged too
        socket.send_text(json.dumps({"type": "action", "action": turn["legal"][0]}))
        seen: list[dict[str, Any]] = []
        receive_until(socket, lambda m: m["type"] == "event" and m["event"]["seat"] == 0, seen)
        errors = [m for m in seen if m["type"] == "error"]
        codes = [m.get("code") for m in errors]
        assert codes[:6] == ["not_json"] * 5 + ["too_many_messages"]
        judged = [m for m in errors if m.get("action") == "play ZZ"]  # refused with its reason
        assert len(judged) == 1 and "ZZ" in judged[0]["error"]
        assert judged[0]["code"] == "bad_action"
        flood = [m.get("code") for m in errors[5:] if m.get("action") != "play ZZ"]
        assert set(flood) == {"too_many_messages"}


def test_taken_actions_cost_no_tokens(sqlite_url: str, pool: Executor) -> None:
    """Two tokens and no refill: a dozen legal moves are all taken; three refused actions are
    each told with their reason, and having spent the tokens, the junk after them gets the
    notice."""
    settings = dataclasses.replace(FAST, burst=2, rate=0.001)
    with client_for(sqlite_url, pool, settings) as client:
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            seen: list[dict[str, Any]] = []
            for _ in range(12):
                turn = receive_until(socket, my_turn(0), seen)
                if turn["type"] == "match_end":
                    break
                socket.send_text(json.dumps({"type": "action", "action": turn["legal"][0]}))
            assert not [m for m in seen if m["type"] == "error"]
            for _ in range(3):
                socket.send_text(json.dumps({"type": "action", "action": "play ZZ"}))
            socket.send_text("{junk")
            errors = [_error(socket) for _ in range(4)]
            assert all(e["action"] == "play ZZ" for e in errors[:3])
            assert errors[3]["code"] == "too_many_messages"


def test_the_relay_passes_every_action_on_whatever_the_bucket_holds() -> None:
    settings = Settings()
    limit = RateLimit(burst=1, rate=0.0001)
    assert check_message("{junk", limit, settings)[1] is not None
    assert check_message("{junk", limit, settings)[1] is not None  # the notice, once
    assert check_message("{junk", limit, settings) == (None, None)  # dropped: bucket empty
    action = json.dumps({"type": "action", "action": "play HA"})
    assert check_message(action, limit, settings) == ("play HA", None)
    assert check_message(b"\x00", RateLimit(1, 1.0), settings)[1]["code"] == (  # type: ignore[index]
        "binary_frame")


def test_the_page_shows_why_the_server_closed_the_socket(browser: Any, tmp_path: Path,
                                                         pool: Executor) -> None:
    from stich.web.app import create_app
    from tests.browser import LiveServer

    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, pool)) as base:
        from tests.web.test_workers import call

        host = base.removeprefix("http://")
        table = call(f"http://{host}/api/tables", {"game": "schnapsen", "seats": [
            {"kind": "person"}, {"kind": "bot", "level": "random"}]})
        context = browser.new_context()
        page = context.new_page()
        try:
            page.add_init_script("localStorage.setItem('stich:lang', 'en')")
            page.goto(f"{base}/t/{table['id']}")
            page.fill("#name", "Anna")
            page.click("#joinbtn")
            page.wait_for_selector(".seatbox.me")
            page.wait_for_function("() => socket && socket.readyState === 1")
            page.evaluate(f"socket.send('x'.repeat({WS_MAX_SIZE + 1}))")
            page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
            assert page.text_content("#error") == (
                f"The server closed the connection: message of {WS_MAX_SIZE + 1} bytes is "
                f"over the limit of {WS_MAX_SIZE}")
        finally:
            context.close()


def test_a_relaying_worker_answers_every_frame_too(workers: list[str]) -> None:  # noqa: F811
    """A browser on the worker that does not hold the table (docs/web.md, several workers)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from tests.web.test_workers import call

    one, two = workers
    table = call(f"http://{one}/api/tables", {"game": "schnapsen", "seats": PERSON_AND_BOT})
    token = call(f"http://{two}/api/tables/{table['id']}/join", {"name": "Anna"})["token"]
    url = f"ws://{two}/ws/{table['id']}?token={token}"

    def next_error(socket: Any) -> dict[str, Any]:
        while True:
            message = next_message(socket)
            if message["type"] == "error":
                return message

    with connect(url) as socket:
        socket.send(b"\x00binary")
        assert next_error(socket)["code"] == "binary_frame"
        socket.send(json.dumps({"type": "ping"}))  # still open: a pong comes
        while next_message(socket)["type"] != "pong":
            pass
    with connect(url, max_size=None) as socket:
        socket.send("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed):
            while True:
                socket.recv(timeout=30)
        assert socket.close_code == 1009
        assert socket.close_reason == (f"message of {WS_MAX_SIZE + 1} bytes is over the limit "
                                       f"of {WS_MAX_SIZE}")


def test_one_change_reaches_a_seat_in_one_frame(seated: tuple[Any, str, str]) -> None:
    """What one change tells a seat (its stream messages, the view, the seats) goes out as one
    frame holding a JSON array (docs/events.md, frames): the connection's start, then a move."""
    client, table_id, token = seated
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
        start = json.loads(socket.receive_text())
        assert isinstance(start, list) and start[0]["type"] == "hello"
        assert "view" in [m["type"] for m in start] and "seats" in [m["type"] for m in start]
        seen = list(start)
        turn = next((m for m in start if my_turn(0)(m)), None) or receive_until(
            socket, my_turn(0), seen)
        socket.send_text(json.dumps({"type": "action", "action": turn["legal"][0]}))
        frame = json.loads(socket.receive_text())
        assert isinstance(frame, list)
        kinds = [m["type"] for m in frame]
        assert kinds[0] == "event" and frame[0]["event"]["seat"] == 0
        assert "view" in kinds
        numbers = [m["n"] for m in frame if "n" in m]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def test_a_relaying_worker_passes_a_change_on_as_one_frame(
        workers: list[str]) -> None:  # noqa: F811
    """The owner publishes each change of a relayed client as one frame, and the relaying
    worker passes it on as it is (docs/events.md, frames; docs/web.md, several workers)."""
    from websockets.sync.client import connect

    from tests.web.test_workers import call

    one, two = workers
    table = call(f"http://{one}/api/tables", {"game": "schnapsen", "seats": PERSON_AND_BOT})
    token = call(f"http://{two}/api/tables/{table['id']}/join", {"name": "Anna"})["token"]
    with connect(f"ws://{two}/ws/{table['id']}?token={token}") as socket:
        start = json.loads(socket.recv(timeout=30))
        assert isinstance(start, list) and start[0]["type"] == "hello"
        assert "view" in [m["type"] for m in start]
