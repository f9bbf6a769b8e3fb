"""The ``expert`` bot for every game: PIMC over sampled worlds with the exact solver, weighted
by inference, exact over few hidden cards, and match-aware (issue 11, item 1).

Each decision:

1. **Worlds.** :attr:`ExpertBot.candidates` worlds are drawn with ``InfoState.sample_world``
   (uniform among the deals the seat cannot rule out, every hard constraint honoured) from
   seeds derived from the bot's seed.
2. **Inference** (``expert.inference``, ``expert.policy``): each world is weighted by how
   likely it makes the opponents' earlier choices (trump, push, bids, talon and discards,
   doubling, Weis, leads, Schnapsen exchange and close and the cards played while the stock is
   open), under the game's ``rules`` bot as a cheap policy model, trusted as far as it has
   predicted this match's opponents (``inference.Agreement``: fitted to their choices by
   expectation maximisation over the worlds, and carried from deal to deal). In Schnapsen
   :attr:`ExpertBot.MODEL` may name another model (none is the default; measured against
   ``pimc`` in ``docs/search.md``): ``"policy"``, a conditional logit fitted to ``pimc``'s
   choices (``expert.policy``), the way an opponent that searches decides; ``"mixed"``, a
   world weighing the average of its likelihoods under that and the rules model, each model
   weighted by how likely it has made the opponent's choices so far in the match (Bayes'
   rule after every deal, :attr:`ExpertBot.rules_trust`: against the ``rules`` bot the rules
   model takes over within a few deals, against ``pimc`` the learnt one); or ``"solver"``,
   the solver with the world's cards open (``inference.solver_choices``), which solves every
   past choice in every world, about 100 times the search's nodes. The learnt model tells
   the real deal from the others best, but won no more Bummerl against ``pimc`` than the
   rules model; the solver model may win more, at 40 times the time allowed a move.
3. **Few hidden cards: exact.** Worlds that are the same deal from here on (equal
   ``position()``: all hands, the stock, the options) are merged and solved once, weighted by
   how often they were drawn. When the hidden cards are few, the draws cover every consistent
   world (:meth:`ExpertBot.worlds`: at most a tenth as many distinct worlds as draws), each
   counts once and the choice is exact over all of them (with the stock exhausted in
   Schnapsen, or the last trick of any game, there is one world and one solve).
4. **Search.** The worlds are searched in the order of their weight (the most likely first)
   until the budget is spent: card play by the solver for every legal action (the kernel,
   ``stich.search``); every other choice (trump or push, bids, talon and discard, doubling)
   by applying it in the world, playing the rest of the phase with the ``rules`` bots and
   solving the card play that follows (as ``pimc``); Weis are declared (J-5: with all cards
   known declaring can only add points).
5. **Match-aware values.** In Schnapsen each world's result is turned into the chance of
   winning the Bummerl from the match score (``expert.match_value``), so closing, claiming,
   exchanging and every card are chosen by the chance of winning the Bummerl, not the deal's
   points. In Jass the deal carries the match score and the target (J-7: the game ends the
   moment a team reaches it, mid-deal), and the solver plays to it.
6. **Closing without seeing the other hand** (Schnapsen, S-7). The solver values a close as
   if the closer knew the opponent's cards, but after a close no draw reveals anything: the
   closer must find 66 blind. A close the solver prefers is played out in the first
   :data:`CLOSE_CHECK_WORLDS` worlds by both players as ``pimc`` from their own information
   states, and stands only if that beats the best other action
   (:meth:`ExpertBot._check_close`; with a node budget the play-outs stop after
   :data:`CHECK_BUDGETS` budgets, so a check early in a deal keeps the move within the time
   target). Against ``pimc`` (1 M nodes, 30 matches, seed 201) it cut the expert's failed
   closes from 32% to 15% and moved it from 39.1% to 55.1% of Bummerl.
7. **Giving up without seeing the other hand** (Schnapsen, S-8). A false claim that the
   solver prefers while cards are hidden (the opponent wins every world by perfect play) is
   checked the same way: the best other action is played out blind, and taken if that
   beats the claim's sure loss (:meth:`ExpertBot._check_surrender`).

The budget is in samples (worlds searched) or nodes (solver nodes over all worlds, at least
one world), never in time: the same seed and budget choose the same action on the native and
the Python search path, on any machine. ``think_ms`` converts a time into nodes
(``pimc.nodes_for_ms``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from stich import search
from stich.bots.base import Bot
from stich.bots.expert import policy
from stich.bots.expert.inference import KINDS, Agreement, choices, solver_choices
from stich.bots.expert.match_value import deal_value, remaining_for
from stich.bots.pimc import PimcBot, outcome
from stich.core.actions import Action
from stich.core.game import Game
from stich.core.knowledge import InfoState
from stich.core.sampling import NoWorld

DEFAULT_THINK_MS = 1000
"""Without a budget given: about this long per decision, as nodes (``pimc.nodes_for_ms``, so
the Python search path gets a budget it searches in about the same time)."""
DOUBLING = frozenset({"double", "redouble", "reredouble"})
MIN_EXPLAINED = 4
"""Doubling (B-6) against a contract that fewer drawn worlds than this explain (the
declarer's bid and discards as the model would have made them) follows the model: the
search would value the contract in worlds where the declarer never bid it."""
NODES_PER_POLICY_MOVE = 1500
"""A move played by the policy bots in a playout counts as this many nodes of the budget
(about the time the kernel takes for them)."""
CANDIDATES_PER_SAMPLE = 3
"""Worlds drawn per world searched (the rest only weighed, or merged with equal ones)."""
NODES_PER_CANDIDATE = 20_000
"""With a node budget: one world drawn per this many nodes (within the bounds below)."""
CANDIDATES = (8, 160)
EXHAUSTIVE = 10
POINTS_TIE = 1e-4
"""Schnapsen: a deal's game points added at this weight to its Bummerl chance, so that
choices the match score makes equal (every loss loses the Bummerl) are still told apart by
the deal (not giving away 3 where 1 would do). It moves no other choice: worlds' chances
differ by far more."""
MODELS = ("rules", "mixed", "policy", "solver")
"""The opponent models :attr:`ExpertBot.MODEL` may name (item 2 above)."""
POLICY_TRUST = 1.0
"""``MODEL = "policy"``: a world weighs its likelihood under the learnt model to this power."""
TRUST_LIMITS = (0.01, 0.99)
"""``MODEL = "mixed"``: neither model is ever ruled out for the rest of a match."""
CLOSE_CHECK_WORLDS = 12
"""Worlds in which a close that the solver prefers is played out without seeing the other
hand (:meth:`ExpertBot._check_close`)."""
CLOSE_INNER_SAMPLES = 8
"""Worlds per decision of the players in that playout."""
CHECK_BUDGETS = 2
"""With a node budget, a blind check stops after the world in which its play-outs have
searched this many times the decision's budget (at least one world): early in a deal a dozen
worlds played out blind from the first tricks took up to 28 M nodes, over 2 s, where the
target is never more than 3 s a move; most checks search well under one budget."""


class ExpertBot(PimcBot):
    """PIMC with inference, exact few-card endings and match-aware values; deterministic for
    a seed and a budget."""

    NAME = "expert"
    MODEL = "rules"
    """The model of the opponents' choices (item 2 above): the ``rules`` bot; in Schnapsen
    also ``"mixed"`` (the ``rules`` bot and the learnt ``expert.policy`` averaged by Bayes'
    rule), ``"policy"`` (the learnt model alone) or ``"solver"`` (``inference.solver_choices``:
    its nodes, not counted in the budget, are about 100 times the search's): item 2 above
    says why none of them is the default."""

    def __init__(self, seed: int = 0, samples: int | None = None, nodes: int | None = None,
                 think_ms: float | None = None, native: bool | None = None) -> None:
        if samples is None and nodes is None and think_ms is None:
            think_ms = DEFAULT_THINK_MS
        self.agreement = Agreement()
        self.rules_trust = 0.5
        """``MODEL = "mixed"``: the chance that the ``rules`` model, not the learnt one, is the
        one that explains this match's opponents (updated by Bayes' rule after each deal)."""
        self.evidence: tuple[float, float] | None = None
        """The likelihood of the opponents' choices under each model at the last decision."""
        super().__init__(seed, samples, nodes, think_ms, native)
        self.match_state: dict[str, Any] | None = None
        self.inferred = 0
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

    def see_match(self, state: dict[str, Any] | None) -> None:
        self.match_state = state

    @property
    def candidates(self) -> int:
        """Worlds drawn per decision."""
        low, high = CANDIDATES
        if self.nodes is not None:
            return max(low, min(high, self.nodes // NODES_PER_CANDIDATE))
        return max(low, min(high, self.samples * CANDIDATES_PER_SAMPLE))

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        weis = next((action for action in legal if action.verb == "weis"), None)
        if weis is not None:  # J-5: declare every Weis held (pimc's docstring)
            return weis
        seed = self.rng.getrandbits(64)
        try:
            worlds = self.worlds(info, seed)
        except NoWorld:  # a sampler that fails to find a world: play as the policy model
            return self._policy(info.game, info.seat).choose(info)
        if any(action.verb in DOUBLING for action in legal) and sum(
                count for _, count, chance in worlds if chance == 1.0) < MIN_EXPLAINED:
            return self._policy(info.game, info.seat).choose(info)
        searched_worlds, totals, spent = self.weigh(info, worlds)
        utility = self._utility(info)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        if legal[best].verb == "close":
            best, used = self._check_close(legal, best, searched_worlds, utility, info.seat, seed)
            spent += used
        elif self._surrenders(legal[best], searched_worlds, best):
            best, used = self._check_surrender(legal, best, searched_worlds, utility, info.seat,
                                               seed)
            spent += used
        self.searched += spent
        return legal[best]

    def weigh(self, info: InfoState, worlds: list[tuple[Game, int, float]]
              ) -> tuple[list[tuple[Game, float, list[int]]], list[float], int]:
        """Search ``worlds`` (from :meth:`worlds`) in their order until the budget is spent:
        the worlds searched, each with its weight and every legal action's solver value; each
        action's weighted total in the seat's utility; the nodes searched."""
        legal = info.legal_actions()
        utility = self._utility(info)
        totals = [0.0] * len(legal)
        spent = 0
        searched: list[tuple[Game, float, list[int]]] = []
        for index, (world, count, chance) in enumerate(worlds):
            weight = count * chance
            if index >= self.samples or (self.nodes is not None and spent >= self.nodes):
                break
            values, nodes = self.evaluate(world, legal, info.seat)
            totals = [total + weight * utility(value)
                      for total, value in zip(totals, values, strict=True)]
            searched.append((world, weight, values))
            spent += nodes
        return searched, totals, spent

    def _check_close(self, legal: tuple[Action, ...], close: int,
                     searched: list[tuple[Game, float, list[int]]],
                     utility: Callable[[int], float], seat: int, seed: int) -> tuple[int, int]:
        """Closing (S-7) without seeing the other hand: the solver values a close as if the
        closer knew the opponent's cards for the rest of the deal, and after a close nothing
        more is revealed by draws, so that value is far too high (strategy fusion: in each
        world it plays the line that suits that world). In the first
        :data:`CLOSE_CHECK_WORLDS` worlds (fewer where the play-outs reach
        :data:`CHECK_BUDGETS` node budgets first) the closed deal is played out instead by
        both players as ``pimc`` over their own information (:data:`CLOSE_INNER_SAMPLES`
        worlds a decision), and so is the best other action by the solver's values (whose value the
        solver overrates as well, seeing the stock's order): the close stands only if it
        beats that action over the same worlds; else that action is taken. Returns the
        action's index and the nodes searched."""
        solved = self._solved(searched, utility, len(legal), CLOSE_CHECK_WORLDS)
        alternative = max((i for i in range(len(legal)) if i != close),
                          key=lambda i: (solved[i], -i))
        (closing, other), _, nodes = self.blind(
            (legal[close], legal[alternative]), searched, utility, seat, seed)
        return (close if closing > other else alternative), nodes

    @staticmethod
    def _surrenders(action: Action, searched: list[tuple[Game, float, list[int]]],
                    index: int) -> bool:
        """Whether ``action`` gives the deal up by a false claim (S-8) while cards are still
        hidden: a claim worth a loss in every world searched, from more than one world."""
        return (action.verb == "claim" and len(searched) > 1
                and all(values[index] < 0 for _, _, values in searched))

    def _check_surrender(self, legal: tuple[Action, ...], claim: int,
                         searched: list[tuple[Game, float, list[int]]],
                         utility: Callable[[int], float], seat: int,
                         seed: int) -> tuple[int, int]:
        """Giving up by a false claim (S-8, S-9: the opponent scores what the claim would
        have) without seeing the other hand: the solver values playing on as if both
        players knew every card, and an opponent who wins every world by perfect play does
        not find every win with its own cards only. In the first :data:`CLOSE_CHECK_WORLDS`
        worlds (fewer where the play-outs reach :data:`CHECK_BUDGETS` node budgets first) the
        best other action is played out by both players as ``pimc`` over their own
        information, and taken if that beats the claim's sure loss over the same worlds.
        Against ``pimc`` (1 M nodes, 25 surrenders of 16 matches, seed 300, played on 4
        times each from the real deal) playing on lost 1.02 game points where the claims lost
        1.16, all of it from the surrenders with the stock still open. Returns the action's
        index and the nodes searched."""
        solved = self._solved(searched, utility, len(legal), CLOSE_CHECK_WORLDS)
        alternative = max((i for i in range(len(legal)) if i != claim),
                          key=lambda i: (solved[i], -i))
        (playing_on,), worlds, nodes = self.blind(
            (legal[alternative],), searched, utility, seat, seed)
        claiming = self._solved(searched, utility, len(legal), worlds)[claim]
        return (alternative if playing_on > claiming else claim), nodes

    @staticmethod
    def _solved(searched: list[tuple[Game, float, list[int]]],
                utility: Callable[[int], float], actions: int, worlds: int) -> list[float]:
        """Each action's solver value over the first ``worlds`` worlds."""
        totals = [0.0] * actions
        for _, weight, values in searched[:worlds]:
            totals = [total + weight * utility(v) for total, v in zip(totals, values, strict=True)]
        return totals

    def blind(self, actions: tuple[Action, ...], searched: list[tuple[Game, float, list[int]]],
              utility: Callable[[int], float], seat: int,
              seed: int) -> tuple[list[float], int, int]:
        """``actions`` played out blind (``_play_blind``) in the first
        :data:`CLOSE_CHECK_WORLDS` worlds, all of them in one world before the next (the
        same seed for each in a world), until the play-outs have searched
        :data:`CHECK_BUDGETS` times the node budget: each action's weighted value, the worlds
        played and the nodes searched."""
        honest = [0.0] * len(actions)
        cap = None if self.nodes is None else CHECK_BUDGETS * self.nodes
        nodes = worlds = 0
        for index, (world, weight, _) in enumerate(searched[:CLOSE_CHECK_WORLDS]):
            if cap is not None and nodes >= cap:
                break
            for i, action in enumerate(actions):
                value, used = self._play_blind(world, action, seat, seed + index)
                honest[i] += weight * utility(value)
                nodes += used
            worlds += 1
        return honest, worlds, nodes

    def _play_blind(self, world: Game, action: Action, seat: int,
                    seed: int) -> tuple[int, int]:
        """``action`` (a close, or the move instead of a surrender) applied in ``world`` and
        the deal played to its end by ``pimc`` for both seats, each deciding from its own
        information state: the value for ``seat`` and the nodes searched."""
        after = world.clone()
        after.apply(action)
        players = {s: PimcBot(seed + s, samples=CLOSE_INNER_SAMPLES, native=self.native)
                   for s in range(after.SEATS)}
        for s, bot in players.items():
            bot.new_deal(s)
        while not after.is_terminal():
            to_act = after.current_player()
            after.apply(players[to_act].choose(after.information_state(to_act)))
        return outcome(after, seat), sum(bot.searched for bot in players.values())

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
            world = info.sample_world(random.Random(seed + index))
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

    def evaluate(self, world: Game, legal: tuple[Action, ...],
                 seat: int) -> tuple[list[int], int]:
        """Each legal action's value for ``seat`` in a world with all cards known: as
        ``pimc`` (the Jass contract too: the policy plays on to five cards a hand and the
        solver values the rest, which won 63.0% of 1,013 deals against the ``rules`` team
        where whole deals played out by the policy won 58.6%, same seed), except doubling in
        the contract games, valued by the whole deal played out by the ``rules`` bots (B-6;
        a solve with every card open lets the defenders beat contracts together that they
        cannot beat with their cards hidden, so it doubles far too often)."""
        playout = any(action.verb in DOUBLING for action in legal)
        if not playout or search.in_card_play(world):
            return super().evaluate(world, legal, seat)
        values, moves = [], 0
        for action in legal:
            after = world.clone()
            after.apply(action)
            while not after.is_terminal():
                to_act = after.current_player()
                after.apply(self._policy(after.NAME, to_act).choose(
                    after.information_state(to_act)))
                moves += 1
            values.append(outcome(after, seat))
        return values, moves * NODES_PER_POLICY_MOVE

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

    def _utility(self, info: InfoState) -> Callable[[int], float]:
        """A world's value for the seat (solver units) as what it is worth in the match."""
        if info.game != "schnapsen":
            return float
        start = int(getattr(info.options, "bummerl_start", 7))
        mine, theirs = remaining_for(self.match_state, info.seat, start)
        return lambda value: deal_value(value, mine, theirs) + POINTS_TIE * value
