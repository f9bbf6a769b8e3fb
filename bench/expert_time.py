"""CPU seconds per decision of a searching bot (``expert`` by default, ``pimc``, ``ismcts``,
``pvpimc``) against the ``rules`` bots, every game: at the bot's default budget (the target in
docs/search.md: median at most 1 s, never more than 3 s), or at ``--nodes N`` to find the
budget that takes at most 0.2 s a move (the budget the strength figures of docs/search.md are
measured at).

Only decisions with more than one legal action are timed. ``--against`` sets the other seats'
bot (``rules`` by default; against ``pimc`` a Schnapsen expert meets more positions where it
checks a close blind). Run: `python bench/expert_time.py [--deals 3] [--bot expert|pimc]
[--against rules|pimc|expert] [--nodes N] [--games jass,...]`.
"""

from __future__ import annotations

import argparse
import statistics
import time

import stich
from stich.bots import make_bot

GAMES = ("schnapsen", "jass", "bauernschnapsen", "dreierschnapsen")


def timed(name: str, bot_name: str, deals: int, nodes: int | None,
          against: str = "rules") -> list[float]:
    """CPU seconds of each decision ``bot_name`` took with a choice, over ``deals`` deals
    against ``against`` (at the same budget where it searches)."""
    times = []
    for seed in range(deals):
        game = stich.new_game(name, seed=seed)
        bots = [make_bot(name, bot_name if seat % 2 == 0 else against, seat,
                         nodes=None if seat % 2 and against == "rules" else nodes)
                for seat in range(game.SEATS)]
        for seat, bot in enumerate(bots):
            bot.new_deal(seat)
        while not game.is_terminal():
            seat = game.current_player()
            bot = bots[seat]
            start = time.process_time()
            action = bot.choose(game.information_state(seat))
            spent = time.process_time() - start
            if seat % 2 == 0 and len(game.legal_actions()) > 1:
                times.append(spent)
            game.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--bot", choices=("expert", "pimc", "ismcts", "pvpimc"), default="expert")
    parser.add_argument("--against", choices=("rules", "pimc", "expert"), default="rules")
    parser.add_argument("--nodes", type=int, default=None,
                        help="search budget per decision (default: the bot's own)")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    budget = f"{args.nodes:,} nodes" if args.nodes else "default budget"
    for name in args.games.split(","):
        times = timed(name, args.bot, args.deals, args.nodes, args.against)
        print(f"{name}: {args.bot} at {budget} against {args.against}, {len(times)} decisions, "
              f"CPU s per decision "
              f"median {statistics.median(times):.3f} mean {statistics.mean(times):.3f} "
              f"max {max(times):.3f}")


if __name__ == "__main__":
    main()
