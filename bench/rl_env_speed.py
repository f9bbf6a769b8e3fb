"""Steps a second of each game's PettingZoo environment against PettingZoo's connect_four_v3.

Each environment is what a researcher gets from the package's ``env()`` (PettingZoo's own
wrappers included) and is stepped as PettingZoo's tutorials step one: ``agent_iter``,
``last()`` (the observation dict, tensor and mask), an action sampled from the mask by the
action space (``action_space(agent).sample(mask)``), ``step``, a reset when the episode ends.
Each round runs every environment for ``--seconds`` of CPU time right beside a run of
connect_four_v3 (which goes first alternates from round to round), so that the load of a shared
machine hits both alike; the rate is the best of ``--rounds`` rounds, the ratio the best over
the best connect_four_v3 run beside it, and beside it the median and range of the pairs' own
ratios (each run over the connect_four_v3 run beside it). Beside them: our plain
loop over ``stich.new_game`` (legal_actions, a choice, a checked apply) in moves a second, and
outside PettingZoo the cost of one observation tensor against one move
(``bench/observer_cost.py``'s measures, best of at most 3 rounds).
Targets (docs/research.md): every environment at least as many steps a second as
connect_four_v3, a tensor at most five moves.

Run: ``python bench/rl_env_speed.py [--seconds 0.3] [--rounds 6]`` (``pip install -e
'.[rl,bench]'``: connect_four_v3 needs ``pettingzoo[classic]``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from pettingzoo.classic import connect_four_v3

import stich
from observer_cost import deals_of, loop_time, move_time, positions, tensor_time
from stich.adapters import pettingzoo


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int = 1) -> float:
    """Steps (``env.step`` calls, a finished agent's ``step(None)`` included) per CPU second
    of random play by mask sampling, resetting at each episode's end."""
    env = make()
    env.reset(seed=seed)
    for index, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + index)
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
            env.step(action)
            steps += 1
            if steps % 256 == 0 and time.process_time() >= deadline:
                return steps / (time.process_time() - start)
        env.reset()


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--deals", type=int, default=20, help="deals for the tensor cost")
    args = parser.parse_args()
    reference = "connect_four_v3"
    envs: dict[str, Callable[[], Any]] = {
        f"stich {name}": lambda name=name: pettingzoo.env(name) for name in stich.GAMES}
    best = dict.fromkeys([reference, *envs], 0.0)
    beside = dict.fromkeys(envs, 0.0)  # the best connect_four_v3 run beside each one's runs
    ratios: dict[str, list[float]] = {label: [] for label in envs}
    for round_ in range(args.rounds):
        for label, make in envs.items():
            pair = [(reference, connect_four_v3.env), (label, make)]
            if round_ % 2:  # each goes first in every other round, so a load trend hits both
                pair.reverse()
            rate = {name: steps_per_second(run, args.seconds) for name, run in pair}
            best[reference] = max(best[reference], rate[reference])
            best[label] = max(best[label], rate[label])
            beside[label] = max(beside[label], rate[reference])
            ratios[label].append(rate[label] / rate[reference])
    print(f"PettingZoo AEC steps per CPU second, random play by mask sampling, best of "
          f"{args.rounds} rounds of {args.seconds:g} s, each beside a {reference} run; the "
          f"ratio: to the best {reference} run beside it; pairs: each run over the one "
          f"beside it, their median and range")
    print(f"  {reference:<24}{best[reference]:10,.0f}")
    for label in envs:
        pairs = ratios[label]
        print(f"  {label:<24}{best[label]:10,.0f}  {best[label] / beside[label]:5.2f}x "
              f"{reference}   pairs {median(pairs):4.2f} ({min(pairs):.2f}-{max(pairs):.2f})")
    rounds = min(args.rounds, 3)
    print(f"stich.new_game plain loop and observation tensor ({args.deals} random deals, "
          f"best of {rounds}, CPU time)")
    for name in stich.GAMES:
        played = deals_of(name, None, args.deals)
        states = positions(played)
        loop = move = tensor = float("inf")
        for _ in range(rounds):
            loop = min(loop, loop_time(name, None, args.deals))
            move = min(move, move_time(played))
            tensor = min(tensor, tensor_time(states, "observation"))
        print(f"  {name:<16} loop {1 / loop:10,.0f} moves/s   move {move * 1e6:6.2f} us   "
              f"tensor {tensor * 1e6:6.2f} us = {tensor / move:4.1f} moves")


if __name__ == "__main__":
    main()
