"""What a world costs ``pvpimc`` against ``pimc``: the nodes each searches for the same
decisions, on the same worlds (same bot seed, so the same world draws), in every game.

Positions: for each seed, a fresh deal of the game (``Game.deal(seed)``), the ``rules`` bots'
choices before card play (trump, bids, talon, doubling, Weis), then random card plays until
card play has gone some plies deep (Schnapsen 1-8, the contract games 1-6,
Jass 16-23, so that the solver and not the rollout values a Jass position), skipping
positions with one legal action. At each the seat to act decides once as ``pimc`` and once
as ``pvpimc``, both with ``--samples`` worlds and the seed of the position; the nodes per
world of each, their ratio, how often the two chose differently and the CPU time a
decision of each (the presumed worlds' draws cost time but no nodes) are printed per game.
The bench reads only the bots' public ``searched``, so it also measures another checkout's
``pvpimc`` (run it with that checkout's ``src`` first on ``PYTHONPATH``).
Run: `python bench/presumed_cost.py --games schnapsen --positions 29 --samples 3`.
"""

from __future__ import annotations

import argparse
import random
import time

from stich import search
from stich.bots import make_bot
from stich.bots.pimc import PimcBot
from stich.bots.presumed import PresumedPimcBot
from stich.core.game import Game
from stich.games import game_class
from stich.search import in_card_play

PLIES = {"schnapsen": (1, 8), "bauernschnapsen": (1, 6), "dreierschnapsen": (1, 6),
         "jass": (16, 8)}
"""Per game: the fewest card-play plies into a position, and how many depths from there."""


def position(name: str, seed: int) -> Game | None:
    """The seeded position of ``name`` (module docstring), None if the deal ended first or
    the seat to act has one legal action."""
    game: Game = game_class(name).deal(seed)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    first, depths = PLIES[name]
    plies = first + seed % depths
    rules = [make_bot(name, "rules", seed + seat) for seat in range(game.SEATS)]
    for seat, bot in enumerate(rules):
        bot.new_deal(seat)
    while not game.is_terminal() and (not in_card_play(game) or plies > 0):
        actions = game.legal_actions()
        if not in_card_play(game):
            seat = game.current_player()
            bot = rules[seat]
            game.apply(bot.choose(game.information_state(seat)) if bot.USES_INFO
                       else bot.act(game.observation(seat)))
            continue
        plies -= 1
        actions = tuple(a for a in actions if a.verb not in ("claim", "weis")) or actions
        game.apply_legal(rng.choice(actions))
    if game.is_terminal() or len(game.legal_actions()) < 2:
        return None
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(PLIES))
    parser.add_argument("--positions", type=int, default=29)
    parser.add_argument("--samples", type=int, default=3)
    args = parser.parse_args()
    for name in args.games:
        start = time.time()
        pimc = presumed = differ = count = 0
        cpu = [0.0, 0.0]
        seed = 0
        while count < args.positions:
            game = position(name, seed)
            seed += 1
            if game is None:
                continue
            info = game.information_state(game.current_player())
            plain, pv = PimcBot(seed, samples=args.samples), PresumedPimcBot(
                seed, samples=args.samples)
            clock = time.process_time()
            chosen = plain.choose(info)
            middle = time.process_time()
            differ += chosen != pv.choose(info)
            cpu[0] += middle - clock
            cpu[1] += time.process_time() - middle
            pimc += plain.searched
            presumed += pv.searched
            count += 1
        worlds = count * args.samples
        print(f"{name}: {count} positions (seeds 0-{seed - 1}), {args.samples} worlds each "
              f"({search.backend()} search): nodes a world pimc {pimc / worlds:,.0f}, pvpimc "
              f"{presumed / worlds:,.0f} = {presumed / max(pimc, 1):.2f}x; choices differ at "
              f"{differ}; CPU a decision pimc {1000 * cpu[0] / count:.0f} ms, pvpimc "
              f"{1000 * cpu[1] / count:.0f} ms; "
              f"{time.time() - start:.0f} s wall")


if __name__ == "__main__":
    main()
