"""Runs a small Preisschnapsen step by step through the CLI, for the crash-and-resume test.

Usage: python crash_driver.py DB [PAUSE_SECONDS], DB a SQLite file or a URL. Each step looks at
the database to decide what comes next (create, register, draw, enter a result), runs it as
`stich tournament ...` in this process, and prints "step N: ..." once it is committed.
Everything is deterministic (fixed seeds, results derived from match numbers), so any
interrupted run, resumed, ends like an unbroken one.
"""

from __future__ import annotations

import sys
import time

import typer.main

from stich.cli import command_app
from stich.tournament.errors import TournamentError
from stich.tournament.service import Tournament
from stich.tournament.store import Store, resolve_url, sqlite_path

app = command_app(["tournament"])

EVENT = "Crash Cup"
PLAYERS = [(f"Player {i:02d}", 1 + i % 3) for i in range(1, 11)]  # 20 cards of 32


def next_args(db: str) -> list[str] | None:
    """The next command, or None when the event is finished."""
    path = sqlite_path(resolve_url(db))
    if path is not None and not path.exists():
        return ["create", EVENT, "--cards", "32", "--max-cards", "3", "--prizes", "8"]
    store = Store(resolve_url(db))
    try:
        try:
            snap = Tournament(store).snapshot(None)
        except TournamentError:
            return ["create", EVENT, "--cards", "32", "--max-cards", "3", "--prizes", "8"]
    finally:
        store.close()
    if not snap.draws:
        registered = {p.name for p in snap.active_players}
        for name, cards in PLAYERS:
            if name not in registered:
                return ["register", name, "--cards", str(cards)]
        return ["draw", "--seed", "1001"]
    if snap.open_matches:
        m = snap.open_matches[0]
        score = "2:1" if (m.no * 7919) % 3 else "0:2"
        return ["result", str(m.no), score]
    if snap.finished:
        return None
    return ["draw", "--seed", str(1000 + snap.rounds + 1)]


def run(db: str, pause: float = 0.0) -> int:
    """Drive the event to its end; returns the number of steps taken."""
    step = 0
    command = typer.main.get_command(app)  # built once, not per step
    while (args := next_args(db)) is not None:
        try:
            command.main(["tournament", "--db", db, *args], standalone_mode=False)
        except SystemExit as exc:  # pragma: no cover - a failing step is a test failure
            raise RuntimeError(f"step {args} failed with {exc.code}") from exc
        step += 1
        print(f"step {step}: {' '.join(args)}", flush=True)
        if pause:
            time.sleep(pause)
    print("finished", flush=True)
    return step


if __name__ == "__main__":
    run(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0)
