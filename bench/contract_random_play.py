"""Random-play throughput of Bauern- and Dreierschnapsen, in moves per CPU second. There is no
peer package for these games; the figures are for tracking our own engine.

Whole deals random against random (every legal action equally likely, bids included, so most
deals are contracts that end early; moves per second is the headline for that reason): through
the bare engine (legal_actions and a checked apply), as a search runs playouts
(legal_actions and apply_legal) and through the bot interface (RandomBot with a fresh
observation per move). The information states cost nothing here: events are computed only
when asked for, from the undo snapshots.
Run: `python bench/contract_random_play.py [deals]`.
"""

from __future__ import annotations

import random
import sys

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from timing import random_bots, random_play, rates


def moves_per_deal(cls: type[ContractSchnapsen], deals: int) -> float:
    """Average actions per deal in the same seeded random play as ``random_play``."""
    rng, total = random.Random(1), 0
    for seed in range(deals):
        game = cls.deal(seed, seed % cls.SEATS)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
        total += len(game.history)
    return total / deals


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"random play, {deals} deals per round, best of 5 rounds, per CPU second")
    print(f"{'':56} {'deals/s':>9} {'moves/s':>9}")
    for cls in (Bauernschnapsen, Dreierschnapsen):
        engine, playouts, bots = rates(
            [random_play(cls), random_play(cls, checked=False), random_bots(cls)], deals)
        moves = moves_per_deal(cls, deals)
        for name, rate in (("bare engine (legal_actions, apply)", engine),
                           ("playouts (legal_actions, apply_legal)", playouts),
                           ("RandomBot via observations", bots)):
            print(f"{cls.NAME + ' ' + name:56} {rate:9.0f} {rate * moves:9.0f}")
        print(f"{cls.NAME}: {moves:.1f} actions per deal")


if __name__ == "__main__":
    main()
