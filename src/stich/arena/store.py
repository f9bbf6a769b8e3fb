"""An arena run's results folder: its plan and one match record per finished match.

``DIR/arena.json`` holds the plan (game, bots, seed, rules, node budget) and the matches last
asked for; ``DIR/matches/000012.json`` is match 12's record (``stich-match/1`` with an ``arena``
key), written atomically as soon as the match is over. A run on a folder that already holds its
plan reads the saved matches back (replayed through the rules, not played again) and plays only
the others, so an interrupted run resumes where it stopped. A folder holding another plan is
refused, never overwritten. ``DIR/runs.jsonl`` gets a line as each run on the folder ends (or is
stopped) having played a match: when it began and ended, its workers, the matches it played and
the load average, so a run that spans sessions keeps its wall time.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import os
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from stich.arena.backends import in_processes
from stich.arena.plan import ArenaPlan
from stich.arena.report import MatchOutcome
from stich.core.options import OptionsError, RuleOptions
from stich.core.records import RecordError, load_json, save_json
from stich.games import game_class

ARENA_FORMAT = "stich-arena/1"
PLAN_FILE = "arena.json"
LOCK_FILE = ".lock"
RUNS_FILE = "runs.jsonl"


class ResultsError(ValueError):
    """A results folder that cannot be used as asked; the message names it and says why."""


def read_plan(root: Path) -> tuple[ArenaPlan, int]:
    """The plan saved in a results folder and the matches it last asked for (for --resume)."""
    data = _manifest(root)
    if data is None:
        raise ResultsError(f"{root}: no arena run to resume ({PLAN_FILE} is missing)")
    try:
        options = game_class(data["game"]).OPTIONS.from_preset(
            data["preset"] or None, **data["options"])
        plan = ArenaPlan.make(data["game"], data["a"], data["b"], data["seed"], options,
                              data["nodes"])
        matches = data["matches"]
    except (KeyError, TypeError, OptionsError, ValueError) as error:
        raise ResultsError(f"{root / PLAN_FILE}: not a usable arena plan ({error})") from None
    if not isinstance(matches, int) or isinstance(matches, bool):
        raise ResultsError(f"{root / PLAN_FILE}: 'matches' must be a whole number")
    return plan, matches


def _manifest(root: Path) -> dict[str, Any] | None:
    path = root / PLAN_FILE
    if not path.exists():
        return None
    try:
        data = load_json(path)
    except RecordError as error:
        raise ResultsError(f"{path}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != ARENA_FORMAT:
        raise ResultsError(f"{path}: not an arena plan (format {ARENA_FORMAT!r})")
    return data


def read_saved(plan: ArenaPlan, root: Path, indices: list[int]
               ) -> list[tuple[int, MatchOutcome]]:
    """The outcomes of saved matches of ``plan``, each replayed through the rules and checked
    to be its match; ResultsError names the first file that is not."""
    outcomes = []
    for index in indices:
        path = match_path(root, index)
        try:
            outcomes.append((index, plan.read_back(index, load_json(path))))
        except (RecordError, ValueError) as error:
            raise ResultsError(f"{path}: {error}; move the file away to play match "
                               f"{index} again") from None
    return outcomes


def match_path(root: Path, index: int) -> Path:
    """Where match ``index`` of the run in ``root`` is saved."""
    return root / "matches" / f"{index:06d}.json"


def saved_indices(root: Path, matches: int) -> list[int]:
    """The indices of the first ``matches`` matches that are saved in ``root`` (a run stopped
    with several workers leaves gaps)."""
    return [index for index in range(matches) if match_path(root, index).exists()]


def saved_count(root: Path, matches: int) -> int:
    """How many of the first ``matches`` matches are saved in ``root``."""
    return len(saved_indices(root, matches))


def read_runs(root: Path) -> list[dict[str, Any]]:
    """The runs logged in a results folder (``RUNS_FILE``), oldest first; a line that does not
    read (a run killed while writing it) is skipped."""
    path = root / RUNS_FILE
    if not path.exists():
        return []
    runs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):
            entry = json.loads(line)
            if isinstance(entry, dict):
                runs.append(entry)
    return runs


def runs_summary(root: Path) -> str | None:
    """One line on the wall time the folder's runs took, None where none is logged."""
    runs = [run for run in read_runs(root) if run.get("played")]
    if not runs:
        return None
    wall = sum(float(run.get("wall_s", 0)) for run in runs)
    played = sum(int(run.get("played", 0)) for run in runs)
    loads = [load for run in runs for load in run.get("load", []) if load is not None]
    load = f", load {min(loads):.2f}-{max(loads):.2f}" if loads else ""
    jobs = sorted({int(run.get("jobs", 1)) for run in runs})
    return (f"{root}: {played} matches played in {wall / 60:.1f} min of wall time over "
            f"{len(runs)} run{'s' * (len(runs) != 1)} (--jobs {'/'.join(map(str, jobs))}"
            f"{load}; {RUNS_FILE})")


def _load_average() -> float | None:
    """The 1-minute load average, None where the system has none."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _holds_other_files(root: Path) -> bool:
    """Whether a folder without a plan holds anything but an empty start of one."""
    return any(entry.name != LOCK_FILE
               and not (entry.name == "matches" and entry.is_dir() and not any(entry.iterdir()))
               for entry in root.iterdir())


class ResultsFolder:
    """A results folder opened for one plan; held locked while open (one run at a time)."""

    def __init__(self, root: Path, plan: ArenaPlan, matches: int, jobs: int = 1,
                 backend: str = "processes") -> None:
        self.root = root
        self.plan = plan
        self.matches = matches
        self.jobs = jobs
        self.backend = backend
        self.played = 0
        self._lock: int | None = None
        self._began: tuple[float, float, float | None] = (0.0, 0.0, None)
        """Wall clock, monotonic clock and load average as the run began."""

    def __enter__(self) -> ResultsFolder:
        if self.root.exists() and not self.root.is_dir():
            raise ResultsError(f"{self.root}: is a file, not a results folder")
        stored = _manifest(self.root) if self.root.exists() else None
        if stored is None and self.root.exists() and _holds_other_files(self.root):
            raise ResultsError(f"{self.root}: not empty and not an arena results folder "
                               f"(no {PLAN_FILE}); choose another --out")
        if stored is not None:
            wanted = self.plan.identity()
            differ = [f"{key} {stored.get(key)!r}, not {value!r}"
                      for key, value in wanted.items() if stored.get(key) != value]
            if differ:
                raise ResultsError(f"{self.root}: holds another arena run ({'; '.join(differ)});"
                                   " choose another --out or --resume it")
        (self.root / "matches").mkdir(parents=True, exist_ok=True)
        self._take_lock()
        save_json(self.root / PLAN_FILE,
                  {"format": ARENA_FORMAT, **self.plan.identity(), "matches": self.matches})
        self._began = (time.time(), time.monotonic(), _load_average())
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._lock is not None and self.played:  # a run that played nothing leaves no line
            self._log_run(stopped=error is not None)
        if self._lock is not None:
            os.close(self._lock)  # closing releases the lock (so does the process dying)
            self._lock = None

    def _log_run(self, *, stopped: bool) -> None:
        """Append this run's line to ``RUNS_FILE`` (one write of one line)."""
        began, clock, load = self._began
        entry = {"began": _utc(began), "ended": _utc(time.time()),
                 "wall_s": round(time.monotonic() - clock, 1), "matches": self.matches,
                 "played": self.played, "jobs": self.jobs, "backend": self.backend,
                 "cores": os.cpu_count(), "load": [load, _load_average()], "stopped": stopped}
        line = (json.dumps(entry) + "\n").encode()
        with contextlib.suppress(OSError), open(self.root / RUNS_FILE, "a+b") as log:
            size = log.seek(0, os.SEEK_END)
            if size:
                log.seek(size - 1)
                if log.read(1) != b"\n":  # a line torn by a run killed as it wrote it
                    line = b"\n" + line
            log.write(line)  # appended at the end whatever was read

    def _take_lock(self) -> None:
        descriptor = os.open(self.root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        with contextlib.suppress(ImportError):  # no fcntl (Windows): no lock
            import fcntl

            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                raise ResultsError(f"{self.root}: another arena run is using it") from None
        self._lock = descriptor

    def path(self, index: int) -> Path:
        return match_path(self.root, index)

    def saved(self, jobs: int = 1) -> dict[int, MatchOutcome]:
        """The outcomes of the matches already saved (of the first ``matches``), read back by
        ``jobs`` worker processes."""
        read = functools.partial(read_saved, self.plan, self.root)
        indices = saved_indices(self.root, self.matches)
        with contextlib.closing(in_processes(read, indices, jobs)) as outcomes:
            return dict(outcomes)

    def save(self, index: int, record: dict[str, Any]) -> None:
        """Save a finished match's record (atomically: a crash leaves the old file or none)."""
        save_json(self.path(index), record)
        self.played += 1


def check_resumed(root: Path, plan: ArenaPlan, **given: Any) -> None:
    """ResultsError unless every setting given on the command line (not None) agrees with
    the saved run's plan: a resumed run is the run that was started."""
    differ = [f"{key} {_shown(getattr(plan, key))}, not {_shown(value)}"
              for key, value in given.items() if value is not None and value != getattr(plan, key)]
    if differ:
        raise ResultsError(f"{root}: the saved run has {'; '.join(differ)} "
                           "(leave those out to resume it)")


def _utc(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp, datetime.UTC).isoformat(timespec="seconds")


def _shown(value: Any) -> str:
    if isinstance(value, RuleOptions):
        return f"preset {value.preset!r} with {value.overrides()}"
    return repr(value)
