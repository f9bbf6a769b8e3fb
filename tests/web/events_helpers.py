"""Online events in tests (docs/tournament.md, "Online"): an organiser over HTTP, players as
WebSocket clients that wait on their event page for their table and play it with random
legal moves."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
from typing import Any

from tests.web.helpers import next_message, play_randomly


def call(url: str, body: dict[str, Any] | None = None, login: str | None = None) -> Any:
    """GET (no body) or POST JSON (with an account's ``login`` cookie); the answer's JSON,
    or AssertionError with the refusal."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if login is not None:
        headers["Cookie"] = f"stich_login={login}"
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        return json.load(urllib.request.urlopen(request, timeout=60))
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{url}: {error.code} {error.read().decode()}") from None


def refusal(url: str, body: dict[str, Any], login: str | None = None
            ) -> tuple[int, dict[str, Any]]:
    """The status and JSON of a request that must be refused."""
    headers = {"Content-Type": "application/json"}
    if login is not None:
        headers["Cookie"] = f"stich_login={login}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    try:
        urllib.request.urlopen(request, timeout=60)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    raise AssertionError(f"{url} was not refused")


def new_event(server: str, name: str, **settings: Any) -> dict[str, Any]:
    answer: dict[str, Any] = call(server + "/api/events", {"name": name, **settings})
    return answer


def ws_url(server: str, path: str) -> str:
    return "ws" + server.removeprefix("http") + path


class Player(threading.Thread):
    """A registered person: his event page's socket, and each table it hands him played to
    its end with random legal moves (seeded), until the event is finished. ``played`` lists
    the tables, ``seen`` every event message."""

    def __init__(self, server: str, event: int, entry: str, seed: int,
                 stop_after: int | None = None) -> None:
        super().__init__(daemon=True)
        self.server, self.event, self.entry = server, event, entry
        self.rng = random.Random(seed)
        self.played: list[str] = []
        self.seen: list[dict[str, Any]] = []
        self.error: BaseException | None = None
        self.stop_after = stop_after

    def run(self) -> None:
        from websockets.sync.client import connect

        try:
            with connect(ws_url(self.server, f"/ws/e/{self.event}?entry={self.entry}"),
                         open_timeout=30) as page:
                while True:
                    message = json.loads(page.recv(timeout=120))
                    self.seen.append(message)
                    if message.get("type") != "event":
                        continue
                    if message["event"]["phase"] == "finished":
                        return
                    table = message["you"].get("table")
                    if table is None or table["id"] in self.played:
                        continue
                    self.play(table)
                    if self.stop_after is not None and len(self.played) >= self.stop_after:
                        return
        except BaseException as error:  # the test reads it
            self.error = error

    def play(self, table: dict[str, Any]) -> None:
        from websockets.sync.client import connect

        self.played.append(table["id"])
        url = ws_url(self.server, f"/ws/{table['id']}?token={table['token']}")
        with connect(url, open_timeout=30) as connection:
            socket = Socket(connection)
            while next_message(socket).get("type") != "hello":
                pass
            play_randomly(socket, table["seat"], self.rng, [])


class Socket:
    """A websockets client as the table helpers read and write a socket."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def recv(self, timeout: float) -> Any:
        return self.connection.recv(timeout=timeout)

    def send_text(self, text: str) -> None:
        self.connection.send(text)
