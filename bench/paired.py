"""Two arena runs on the same seed read side by side, paired by rotation set (docs/search.md,
"The Bummerl chance in the tree").

A rotation set is the matches dealt the same cards (each deal both ways round, or at each of
three seats): two runs of the same game and seed deal the same cards in their sets, so a
lever's effect is read from the difference in each set of side A's units (Bummerl, races,
games) less the even share, without the noise of the cards. Nothing is played: the saved
matches are read back through the rules.

Run: `python bench/paired.py FIRST_DIR SECOND_DIR`.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from stich.arena.plan import rotations
from stich.arena.store import ResultsError, read_plan, read_saved, saved_indices

Z95 = 1.96


def rotation_sets(root: Path) -> tuple[str, int, dict[int, tuple[int, int]]]:
    """(game, seed, {set index: (units won by side A, units)}) of the whole sets saved in
    ``root`` (a set with a match missing is left out)."""
    plan, matches = read_plan(root)
    saved = dict(read_saved(plan, root, saved_indices(root, matches)))
    size = rotations(plan.game)
    sets: dict[int, tuple[int, int]] = {}
    for number in range(max(saved, default=-1) // size + 1):
        indices = range(number * size, (number + 1) * size)
        if all(index in saved for index in indices):
            sets[number] = (sum(saved[index].a_units for index in indices),
                            sum(saved[index].units for index in indices))
    return plan.game, plan.seed, sets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    try:
        game, seed, first = rotation_sets(args.first)
        other_game, other_seed, second = rotation_sets(args.second)
    except ResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if (game, seed) != (other_game, other_seed):
        print(f"error: the runs deal different cards ({game} seed {seed}, "
              f"{other_game} seed {other_seed})", file=sys.stderr)
        return 2
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        print("error: fewer than two rotation sets saved in both runs", file=sys.stderr)
        return 2
    even = 1 / rotations(game)   # half, or a third where side A holds one seat of three

    def share(won: int, units: int) -> str:
        return f"{won}/{units} = {won / units:.1%}"

    differences = [(first[k][0] - first[k][1] * even) - (second[k][0] - second[k][1] * even)
                   for k in common]
    count = len(differences)
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1))
    half = Z95 * spread / math.sqrt(count)
    print(f"{game}, seed {seed}: {count} rotation sets saved in both runs")
    totals = [share(sum(run[k][0] for k in common), sum(run[k][1] for k in common))
              for run in (first, second)]
    print(f"units won by A: first {totals[0]}, second {totals[1]}")
    print(f"first less second, units over the even share a set: {mean:+.3f} "
          f"(95% CI {mean - half:+.3f} to {mean + half:+.3f}); "
          f"sets alike: {sum(d == 0 for d in differences)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
