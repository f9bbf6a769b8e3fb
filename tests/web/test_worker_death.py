"""A worker dies mid-match (docs/web.md, "When a worker dies"): two ``stich serve`` workers on
loopback share a fresh PostgreSQL database and Redis; a Schnapsen match runs on worker A, one
player connected through worker B (relayed), the other directly to A, a spectator through B.
A is killed with SIGKILL: B takes the table over within its lease, the relayed sockets are
carried over (each hears ``hello`` again and its stream goes on from where it stopped), the
direct player reconnects to B with ``since``, the match plays to its end, every move either
side saw taken is in the log, and ``stich record verify`` accepts the record."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import free_port
from tests.web.test_workers import REDIS, call, redis_answers

WS_WAIT = 30.0
"""Seconds a test socket waits for a message before the test fails (a liveness bound, not a
timing claim: the lease is 6 s)."""


def start_workers(db: str, home: Path) -> list[subprocess.Popen[bytes]]:
    """Two ``stich serve`` workers on loopback (their ports in ``args``), once both answer.
    The database is migrated here first, so they start side by side."""
    from stich.web.store import Store

    Store(db).close()
    processes = [subprocess.Popen(
        [sys.executable, "-m", "stich", "serve", "--port", str(free_port()), "--database-url",
         db, "--redis-url", f"redis://{REDIS[0]}:{REDIS[1]}/0", "--bot-delay", "0",
         "--bot-workers", "1", "--deal-wait", "30"],
        env=dict(os.environ, STICH_HOME=str(home)), stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE) for _ in range(2)]
    for process in processes:
        for _ in range(600):
            try:
                call(f"http://{host(process)}/api/games")
                break
            except OSError:
                if process.poll() is not None:
                    assert process.stderr is not None
                    raise AssertionError(process.stderr.read().decode()[-800:]) from None
                time.sleep(0.1)
        else:
            raise AssertionError(f"worker {host(process)} did not start")
    return processes


def host(process: subprocess.Popen[bytes]) -> str:
    args = list(process.args)  # type: ignore[arg-type]
    return f"127.0.0.1:{args[args.index('--port') + 1]}"


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[list[subprocess.Popen[bytes]], list[str], str]]:
    """Workers A and B over a fresh PostgreSQL database: (processes, hosts, database URL)."""
    why = redis_answers()
    if why:
        pytest.skip(why)
    from tests.web.postgres import fresh_database

    with fresh_database() as db:
        processes: list[subprocess.Popen[bytes]] = []
        try:
            processes = start_workers(db, tmp_path)
            yield processes, [host(p) for p in processes], db
        finally:
            for process in processes:
                if process.poll() is None:
                    process.terminate()
            for process in processes:
                process.wait(timeout=30)
            import psycopg

            with psycopg.connect(db) as conn:  # the Redis is shared: leave no table there
                forget(*(row[0] for row in conn.execute("SELECT id FROM web_tables")))


def forget(*tables: str) -> None:
    """The tables out of the (shared) Redis's list of open tables."""
    import redis

    if tables:
        redis.Redis(*REDIS).srem("stich:open", *tables)


class Seat:
    """A player's (or a spectator's) socket that checks its numbered stream: every message
    once, none missing, across reconnects (``since``)."""

    def __init__(self, host: str, table: str, token: str | None,
                 stack: contextlib.ExitStack) -> None:
        self.table, self.token, self.stack = table, token, stack
        self.next = 0
        self.hellos = 0
        self.view: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []
        self.waiting: list[dict[str, Any]] = []
        self.connect(host)

    def connect(self, host: str) -> None:
        from websockets.sync.client import connect

        query = f"token={self.token}" if self.token else "watch=1"
        self.socket = self.stack.enter_context(
            connect(f"ws://{host}/ws/{self.table}?{query}&since={self.next}"))

    def read(self) -> dict[str, Any]:
        while not self.waiting:
            data = json.loads(self.socket.recv(timeout=WS_WAIT))
            self.waiting.extend(data if isinstance(data, list) else [data])
        message = self.waiting.pop(0)
        if "n" in message:
            assert message["n"] == self.next, (message, self.next)  # no gap, nothing twice
            self.next += 1
        if message["type"] == "hello":
            self.hellos += 1
        if message["type"] == "view":
            self.view = message
        self.seen.append(message)
        return message

    def until(self, stop: Any) -> dict[str, Any]:
        while not stop(message := self.read()):
            pass
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))


def owner(table: str) -> str | None:
    import redis

    value = redis.Redis(*REDIS).get(f"stich:owner:{table}")
    return value.decode() if isinstance(value, bytes) else None


def play(seats: dict[int, Seat], rng: random.Random, moves: int,
         taken: list[tuple[int, str]]) -> bool:
    """Up to ``moves`` random legal moves (continuing at a deal's end), each read back as
    taken by both seats; whether the match is over."""
    for _ in range(moves):
        view = seats[0].view
        assert view is not None
        if view["over"]:
            return True
        to_act = view["view"]["to_act"]
        if to_act == -1:  # a deal's end: both continue
            for seat in seats.values():
                seat.send({"type": "continue"})
            for seat in seats.values():
                seat.until(lambda m: m["type"] == "view" and m["view"]["to_act"] != -1)
            continue
        mine = seats[to_act].view
        assert mine is not None and mine["view"]["to_act"] == to_act
        action = rng.choice(mine["view"]["legal_actions"])
        moved = view["moves"]
        seats[to_act].send({"type": "action", "action": action})
        for seat in seats.values():  # the move is taken once each seat saw it
            seat.until(lambda m, d=view["deal"], n=moved: m["type"] == "view" and (
                m["deal"] != d or m["moves"] > n or m["over"]))
        taken.append((to_act, action))
    view = seats[0].view
    return bool(view and view["over"])


@pytest.mark.parametrize("how", [signal.SIGKILL,
                                 pytest.param(signal.SIGTERM, marks=pytest.mark.slow)],
                         ids=["SIGKILL", "SIGTERM"])
def test_a_worker_killed_mid_match(two_workers: tuple[list[subprocess.Popen[bytes]],
                                                     list[str], str], tmp_path: Path,
                                   how: signal.Signals) -> None:
    """Rules S-1 to S-11 played by the table as ever: what is checked here is that the
    match survives its worker, killed (SIGKILL) or stopped cleanly (SIGTERM: it hands its
    tables back at once)."""
    processes, (a, b), db = two_workers
    table = call(f"http://{a}/api/tables",
                 {"game": "schnapsen", "seats": [{"kind": "person"}, {"kind": "person"}]})
    tid = table["id"]
    anna = call(f"http://{b}/api/tables/{tid}/join", {"name": "Anna"})  # relayed to A
    bert = call(f"http://{a}/api/tables/{tid}/join", {"name": "Bert"})
    idle = call(f"http://{a}/api/tables", {"game": "schnapsen", "seats": [
        {"kind": "person"}, {"kind": "bot", "level": "random"}]})["id"]
    call(f"http://{a}/api/tables/{idle}/join", {"name": "Cilli"})  # and gone
    held_by_a = owner(tid)
    assert held_by_a is not None and owner(idle) == held_by_a
    with contextlib.ExitStack() as stack:
        relayed = Seat(b, tid, anna["token"], stack)  # through B
        direct = Seat(a, tid, bert["token"], stack)   # directly to A
        watcher = Seat(b, tid, None, stack)           # a spectator through B
        seats = {anna["seat"]: relayed, bert["seat"]: direct}
        for seat in (relayed, direct, watcher):
            seat.until(lambda m: m["type"] == "view")
        rng = random.Random(7)
        taken: list[tuple[int, str]] = []
        assert not play(seats, rng, 8, taken)

        processes[0].send_signal(how)
        killed = time.monotonic()
        with pytest.raises(Exception):  # noqa: B017 (the socket to A is gone, however)
            while True:
                direct.read()
        direct.connect(b)  # the page reconnects through the proxy (here, to B) at once,
        relayed.until(lambda m: m["type"] == "hello")  # before B has taken the table
        told = time.monotonic() - killed
        held_by_b = owner(tid)
        assert held_by_b not in (None, held_by_a)  # B holds the table now
        for seat in (direct, watcher):  # the spectator relayed too; the direct page back
            seat.until(lambda m: m["type"] == "hello")
        for seat in seats.values():
            seat.until(lambda m: m["type"] == "view")
        while owner(idle) != held_by_b:  # nobody connected: taken over all the same
            assert time.monotonic() - killed < WS_WAIT, "the idle table was not taken over"
            time.sleep(0.1)
        print(f"\nafter the kill: relayed socket carried over {told:.1f} s, "
              f"idle table taken over {time.monotonic() - killed:.1f} s")

        while not play(seats, rng, 200, taken):
            pass
        for seat in (relayed, direct, watcher):
            seat.until(lambda m: m["type"] == "match_over")
    for seat in (relayed, direct):
        numbered = [m for m in seat.seen if "n" in m]
        assert [m["n"] for m in numbered] == list(range(len(numbered)))
        assert numbered[-1]["type"] == "match_end"
        assert seat.hellos >= 2  # its first, and the carried or reconnected socket's

    import psycopg

    with psycopg.connect(db) as conn:
        log = conn.execute("SELECT seat, action FROM web_actions WHERE table_id = %s "
                           "ORDER BY seq", (tid,)).fetchall()
    assert [tuple(row) for row in log] == taken  # every move taken, in order, nothing else
    record = tmp_path / "record.json"
    with urllib.request.urlopen(f"http://{b}/api/tables/{tid}/record", timeout=30) as answer:
        record.write_bytes(answer.read())
    done = subprocess.run([sys.executable, "-m", "stich", "record", "verify", str(record)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


class Proxy:
    """The proxy in front of the workers (docs/web.md: nginx's upstream), as small as it
    gets: each new TCP connection to ``port`` goes to the worker ``target`` names at that
    moment, bytes passed both ways unchanged (HTTP and the WebSockets alike)."""

    def __init__(self, target: str) -> None:
        import asyncio
        import threading

        self.target = target
        self.era = 0
        """Connections made before the last ``cut()`` pass nothing on."""
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        async def serve() -> None:
            self.server = await asyncio.start_server(self._connection, "127.0.0.1", self.port)
            ready.set()

        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(serve(), self.loop)
        ready.wait(10)

    async def _connection(self, reader: Any, writer: Any) -> None:
        import asyncio

        era = self.era
        host, port = self.target.split(":")
        try:
            up_reader, up_writer = await asyncio.open_connection(host, int(port))
        except OSError:
            writer.close()
            return

        async def pipe(source: Any, sink: Any) -> None:
            try:
                while data := await source.read(65_536):
                    if era == self.era:
                        sink.write(data)
                        await sink.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                sink.close()

        with contextlib.suppress(asyncio.CancelledError):  # the proxy closes
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        """The connections made so far stay open and carry nothing (a network that cut
        off without closing anything); new ones go through."""
        self.era += 1

    def close(self) -> None:
        import asyncio

        async def stop() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()


@pytest.mark.slow
def test_a_page_whose_worker_stops_answering_plays_on(
        two_workers: tuple[list[subprocess.Popen[bytes]], list[str], str], phone: Any,
        tmp_path: Path) -> None:
    """The page's side (static/table.js): worker A stops without closing anything
    (SIGSTOP), so the page's socket stays open and nothing answers. The page's pings go
    unanswered; it gives the socket up and reconnects through the proxy, which now sends it to
    B; B takes the table over once A's lease lapses and the page plays on. When A wakes up,
    it finds its lease taken and lets the table go."""
    from tests.web.test_browser import play_one_move, take_seat

    processes, (a, b), _ = two_workers
    proxy = Proxy(a)
    try:
        base = f"http://127.0.0.1:{proxy.port}"
        tid = call(f"{base}/api/tables", {"game": "schnapsen", "seats": [
            {"kind": "person"}, {"kind": "bot", "level": "random"}]})["id"]
        phone.add_init_script("localStorage.setItem('stich:lang', 'en');"
                              "localStorage.setItem('stich:motion', 'off');"
                              "localStorage.setItem('stich:ping_ms', '1000')")
        take_seat(phone, f"{base}/t/{tid}", "Anna")
        phone.wait_for_function("() => view !== null")
        for _ in range(2):
            phone.wait_for_function("() => view.view.to_act === seat")
            before = phone.evaluate("nextN")
            play_one_move(phone)
            phone.wait_for_function(f"() => nextN > {before}", timeout=2 * WS_WAIT * 1000)
        phone.wait_for_function("() => view.view.to_act === seat")  # nothing under way at A
        held_by_a = owner(tid)
        phone.evaluate("window.stale = [socket, view]")
        processes[0].send_signal(signal.SIGSTOP)
        proxy.target = b  # the proxy's health check: A is down
        phone.wait_for_function("() => socket !== stale[0] && view !== stale[1]",
                                timeout=2 * WS_WAIT * 1000)  # a new socket, the table's view
        held_by_b = owner(tid)
        assert held_by_b not in (None, held_by_a)
        phone.screenshot(path=str(tmp_path / "carried-over.png"))
        before = phone.evaluate("nextN")
        play_one_move(phone)
        phone.wait_for_function(f"() => nextN > {before}", timeout=2 * WS_WAIT * 1000)

        processes[0].send_signal(signal.SIGCONT)  # A wakes up: the table is not its own now
        time.sleep(4)  # two of A's lease renewals
        assert owner(tid) == held_by_b
        phone.wait_for_function("() => view.view.to_act === seat || view.over",
                                timeout=2 * WS_WAIT * 1000)
        before = phone.evaluate("nextN")
        play_one_move(phone)
        phone.wait_for_function(f"() => nextN > {before}", timeout=2 * WS_WAIT * 1000)
        assert phone.locator("#error").inner_text() == ""
        assert call(f"http://{b}/api/tables/{tid}")["status"] == "running"
    finally:
        proxy.close()


def test_a_page_gives_up_a_silent_socket(phone: Any, pool: Any, tmp_path: Path) -> None:
    """static/table.js on its own: the page's socket stays open but carries nothing (the
    proxy cuts it off); the page's pings go unanswered, it gives the socket up after three
    ping intervals, opens a new one with ``since`` and plays on, its stream whole."""
    from stich.web.app import create_app
    from tests.browser import LiveServer
    from tests.web.helpers import FAST
    from tests.web.test_browser import play_one_move, take_seat

    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, pool)) as url:
        proxy = Proxy(url.removeprefix("http://"))
        try:
            base = f"http://127.0.0.1:{proxy.port}"
            tid = call(f"{base}/api/tables", {"game": "schnapsen", "seats": [
                {"kind": "person"}, {"kind": "bot", "level": "random"}]})["id"]
            phone.add_init_script("localStorage.setItem('stich:lang', 'en');"
                                  "localStorage.setItem('stich:motion', 'off');"
                                  "localStorage.setItem('stich:ping_ms', '1000')")
            take_seat(phone, f"{base}/t/{tid}", "Anna")
            phone.wait_for_function("() => view !== null && view.view.to_act === seat")
            phone.evaluate("() => { window.stale = [socket, view]; window.numbers = [];"
                           " const before = receive; receive = (m) => {"
                           " if (typeof m.n === 'number') numbers.push(m.n); before(m); }; }")
            proxy.cut()
            phone.wait_for_function("() => socket !== stale[0] && view !== stale[1]",
                                    timeout=WS_WAIT * 1000)
            before = phone.evaluate("nextN")
            play_one_move(phone)
            phone.wait_for_function(f"() => nextN > {before} && view.view.to_act === seat")
            numbers = phone.evaluate("numbers")
            assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
            assert numbers[0] == before  # nothing twice, nothing missing
            assert phone.locator("#error").inner_text() == ""
        finally:
            proxy.close()


def test_a_worker_that_lost_its_lease_writes_nothing(tmp_path: Path, pool: Any) -> None:
    """A worker that stood still longer than its lease (its leases may have lapsed: here it
    is told so) writes a move only once a renewal has said the table is still its own. When
    another worker has taken the lease meanwhile, the table is let go: the move is never
    written (the new holder's log stays whole) and the socket is closed, so the page
    reconnects to the new holder."""
    import sqlite3

    import redis
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from stich.web.app import create_app
    from tests.web.helpers import FAST, join, new_table, next_message

    why = redis_answers()
    if why:
        pytest.skip(why)
    db = tmp_path / "web.db"
    app = create_app(f"sqlite:///{db}", FAST, pool,
                     redis_url=f"redis://{REDIS[0]}:{REDIS[1]}/0")

    def stored() -> int:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            count: int = conn.execute("SELECT count(*) FROM web_actions WHERE table_id = ?",
                                      (tid,)).fetchone()[0]
            return count

    def turn(ws: Any) -> dict[str, Any]:
        while (message := next_message(ws))["type"] != "view" or (
                message["view"]["to_act"] == -1):
            pass
        return message

    with TestClient(app) as client:
        person = {"kind": "person"}
        tid = new_table(client, "schnapsen", [person, person])
        tokens = dict([join(client, tid, "Anna"), join(client, tid, "Bert")])
        cluster = app.state.lobby.cluster
        with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as two:
            views = {0: turn(one), 1: turn(two)}
            seat = views[0]["view"]["to_act"]
            ws = one if seat == 0 else two
            cluster._valid_until = 0.0  # the leases may have lapsed; they have not
            ws.send_text(json.dumps({"type": "action",
                                     "action": views[seat]["view"]["legal_actions"][0]}))
            moved = turn(ws)  # taken once the renewal said the table is still ours
            assert moved["moves"] == 1 and stored() == 1
            seat = moved["view"]["to_act"]
            ws = one if seat == 0 else two
            mine = moved if ws is one else turn(ws)
            cluster._valid_until = 0.0
            redis.Redis(*REDIS).set(f"stich:owner:{tid}", "another worker", ex=60)
            ws.send_text(json.dumps({"type": "action",
                                     "action": mine["view"]["legal_actions"][0]}))
            with pytest.raises(WebSocketDisconnect):  # let go: the page comes back elsewhere
                while True:
                    next_message(ws)
            assert stored() == 1  # the move was never written
            assert tid not in app.state.lobby.actors
        redis.Redis(*REDIS).delete(f"stich:owner:{tid}")
        forget(tid)
