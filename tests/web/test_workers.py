"""Two ``stich serve`` workers on loopback sharing the lobby through Redis (docs/web.md,
"Several workers behind one address"): a table whose players are connected to different
workers is played to its end, and the owner's calls reach the worker holding the table."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import free_port
from tests.web.helpers import next_message

REDIS = ("localhost", 6379)


def redis_answers() -> str | None:
    try:
        with socket.create_connection(REDIS, timeout=2) as probe:
            probe.sendall(b"PING\r\n")
            if probe.recv(16).startswith(b"+PONG"):
                return None
            return "the server on localhost:6379 does not answer PING"
    except OSError as error:
        return f"no Redis answers on localhost:6379: {error}"


def call(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[str]]:
    why = redis_answers()
    if why:
        pytest.skip(why)
    db = f"sqlite:///{tmp_path / 'web.db'}"
    redis_url = f"redis://{REDIS[0]}:{REDIS[1]}/0"
    ports = [free_port(), free_port()]
    bases = [f"127.0.0.1:{port}" for port in ports]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for port, base in zip(ports, bases, strict=True):  # one after the other: one migrates
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "stich", "serve", "--port", str(port), "--database-url",
                 db, "--redis-url", redis_url, "--bot-delay", "0", "--bot-workers", "1"],
                env=dict(os.environ, STICH_HOME=str(tmp_path)), stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE))
            for _ in range(600):
                try:
                    call(f"http://{base}/api/games")
                    break
                except OSError:
                    if processes[-1].poll() is not None:
                        raise AssertionError(processes[-1].stderr.read().decode()[-800:]
                                             ) from None
                    time.sleep(0.1)
            else:
                raise AssertionError(f"worker {base} did not start")
        yield bases
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        forget_tables(tmp_path / "web.db")


def forget_tables(db: Path) -> None:
    """This database's tables out of the shared Redis's list of open tables."""
    import sqlite3

    import redis

    if not db.exists():
        return
    with contextlib.closing(sqlite3.connect(db)) as conn:
        tables = [row[0] for row in conn.execute("SELECT id FROM web_tables")]
    if tables:
        redis.Redis(*REDIS).srem("stich:open", *tables)


def test_a_table_played_across_two_workers(workers: list[str]) -> None:
    from websockets.sync.client import connect

    one, two = workers
    table = call(f"http://{one}/api/tables",
                 {"game": "schnapsen", "seats": [{"kind": "person"}, {"kind": "person"}]})
    first = call(f"http://{one}/api/tables/{table['id']}/join", {"name": "Anna"})
    second = call(f"http://{two}/api/tables/{table['id']}/join", {"name": "Bert"})  # relayed
    assert {first["seat"], second["seat"]} == {0, 1}
    assert call(f"http://{two}/api/tables/{table['id']}")["status"] == "running"
    stack = contextlib.ExitStack()
    sockets = {seat: stack.enter_context(connect(f"ws://{host}/ws/{table['id']}?token={token}"))
               for seat, host, token in ((first["seat"], one, first["token"]),
                                         (second["seat"], two, second["token"]))}
    rng = random.Random(2)
    streams: dict[int, list[dict[str, Any]]] = {0: [], 1: []}

    def next_view(seat: int) -> dict[str, Any]:
        while True:
            message = next_message(sockets[seat])
            streams[seat].append(message)
            if message["type"] == "view":
                return message

    try:
        views = {seat: next_view(seat) for seat in (0, 1)}
        while not views[0]["over"]:
            to_act = views[0]["view"]["to_act"]
            if to_act == -1:  # a deal's end: both continue (the relayed one through Redis)
                for socket in sockets.values():
                    socket.send(json.dumps({"type": "continue"}))
                views = {seat: next_view(seat) for seat in (0, 1)}
                continue
            if views[to_act]["view"]["to_act"] != to_act:  # that seat has not heard yet
                views[to_act] = next_view(to_act)
                continue
            sockets[to_act].send(json.dumps({"type": "action", "action": rng.choice(
                views[to_act]["view"]["legal_actions"])}))
            views = {seat: next_view(seat) for seat in (0, 1)}
    finally:
        stack.close()
    for seat in (0, 1):
        numbered = [m for m in streams[seat] if "n" in m]
        assert [m["n"] for m in numbered] == list(range(len(numbered)))
        assert numbered[-1]["type"] == "match_end"
    assert call(f"http://{two}/api/tables/{table['id']}")["status"] == "finished"


def test_the_owners_calls_reach_the_worker_holding_the_table(workers: list[str]) -> None:
    """A bot for a free seat and a cancel, asked of the worker that does not hold the table,
    are done by the one that does: its people, connected there, hear of them at once."""
    from websockets.sync.client import connect

    one, two = workers
    seats = [{"kind": "person"}, {"kind": "person"}]
    started = call(f"http://{one}/api/tables", {"game": "schnapsen", "seats": seats})
    anna = call(f"http://{one}/api/tables/{started['id']}/join", {"name": "Anna"})
    with connect(f"ws://{one}/ws/{started['id']}?token={anna['token']}") as ws:
        info = call(f"http://{two}/api/tables/{started['id']}/bot",
                    {"owner": started["owner"], "seat": 1, "level": "random"})
        assert info["seats"][1]["kind"] == "bot"
        while True:  # Anna, at the holding worker, is told and the match starts there
            message = next_message(ws)
            if message["type"] == "view":
                break
    assert call(f"http://{one}/api/tables/{started['id']}")["status"] == "running"

    waiting = call(f"http://{one}/api/tables", {"game": "schnapsen", "seats": seats})
    bert = call(f"http://{one}/api/tables/{waiting['id']}/join", {"name": "Bert"})
    with connect(f"ws://{one}/ws/{waiting['id']}?token={bert['token']}") as ws:
        refused = urllib.request.Request(
            f"http://{two}/api/tables/{waiting['id']}/cancel",
            data=json.dumps({"owner": "not the owner"}).encode(),
            headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(refused, timeout=30)
        assert error.value.code == 403
        assert call(f"http://{two}/api/tables/{waiting['id']}/cancel",
                    {"owner": waiting["owner"]}) == {"status": "cancelled"}
        while (message := next_message(ws))["type"] != "seats" or (
                message["status"] != "cancelled"):
            pass
    assert call(f"http://{one}/api/tables/{waiting['id']}")["status"] == "cancelled"
