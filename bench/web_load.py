"""Load benchmark of ``stich serve`` (docs/web.md, "Tests and figures"): N concurrent tables on
loopback, each with one WebSocket client and random bots in the other seats, whole matches.

Two modes:

- full speed (the default, ``--pace 0``): every client plays a random legal move the instant
  its turn comes, so server, bot workers and load generator run saturated;
- human pace (``--pace SECONDS``, ``--human-pace`` for 3 s): every client plays its move a set
  time after its turn comes; the tables start spread over one such period, so that their
  moves do not all fall at the same instant.

Each client continues at each deal's end at once (``continue``), as a person who clicks.
The tables are created and joined first; the figures cover the play that follows.

Reports moves per second (all moves, the bots' included, counted in the server's action log),
the latency from a client's action to its next numbered message (p50, p99), the frames the
clients received per move (a frame holds one message or an array of one change's messages,
docs/events.md), and games lost (tables that did not reach ``match_end``: must be 0). On
Linux also the CPU milliseconds per move of the server's process
(``server_cpu_ms_per_move``: steadier than latency on a shared machine; its main thread,
the event loop, apart: ``server_loop_cpu_ms_per_move``), of the processes
below it (the bot workers: ``worker_cpu_ms_per_move``) and of the load generator itself
(``client_cpu_ms_per_move``, and ``client_cpu_share``: the cores it kept busy), and the load
average before and after.

The load generator is cheap on purpose, since it shares the machine's cores with the server:
each client is a plain asyncio protocol speaking WebSocket frames itself (no library, no task
per client; its frames carry the all-zero mask, which RFC 6455 allows and which the server
unmasks as any other), in one process, or split over ``--clients K`` processes. It raises its
limit of open files to the hard limit (one socket per table, and the server it starts
inherits the limit).

    python bench/web_load.py --tables 200                      # full speed
    python bench/web_load.py --tables 1000 --human-pace        # 3 s a move
    python bench/web_load.py --tables 1000 --pace 3 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

STALL = 60.0
"""Seconds without a frame to any client after which the bench gives up (a broken server):
the tables still playing are lost."""
HUMAN_PACE = 3.0
"""Seconds a client of ``--human-pace`` waits after its turn comes before it moves."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def raise_open_files() -> int:
    """Raise this process's limit of open files to its hard limit (one socket a table); the
    new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = 1_048_576 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


# --- the setup: tables created and joined over plain HTTP/1.1 ------------------------------------
async def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    host, port = base.rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    payload = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {base}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode()
                 + payload)
    answer = await reader.read()
    writer.close()
    head, _, rest = answer.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    if status != b"200":
        raise RuntimeError(f"POST {path}: {head.splitlines()[0].decode()} {rest[:200]!r}")
    if b"transfer-encoding: chunked" in head.lower():
        rest = _unchunk(rest)
    data: dict[str, Any] = json.loads(rest)
    return data


def _unchunk(body: bytes) -> bytes:
    out, at = b"", 0
    while True:
        end = body.index(b"\r\n", at)
        size = int(body[at:end], 16)
        if size == 0:
            return out
        out += body[end + 2:end + 2 + size]
        at = end + 4 + size


async def open_tables(base: str, game: str, seats: int, tables: int) -> list[tuple[str, str]]:
    """(table id, the person's seat token) of ``tables`` new tables, each joined by its one
    person (the bots' seats are filled: the match starts at the join)."""
    spec = {"game": game, "seats": [{"kind": "person"}] + [
        {"kind": "bot", "level": "random"}] * (seats - 1)}
    gate = asyncio.Semaphore(32)

    async def one(number: int) -> tuple[str, str]:
        async with gate:
            table = await post(base, "/api/tables", spec)
            joined = await post(base, f"/api/tables/{table['id']}/join",
                                {"name": f"Load {number}"})
            return table["id"], joined["token"]

    return list(await asyncio.gather(*(one(number) for number in range(tables))))


# --- the clients: one asyncio protocol each, WebSocket frames by hand ---------------------------
class Tally:
    """What a load generator's clients saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.frames = 0
        self.errors = 0
        self.error_examples: list[str] = []
        self.client_moves = 0
        self.ended = 0
        self.lost: list[str] = []
        self.open = 0
        self.heard = time.perf_counter()
        """When a client last received a frame."""


_ZERO_MASK = b"\0\0\0\0"


def text_frame(text: str) -> bytes:
    """A client's text frame (FIN, masked with the all-zero key: the payload as it is)."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        head = bytes((0x81, 0x80 | size))
    elif size < 65_536:
        head = bytes((0x81, 0x80 | 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((0x81, 0x80 | 127)) + size.to_bytes(8, "big")
    return head + _ZERO_MASK + payload


def control_frame(opcode: int, payload: bytes = b"") -> bytes:
    return bytes((0x80 | opcode, 0x80 | len(payload))) + _ZERO_MASK + payload


class Player(asyncio.Protocol):
    """One table's person: plays a random legal move ``pace`` seconds after its turn comes
    (at once with 0), continues at each deal's end, closes after ``match_end``."""

    def __init__(self, number: int, host: str, path: str, pace: float, tally: Tally,
                 done: asyncio.Future[None]) -> None:
        self.number, self.host, self.path, self.pace = number, host, path, pace
        self.tally, self.done = tally, done
        self.rng = random.Random(number)
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = False
        self.sent_at: float | None = None
        self.ended = False
        self.fragments = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.tally.open += 1
        key = base64.b64encode(random.Random(self.number).randbytes(16)).decode()
        transport.write(f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket"
                        f"\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n".encode())

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buffer.startswith(b"HTTP/1.1 101"):
                self._lose(f"no upgrade: {bytes(buffer[:80])!r}")
                return
            del buffer[:end + 4]
            self.upgraded = True
        at, size = 0, len(buffer)
        while size - at >= 2:
            first, second = buffer[at], buffer[at + 1] & 0x7F
            head = 2
            if second == 126:
                if size - at < 4:
                    break
                second, head = int.from_bytes(buffer[at + 2:at + 4], "big"), 4
            elif second == 127:
                if size - at < 10:
                    break
                second, head = int.from_bytes(buffer[at + 2:at + 10], "big"), 10
            if size - at < head + second:
                break
            payload = bytes(buffer[at + head:at + head + second])
            at += head + second
            self._frame(first, payload)
        del buffer[:at]

    def _frame(self, first: int, payload: bytes) -> None:
        opcode = first & 0x0F
        if opcode == 0x9:  # ping: the server drops a client that does not answer
            self._write(control_frame(0xA, payload))
            return
        if opcode == 0x8:
            self._write(control_frame(0x8, payload[:2]))
            if self.transport is not None:
                self.transport.close()
            return
        if opcode in (0x1, 0x0) and not first & 0x80:  # a fragment: kept until the last
            self.fragments += payload
            return
        if opcode == 0x0:
            payload, self.fragments = bytes(self.fragments + payload), bytearray()
        elif opcode != 0x1:
            return
        self._messages(payload)

    def _messages(self, payload: bytes) -> None:
        tally = self.tally
        tally.frames += 1
        tally.heard = time.perf_counter()
        data = json.loads(payload)
        for message in data if isinstance(data, list) else (data,):  # docs/events.md, frames
            if self.sent_at is not None and "n" in message:
                tally.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            kind = message["type"]
            if kind == "turn":
                legal = message.get("legal")
                if legal:
                    action = self.rng.choice(legal)
                    if self.pace:
                        self.loop.call_later(self.pace, self._act, action)
                    else:
                        self._act(action)
            elif kind == "deal_end":  # the next deal starts once the person continues
                self._write(text_frame('{"type":"continue"}'))
            elif kind == "error":
                tally.errors += 1
                if len(tally.error_examples) < 3:
                    tally.error_examples.append(f"table {self.number}: {message}"[:200])
            elif kind == "match_end":
                self.ended = True
                tally.ended += 1
                self._write(control_frame(0x8, (1000).to_bytes(2, "big")))
                if self.transport is not None:
                    self.transport.close()
                return

    def _act(self, action: str) -> None:
        self.tally.client_moves += 1
        self.sent_at = time.perf_counter()
        self._write(text_frame(json.dumps({"type": "action", "action": action})))

    def _write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def _lose(self, why: str) -> None:
        if not self.ended and len(self.tally.lost) < 1_000_000:
            self.tally.lost.append(f"table {self.number}: {why}")
        self.ended = True
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.tally.open -= 1
        if not self.ended:
            self.ended = True
            self.tally.lost.append(f"table {self.number}: connection lost ({exc!r})"[:200])
        if not self.done.done():
            self.done.set_result(None)


async def play(base: str, seats: list[tuple[int, str, str]], tables: int, pace: float,
               duration: float | None) -> dict[str, Any]:
    """Play the given tables (number, id, token) to their ends, or until ``duration``
    seconds have passed; with a pace the tables start spread over one pace period."""
    host, port = base.rsplit(":", 1)
    loop = asyncio.get_running_loop()
    tally = Tally()
    cpu_before = time.process_time()
    started = time.perf_counter()

    players: list[Player] = []

    async def one(number: int, table: str, token: str) -> None:
        if pace:
            await asyncio.sleep(pace * number / tables)
        done: asyncio.Future[None] = loop.create_future()
        path = f"/ws/{table}?token={token}"
        try:
            _, player = await loop.create_connection(
                lambda: Player(number, base, path, pace, tally, done), host, int(port))
        except OSError as error:
            tally.lost.append(f"table {number}: no connection ({error!r})"[:200])
            return
        players.append(player)
        await done

    tasks = [asyncio.ensure_future(one(*seat)) for seat in seats]
    waiting: set[asyncio.Future[None]] = set(tasks)
    deadline = None if duration is None else started + duration
    stalled = False
    while waiting:
        left = 1.0 if deadline is None else min(1.0, deadline - time.perf_counter())
        _, waiting = await asyncio.wait(waiting, timeout=max(0.0, left))
        now = time.perf_counter()
        if deadline is not None and now >= deadline:
            break
        if now - tally.heard > STALL:  # the server answers nobody: the rest are lost
            stalled = True
            break
    cpu, wall = time.process_time() - cpu_before, time.perf_counter() - started
    for task in waiting:
        task.cancel()
    cut = 0
    for player in players:
        if not player.ended:  # still playing when the time was up: cut, not lost
            player.ended = True
            if stalled:
                tally.lost.append(f"table {player.number}: no message for {STALL:g} s")
            else:
                cut += 1
        if player.transport is not None:
            player.transport.close()
    await asyncio.sleep(0.2)
    return {"latencies": tally.latencies, "frames": tally.frames, "errors": tally.errors,
            "error_examples": tally.error_examples,
            "client_moves": tally.client_moves, "ended": tally.ended, "lost": tally.lost,
            "cut": cut, "cpu": cpu, "wall": wall}


def _play_part(base: str, seats: list[tuple[int, str, str]], tables: int, pace: float,
               duration: float | None, out: Any) -> None:
    """One load-generator process's share (``--clients`` K > 1)."""
    out.send(asyncio.run(play(base, seats, tables, pace, duration)))
    out.close()


def play_all(base: str, opened: list[tuple[str, str]], pace: float, duration: float | None,
             clients: int) -> list[dict[str, Any]]:
    """Every table's client played, in this process or split over ``clients`` processes."""
    seats = [(number, table, token) for number, (table, token) in enumerate(opened)]
    if clients <= 1:
        return [asyncio.run(play(base, seats, len(seats), pace, duration))]
    context = multiprocessing.get_context("fork")
    parts = []
    for index in range(clients):
        mine, theirs = context.Pipe(duplex=False)
        process = context.Process(target=_play_part, args=(
            base, seats[index::clients], len(seats), pace, duration, theirs))
        process.start()
        theirs.close()
        parts.append((process, mine))
    results = []
    for process, pipe in parts:
        results.append(pipe.recv())
        process.join()
    return results


# --- what the server spent ------------------------------------------------------------------
def _stat(pid: int | str | None) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int | None, thread: int | None = None) -> float | None:
    """User and system CPU seconds of process ``pid`` so far (Linux), else None; of its
    thread ``thread`` only when given (the main thread's id is the process's)."""
    fields = _stat(pid if thread is None else f"{pid}/task/{thread}")
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int | None) -> list[int]:
    """The processes below ``pid`` (Linux; the bot workers sit below the forkserver)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        below = [child for child, parent in parents.items() if parent in frontier]
        found += below
        frontier = below
    return found


def worker_seconds(pid: int | None) -> dict[int, float]:
    """CPU seconds so far of each process below ``pid`` (the bot workers, the forkserver)."""
    return {child: seconds for child in descendants(pid)
            if (seconds := cpu_seconds(child)) is not None}


def run(base: str, tables: int, game: str, seats: int, moves_of: Any, pace: float = 0.0,
        duration: float | None = None, clients: int = 1,
        server: int | None = None) -> dict[str, Any]:
    """Open the tables, play them, and the report."""
    opened = asyncio.run(open_tables(base, game, seats, tables))
    start_moves = moves_of()
    load_before = os.getloadavg()
    cpu_before = cpu_seconds(server)
    loop_before = cpu_seconds(server, server)
    workers_before = worker_seconds(server) if server is not None else {}
    started = time.perf_counter()
    parts = play_all(base, opened, pace, duration, clients)
    wall = time.perf_counter() - started
    cpu_after = cpu_seconds(server)
    loop_after = cpu_seconds(server, server)
    workers_after = worker_seconds(server) if server is not None else {}
    worker_cpu = sum(seconds - workers_before.get(pid, 0.0)
                     for pid, seconds in workers_after.items())
    moves = moves_of() - start_moves
    latencies = sorted(latency for part in parts for latency in part["latencies"])
    lost = [why for part in parts for why in part["lost"]]
    frames = sum(part["frames"] for part in parts)
    client_cpu = sum(part["cpu"] for part in parts)

    def per_move(seconds: float) -> float | None:
        return round(1000 * seconds / moves, 3) if moves else None

    return {
        "tables": tables, "game": game, "pace_s": pace, "clients": clients,
        "wall_s": round(wall, 1), "moves": moves,
        "moves_per_s": round(moves / wall, 1),
        "client_moves": sum(part["client_moves"] for part in parts),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies else None,
        "max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "games_lost": len(lost), "games_ended": sum(part["ended"] for part in parts),
        "games_cut": sum(part["cut"] for part in parts),
        "errors": sum(part["errors"] for part in parts),
        "error_examples": [example for part in parts for example in part["error_examples"]][:3],
        "frames_per_move": round(frames / moves, 2) if moves else None,
        "lost_examples": lost[:3],
        "server_cpu_ms_per_move": None if cpu_before is None or cpu_after is None
        else per_move(cpu_after - cpu_before),
        "server_loop_cpu_ms_per_move": None if loop_before is None or loop_after is None
        else per_move(loop_after - loop_before),
        "worker_cpu_ms_per_move": per_move(worker_cpu) if server is not None else None,
        "client_cpu_ms_per_move": per_move(client_cpu),
        "client_cpu_share": round(client_cpu / wall, 2),
        "load_before": " ".join(f"{x:.2f}" for x in load_before),
        "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def _counter(db: str) -> Any:
    """Counts the moves stored in the server's action log."""

    def moves_of() -> int:
        import sqlalchemy as sa

        engine = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as conn:
            value = conn.execute(sa.text("SELECT count(*) FROM web_actions")).scalar()
        engine.dispose()
        return int(value or 0)

    return moves_of


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                        help="each client moves this long after its turn comes "
                             "(default 0: at once, full speed)")
    parser.add_argument("--human-pace", action="store_const", dest="pace", const=HUMAN_PACE,
                        help=f"--pace {HUMAN_PACE:g}")
    parser.add_argument("--duration", type=float, default=None, metavar="SECONDS",
                        help="stop after this long (tables still playing are cut, not lost); "
                             "default: every match to its end")
    parser.add_argument("--clients", type=int, default=1,
                        help="load-generator processes the clients are split over")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--database-url", default=None,
                        help="default: SQLite in a temporary folder")
    parser.add_argument("--server", default=None, metavar="HOST:PORT",
                        help="load a server already running (with --database-url: its database)")
    parser.add_argument("--server-pid", type=int, default=None,
                        help="with --server: its process, for the CPU figures")
    args = parser.parse_args(argv)
    from stich.games import game_class

    raise_open_files()
    seats = game_class(args.game).SEATS
    options = {"pace": args.pace, "duration": args.duration, "clients": args.clients}
    if args.server:
        report = run(args.server, args.tables, args.game, seats,
                     _counter(args.database_url) if args.database_url else lambda: 0,
                     server=args.server_pid, **options)
        print(json.dumps(report, indent=1))
        return report
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        db = args.database_url or f"sqlite:///{Path(home) / 'web.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "stich", "serve", "--port", str(port), "--bot-delay", "0",
             "--bot-workers", str(args.bot_workers), "--database-url", db],
            env=dict(os.environ, STICH_HOME=home), stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            report = run(f"127.0.0.1:{port}", args.tables, args.game, seats, _counter(db),
                         server=server.pid, **options)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
