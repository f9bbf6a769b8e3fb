"""CPU seconds per decision of the ``expert`` bot at its default budget (issue 11 target: median
at most 1 s, never more than 3 s), against the ``rules`` bots, every game.

Only decisions with more than one legal action are timed. Run:
`python bench/expert_time.py [deals per game]` (default 3).
"""

from __future__ import annotations

import statistics
import sys
import time

import stich
from stich.bots import make_bot


def main(deals: int) -> None:
    for name in ("schnapsen", "jass", "bauernschnapsen", "dreierschnapsen"):
        times = []
        for seed in range(deals):
            game = stich.new_game(name, seed=seed)
            bots = [make_bot(name, "expert" if seat % 2 == 0 else "rules", seat)
                    for seat in range(game.SEATS)]
            for seat, bot in enumerate(bots):
                bot.new_deal(seat)
            while not game.is_terminal():
                seat = game.current_player()
                bot = bots[seat]
                start = time.process_time()
                action = bot.choose(game.information_state(seat))
                spent = time.process_time() - start
                if bot.NAME == "expert" and len(game.legal_actions()) > 1:
                    times.append(spent)
                game.apply(action)
        print(f"{name}: {len(times)} decisions, CPU s per decision median "
              f"{statistics.median(times):.3f} mean {statistics.mean(times):.3f} "
              f"max {max(times):.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
