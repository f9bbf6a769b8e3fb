"""CPU seconds of one ``ismcts`` search (``stich.search.ismcts``) at the first card-play
decision of a deal, every game: on the native kernel at ``--nodes`` (4 M by default) and on
the Python path at ``--python-nodes`` (20,000 by default: the Python path takes the same steps
some fifty times slower), with the iterations each ran (docs/search.md, "Information-set
MCTS"). The other seats' bidding is the ``rules`` bots'. Run: `python bench/ismcts_time.py
[--seed 3] [--nodes 4000000] [--python-nodes 20000]`.
"""

from __future__ import annotations

import argparse
import os
import time

import stich
from stich.bots import make_bot
from stich.core.knowledge import InfoState
from stich.search import native_available
from stich.search.adapters import NotCardPlay
from stich.search.ismcts import Ismcts

GAMES = ("schnapsen", "jass", "bauernschnapsen", "dreierschnapsen")


def first_decision(name: str, seed: int) -> InfoState:
    """The information state of the first seat to play a card (the ``rules`` bots bid)."""
    game = stich.new_game(name, seed=seed)
    bots = [make_bot(name, "rules", seat) for seat in range(game.SEATS)]
    for seat, bot in enumerate(bots):
        bot.new_deal(seat)
    while True:
        seat = game.current_player()
        info = game.information_state(seat)
        try:
            Ismcts(info, 0, native=False)
            return info
        except NotCardPlay:
            game.apply(bots[seat].choose(info))


def timed(info: InfoState, native: bool, nodes: int) -> tuple[int, float]:
    start = time.process_time()
    result = Ismcts(info, 7, native=native).run(nodes)
    return result.iterations, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=4_000_000)
    parser.add_argument("--python-nodes", type=int, default=20_000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for name in GAMES:
        info = first_decision(name, args.seed)
        line = f"{name}:"
        if native_available():
            iterations, spent = timed(info, True, args.nodes)
            line += f" native {args.nodes:,} nodes {iterations:,} iterations {spent:.3f} s;"
        iterations, spent = timed(info, False, args.python_nodes)
        line += f" Python {args.python_nodes:,} nodes {iterations:,} iterations {spent:.3f} s"
        print(line)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
