"""Resuming an interrupted arena run from its results folder: saved matches are read back (not
played again), the rest are played, and the summary is that of an uninterrupted run."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stich.arena import ArenaReport, run_arena
from stich.arena.store import read_runs, runs_summary
from tests.arena.helpers import arena, match_files


def _stop_after(count: int) -> Callable[[ArenaReport, int], None]:
    def stop(running: ArenaReport, total: int) -> None:
        if running.matches >= count:
            raise KeyboardInterrupt  # as Ctrl-C would, in the middle of the run
    return stop


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupted_run_resumes_to_the_same_report(jobs: int, tmp_path: Path) -> None:
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        run_arena("schnapsen", "rules", "random", 40, seed=4, jobs=jobs, out=out,
                  on_progress=_stop_after(7))
    assert multiprocessing.active_children() == []  # the workers were stopped, not left
    saved = sorted((out / "matches").glob("*.json"))
    assert 7 <= len(saved) < 40
    stamps = {path.name: path.stat().st_mtime_ns for path in saved}
    seen: list[int] = []
    resumed = run_arena("schnapsen", "rules", "random", 40, seed=4, jobs=jobs, out=out,
                        on_progress=lambda running, total: seen.append(running.matches))
    assert resumed == run_arena("schnapsen", "rules", "random", 40, seed=4)
    assert seen[0] == len(saved)  # read back first, then one more per match played
    assert {path.name: path.stat().st_mtime_ns for path in saved} == stamps  # not rewritten
    assert len(match_files(out)) == 40


def test_more_matches_on_the_same_folder_extend_the_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_arena("jass", "rules", "random", 3, seed=8, out=out)
    assert (run_arena("jass", "rules", "random", 5, seed=8, out=out)
            == run_arena("jass", "rules", "random", 5, seed=8))


def test_killed_process_resumes_to_the_uninterrupted_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "stich", "arena", "schnapsen", "rules", "random",
               "--matches", "300", "--seed", "6", "--jobs", "2", "--out", str(out)]
    # its own session, so that the kill reaches its worker processes too and nothing else
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        while len(list(out.glob("matches/*.json"))) < 20 and process.poll() is None:
            time.sleep(0.005)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    saved = len(list(out.glob("matches/*.json")))
    assert 20 <= saved < 300, "the run should be killed in the middle"
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert f"read back {saved} saved matches from {out}" in again.stderr
    uninterrupted = arena("schnapsen", "rules", "random", "--matches", "300", "--seed", "6",
                          "--jobs", "1")
    assert again.stdout == uninterrupted.stdout
    assert again.stdout.splitlines()[0].startswith("schnapsen: rules (A) against random (B), "
                                                   "300 matches, ")
    assert len(match_files(out)) == 300


def test_resume_takes_the_run_from_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = arena("bauernschnapsen", "rules", "random", "--matches", "4", "--seed", "3",
                  "-o", "count_down=on", "--out", str(out), "--jobs", "1")
    assert first.exit_code == 0, first.stderr
    again = arena("--resume", str(out))
    assert again.exit_code == 0, again.stderr
    assert again.stdout == first.stdout
    assert "read back 4 saved matches" in again.stderr
    more = arena("--resume", str(out), "--matches", "6", "--jobs", "2")
    assert more.stdout == arena("bauernschnapsen", "rules", "random", "--matches", "6",
                                "--seed", "3", "-o", "count_down=on").stdout


def test_interrupt_message_says_how_to_go_on(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import stich.arena.command as command

    real = command.run_plan

    def interrupted(*args: Any, **kwargs: Any) -> ArenaReport:
        counting = kwargs["on_progress"]

        def stop(running: ArenaReport, total: int) -> None:
            counting(running, total)  # the command's own count of finished matches
            if running.matches >= 2:
                raise KeyboardInterrupt
        return real(*args, **kwargs | {"on_progress": stop})

    monkeypatch.setattr(command, "run_plan", interrupted)
    out = tmp_path / "run"
    result = arena("schnapsen", "rules", "random", "--matches", "9", "--out", str(out),
                   "--jobs", "1")
    assert result.exit_code == 130
    assert (f"interrupted: 2 of 9 matches saved in {out}; rerun the same command "
            f"(or --resume {out}) to go on") in result.stderr
    assert len(match_files(out)) == 2


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_sigterm_stops_the_workers_and_says_how_to_resume(tmp_path: Path) -> None:
    """``kill`` (SIGTERM) is handled as Ctrl-C: the worker processes stop with the run instead
    of playing on without it, and the message names the saved matches."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "stich", "arena", "schnapsen", "rules", "random",
               "--matches", "3000", "--seed", "6", "--jobs", "2", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        while len(list(out.glob("matches/*.json"))) < 5 and process.poll() is None:
            time.sleep(0.005)
        workers = _children(process.pid)
        assert len(workers) >= 2  # the pool (and its resource tracker)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode != 0
    assert "interrupted: " in err and f"saved in {out}; rerun the same command" in err
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if Path(f"/proc/{pid}").exists()
            and "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()]
    assert left == []


def test_each_run_on_a_folder_logs_its_wall_time(tmp_path: Path) -> None:
    """A run that spans sessions keeps its timing: a line in runs.jsonl for each run that
    played a match (played, workers, wall time, load), a stopped run marked so, a torn line
    skipped; a run that plays nothing leaves the folder as it was."""
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        run_arena("schnapsen", "rules", "random", 12, seed=4, jobs=2, out=out,
                  on_progress=_stop_after(3))
    with (out / "runs.jsonl").open("a", encoding="utf-8") as log:
        log.write('{"began": "2026-')  # a run killed while it wrote its line
    result = arena("--resume", str(out), "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    runs = read_runs(out)
    played = 12 - runs[1]["played"] if len(runs) == 2 else None
    assert [(run["jobs"], run["stopped"]) for run in runs] == [(2, True), (1, False)]
    assert runs[0]["played"] == played and 3 <= runs[0]["played"] < 12
    for run in runs:
        assert run["began"] <= run["ended"] and run["wall_s"] >= 0 and run["matches"] == 12
        assert len(run["load"]) == 2 and run["cores"] == os.cpu_count()
    wall = sum(run["wall_s"] for run in runs) / 60
    assert (f"{out}: 12 matches played in {wall:.1f} min of wall time over 2 runs (--jobs 1/2"
            in result.stderr)
    logged = (out / "runs.jsonl").read_bytes()
    again = arena("--resume", str(out), "--no-progress")  # reads back, plays nothing
    assert again.exit_code == 0 and (out / "runs.jsonl").read_bytes() == logged
    assert runs_summary(tmp_path) is None  # no run logged there
