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


def deals_of(name: str, preset: str | None, deals: int) -> list[tuple[Game, list[Action]]]:
    """Seeded random deals: each deal before its first action, and the actions taken."""
    out = []
    rng = random.Random(1)
    for seed in range(deals):
        game = stich.new_game(name, preset, seed=seed)
        start = game.clone()
        actions = []
        while not game.is_terminal():
            action = rng.choice(game.legal_actions())
            actions.append(action)
            game.apply(action)
        out.append((start, actions))
    return out


def positions(deals: list[tuple[Game, list[Action]]]) -> list[Game]:
    """Every non-terminal state of the deals."""
    out = []
    for start, actions in deals:
        game = start.clone()
        for action in actions:
            out.append(game.clone())
            game.apply(action)
    return out


def move_time(deals: list[tuple[Game, list[Action]]], repeat: int = 5) -> float:
    """CPU seconds for one checked ``apply``: each deal replayed from a clone of its start
    (one clone per deal, a few per cent of a move)."""
    moves = sum(len(actions) for _, actions in deals) * repeat
    start = time.process_time()
    for _ in range(repeat):
        for first, actions in deals:
            game = first.clone()
            for action in actions:
                game.apply(action)
    return (time.process_time() - start) / moves


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


def tensor_time(states: list[Game], kind: str, repeat: int = 20) -> float:
    observer = states[0].make_observer(kind, states[0].options)
    start = time.process_time()
    for game in states:
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
        played = deals_of(name, preset, deals)
        states = positions(played)
        best_move = best_loop = float("inf")
        best = dict.fromkeys(KINDS, float("inf"))
        for _ in range(5):
            best_move = min(best_move, move_time(played))
            best_loop = min(best_loop, loop_time(name, preset, deals))
            for kind in KINDS:
                best[kind] = min(best[kind], tensor_time(states, kind))
        game = states[0]
        sizes = "/".join(str(game.make_observer(kind, game.options).size) for kind in KINDS)
        label = f"{name} {preset or game.options.preset}"
        print(f"{label:<24}{best_move * 1e6:8.2f}{best_loop * 1e6:8.2f}"
              + "".join(f"{best[kind] * 1e6:10.2f} us {best[kind] / best_move:5.1f}x"
                        for kind in KINDS) + f"{sizes:>12}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
