"""Load benchmark of ``stich serve`` (docs/web.md, figures): N concurrent tables on loopback,
each with one WebSocket client playing random legal moves as soon as it may and random bots in
the other seats, whole matches.

Reports moves per second (all moves, the bots' included), the latency from a client's action
to its next numbered message (p50, p99), the frames the clients received per move (a frame holds
one message or an array of one change's messages, docs/events.md), and games lost (tables
that did not reach ``match_end``: must be 0). The server runs as its own process
(``stich serve``); the load generator shares the machine's cores with it. On Linux it also
reports the CPU milliseconds the server's process spent per move (``server_cpu_ms_per_move``:
steadier than latency on a shared machine), those of the processes below it (the bot workers:
``worker_cpu_ms_per_move``) and the load average before and after. The client continues at
each deal's end (``continue``), as a person who clicks at once.

    .venv/bin/python bench/web_load.py --tables 200 --game schnapsen
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


async def play_table(base: str, game: str, seats: int, seed: int, latencies: list[float],
                     counts: dict[str, int]) -> bool:
    """One table to its end; True if the match ended."""
    import websockets

    spec = {"game": game, "seats": [{"kind": "person"}] + [
        {"kind": "bot", "level": "random"}] * (seats - 1)}
    table = await asyncio.to_thread(post, f"http://{base}/api/tables", spec)
    joined = await asyncio.to_thread(post, f"http://{base}/api/tables/{table['id']}/join",
                                     {"name": f"Load {seed}"})
    rng = random.Random(seed)
    sent_at: float | None = None
    async with websockets.connect(f"ws://{base}/ws/{table['id']}?token={joined['token']}",
                                  max_size=2**22) as ws:
        async for raw in ws:
            counts["frames"] += 1
            data = json.loads(raw)
            for message in data if isinstance(data, list) else [data]:  # docs/events.md
                kind = message["type"]
                if "n" in message and sent_at is not None:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if kind == "event":
                    counts["events"] += 1
                if kind == "error":
                    counts["errors"] += 1
                if kind == "match_end":
                    return True
                if kind == "deal_end":  # the next deal starts once the person continues
                    await ws.send(json.dumps({"type": "continue"}))
                if kind == "turn" and "legal" in message:
                    counts["client_moves"] += 1
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action",
                                              "action": rng.choice(message["legal"])}))
    return False


def _stat(pid: int | None) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int | None) -> float | None:
    """User and system CPU seconds of process ``pid`` so far (Linux), else None."""
    fields = _stat(pid)
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


async def run(base: str, tables: int, game: str, seats: int, moves_of: Any,
              server: int | None = None) -> dict[str, Any]:
    latencies: list[float] = []
    counts = {"events": 0, "errors": 0, "client_moves": 0, "frames": 0}
    start_moves = moves_of()
    load_before = os.getloadavg()[0]
    cpu_before = cpu_seconds(server)
    workers_before = worker_seconds(server) if server is not None else {}
    started = time.perf_counter()
    results = await asyncio.gather(
        *(play_table(base, game, seats, seed, latencies, counts) for seed in range(tables)),
        return_exceptions=True)
    wall = time.perf_counter() - started
    cpu_after = cpu_seconds(server)
    workers_after = worker_seconds(server) if server is not None else {}
    worker_cpu = sum(seconds - workers_before.get(pid, 0.0)
                     for pid, seconds in workers_after.items())
    moves = moves_of() - start_moves
    lost = [r for r in results if r is not True]
    latencies.sort()
    return {
        "tables": tables, "game": game, "wall_s": round(wall, 1), "moves": moves,
        "moves_per_s": round(moves / wall, 1), "client_moves": counts["client_moves"],
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1),
        "games_lost": len(lost), "errors": counts["errors"],
        "frames_per_move": round(counts["frames"] / moves, 2) if moves else None,
        "lost_examples": [repr(r)[:200] for r in lost[:3]],
        "server_cpu_ms_per_move": None if cpu_before is None or cpu_after is None or not moves
        else round(1000 * (cpu_after - cpu_before) / moves, 3),
        "worker_cpu_ms_per_move": round(1000 * worker_cpu / moves, 3)
        if server is not None and moves else None,
        "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--database-url", default=None,
                        help="default: SQLite in a temporary folder")
    parser.add_argument("--server", default=None, metavar="HOST:PORT",
                        help="load a server already running (with --database-url: its database)")
    args = parser.parse_args()
    from stich.games import game_class

    seats = game_class(args.game).SEATS
    if args.server:
        report = asyncio.run(run(args.server, args.tables, args.game, seats,
                                 _counter(args.database_url) if args.database_url else lambda: 0))
        print(json.dumps(report, indent=1))
        return
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

            report = asyncio.run(run(f"127.0.0.1:{port}", args.tables, args.game, seats,
                                     _counter(db), server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
