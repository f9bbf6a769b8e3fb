"""sample_world for Bauern- and Dreierschnapsen mid-deal positions: median CPU time per call.
There is no peer package for these games to compare with.

Seeded positions: deal ``seed``, play at random (in every other deal everybody passes, so the
normal game is played; in the others bids are preferred a third of the time, so contracts get
played) until 2 tricks (Bauernschnapsen) or 3 (Dreierschnapsen) are done; take the
information state of the seat to act. For each position ``sample_world`` runs
``calls`` times; the first call also reads the info state, the later ones reuse that reading.
Reported: the median over positions of the per-call CPU time, for the first call and for the
following ones, and beside it the replay of the history alone (building the deal and applying
its actions). Run: ``python bench/contract_sample_world.py [positions] [calls]``.
"""

from __future__ import annotations

import random
import sys

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.core.knowledge import InfoState
from timing import sampling_report


def positions(cls: type[ContractSchnapsen], count: int,
              ) -> list[tuple[ContractSchnapsen, InfoState]]:
    out = []
    tricks = 2 if cls.SEATS == 4 else 3
    for seed in range(count * 20):
        rng = random.Random(seed)
        game = cls.deal(seed, seed % cls.SEATS)
        while len(game.tricks) < tricks and not game.is_terminal():
            legal = game.legal_actions()
            if seed % 2 and game.phase == "auction":
                game.apply_legal(legal[0])  # pass
                continue
            eager = [a for a in legal if a.verb in ("bid", "double", "redouble")]
            game.apply_legal(rng.choice(eager if eager and rng.random() < 0.3 else legal))
        if not game.is_terminal():
            out.append((game, game.information_state(game.current_player())))
        if len(out) == count:
            break
    return out


def replay(game: ContractSchnapsen) -> None:
    world = type(game)(game.dealt, game.dealt_talon, game.dealer, game.options)
    for _, action in game.history:
        world.apply(action)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    for cls in (Bauernschnapsen, Dreierschnapsen):
        done = 2 if cls.SEATS == 4 else 3
        sampling_report(f"{cls.NAME} sample_world, {{count}} mid-deal positions "
                        f"({done} tricks done)", positions(cls, count), replay,
                        calls)


if __name__ == "__main__":
    main()
