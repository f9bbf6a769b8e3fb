"""The ``expert`` bot for every game: PIMC over sampled worlds with the exact solver, weighted
by inference, exact over few hidden cards, and match-aware. How it decides, and what it was
measured to win with the commands that measure it: ``docs/search.md`` (the ``expert`` bot).

``bot`` holds :class:`ExpertBot`, ``worlds`` the drawing and weighing of worlds, ``blind`` the
checks of closing and giving up, ``inference`` and ``policy`` the opponent models; the
Bummerl chance is ``stich.bots.match_value`` (the ``ismcts`` bot's too)."""

from stich.bots.expert.blind import CHECK_BUDGETS, CLOSE_CHECK_WORLDS, CLOSE_INNER_SAMPLES
from stich.bots.expert.bot import (
    DEFAULT_THINK_MS,
    DOUBLING,
    MIN_EXPLAINED,
    NODES_PER_POLICY_MOVE,
    ExpertBot,
)
from stich.bots.expert.worlds import (
    CANDIDATES,
    CANDIDATES_PER_SAMPLE,
    EXHAUSTIVE,
    MODELS,
    NODES_PER_CANDIDATE,
    POLICY_TRUST,
    TRUST_LIMITS,
)
from stich.bots.match_value import POINTS_TIE

__all__ = ["CANDIDATES", "CANDIDATES_PER_SAMPLE", "CHECK_BUDGETS", "CLOSE_CHECK_WORLDS",
           "CLOSE_INNER_SAMPLES", "DEFAULT_THINK_MS", "DOUBLING", "EXHAUSTIVE", "MIN_EXPLAINED",
           "MODELS", "NODES_PER_CANDIDATE", "NODES_PER_POLICY_MOVE", "POINTS_TIE",
           "POLICY_TRUST", "TRUST_LIMITS", "ExpertBot"]
