"""Faults leave no table stuck (docs/web.md, robustness): a store that refuses writes (a full
disk) stops a table in words and the table goes on by itself once it writes again; a server
killed between the last join and the start starts the table when it comes back; a failed join
frees its seat; store faults are 503s with a code; SIGTERM never hangs; workers die with a
killed server; a database that does not open is one line, before the banner."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

import stich.web.actor
import stich.web.app
from stich.web.actor import STOPPED
from stich.web.store import Store, Write
from tests.web.helpers import (
    FAST,
    client_for,
    join,
    my_turn,
    new_table,
    next_message,
    receive_until,
)

PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot", "level": "random"}]


class FullDisk(Store):
    """A store whose disk is full while ``full`` is set: every write fails as SQLite's does
    on a full disk, through the store's own error path."""

    full = False

    def _commit(self, batch: list[tuple[Write, Any]]) -> None:
        if self.full:
            refused = sa.exc.OperationalError(
                "INSERT INTO web_actions", {}, sqlite3.OperationalError("database or disk is full"))

            def work(_conn: Any) -> None:
                raise refused

            batch = [(work, future) for _, future in batch]
        super()._commit(batch)


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's store is a FullDisk; retries come quickly."""
    monkeypatch.setattr(stich.web.app, "Store", FullDisk)
    monkeypatch.setattr(stich.web.actor, "RETRY_MAX", 0.5)


def _store(client: Any) -> FullDisk:
    store: FullDisk = client.app.state.lobby.store
    return store


def _numbers(seen: list[dict[str, Any]]) -> list[int]:
    return [m["n"] for m in seen if "n" in m]


@pytest.mark.usefixtures("full_disk")
def test_a_table_whose_writes_fail_tells_every_seat_and_goes_on_by_itself(
        db_url: str, pool: Executor) -> None:
    rng = random.Random(5)
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen", PERSON_AND_BOT)
        _, token = join(client, table_id, "Anna")
        seen: list[dict[str, Any]] = []
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            turn = receive_until(socket, my_turn(0), seen)
            _store(client).full = True
            move = rng.choice(turn["legal"])
            socket.send_text(json.dumps({"type": "action", "action": move}))
            stopped = receive_until(socket, lambda m: m["type"] == "error", seen)
            assert stopped["code"] == "table_stopped" and stopped["error"] == STOPPED
            info = client.get(f"/api/tables/{table_id}").json()
            assert info["status"] == "stopped" and info["fault"] == STOPPED
            socket.send_text(json.dumps({"type": "action", "action": move}))
            assert receive_until(socket, lambda m: m["type"] == "error", seen)["error"] == STOPPED
            # a reconnect while stopped: hello, the stored stream and why, not the held move
            again: list[dict[str, Any]] = []
            with client.websocket_connect(f"/ws/{table_id}?token={token}") as other:
                receive_until(other, lambda m: m.get("code") == "table_stopped", again)
                assert again[0]["type"] == "hello"
                assert not [m for m in again if m["type"] == "view"]
                assert _numbers(again) == _numbers(seen)
            _store(client).full = False  # space again: the held move is stored and told
            receive_until(socket, lambda m: m["type"] == "event" and m["event"]["seat"] == 0
                          and m["event"].get("kind") != "deal", seen)
            receive_until(socket, lambda m: m["type"] == "view", seen)
            info = client.get(f"/api/tables/{table_id}").json()
            assert info["status"] == "running" and info["fault"] is None
            end = receive_until(socket, my_turn(0), seen)
            while end["type"] != "match_end":
                socket.send_text(json.dumps({"type": "action",
                                             "action": rng.choice(end["legal"])}))
                end = receive_until(socket, my_turn(0), seen)
        assert _numbers(seen) == list(range(len(_numbers(seen))))
    with client_for(db_url, pool) as client:  # the log replays: every move was stored
        frames = client.get(f"/api/tables/{table_id}/replay").json()
        assert frames["frames"][-1]["match"] == frames["record"]["match"]


@pytest.mark.usefixtures("full_disk")
def test_creating_and_joining_on_a_full_disk_are_503s_and_free_the_seat(
        sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "schnapsen", PERSON_AND_BOT)
        _store(client).full = True
        answer = client.post("/api/tables", json={"game": "schnapsen", "seats": PERSON_AND_BOT})
        assert answer.status_code == 503
        body = answer.json()
        assert body["code"] == "store_unavailable"
        assert "sqlalchemy" not in answer.text.lower() and "sqlite" not in answer.text.lower()
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": "Anna"})
        assert answer.status_code == 503 and answer.json()["code"] == "store_unavailable"
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["seats"][0]["joined"] is False
        _store(client).full = False
        assert join(client, table_id, "Anna")[0] == 0
        assert client.post("/api/tables", json={"game": "schnapsen",
                                                "seats": PERSON_AND_BOT}).status_code == 200


@pytest.mark.usefixtures("full_disk")
def test_shutdown_does_not_hang_while_a_socket_waits_on_a_stopped_table(
        tmp_path: Path, pool: Executor) -> None:
    import uvicorn
    from websockets.sync.client import connect

    from tests.browser import free_port
    from tests.web.test_workers import call

    port = free_port()
    app = stich.web.app.create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, pool)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    base = f"127.0.0.1:{port}"
    table = call(f"http://{base}/api/tables", {"game": "schnapsen", "seats": PERSON_AND_BOT})
    token = call(f"http://{base}/api/tables/{table['id']}/join", {"name": "Anna"})["token"]
    with connect(f"ws://{base}/ws/{table['id']}?token={token}") as socket:
        while True:
            message = next_message(socket)
            if my_turn(0)(message):
                break
        app.state.lobby.store.full = True
        for _ in range(2):  # the second reaches a stopped table
            socket.send(json.dumps({"type": "action", "action": message["legal"][0]}))
        while next_message(socket).get("code") != "table_stopped":
            pass
        server.should_exit = True  # what uvicorn does on SIGTERM
        thread.join(timeout=60)
    assert not thread.is_alive(), "the server hangs on shutdown"


def test_a_waiting_table_with_every_seat_taken_starts_when_the_server_is_back(
        db_url: str, pool: Executor) -> None:
    """The server was killed between the last join's answer and the table's start."""
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen", [{"kind": "person"}, {"kind": "person"}])
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    tokens = ["token-anna", "token-bert"]
    for seat, (name, token) in enumerate(zip(("Anna", "Bert"), tokens, strict=True)):
        seats[seat].update(name=name, joined=True, token=token)
    store = Store(db_url)
    try:
        store.write_now(Store.update_table(table_id, seats=json.dumps(seats)))
        # a second such table that this server did not load at start (another worker's)
        row = store.table_row(table_id)
        assert row is not None and row["status"] == "waiting"
        with client_for(db_url, pool) as client:
            other = dict(row, id=row["id"] + "-b")
            store.write_now(Store.new_table(other))
            assert other["id"] not in client.app.state.lobby.actors
            for table in (table_id, other["id"]):
                for _ in range(600):
                    status = client.get(f"/api/tables/{table}").json()["status"]
                    if status != "waiting":
                        break
                    time.sleep(0.05)
                assert status == "running"
                with client.websocket_connect(f"/ws/{table}?token={tokens[0]}") as socket:
                    receive_until(socket, lambda m: m["type"] == "view", [])
    finally:
        store.close()


# --- a served process ---------------------------------------------------------------------
def _serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stich", "serve", "--port", "1", *args],
                          env=dict(os.environ, STICH_HOME=str(tmp_path / "home")),
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def readonly_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody may write in: a mode for a user, a read-only tmpfs for root."""
    folder = tmp_path / "readonly"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs",
                              str(folder)], capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"root cannot mount a read-only tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def _one_line_before_the_banner(done: subprocess.CompletedProcess[str], expected: str) -> None:
    assert done.returncode == 1, done.stderr
    assert "stich serves" not in done.stdout
    assert done.stderr.strip().splitlines() == [f"error: {expected}"]


def test_a_readonly_data_folder_is_one_line_naming_it(tmp_path: Path,
                                                      readonly_folder: Path) -> None:
    done = _serve(tmp_path, "--database-url", f"sqlite:///{readonly_folder}/web.db")
    _one_line_before_the_banner(done, f"the database folder {readonly_folder} is not writable "
                                      "(the server writes web.db there)")
    done = subprocess.run([sys.executable, "-m", "stich", "serve", "--port", "1"],
                          env=dict(os.environ, STICH_HOME=str(readonly_folder)),
                          capture_output=True, text=True, timeout=120)
    why = "Read-only file system" if os.geteuid() == 0 else "Permission denied"
    _one_line_before_the_banner(done, f"cannot make the data folder {readonly_folder}/stich: "
                                      f"{why}")


def test_an_unopenable_database_is_one_line_naming_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "web.db").write_bytes(b"not a database, " * 64)
    done = _serve(tmp_path, "--database-url", f"sqlite:///{folder}/web.db")
    _one_line_before_the_banner(
        done, f"cannot open the database web.db in the folder {folder}: file is not a database")
    done = _serve(tmp_path, "--database-url", f"sqlite:///{tmp_path}/missing/web.db")
    _one_line_before_the_banner(done, f"the database folder {tmp_path}/missing does not exist")


def _descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
    found, frontier = set(), [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in found:
                found.add(pid)
                frontier.append(pid)
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` lives (a zombie nobody has reaped yet does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_no_process_of_a_killed_server_survives_it(tmp_path: Path) -> None:
    from tests.browser import free_port
    from tests.web.test_workers import call

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "stich", "serve", "--port", str(port), "--bot-delay", "0",
         "--bot-workers", "2", "--database-url", f"sqlite:///{tmp_path / 'web.db'}"],
        env=dict(os.environ, STICH_HOME=str(tmp_path)), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                call(f"{base}/api/games")
                break
            except OSError:
                assert server.poll() is None, "the server did not start"
                time.sleep(0.1)
        bots = [{"kind": "bot", "level": "random"}] * 2
        for _ in range(3):
            call(f"{base}/api/tables", {"game": "schnapsen", "seats": bots})
        for _ in range(600):  # the bots play: the worker processes are up
            children = _descendants(server.pid)
            if len(children) >= 3:  # the resource tracker, the forkserver, a worker or two
                break
            time.sleep(0.1)
        assert len(children) >= 3, children
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    for _ in range(300):
        left = {pid for pid in children if _running(pid)}
        if not left:
            break
        time.sleep(0.1)
    assert not left, [Path(f"/proc/{pid}/cmdline").read_text()[:80] for pid in left]
