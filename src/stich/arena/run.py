"""An arena run: read back what a results folder holds, play the rest, sum by match index."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from stich.arena.backends import play
from stich.arena.plan import ArenaPlan
from stich.arena.report import ArenaReport, MatchOutcome, unit_of
from stich.arena.store import ResultsFolder
from stich.core.options import RuleOptions

OnProgress = Callable[[ArenaReport, int], None]
"""Called with the matches finished so far (in the order they finished) and the total."""


def run_arena(game: str, a: str, b: str, matches: int, seed: int,
              options: RuleOptions | None = None, *, nodes: int | None = None, jobs: int = 1,
              out: Path | None = None, backend: str = "processes", address: str | None = None,
              on_progress: OnProgress | None = None) -> ArenaReport:
    """Play ``matches`` whole matches of bot ``a`` against bot ``b`` from one seed.

    Matches come in pairs (threes for three seats) over the same cards, each side taking each
    seat once, so that the luck of the deal cancels out. The report is the same for any
    ``jobs`` and ``backend``; with ``out`` every match record is saved there and a rerun reads
    the saved ones back instead of playing them again.
    """
    plan = ArenaPlan.make(game, a, b, seed, options, nodes)
    return run_plan(plan, matches, jobs=jobs, out=out, backend=backend, address=address,
                    on_progress=on_progress)


def run_plan(plan: ArenaPlan, matches: int, *, jobs: int = 1, out: Path | None = None,
             backend: str = "processes", address: str | None = None,
             on_progress: OnProgress | None = None) -> ArenaReport:
    """:func:`run_arena` for a plan made already (as read from a results folder)."""
    if matches < 1:
        raise ValueError(f"--matches must be at least 1 (whole matches to play), got {matches}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, got {jobs}")
    folder = (ResultsFolder(out, plan, matches, jobs, backend) if out is not None else None)
    outcomes: dict[int, MatchOutcome] = {}
    with folder if folder is not None else contextlib.nullcontext():
        if folder is not None:
            outcomes.update(folder.saved(jobs))  # read back by local processes
        running = summed(plan, [outcomes[index] for index in sorted(outcomes)])
        if on_progress is not None:
            on_progress(running, matches)
        to_play = [index for index in range(matches) if index not in outcomes]
        with contextlib.closing(play(plan, to_play, backend=backend, jobs=jobs,
                                     address=address)) as played:
            for index, outcome, record in played:
                if folder is not None:
                    folder.save(index, record)
                outcomes[index] = outcome
                running.add(outcome)
                if on_progress is not None:
                    on_progress(running, matches)
    return summed(plan, [outcomes[index] for index in range(matches)])


def summed(plan: ArenaPlan, outcomes: list[MatchOutcome]) -> ArenaReport:
    """The report of a plan's matches from their outcomes."""
    report = ArenaReport(plan.game, plan.a, plan.b, unit=unit_of(plan.game, plan.options))
    for outcome in outcomes:
        report.add(outcome)
    return report
