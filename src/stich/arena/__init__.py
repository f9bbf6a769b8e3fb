"""Bot against bot over seeded matches, both ways round, with honest statistics.

Matches run here, in worker processes (``jobs``) or on Ray, with the same results for the same
seed and node budget; with a results folder every match record is saved and an interrupted run
resumes (see :mod:`stich.arena.store`).
"""

from stich.arena.plan import ArenaPlan
from stich.arena.report import ArenaReport, MatchOutcome, wilson
from stich.arena.run import run_arena, run_plan

__all__ = ["ArenaPlan", "ArenaReport", "MatchOutcome", "run_arena", "run_plan", "wilson"]
