"""The baseline: a uniformly random legal action, from a seeded generator."""

from __future__ import annotations

from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.game import Observation


class RandomBot(Bot):
    """Any game: picks uniformly among the legal actions."""

    NAME = "random"
    QUICK = True  # a draw from its generator: cheaper here than a trip to a worker

    def act(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
