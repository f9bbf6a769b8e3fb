"""The expert's blind checks (Schnapsen, S-7, S-8): a close, or a false claim, that the
solver prefers is played out in the first worlds by both players as ``pimc`` from their own
information states, and stands only if that beats the best other action played out the same
way (``docs/search.md``, the ``expert`` bot, items 6 and 7)."""

from __future__ import annotations

from collections.abc import Callable

from stich import search
from stich.bots.pimc import PimcBot
from stich.core.actions import Action
from stich.core.game import Game

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



class BlindChecks(PimcBot):
    """The checks of closing and of giving up without seeing the other hand."""

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
        information, and taken if that beats the claim's sure loss over the same worlds
        (measured: docs/search.md). Returns the action's index and the nodes searched."""
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
        return search.outcome(after, seat), sum(bot.searched for bot in players.values())
