"""The bot interface: a bot sees only its seat's observation, never the game state.

A bot may keep memory within a deal (counting cards, as players do in their heads); the
driver (``stich.play.driver``) calls :meth:`Bot.new_deal` before each deal so that memory
starts afresh.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from stich.core.actions import Action
from stich.core.game import Illegal, Observation
from stich.core.knowledge import InfoState
from stich.core.options import RuleOptions


class BotFailure(Exception):
    """A bot could not give an action at all (an outside engine that exited, hung or sent
    garbage): the driver forfeits the deal by the game's illegal-move policy, as for an illegal
    move, with ``why`` saying what the bot did."""

    def __init__(self, why: Illegal, detail: str = "") -> None:
        super().__init__(why.reason)
        self.why = why
        self.detail = detail
        """More for the host's log (the legal actions, which name the bot's cards): never
        sent to the other seats."""


class Bot(ABC):
    """Chooses one of ``observation.legal_actions``."""

    NAME: ClassVar[str]
    USES_INFO: ClassVar[bool] = False
    """True: the driver calls :meth:`choose` with the seat's whole information state (what
    happened so far, for bots that remember or sample worlds); False: :meth:`act` with the
    observation of the moment."""
    QUICK: ClassVar[bool] = False
    """True: the bot's choice costs less than handing it to a worker process and back (a
    random choice), so a driver with a pool still asks it in place (``stich.play.driver``)."""
    PERSON: ClassVar[bool] = False
    """True: a person behind a front end, asked again after a refused move (``retry``) and
    never shown turns he has already played (``stich.play.driver.watch``)."""

    def __init__(self, seed: int = 0) -> None:
        """Every bot is made from a seed; one that chooses at random draws from ``rng``."""
        self.rng = random.Random(seed)
        self.new_deal(0)  # a bot with memory starts it here too

    def new_deal(self, seat: int) -> None:  # noqa: B027 - optional hook, stateless bots skip it
        """A new deal starts and this bot plays ``seat``."""

    def rules_problem(self, options: RuleOptions) -> str | None:
        """Why this bot cannot play under ``options`` (a bot made for one preset, such as the
        ``vu:`` bots), checked by the arena before it plays; None: it can."""
        return None

    def see_match(self, state: dict[str, Any] | None) -> None:  # noqa: B027 - optional hook
        """Before each deal of a match: the match's score (``Match.state()``), for bots whose
        choices depend on it (``expert``); not called for a deal played alone."""

    def match_over(self, state: dict[str, Any]) -> None:  # noqa: B027 - optional hook
        """The match is decided: its final score (``Match.state()``), for players that are
        told (an outside engine's ``match_end``)."""

    @abstractmethod
    def act(self, observation: Observation) -> Action:
        """The action to take; called only when ``observation.to_act`` is the bot's seat."""

    def choose(self, info: InfoState) -> Action:
        """The action to take, from everything the seat knows (bots with USES_INFO)."""
        return self.act(info.observation())

    def retry(self, action: Action, why: Illegal) -> bool:
        """The rules refused ``action``: True to be asked again, False to forfeit (bots)."""
        return False
