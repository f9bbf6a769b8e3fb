"""Perfect-information Monte Carlo (PIMC) for every game: sample the deals the seat cannot
tell apart from the real one, value each legal action in each sampled deal with all cards
open, and take the action with the best total.

- Card play (S-3 to S-9, B-4, B-5, J-4 to J-7): the solver (``stich.search.analyze``) gives
  every legal action's exact value in each world: game points in Schnapsen and the contract
  games, the written difference in Jass. Early in a Jass deal (more than
  :data:`JASS_EXACT_CARDS` cards in hand), where a whole solve takes seconds to minutes, each
  action is applied in the world, the ``rules`` bots play on until every hand holds
  :data:`JASS_EXACT_CARDS` cards, and the solver values the rest (``EARLY_JASS = "rollout"``;
  ``"horizon"`` is a :data:`JASS_HORIZON`-trick look-ahead that counts only what is written
  within it; the two measured: docs/search.md).
- Every other decision (trump or push, bidding, the talon and discards, doubling; the trump
  exchange and closing are card-play moves of the kernel): each choice is applied in the
  world, the rest of the phase before card play is played out by the ``rules`` bots, and the
  card play that follows is solved as above (or the deal's result taken, if it ends first).
- Weis (J-5): with every card known, declaring a Weis can only add points for its team, so
  the perfect-information choice is to declare every Weis held; the bot does that.

Budgets are counted in sampled worlds (``samples``) or search nodes (``nodes``: worlds are
sampled until the nodes searched, and the moves the policy bots play, reach the budget, at
least one world), never in time, so the
same seed and budget choose the same action on the native and on the Python search path and on
any machine. ``think_ms`` converts a time for people into nodes at a fixed rate per path.
"""

from __future__ import annotations

import random
from typing import ClassVar

from stich import search
from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.game import Game, Observation, sample_world
from stich.core.knowledge import InfoState
from stich.jass.game import Jass
from stich.search import JASS_EXACT_CARDS

DEFAULT_SAMPLES = 12
MAX_SAMPLES = 400
"""Worlds at most per decision when the budget is in nodes."""
NODES_PER_MS = {"native": 4000, "python": 18}
"""``think_ms`` to nodes: roughly what one millisecond searches on each path."""
JASS_HORIZON = 3
KERNEL_VERBS = frozenset({"play", "marriage", "exchange", "close", "claim", "pass"})


def nodes_for_ms(think_ms: float, native: bool | None = None) -> int:
    """The node budget that takes about ``think_ms`` per decision on the search path."""
    path = search.backend() if native is None else ("native" if native else "python")
    return max(1, round(think_ms * NODES_PER_MS[path]))


class PimcBot(Bot):
    """PIMC with the exact solver; deterministic for a seed and a budget."""

    NAME = "pimc"
    USES_INFO = True
    POLICY: ClassVar[str] = "rules"
    """The bots that play the other decisions before card play inside a sampled world."""

    def __init__(self, seed: int = 0, samples: int | None = None, nodes: int | None = None,
                 think_ms: float | None = None, native: bool | None = None) -> None:
        super().__init__(seed)
        if think_ms is not None:
            nodes = nodes_for_ms(think_ms, native)
        if (nodes is not None and nodes < 1) or (samples is not None and samples < 1):
            raise ValueError("pimc: the budget (samples, nodes) must be 1 or more")
        self.nodes = nodes
        self.samples = samples if samples is not None else (
            MAX_SAMPLES if nodes is not None else DEFAULT_SAMPLES)
        self.native = native
        self.seed = seed
        self.policy: dict[tuple[str, int], Bot] = {}
        self.searched = 0
        """Nodes searched over the bot's life (for budgets and benchmarks)."""

    def act(self, observation: Observation) -> Action:
        raise TypeError("pimc decides from the whole information state: call "
                        "choose(game.information_state(seat))")

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        weis = next((action for action in legal if action.verb == "weis"), None)
        if weis is not None:  # J-5: declare every Weis held (module docstring)
            return weis
        seed = self.rng.getrandbits(64)
        totals = [0] * len(legal)
        worlds = spent = 0
        while worlds < self.samples and (self.nodes is None or spent < self.nodes):
            world = sample_world(info, random.Random(seed + worlds))
            values, nodes = self.evaluate(world, legal, info.seat)
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            worlds += 1
            spent += nodes
        self.searched += spent
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    # --- valuing the choices in one world --------------------------------------------------
    def evaluate(self, world: Game, legal: tuple[Action, ...],
                 seat: int) -> tuple[list[int], int]:
        """Each legal action's value for ``seat`` in a world with all cards known."""
        if (search.in_card_play(world) and all(a.verb in KERNEL_VERBS for a in legal)
                and not self._rollout_first(world)):
            analysis = search.analyze(world, self.native, self._horizon(world))
            values = dict(analysis.values)
            return [values[action] for action in legal], analysis.nodes
        out, nodes = [], 0
        for action in legal:
            after = world.clone()
            after.apply(action)
            value, used = self._play_out(after, seat)
            out.append(value)
            nodes += used
        return out, nodes

    def _play_out(self, world: Game, seat: int) -> tuple[int, int]:
        """Play the phase before card play with the policy bots, then solve the card play."""
        moves = 0
        while not world.is_terminal() and (not search.in_card_play(world)
                                           or self._rollout_first(world)):
            moves += 1
            to_act = world.current_player()
            bot = self._policy(world.NAME, to_act)
            if bot.USES_INFO:
                action = bot.choose(world.information_state(to_act))
            else:
                action = bot.act(world.observation(to_act))
            world.apply(action)
        if world.is_terminal():
            return search.outcome(world, seat), moves
        value, nodes = search.solve(world, seat, self.native, self._horizon(world))
        return value, nodes + moves

    def _policy(self, game: str, seat: int) -> Bot:
        from stich.bots import make_bot

        key = (game, seat)
        if key not in self.policy:
            bot = self.policy[key] = make_bot(game, self.POLICY, self.seed + seat)
            bot.new_deal(seat)
        return self.policy[key]

    EARLY_JASS: ClassVar[str] = "rollout"

    def _rollout_first(self, world: Game) -> bool:
        """Early in a Jass deal with ``EARLY_JASS = "rollout"``: the policy bots play on until
        the solver can take the rest."""
        return self.EARLY_JASS == "rollout" and self._early_jass(world)

    @staticmethod
    def _early_jass(world: Game) -> bool:
        return isinstance(world, Jass) and max(
            hand.bit_count() for hand in world.hands) > JASS_EXACT_CARDS

    @classmethod
    def _horizon(cls, world: Game) -> int:
        """Tricks the solver looks ahead in this world (-1: to the end of the deal)."""
        if cls.EARLY_JASS == "horizon" and cls._early_jass(world):
            return JASS_HORIZON
        return -1
