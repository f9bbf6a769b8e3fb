"""What `stich arena` does with its command line: settle the plan (new, or resumed from a
results folder), run it with a progress bar, and say how to go on when interrupted."""

from __future__ import annotations

import contextlib
import dataclasses
import signal
import sys
import threading
from collections.abc import Callable, Generator
from pathlib import Path

from stich.arena.backends import all_cores
from stich.arena.plan import ArenaPlan, bot_takes_budget
from stich.arena.report import ArenaReport
from stich.arena.run import run_plan
from stich.arena.store import check_resumed, read_plan, runs_summary, saved_count
from stich.core.options import RuleOptions, parse_option_pairs
from stich.games import game_class

DEFAULT_MATCHES = 200
DEFAULT_SEED = 1


class ArenaInterrupted(Exception):
    """Ctrl-C: the message says how many matches were saved and how to resume."""


@dataclasses.dataclass(frozen=True)
class ArenaRequest:
    """The command line's settings; None where not given."""

    game: str | None = None
    a: str | None = None
    b: str | None = None
    matches: int | None = None
    seed: int | None = None
    preset: str | None = None
    option_pairs: tuple[str, ...] = ()
    nodes: int | None = None
    out: Path | None = None
    resume: Path | None = None

    def options(self, game: str) -> RuleOptions | None:
        if self.preset is None and not self.option_pairs:
            return None
        return game_class(game).OPTIONS.from_preset(self.preset,
                                                     **parse_option_pairs(list(self.option_pairs)))

    def settle(self) -> tuple[ArenaPlan, int, Path | None]:
        """The plan, the matches and the results folder: from the command line, or from the
        folder to resume (settings given as well must agree with it)."""
        if self.resume is None:
            if self.game is None or self.a is None or self.b is None:
                raise ValueError("give the game and both bots (GAME A B), or --resume DIR")
            plan = ArenaPlan.make(self.game, self.a, self.b,
                                  DEFAULT_SEED if self.seed is None else self.seed,
                                  self.options(self.game), self.nodes)
            return plan, DEFAULT_MATCHES if self.matches is None else self.matches, self.out
        if self.out is not None and self.out != self.resume:
            raise ValueError("--out and --resume name different folders; give one of them")
        plan, saved_matches = read_plan(self.resume)
        options = self.options(plan.game) if self.game in (None, plan.game) else None
        check_resumed(self.resume, plan, game=self.game, a=self.a, b=self.b, seed=self.seed,
                      nodes=self.nodes, options=options)
        return plan, saved_matches if self.matches is None else self.matches, self.resume


def run_request(request: ArenaRequest, *, jobs: int | None = None, backend: str = "processes",
                address: str | None = None, progress: bool | None = None,
                note: Callable[[str], None] | None = None) -> ArenaReport:
    """Run the arena as asked; ``progress`` None shows the bar when stderr is a terminal.
    ``note`` gets the lines for stderr (what was read back, a budget no bot takes)."""
    note = note or (lambda line: print(line, file=sys.stderr))
    plan, matches, out = request.settle()
    if plan.nodes is not None and not any(bot_takes_budget(plan.game, name)
                                          for name in (plan.a, plan.b)):
        note(f"note: neither {plan.a} nor {plan.b} takes a node budget; --nodes {plan.nodes} "
             "is only recorded with the run")
    finished: int | None = None  # None until the saved matches are read back

    def count(running: ArenaReport, total: int) -> None:
        nonlocal finished
        if finished is None and running.matches:
            note(f"read back {running.matches} saved matches from {out}")
        finished = running.matches

    workers = all_cores() if jobs is None else jobs
    show = sys.stderr.isatty() if progress is None else progress
    try:
        with _terminate_as_interrupt():
            report = _run(plan, matches, workers, out, backend, address, show, count)
    except KeyboardInterrupt:
        if out is None:
            raise ArenaInterrupted(f"interrupted after {finished or 0} of {matches} matches, "
                                   "none saved (--out DIR keeps them, to resume)") from None
        _note_runs(out, note)
        raise ArenaInterrupted(f"interrupted: {saved_count(out, matches)} of {matches} matches "
                               f"saved in {out}; rerun the same command (or --resume {out}) "
                               "to go on") from None
    if out is not None:
        _note_runs(out, note)
    return report


def _note_runs(out: Path, note: Callable[[str], None]) -> None:
    """The wall time of the folder's runs, where any played a match."""
    summary = runs_summary(out)
    if summary is not None:
        note(summary)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Generator[None, None, None]:
    """SIGTERM (``kill``, a job scheduler stopping the run) is handled as Ctrl-C: the worker
    processes are stopped with the run, not left playing, and the saved matches are named.
    Only in the main thread, where Python delivers signals."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run(plan: ArenaPlan, matches: int, workers: int, out: Path | None, backend: str,
         address: str | None, show: bool,
         count: Callable[[ArenaReport, int], None]) -> ArenaReport:
    """The run itself, with a progress bar when ``show``."""
    if not show:
        return run_plan(plan, matches, jobs=workers, out=out, backend=backend,
                        address=address, on_progress=count)
    from stich.arena.progress import ProgressBar

    with ProgressBar(f"{plan.a}-{plan.b}") as bar:
        def both(running: ArenaReport, total: int) -> None:
            count(running, total)
            bar(running, total)

        return run_plan(plan, matches, jobs=workers, out=out, backend=backend,
                        address=address, on_progress=both)
