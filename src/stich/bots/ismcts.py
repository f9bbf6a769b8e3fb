"""``ismcts``: information-set MCTS (``stich.search.ismcts``) where PIMC errs most, ``pimc``
elsewhere (docs/search.md, "Information-set MCTS").

The phases of the search: Schnapsen while the stock is open (S-3 to S-7), Jass while a hand
holds more than ``stich.search.JASS_EXACT_CARDS`` cards (the first tricks, J-4), Bauern- and
Dreierschnapsen while a hand holds more than ``CONTRACT_LATE_CARDS`` cards (the first tricks of
card play, B-4). Every other decision (the auction, trump, Weis, the rest of card play) is
``pimc``'s (``stich.bots.pimc.PimcBot``), with the same budget. In a Schnapsen match the tree
values a deal's result by the chance of winning the Bummerl from the score
(``match_utility``, S-10). Deterministic for a seed and a budget, on either search path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from stich import search
from stich.bots.match_value import remaining_for, tree_utility
from stich.bots.pimc import KERNEL_VERBS, PimcBot
from stich.core.actions import Action
from stich.core.game import sample_world
from stich.core.knowledge import InfoState
from stich.search import layout as L
from stich.search.adapters import kernel_state
from stich.search.ismcts import Ismcts, small

CONTRACT_LATE_CARDS = 3
"""Bauern-/Dreierschnapsen: the search runs while a hand holds more cards than this."""
_I = L.INDEX


DEFAULT_NODES = 300_000
"""The budget of a search where a bot has none in nodes."""


def match_utility(info: InfoState, match: dict[str, Any] | None) -> Sequence[float] | None:
    """What each deal result is worth to the tree in the match (``match``: the score
    ``Bot.see_match`` gave): in Schnapsen the chance of winning the Bummerl (S-10,
    ``stich.bots.match_value.tree_utility``), from the start of a Bummerl where no score is
    known; None (game points as they are) in the other games."""
    if info.game != "schnapsen":
        return None
    start = int(getattr(info.options, "bummerl_start", 7))
    return tree_utility(*remaining_for(match, info.seat, start))


def tree_search(info: InfoState, seed: int, nodes: int | None, native: bool | None = None,
                exploration: float | None = None, leaf: str | None = None,
                observers: str | None = None, utility: Sequence[float] | None = None
                ) -> tuple[Action, int]:
    """The move information-set MCTS chooses at a budget of ``nodes`` (``DEFAULT_NODES``
    where None), and the nodes it spent: for the bots that search so (``ismcts``, the
    ``expert`` where ``ExpertBot.TREE_GAMES`` says)."""
    searcher = Ismcts(info, seed, native, exploration, leaf, observers=observers,
                      utility=utility)
    result = searcher.run(nodes if nodes is not None else DEFAULT_NODES)
    return result.best, result.nodes


class IsmctsBot(PimcBot):
    """Information-set MCTS in the phases where PIMC errs most, PIMC elsewhere."""

    NAME = "ismcts"
    EXPLORATION: ClassVar[float | None] = None
    """UCB's constant (None: ``stich.search.ismcts.EXPLORATION``)."""
    LEAF: ClassVar[str | None] = None
    """How big leaves are valued (None: by family, ``stich.search.ismcts.LEAVES``)."""
    OBSERVERS: ClassVar[str | None] = None
    """One tree or one a seat (None: ``stich.search.ismcts.OBSERVERS``)."""
    MATCH_VALUES: ClassVar[bool] = True
    """Whether the tree values results in the match (``match_utility``), else by game
    points."""

    def __init__(self, seed: int = 0, samples: int | None = None, nodes: int | None = None,
                 think_ms: float | None = None, native: bool | None = None) -> None:
        super().__init__(seed, samples, nodes, think_ms, native)
        self.match_state: dict[str, Any] | None = None

    def see_match(self, state: dict[str, Any] | None) -> None:
        self.match_state = state

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1 or not all(action.verb in KERNEL_VERBS for action in legal):
            return super().choose(info)  # before a seed is drawn: pimc's stream as it was
        seed = self.rng.getrandbits(64)
        if not self.searched_phase(info, seed):
            return super().choose(info)
        utility = match_utility(info, self.match_state) if self.MATCH_VALUES else None
        action, spent = tree_search(info, seed, self.nodes, self.native, self.EXPLORATION,
                                    self.LEAF, self.OBSERVERS, utility)
        self.searched += spent
        return action

    @staticmethod
    def searched_phase(info: InfoState, seed: int) -> bool:
        """Whether the decision lies in a phase of the search: card play with only kernel moves
        legal (what it reads is public: the stock's state, the number of cards in each
        hand)."""
        if not all(action.verb in KERNEL_VERBS for action in info.legal_actions()):
            return False
        world = sample_world(info, random.Random(seed))
        if not search.in_card_play(world):
            return False
        state = kernel_state(world)
        if state[_I["fam"]] != L.CONTRACT:  # until the solver takes the rest
            return not small(state)
        return max(state[_I[f"hand{i}"]].bit_count() for i in range(4)) > CONTRACT_LATE_CARDS
