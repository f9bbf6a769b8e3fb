"""The ``expert`` bot: information-set MCTS where PIMC errs most in the games of
``ExpertBot.TREE_GAMES`` (``stich.bots.ismcts``: Schnapsen while the stock is open),
elsewhere PIMC over worlds weighted by inference (``worlds``), exact over few hidden cards,
valued in the match (``stich.bots.match_value``), with blind checks of closing and giving up
(``blind``). How it decides, and what it was measured to win: ``docs/search.md``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from stich import search
from stich.bots.expert.blind import BlindChecks
from stich.bots.expert.inference import Agreement
from stich.bots.expert.worlds import WeighedWorlds
from stich.bots.ismcts import IsmctsBot, match_utility, tree_search
from stich.bots.match_value import POINTS_TIE, deal_value, remaining_for
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


class ExpertBot(BlindChecks, WeighedWorlds):
    """PIMC with inference, exact few-card endings and match-aware values; deterministic for
    a seed and a budget."""

    NAME = "expert"
    TREE_GAMES: ClassVar[frozenset[str]] = frozenset({"schnapsen"})
    """The games whose phases where PIMC errs most (``IsmctsBot.searched_phase``) the expert
    searches by information-set MCTS at its budget, where that search beats ``pimc`` at the
    expert's budget (docs/search.md, "Strength per budget"): Schnapsen's open stock, closes
    included (the blind close check is the PIMC path's, where this set is empty). In Jass and
    the contract games it was not measured stronger there."""

    def __init__(self, seed: int = 0, samples: int | None = None, nodes: int | None = None,
                 think_ms: float | None = None, native: bool | None = None) -> None:
        if samples is None and nodes is None and think_ms is None:
            think_ms = DEFAULT_THINK_MS
        self.agreement = Agreement()  # the models' state: WeighedWorlds says what each is
        self.rules_trust = 0.5
        self.evidence = None
        super().__init__(seed, samples, nodes, think_ms, native)
        self.match_state: dict[str, Any] | None = None
        self.inferred = 0

    def see_match(self, state: dict[str, Any] | None) -> None:
        self.match_state = state

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        weis = next((action for action in legal if action.verb == "weis"), None)
        if weis is not None:  # J-5: declare every Weis held (pimc's docstring)
            return weis
        seed = self.rng.getrandbits(64)
        if info.game in self.TREE_GAMES and IsmctsBot.searched_phase(info, seed):
            action, spent = tree_search(info, seed, self.nodes, self.native,
                                        utility=match_utility(info, self.match_state))
            self.searched += spent
            return action
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

    def evaluate(self, world: Game, legal: tuple[Action, ...],
                 seat: int) -> tuple[list[int], int]:
        """Each legal action's value for ``seat`` in a world with all cards known: as
        ``pimc`` (the Jass contract too: the policy plays on to five cards a hand and the
        solver values the rest, measured in docs/search.md), except doubling in
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
            values.append(search.outcome(after, seat))
        return values, moves * NODES_PER_POLICY_MOVE

    def _utility(self, info: InfoState) -> Callable[[int], float]:
        """A world's value for the seat (solver units) as what it is worth in the match."""
        if info.game != "schnapsen":
            return float
        start = int(getattr(info.options, "bummerl_start", 7))
        mine, theirs = remaining_for(self.match_state, info.seat, start)
        return lambda value: deal_value(value, mine, theirs) + POINTS_TIE * value
