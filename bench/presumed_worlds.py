"""``pvpimc`` against ``pimc`` at an equal number of worlds (not of nodes): what the presumed
values (``stich.search.presumed``) are worth where both bots see the same worlds.

The arena gives both bots one node budget, and a world costs ``pvpimc`` several times the
nodes it costs ``pimc`` (the opponent's reply is solved in its own presumed worlds), so at
equal nodes ``pvpimc`` sees fewer worlds. Here each bot samples ``--samples`` worlds a
decision (each from its own seed, as in the arena), on the arena's deals (each deal both
ways round, the seeds of ``stich arena schnapsen pvpimc pimc --seed S``); the nodes each side
searched are reported beside the result. Each match's result is appended to ``--out`` as one
JSON line, and a rerun with the same file plays only the matches not in it yet.
Run: `python bench/presumed_worlds.py --matches 20 --samples 8 --out runs/pv8.jsonl`.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from stich import search
from stich.arena.plan import sides
from stich.arena.report import MatchOutcome, wilson
from stich.bots.pimc import PimcBot
from stich.bots.presumed import PresumedPimcBot
from stich.core.dealing import derive_seed
from stich.core.table import Table
from stich.games import match_class
from stich.play.driver import run_table


def play(index: int, samples: int, seed: int) -> dict[str, int]:
    """Match ``index`` (``pvpimc`` is side A): units and deals won, the nodes of each side."""
    seated = sides("schnapsen", index)
    match = match_class("schnapsen")(["pvpimc", "pimc"], derive_seed(seed, "match", index // 2),
                                     None)
    table = Table(match, streams=False)
    players = [(PresumedPimcBot if is_a else PimcBot)(derive_seed(seed, "bot", index, s),
                                                      samples=samples)
               for s, is_a in enumerate(seated)]
    run_table(table, players)
    outcome = MatchOutcome.of(match, seated)
    nodes = [0, 0]
    for player, is_a in zip(players, seated, strict=True):
        nodes[0 if is_a else 1] += player.searched
    return {"index": index, "a_units": outcome.a_units, "units": outcome.units,
            "a_deals": outcome.a_deals, "deals": outcome.deals,
            "a_nodes": nodes[0], "b_nodes": nodes[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    start = time.time()
    done = ([json.loads(line) for line in args.out.read_text().splitlines() if line]
            if args.out.exists() else [])
    have = {row["index"] for row in done}
    for index in range(args.matches):
        if index in have:
            continue
        row = play(index, args.samples, args.seed)
        with args.out.open("a") as out:
            out.write(json.dumps(row) + "\n")
        done.append(row)
    units, a_units, deals, a_deals, a_nodes, b_nodes = (
        sum(row[key] for row in done)
        for key in ("units", "a_units", "deals", "a_deals", "a_nodes", "b_nodes"))
    low, high = wilson(a_units, units)
    print(f"pvpimc vs pimc at {args.samples} worlds a decision, seed {args.seed} "
          f"({search.backend()} search), {len(done)} matches: Bummerl {a_units}/{units} = "
          f"{a_units / max(units, 1):.1%} ({low:.1%}-{high:.1%}); deals {a_deals}/{deals} = "
          f"{a_deals / max(deals, 1):.1%}; nodes pvpimc/pimc {a_nodes / max(b_nodes, 1):.1f}; "
          f"{time.time() - start:.0f} s wall this run")


if __name__ == "__main__":
    main()
