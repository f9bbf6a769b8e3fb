"""The four games as PettingZoo AEC environments (docs/research.md).

``env("schnapsen")`` is one deal (``match=True``: a whole match) with agents ``player_0`` ...
whose observation is ``{"observation": float32 array, "action_mask": int8 array}``: the seat's
tensor from the game's observer (its slices are documented in docs/research.md) and the mask
over the game's integer action space (``Game.ACTION_SPACE``). The rewards are the zero-sum
utilities, paid when the deal (or the match) ends. ``reset(seed=s)`` deals exactly
``stich.new_game(game, preset, seed=s, **options)``; later resets without a seed derive theirs
from it. An action the rules refuse forfeits the deal as they price a revoke (S-12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from stich.adapters.arrays import mask, tensor
from stich.adapters.episode import Episode, deal_text
from stich.core.game import TERMINAL

if TYPE_CHECKING:
    from stich.bots.base import Bot

__all__ = ["StichEnv", "env", "raw_env"]


def env(game: str, preset: str | None = None, match: bool = False,
        render_mode: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of ``game`` with PettingZoo's usual checks wrapped round it."""
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        StichEnv(game, preset, match, render_mode, **options)))
    return wrapped


def raw_env(game: str, preset: str | None = None, match: bool = False,
            render_mode: str | None = None, **options: Any) -> StichEnv:
    """The environment without wrappers (for speed measurements and tools that wrap it)."""
    return StichEnv(game, preset, match, render_mode, **options)


class StichEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A deal or a match of one game; see the module."""

    def __init__(self, game: str, preset: str | None = None, match: bool = False,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.episode = Episode(game, preset, match, **options)
        modes = ["human", "ansi"]
        self.metadata = {"render_modes": modes, "is_parallelizable": False,
                         "name": f"stich_{self.episode.name}_v0"}
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes}, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.observer = self.episode.observer("observation")
        seats = self.episode.seats
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._size = size = self.episode.game_class.num_distinct_actions()
        self._actions = spaces.Discrete(size)
        self._observations = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, self.observer.shape,
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observations

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.episode.current_player()]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        episode = self.episode
        game = episode.game
        legal = episode.legal_ids() if game.current_player() == seat else ()
        return {"observation": tensor(self.observer, game, seat),
                "action_mask": mask(self._size, legal)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose game is over")
        self._cumulative_rewards[agent] = 0.0
        episode = self.episode
        episode.step(int(action))
        seat = episode.current_player()
        if seat == TERMINAL:
            self.rewards = dict(zip(self.agents, episode.utilities(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:  # the rewards are all 0.0 until the episode is over: nothing to accumulate
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def ask(self, bot: Bot) -> int:
        """The action id ``bot`` (``stich.bots.make_bot``) chooses for the agent to act, from
        that seat's view only: our bots as opponents of an agent being trained."""
        return self.episode.ask(bot)

    def render(self) -> str | None:
        """The table as text: the deal as dealt and every action since (every hand: this is
        the onlooker's view), in a match the score before it."""
        if self.render_mode is None:
            logger.warn("render() needs a render_mode ('ansi' or 'human')")
            return None
        text = deal_text(self.episode.game)
        if self.episode.match is not None:
            text = f"match {self.episode.match.state()}\n{text}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
