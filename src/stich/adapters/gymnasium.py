"""One seat of a game against fixed bots as a Gymnasium environment (docs/research.md).

``make("schnapsen", opponents="rules", seat=0)``: the agent plays ``seat``, ``stich.bots``
play the others (one level for all, or a name per other seat); the observation is the seat's
tensor from the game's observer, the action an id of the game's action space, the legal ids
in ``info["action_mask"]`` (int8). The reward is the seat's zero-sum utility when the deal (or
with ``match=True`` the match) ends. An action the rules refuse forfeits the deal as they
price a revoke (S-12), so a random policy sees what an illegal move costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from stich.adapters.arrays import Float32s, mask, tensor
from stich.adapters.episode import Episode
from stich.bots import make_bot
from stich.bots.base import Bot
from stich.core.dealing import derive_seed

__all__ = ["SeatEnv", "make"]


def make(game: str, opponents: str | Sequence[str] = "rules", seat: int = 0,
         preset: str | None = None, match: bool = False, render_mode: str | None = None,
         **options: Any) -> SeatEnv:
    """The environment of ``seat`` against ``opponents`` (a bot level, or one per other seat
    in seat order)."""
    return SeatEnv(game, opponents, seat, preset, match, render_mode, **options)


ObsType = Float32s


class SeatEnv(gymnasium.Env[ObsType, np.int64]):
    """See the module."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(self, game: str, opponents: str | Sequence[str] = "rules", seat: int = 0,
                 preset: str | None = None, match: bool = False,
                 render_mode: str | None = None, **options: Any) -> None:
        self.episode = Episode(game, preset, match, **options)
        seats = self.episode.seats
        if not 0 <= seat < seats:
            raise ValueError(f"seat must be 0..{seats - 1} in {self.episode.name}, not {seat}")
        levels = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != seats - 1:
            raise ValueError(f"{self.episode.name} needs {seats - 1} opponents, "
                             f"got {len(levels)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        self.levels = levels
        self.observer = self.episode.observer("observation")
        self.size = size = self.episode.game_class.num_distinct_actions()
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(0.0, np.inf, self.observer.shape, np.float32)
        self.bots: dict[int, Bot] = {}
        self._deal = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=seed)
        self.episode.reset(seed)
        bot_seed = self.episode.game.seed or 0
        others = [s for s in range(self.episode.seats) if s != self.seat]
        self.bots = {s: make_bot(self.episode.name, level, derive_seed(bot_seed, "bot", s))
                     for s, level in zip(others, self.levels, strict=True)}
        self._deal = 0
        self._bots_play()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        if self.episode.is_over():
            raise ValueError("the episode is over: reset it")
        self.episode.step(int(action))
        self._bots_play()
        over = self.episode.is_over()
        reward = self.episode.utilities()[self.seat] if over else 0.0
        return self._observe(), float(reward), over, False, self._info()

    def _bots_play(self) -> None:
        """The bots act until it is the agent's turn or the episode is over."""
        episode = self.episode
        while True:
            if episode.deals != self._deal:  # a new deal: bots forget the last one
                self._deal = episode.deals
                for seat, bot in self.bots.items():
                    bot.new_deal(seat)
                    if episode.match is not None:
                        bot.see_match(episode.match.state())
            to_act = episode.current_player()
            if to_act < 0 or to_act == self.seat:
                return
            episode.step(episode.ask(self.bots[to_act]))

    def _observe(self) -> ObsType:
        return tensor(self.observer, self.episode.game, self.seat)

    def _info(self) -> dict[str, Any]:
        game = self.episode.game
        legal = self.episode.legal_ids() if game.current_player() == self.seat else ()
        return {"action_mask": mask(self.size, legal), "deal": self.episode.deals}

    def render(self) -> str | None:
        """The seat's information state as text (what it has seen, in the notation)."""
        if self.render_mode is None:
            return None
        return str(self.episode.game.information_state(self.seat))
