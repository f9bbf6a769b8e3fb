"""One seat against bots as a Gymnasium environment (stich.adapters.gymnasium)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="Gymnasium is not installed (pip install stich[rl])")

import numpy as np
from gymnasium.utils.env_checker import check_env

import stich
from stich.adapters import gymnasium


@pytest.mark.parametrize("name", stich.GAMES)
def test_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the unbounded Box and the like: advice only
        check_env(gymnasium.make(name, opponents="random", seat=1))


@pytest.mark.parametrize("name", stich.GAMES)
def test_a_masked_random_agent_plays_to_the_end(name: str) -> None:
    env = gymnasium.make(name, opponents="rules", seat=0)
    observation, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done, reward = False, 0.0
    while not done:
        assert env.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
    game = env.episode.game
    assert game.is_terminal() and game.result().reason != "revoke"
    assert reward == pytest.approx(game.utilities()[0])


def test_a_match_against_two_levels() -> None:
    env = gymnasium.make("dreierschnapsen", opponents=["rules", "random"], seat=2, match=True)
    _, info = env.reset(seed=3)
    done = False
    while not done:
        _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.episode.match.is_over()
    utilities = env.episode.utilities()
    assert reward == utilities[2] and sum(utilities) == pytest.approx(0.0)
    assert max(utilities) > 0 > min(utilities)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        gymnasium.make("schnapsen", seat=2)
    with pytest.raises(ValueError, match="needs 3 opponents"):
        gymnasium.make("jass", opponents=["rules"])
    with pytest.raises(ValueError, match="no bot 'genius'"):
        gymnasium.make("jass", opponents="genius").reset(seed=1)
