"""sample_world for Schnapsen mid-deal positions: median CPU time per call.

Seeded positions: deal ``seed``, play at random (no claims) until 3 to 6 tricks are done,
sometimes closing; take the information state of the seat to act. For each position
``sample_world`` runs ``calls`` times (a search samples many worlds of one info state); the
first call also reads the info state, the later ones reuse that reading. Reported: the median
over positions of the per-call CPU time, for the first call and for the following ones, and
beside it the replay of the history alone (building the deal and applying its actions).
Run: ``python bench/schnapsen_sample_world.py [positions] [calls]``.
"""

from __future__ import annotations

import random
import sys

from stich.core.knowledge import InfoState
from stich.schnapsen.game import Schnapsen
from timing import sampling_report


def positions(count: int) -> list[tuple[Schnapsen, InfoState]]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = Schnapsen.deal(seed, seed % 2)
        tricks = rng.randint(3, 6)
        while sum(game.tricks) < tricks and not game.is_terminal():
            legal = [a for a in game.legal_actions() if a.verb != "claim"]
            game.apply_legal(rng.choice(legal))
        if not game.is_terminal():
            out.append((game, game.information_state(game.current_player())))
    return out


def replay(game: Schnapsen) -> None:
    world = Schnapsen(game.dealt, game.talon, game.first_trump_card, game.dealer, game.options)
    for _, action in game.history:
        world.apply(action)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    sampling_report("Schnapsen sample_world, {count} mid-deal positions (3 to 6 tricks)",
                    positions(count), replay, calls)


if __name__ == "__main__":
    main()
