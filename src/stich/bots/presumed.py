"""``pvpimc``: PIMC with presumed values (``stich.search.presumed``; docs/search.md,
"Presumed values").

The same as ``pimc`` (``stich.bots.pimc``: worlds sampled from the seat's information state,
each legal action valued in each world, the best total taken, a budget in samples or nodes)
except in card play: there each action is valued with the next opponent's reply presumed from
the opponent's own information (the worlds it cannot tell apart) instead of the reply that
is best against our hand. Deterministic for a seed and a budget, on either search path.
"""

from __future__ import annotations

from typing import ClassVar

from stich import search
from stich.bots.pimc import KERNEL_VERBS, PimcBot
from stich.core.actions import Action
from stich.core.game import Game
from stich.search.presumed import DEFAULT_REPLIES, presumed_values


class PresumedPimcBot(PimcBot):
    """PIMC whose opponent's next reply is presumed from the opponent's own information."""

    NAME = "pvpimc"
    REPLIES: ClassVar[int] = DEFAULT_REPLIES
    """Presumed worlds for an opponent's reply, the sampled world included."""

    def evaluate(self, world: Game, legal: tuple[Action, ...],
                 seat: int) -> tuple[list[int], int]:
        if (search.in_card_play(world) and all(a.verb in KERNEL_VERBS for a in legal)
                and not self._rollout_first(world)):
            return presumed_values(world, legal, seat, self.REPLIES,
                                   self.rng.getrandbits(64), self.native)
        return super().evaluate(world, legal, seat)
