"""Killing the program at any moment loses nothing; a restart continues where it stopped."""

from __future__ import annotations

import importlib.util
import io
import os
import signal
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament.service import Tournament
from stich.tournament.store import Store, resolve_url

app = command_app(["tournament"])

DRIVER = Path(__file__).with_name("crash_driver.py")


def load_driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_driver", DRIVER)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def start(db: str, pause: float) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("STICH_TOURNAMENT_DB", None)
    return subprocess.Popen([sys.executable, str(DRIVER), db, str(pause)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def wait_steps(proc: subprocess.Popen[str], steps: int) -> list[str]:
    """Read until `steps` more steps are reported committed."""
    assert proc.stdout is not None
    lines: list[str] = []
    while len(lines) < steps:
        line = proc.stdout.readline()
        assert line, f"driver ended early: {proc.stderr.read() if proc.stderr else ''}"
        if line.startswith("step "):  # the commands' own output comes in between
            lines.append(line.strip())
    return lines


def kill(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def outcome(db: str) -> list[tuple[int, str, str, str]]:
    """Every pairing with its result, and the prize list: what must survive any crash."""
    store = Store(resolve_url(db))
    try:
        snap = Tournament(store).snapshot(None)
    finally:
        store.close()
    rows = [(m.no, m.a.label, m.b.label if m.b else "-", m.score_text()) for m in snap.matches]
    names = {p.id: p.name for p in snap.players}
    rows += [(line.prize, names.get(line.player or -1, "-"), line.status, "prize")
             for line in snap.prizes]
    return rows


def test_sigkill_between_and_during_steps(tmp_path: Path, db: str) -> None:
    # on SQLite and on PostgreSQL: `db` is the database of either kind
    reference = str(tmp_path / "reference.db")
    with redirect_stdout(io.StringIO()):
        total = load_driver().run(reference)
    assert total >= 35

    runner = CliRunner()
    # killed during registration, in round 1 and in a later round (after N committed steps)
    for steps in (5, 12, 10):
        proc = start(db, pause=0.05)
        lines = wait_steps(proc, steps)
        kill(proc)  # between steps: while it pauses or works on the next one
        assert lines[-1].startswith(f"step {steps}:")
        # a fresh process sees a consistent event: status and audit work
        res = runner.invoke(app, ["tournament", "--db", db, "status"])
        assert res.exit_code == 0, res.output
        res = runner.invoke(app, ["tournament", "--db", db, "audit"])
        assert res.exit_code == 0, res.output
    # killed at moments not synchronised with the steps (maybe inside a transaction)
    for delay in (0.013, 0.041):
        proc = start(db, pause=0.0)
        wait_steps(proc, 1)
        time.sleep(delay)  # steps follow each other every few milliseconds
        kill(proc)

    # resume to the end; the result is exactly the unbroken run's
    proc = start(db, pause=0.0)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert out.strip().endswith("finished")
    assert outcome(db) == outcome(reference)
    res = CliRunner().invoke(app, ["tournament", "--db", db, "audit"])
    assert res.exit_code == 0 and "audit passed" in res.stdout
