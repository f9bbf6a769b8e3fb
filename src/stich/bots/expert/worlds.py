"""The expert's worlds: drawn from the information state, merged when they are one deal from
here on, and weighted by how likely they make the opponents' earlier choices under the model
of them (``expert.inference``, ``expert.policy``; ``docs/search.md``, the ``expert`` bot,
items 1 to 3)."""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from stich.bots.base import Bot
from stich.bots.expert import policy
from stich.bots.expert.inference import KINDS, Agreement, choices, solver_choices
from stich.bots.pimc import PimcBot
from stich.core.game import Game, sample_world
from stich.core.knowledge import InfoState

CANDIDATES_PER_SAMPLE = 3
"""Worlds drawn per world searched (the rest only weighed, or merged with equal ones)."""
NODES_PER_CANDIDATE = 20_000
"""With a node budget: one world drawn per this many nodes (within the bounds below)."""
CANDIDATES = (8, 160)
EXHAUSTIVE = 10
MODELS = ("rules", "mixed", "policy", "solver")
"""The opponent models :attr:`WeighedWorlds.MODEL` may name (docs/search.md, the ``expert``
bot, item 2)."""
POLICY_TRUST = 1.0
"""``MODEL = "policy"``: a world weighs its likelihood under the learnt model to this power."""
TRUST_LIMITS = (0.01, 0.99)
"""``MODEL = "mixed"``: neither model is ever ruled out for the rest of a match."""


class WeighedWorlds(PimcBot):
    """Drawing, merging and weighing the worlds of a decision; the opponent models learn from
    deal to deal."""

    MODEL: ClassVar[str] = "rules"
    """The model of the opponents' choices (docs/search.md, the ``expert`` bot, item 2): the
    ``rules`` bot; in Schnapsen also ``"mixed"`` (the ``rules`` bot and the learnt
    ``expert.policy`` averaged by Bayes' rule), ``"policy"`` (the learnt model alone) or
    ``"solver"`` (``inference.solver_choices``: its nodes, not counted in the budget, are about
    100 times the search's); docs/search.md says why none of them is the default."""

    agreement: Agreement
    rules_trust: float
    """``MODEL = "mixed"``: the chance that the ``rules`` model, not the learnt one, is the
    one that explains this match's opponents (updated by Bayes' rule after each deal)."""
    evidence: tuple[float, float] | None
    """The likelihood of the opponents' choices under each model at the last decision."""
    inferred: int
    """Nodes the solver model searched over the bot's life (outside the budget)."""

    def new_deal(self, seat: int) -> None:
        super().new_deal(seat)
        self.agreement.learn()
        if self.evidence is not None:  # Bayes: which model made the last deal's choices likelier
            ruled, learnt = self.evidence
            trust = self.rules_trust
            total = trust * ruled + (1.0 - trust) * learnt
            if total > 0.0:
                low, high = TRUST_LIMITS
                self.rules_trust = min(high, max(low, trust * ruled / total))
            self.evidence = None

    @property
    def candidates(self) -> int:
        """Worlds drawn per decision."""
        low, high = CANDIDATES
        if self.nodes is not None:
            return max(low, min(high, self.nodes // NODES_PER_CANDIDATE))
        return max(low, min(high, self.samples * CANDIDATES_PER_SAMPLE))

    def worlds(self, info: InfoState, seed: int) -> list[tuple[Game, int, float]]:
        """The distinct worlds drawn, each with the times it was drawn and the likelihood of
        the opponents' choices in it; the heaviest (count x likelihood) first, ties: the first
        drawn first. Where the draws found at most 1/:data:`EXHAUSTIVE` as many distinct
        worlds as were drawn, they are all the worlds there are (a world of d left out has the
        chance (1 - 1/d)^draws < e^-EXHAUSTIVE), and each counts once: the choice is then exact
        over every consistent world, weighted by the likelihoods alone."""
        models = self._models(info)
        if self.MODEL not in MODELS:
            raise ValueError(f"ExpertBot.MODEL {self.MODEL!r} is not one of {', '.join(MODELS)}")
        model = self.MODEL if info.game == "schnapsen" else "rules"
        merged: dict[str, list[Any]] = {}
        for index in range(self.candidates):
            world = sample_world(info, random.Random(seed + index))
            key = world.position()
            if key in merged:
                merged[key][1] += 1
                continue
            merged[key] = entry = [world, 1, None, index, 0.0]
            if model == "solver":
                entry[2], nodes = solver_choices(world, tuple(models), self.native)
                self.inferred += nodes
            elif model != "policy":
                entry[2] = choices(world, models)
            if model in ("policy", "mixed"):
                entry[4] = policy.log_likelihood(world, tuple(models))
        if len(merged) * EXHAUSTIVE <= self.candidates:  # every world drawn: each counts once
            for entry in merged.values():
                entry[1] = 1
        entries = list(merged.values())
        weights = self._weights(model, entries)
        ranked = sorted(zip(entries, weights, strict=True),
                        key=lambda pair: (-pair[1], pair[0][3]))
        return [(entry[0], entry[1], weight / entry[1]) for entry, weight in ranked]

    def _weights(self, model: str, entries: list[list[Any]]) -> list[float]:
        """Each drawn world's weight (the times drawn x the likelihood of the opponents'
        choices in it) under ``model``: the ``rules`` bot's (``inference.Agreement.fit``, also
        for the solver's agreement), the learnt model's (``policy``), or both averaged by how
        likely each model has made the opponents' choices so far in the match (``mixed``)."""
        if model in ("rules", "solver"):
            return self.agreement.fit([(entry[2], entry[1]) for entry in entries])
        top = max(entry[4] for entry in entries)
        learnt = [entry[1] * math.exp(POLICY_TRUST * (entry[4] - top)) for entry in entries]
        if model == "policy":
            return learnt
        ruled = self.agreement.fit([(entry[2], entry[1]) for entry in entries])
        rates = self.agreement.rates(self.agreement.deal)
        ruled = [weight * math.prod(rates[kind] ** entry[2].asked(kind) for kind in KINDS)
                 for weight, entry in zip(ruled, entries, strict=True)]
        scale = math.exp(POLICY_TRUST * top)
        learnt = [weight * scale for weight in learnt]
        drawn = sum(entry[1] for entry in entries)
        self.evidence = (sum(ruled) / drawn, sum(learnt) / drawn)
        trust = self.rules_trust
        mixed = [trust * r + (1.0 - trust) * p for r, p in zip(ruled, learnt, strict=True)]
        heaviest = max(w / entry[1] for w, entry in zip(mixed, entries, strict=True))
        return [w / heaviest for w in mixed] if heaviest > 0.0 else learnt

    def _models(self, info: InfoState) -> dict[int, Bot]:
        """The policy model (the ``rules`` bot) for every seat not on this seat's team."""
        from stich.bots import make_bot
        from stich.games import game_class

        cls = game_class(info.game)
        team = next((t for t in cls.TEAMS if info.seat in t), (info.seat,))
        models = {}
        for seat in range(cls.SEATS):
            if seat not in team:
                models[seat] = model = make_bot(info.game, "rules", self.seed + seat)
                model.new_deal(seat)
        return models
