"""``pvpimc``: PIMC with presumed values for every game (``stich.search.presumed``;
docs/search.md, "Presumed values").

The same as ``pimc`` (``stich.bots.pimc``: worlds sampled from the seat's information state,
each legal action valued in each world, the best total taken, a budget in samples or nodes)
except in card play the solver reaches: there each action is valued with the next opponent's
reply presumed from the opponent's own information (the worlds it cannot tell apart) instead
of the reply that is best against our hand. Early in a Jass deal, where ``pimc`` lets the
``rules`` bots play on before the solver (each deciding from its own information state in
the world), ``pvpimc`` does the same. Positions analysed for presumed replies are kept for the
decision (one cache over its worlds). Deterministic for a seed and a budget, on either search
path.
"""

from __future__ import annotations

from typing import ClassVar

from stich import search
from stich.bots.pimc import KERNEL_VERBS, PimcBot
from stich.core.actions import Action
from stich.core.game import Game
from stich.core.knowledge import InfoState
from stich.search.presumed import DEFAULT_REPLIES, Cache, presumed_values


class PresumedPimcBot(PimcBot):
    """PIMC whose opponent's next reply is presumed from the opponent's own information."""

    NAME = "pvpimc"
    REPLIES: ClassVar[int] = DEFAULT_REPLIES
    """Presumed worlds for an opponent's reply, the sampled world included."""

    def __init__(self, seed: int = 0, samples: int | None = None, nodes: int | None = None,
                 think_ms: float | None = None, native: bool | None = None) -> None:
        super().__init__(seed, samples, nodes, think_ms, native)
        self.cache: Cache = {}
        """The analysed positions of the decision being made."""

    def choose(self, info: InfoState) -> Action:
        self.cache = {}
        try:
            return super().choose(info)
        finally:
            self.cache = {}

    def evaluate(self, world: Game, legal: tuple[Action, ...],
                 seat: int) -> tuple[list[int], int]:
        if (search.in_card_play(world) and all(a.verb in KERNEL_VERBS for a in legal)
                and not self._rollout_first(world)):
            return presumed_values(world, legal, seat, self.REPLIES,
                                   self.rng.getrandbits(64), self.native, self.cache)
        return super().evaluate(world, legal, seat)
