"""The games as PettingZoo AEC environments (stich.adapters.pettingzoo, docs/research.md)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install stich[rl])")

import numpy as np
from pettingzoo.test import api_test, seed_test

import stich
from stich.adapters import pettingzoo


def _quiet_api_test(env: object, cycles: int) -> None:
    with warnings.catch_warnings():  # api_test warns about every dict observation
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize("name", stich.GAMES)
def test_api_and_seed(name: str) -> None:
    _quiet_api_test(pettingzoo.env(name), 300)
    seed_test(lambda: pettingzoo.env(name), num_cycles=100)


def test_a_match_passes_the_api_test() -> None:
    _quiet_api_test(pettingzoo.env("schnapsen", match=True, preset="sharp"), 400)


def _play_out(env: pettingzoo.AECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].dtype == np.float32 and mask.dtype == np.int8
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


@pytest.mark.parametrize("name", stich.GAMES)
def test_rewards_are_the_deals_utilities(name: str) -> None:
    env = pettingzoo.env(name)
    totals = _play_out(env, 3)
    deal = env.unwrapped.episode.game
    assert deal.is_terminal()
    assert list(totals.values()) == pytest.approx(list(deal.utilities()))
    assert sum(totals.values()) == pytest.approx(0.0)


def test_reset_with_a_seed_deals_new_games_deal() -> None:
    env = pettingzoo.env("bauernschnapsen", preset="club")
    env.reset(seed=11)
    expected = stich.new_game("bauernschnapsen", preset="club", seed=11)
    assert env.unwrapped.episode.game.dealt == expected.dealt
    env.reset()
    assert env.unwrapped.episode.game.dealt != expected.dealt


def test_the_mask_is_the_legal_actions() -> None:
    env = pettingzoo.env("jass")
    env.reset(seed=4)
    game = env.unwrapped.episode.game
    observation = env.observe(env.agent_selection)
    assert list(np.flatnonzero(observation["action_mask"])) == sorted(game.legal_action_ids())
    other = env.possible_agents[(game.current_player() + 1) % 4]
    assert not env.observe(other)["action_mask"].any()


def test_an_illegal_action_forfeits_the_deal() -> None:
    env = pettingzoo.env("schnapsen")
    env.reset(seed=2)
    game = env.unwrapped.episode.game
    seat = game.current_player()
    illegal = next(i for i, ok in enumerate(game.legal_action_mask()) if not ok)
    env.step(illegal)
    assert game.result().reason == "revoke"  # S-12
    assert env.rewards[f"player_{seat}"] < 0
    assert all(env.terminations.values())


def test_a_match_pays_only_at_its_end() -> None:
    env = pettingzoo.env("schnapsen", match=True)
    totals = _play_out(env, 8)
    episode = env.unwrapped.episode
    assert episode.deals > 1 and episode.match.is_over()
    assert sorted(totals.values()) == [-0.5, 0.5]


def test_render_shows_the_deal_as_text() -> None:
    env = pettingzoo.env("dreierschnapsen", render_mode="ansi")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    text = env.render()
    assert text.startswith("dreierschnapsen dealer=0 ") and "| 1 " in text


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown game 'skat'"):
        pettingzoo.env("skat")
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo.env("jass", render_mode="rgb_array")
