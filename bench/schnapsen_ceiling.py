"""What seeing hidden cards is worth against ``pimc`` in Schnapsen: an upper bound on the
share of Bummerl any honest bot can take from it with the same solver.

Two seers play Bummerl against ``pimc`` on the arena's deals (each deal both ways round, the
same seeds as ``stich arena schnapsen SEER pimc``), each deciding as ``pimc`` does (every
legal action valued by the solver in each world, the best total taken), in worlds built from
the real deal instead of sampled from its information state:

- ``hand``: the other player's hand is known, the stock's order is not: each world is the real
  deal with the cards still in the stock (the turned-up trump card excepted) shuffled.
  ``pimc``'s node budget.
- ``all``: the real deal itself, one world, solved exactly (perfect information).

No bot of the project sees more than its seat's information; these exist only to measure how
much room the information leaves (the expert's target of 60% of Bummerl against ``pimc``,
docs/search.md).
``--seer model`` sees nothing more: it is the ``expert`` with the solver as its model of the
other player's choices (``ExpertBot.MODEL = "solver"``), whose nodes are not counted in the
budget: how much of that room inference can take, whatever it costs.
Run: `python bench/schnapsen_ceiling.py --seer hand --matches 40 --nodes 1000000 --jobs 2`.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from stich import search
from stich.arena.plan import sides
from stich.arena.report import MatchOutcome, wilson
from stich.bots import make_bot
from stich.bots.expert import ExpertBot
from stich.bots.pimc import PimcBot
from stich.core.actions import Action
from stich.core.dealing import derive_seed
from stich.core.game import Game
from stich.core.knowledge import InfoState
from stich.core.table import Table
from stich.games import match_class
from stich.play.driver import run_table


def seen_world(real: Game, seer: str, rng: random.Random) -> Game:
    """A world for the seer: the real deal (``all``), or with the stock's order shuffled
    (``hand``: the cards not yet drawn, the turned-up trump card staying last)."""
    world = real.clone()
    if seer == "hand":
        drawn = world.drawn  # type: ignore[attr-defined]
        rest = list(world.talon[drawn:])  # type: ignore[attr-defined]
        rng.shuffle(rest)
        world.talon = world.talon[:drawn] + tuple(rest)  # type: ignore[attr-defined]
    return world


class SeerBot(PimcBot):
    """``pimc`` with worlds built from the real deal (the module docstring)."""

    NAME = "seer"

    def __init__(self, table: Table, seer: str, seed: int, nodes: int) -> None:
        super().__init__(seed, nodes=nodes)
        self.table = table
        self.seer = seer

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        real: Game = self.table.game
        rng = random.Random(self.rng.getrandbits(64))
        totals = [0] * len(legal)
        spent = worlds = 0
        while worlds < self.samples and spent < (self.nodes or 0):
            world = seen_world(real, self.seer, rng)
            values, nodes = self.evaluate(world, legal, info.seat)
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            spent += nodes
            worlds += 1
            if self.seer == "all":
                break
        return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]


class SolverModel(ExpertBot):
    """The expert weighing worlds by the solver model of the other player's choices."""

    MODEL = "solver"


def play(job: tuple[int, str, int, int]) -> tuple[int, int, int, int]:
    """Match ``index``: the Bummerl the seer won, the Bummerl, its deals won, the deals."""
    index, seer, nodes, seed = job
    seated = sides("schnapsen", index)
    match = match_class("schnapsen")(["seer", "pimc"], derive_seed(seed, "match", index // 2),
                                     None)
    table = Table(match, streams=False)
    players = [(SolverModel(derive_seed(seed, "bot", index, s), nodes=nodes) if seer == "model"
                else SeerBot(table, seer, derive_seed(seed, "bot", index, s), nodes)) if is_seer
               else make_bot("schnapsen", "pimc", derive_seed(seed, "bot", index, s),
                             nodes=nodes)
               for s, is_seer in enumerate(seated)]
    run_table(table, players)
    outcome = MatchOutcome.of(match, seated)
    return outcome.a_units, outcome.units, outcome.a_deals, outcome.deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seer", choices=("hand", "all", "model"), default="hand")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.time()
    jobs = [(i, args.seer, args.nodes, args.seed) for i in range(args.matches)]
    with Pool(args.jobs) as pool:
        results = pool.map(play, jobs, chunksize=1)
    bummerl, units, deals_won, deals = (sum(r[k] for r in results) for k in range(4))
    low, high = wilson(bummerl, units)
    print(f"seer {args.seer} vs pimc at {args.nodes:,} nodes, seed {args.seed} "
          f"({search.backend()} search): Bummerl {bummerl}/{units} = "
          f"{bummerl / units:.1%} ({low:.1%}-{high:.1%}); deals {deals_won}/{deals} = "
          f"{deals_won / deals:.1%}; {time.time() - start:.0f} s wall")


if __name__ == "__main__":
    main()
