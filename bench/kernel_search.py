"""The search kernel: random playouts against the `schnapsen` package's random play, and the
perfect-information solver (the targets in docs/search.md), in CPU time, same run.

1. Random playouts inside the kernel (``_kernel.playouts``: legal moves, apply, SplitMix64
   choice) from the first lead of seeded Schnapsen deals, in moves per CPU second, against the
   VU Amsterdam `schnapsen` package's RandBot against RandBot (best of rounds, interleaved).
2. Solving whole Schnapsen deals from the first lead (hands, stock order and trump known):
   ``solve`` (the value) and ``analyze`` (every first action's value), median and quartiles of
   CPU time over seeded deals, nodes per second.
3. Schieber Jass, all hands known, trump fixed, solved after ``--jass-tricks`` tricks played at
   random (a whole deal, --jass-tricks 0: a median of seconds per deal with this solver); the
   contract is the seed's of the six in turn, or with ``--jass-contract rules`` the one the
   ``rules`` bots choose from their hands (lopsided deals more often: faster to solve).

Run: `python bench/kernel_search.py [--deals 200] [--jass-deals 20] [--jass-tricks 4]
[--jass-contract cycle|rules]` after
`pip install -e '.[bench]'` (with a C compiler, for the native kernel).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from stich.jass.cards import Contract
from stich.jass.game import Jass
from stich.schnapsen.game import Schnapsen
from stich.search import _kernel as kernel
from stich.search.adapters import kernel_state
from timing import rates, schnapsen_peer_moves_per_deal


def peer_random_play(deals: int) -> None:
    from schnapsen.bots import RandBot
    from schnapsen.game import SchnapsenGamePlayEngine

    engine = SchnapsenGamePlayEngine()
    rng = random.Random(1)
    bot1, bot2 = RandBot(random.Random(2), "a"), RandBot(random.Random(3), "b")
    for _ in range(deals):
        engine.play_game(bot1, bot2, rng)


STATES = [kernel_state(Schnapsen.deal(seed, seed % 2)) for seed in range(64)]
PLAYOUTS_PER_DEAL = 200
KERNEL_MOVES: list[int] = []


def kernel_playouts(deals: int) -> None:
    """``deals`` * PLAYOUTS_PER_DEAL / 200 ... playouts: ``deals`` batches of playouts."""
    moves = 0
    for i in range(deals):
        played, _ = kernel.playouts(STATES[i % len(STATES)], i, PLAYOUTS_PER_DEAL)
        moves += played
    KERNEL_MOVES.append(moves)


def playout_ratio(deals: int) -> None:
    peer, ours = rates([peer_random_play, kernel_playouts], deals)
    peer_moves = schnapsen_peer_moves_per_deal(deals) * peer
    ours_moves = ours * KERNEL_MOVES[-1] / deals
    print(f"random play, moves per CPU second: kernel playouts {ours_moves:,.0f} = "
          f"{ours_moves / peer_moves:,.0f}x schnapsen 0.0.5 RandBot ({peer_moves:,.0f}), "
          f"same run, best of 5 rounds ({deals} peer deals, {deals * PLAYOUTS_PER_DEAL} "
          f"kernel playouts per round)")


def solve_times(states: list[tuple[int, ...]], how: str) -> tuple[list[float], int]:
    times, nodes = [], 0
    for state in states:
        start = time.process_time()
        if how == "solve":
            _, searched = kernel.solve(state)
        else:
            _, searched = kernel.analyze(state)
        times.append(time.process_time() - start)
        nodes += searched
    return times, nodes


def summary(name: str, times: list[float], nodes: int) -> None:
    q1, median, q3 = statistics.quantiles(times, n=4)
    print(f"{name}: median {median * 1e3:.1f} ms (quartiles {q1 * 1e3:.1f}-{q3 * 1e3:.1f}, "
          f"max {max(times) * 1e3:.0f}) over {len(times)} deals, "
          f"{nodes / sum(times) / 1e6:.1f} M nodes/s, {nodes / len(times):,.0f} nodes per deal")


def choose_contract(game: Jass, seed: int, how: str) -> None:
    """The contract of deal ``seed``: the seed's of the six in turn (``cycle``), or the one the
    ``rules`` bots choose from their hands, pushing included (``rules``, as in play)."""
    if how == "cycle":
        game.apply(f"trump {list(Contract)[seed % 6].word}")
        return
    from stich.bots import make_bot
    from stich.search import in_card_play

    bots = {seat: make_bot("jass", "rules", seed + seat) for seat in range(game.SEATS)}
    for seat, bot in bots.items():
        bot.new_deal(seat)
    while not in_card_play(game):
        seat, bot = game.current_player(), bots[game.current_player()]
        game.apply(bot.choose(game.information_state(seat)) if bot.USES_INFO
                   else bot.act(game.observation(seat)))


def jass_states(deals: int, tricks: int, contract: str = "cycle") -> list[tuple[int, ...]]:
    states = []
    for seed in range(deals):
        game = Jass.deal(seed)
        choose_contract(game, seed, contract)
        rng = random.Random(seed)
        while game.tricks_played < tricks:
            for weis in [a for a in game.legal_actions() if a.verb == "weis"]:
                game.apply_legal(weis)
            game.apply_legal(rng.choice(game.legal_actions()))
        states.append(kernel_state(game))
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-deals", type=int, default=300)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jass-deals", type=int, default=20)
    parser.add_argument("--jass-tricks", type=int, default=4)
    parser.add_argument("--jass-contract", choices=("cycle", "rules"), default="cycle",
                        help="each deal's contract: the six in turn, or the rules bots' choice")
    args = parser.parse_args()
    wall = time.time()
    playout_ratio(args.peer_deals)
    schnapsen = [kernel_state(Schnapsen.deal(seed, seed % 2)) for seed in range(args.deals)]
    summary("Schnapsen whole deal, solve (value)", *solve_times(schnapsen, "solve"))
    summary("Schnapsen whole deal, analyze (each first action)", *solve_times(schnapsen, "analyze"))
    jass = jass_states(args.jass_deals, args.jass_tricks, args.jass_contract)
    summary(f"Jass after {args.jass_tricks} tricks ({9 - args.jass_tricks} cards each), "
            f"contracts: {args.jass_contract}, solve",
            *solve_times(jass, "solve"))
    print(f"wall time {time.time() - wall:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
