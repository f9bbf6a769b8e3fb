"""What one observer tensor costs, in moves (``docs/observer.md``).

A move is one ``game.apply(action)`` (the action checked, as a player's is); a tensor is one
``observer.tensor(game, seat)`` for the seat to act. Both are timed over the same positions,
every state of seeded random deals of each game and preset, in CPU time, the best of several
interleaved rounds (a busy machine slows both alike). The figure to read is the ratio: the
researchers' target is a tensor costing at most five moves.
Run: `python bench/observer_cost.py [deals]`.
"""

from __future__ import annotations

import random
import sys
import time

import stich
from stich.core.actions import Action
from stich.core.game import Game

CASES = (("schnapsen", "soft"), ("schnapsen", "sharp"), ("bauernschnapsen", None),
         ("dreierschnapsen", None), ("jass", None))
KINDS = ("observation", "information_state", "public")


def positions(name: str, preset: str | None, deals: int) -> list[tuple[Game, Action]]:
    """Every non-terminal state of seeded random deals, with the action taken there."""
    out = []
    rng = random.Random(1)
    for seed in range(deals):
        game = stich.new_game(name, preset, seed=seed)
        while not game.is_terminal():
            action = rng.choice(game.legal_actions())
            out.append((game.clone(), action))
            game.apply(action)
    return out


def move_time(states: list[tuple[Game, Action]], repeat: int = 20) -> float:
    """CPU seconds for one checked ``apply``: a clone and an apply of each state's action,
    less the clones timed alone."""
    start = time.process_time()
    for game, action in states:
        for _ in range(repeat):
            game.clone().apply(action)
    both = time.process_time() - start
    start = time.process_time()
    for game, _ in states:
        for _ in range(repeat):
            game.clone()
    clones = time.process_time() - start
    return (both - clones) / (len(states) * repeat)


def loop_time(name: str, preset: str | None, deals: int) -> float:
    """CPU seconds per move of the plain random loop (legal_actions, a choice, apply), the
    issue's "moves a second" of ``stich.new_game``."""
    rng = random.Random(1)
    games = [stich.new_game(name, preset, seed=seed) for seed in range(deals)]
    moves = 0
    start = time.process_time()
    for game in games:
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
            moves += 1
    return (time.process_time() - start) / moves


def tensor_time(states: list[tuple[Game, Action]], kind: str, repeat: int = 20) -> float:
    game0 = states[0][0]
    observer = game0.make_observer(kind, game0.options)
    start = time.process_time()
    for game, _ in states:
        seat = game.current_player()
        for _ in range(repeat):
            observer.tensor(game, seat)
    return (time.process_time() - start) / (len(states) * repeat)


def main(deals: int) -> None:
    print(f"observer tensor cost in moves ({deals} random deals per game, best of 5 rounds, "
          f"CPU time; move: one checked apply; loop: a step of the random loop with "
          f"legal_actions)")
    print(f"{'game':<24}{'move us':>8}{'loop us':>8}" + "".join(f"{kind:>21}" for kind in KINDS)
          + f"{'sizes':>12}")
    for name, preset in CASES:
        states = positions(name, preset, deals)
        best_move = best_loop = float("inf")
        best = dict.fromkeys(KINDS, float("inf"))
        for _ in range(5):
            best_move = min(best_move, move_time(states))
            best_loop = min(best_loop, loop_time(name, preset, deals))
            for kind in KINDS:
                best[kind] = min(best[kind], tensor_time(states, kind))
        game = states[0][0]
        sizes = "/".join(str(game.make_observer(kind, game.options).size) for kind in KINDS)
        label = f"{name} {preset or game.options.preset}"
        print(f"{label:<24}{best_move * 1e6:8.2f}{best_loop * 1e6:8.2f}"
              + "".join(f"{best[kind] * 1e6:10.2f} us {best[kind] / best_move:5.1f}x"
                        for kind in KINDS) + f"{sizes:>12}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
