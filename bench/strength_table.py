"""The strength table of docs/search.md ("Strength per budget"), Schnapsen: each bot under test
(``pimc``, ``expert`` and the searches that do not presume to see the cards, ``pvpimc`` and
``ismcts``, where registered) at 1 M, 4 M and 16 M nodes against ``rules`` and against
``pimc`` at 4 M nodes, about 100 Bummerl a cell, each deal played both ways round.

Every cell is an arena run in its own results folder (``--dir``, default
``bench/runs/strength``), so the table grows across sessions: ``run`` plays each cell on until
it holds ``--target`` Bummerl (``--chunk`` matches at a time, resumable at any point: a killed
run loses at most the matches being played), ``table`` prints what the folders hold, with the
command that goes on with each cell. Budgets are nodes, so the figures are the same on any
machine; only the wall time is not.

Run: `python bench/strength_table.py run [--bots expert,pimc] [--budgets 1M,4M] [--against
rules] [--target 100] [--jobs 2]`, then `python bench/strength_table.py table`.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from stich.arena.command import ArenaRequest, run_request
from stich.arena.plan import rotations
from stich.arena.report import ArenaReport, wilson
from stich.arena.run import summed
from stich.arena.store import match_path, read_plan, read_runs, read_saved
from stich.bots import bot_names

GAME = "schnapsen"
SEED = 33
BOTS = ("pimc", "expert", "pvpimc", "ismcts")
BUDGETS = ("1M", "4M", "16M")
OPPONENTS = ("rules", "pimc@4M")
FOLDER = Path("bench/runs/strength")


def cell_dir(root: Path, bot: str, budget: str, opponent: str) -> Path:
    return root / f"{bot}@{budget}-vs-{opponent}"


def command(bot: str, budget: str, opponent: str, matches: int, root: Path) -> str:
    return (f"stich arena {GAME} {bot}@{budget} {opponent} --matches {matches} --seed {SEED} "
            f"--jobs 2 --out {cell_dir(root, bot, budget, opponent)}")


def report_of(folder: Path) -> ArenaReport | None:
    """What a cell's folder holds, read back and nothing played (also while a run goes on in
    it): its first matches saved without a gap, whole sets of the same cards (both ways
    round); None where it holds no run."""
    if not (folder / "arena.json").exists():
        return None
    plan, _ = read_plan(folder)
    count = 0
    while match_path(folder, count).exists():
        count += 1
    count -= count % rotations(GAME)
    return summed(plan, [outcome for _, outcome in read_saved(plan, folder, list(range(count)))])


def wall_of(folder: Path) -> str:
    """", N min (M matches timed)" from the folder's run log; empty where none is logged (runs
    before the arena kept one)."""
    runs = [run for run in read_runs(folder) if run.get("played")]
    if not runs:
        return ""
    minutes = sum(float(run["wall_s"]) for run in runs) / 60
    timed = sum(int(run["played"]) for run in runs)
    jobs = "/".join(sorted({str(run.get("jobs")) for run in runs}))
    return f", {minutes:.0f} min wall for {timed} of them (--jobs {jobs})"


def play_cell(root: Path, bot: str, budget: str, opponent: str, target: int, chunk: int,
              jobs: int) -> ArenaReport:
    """Play the cell on, ``chunk`` matches at a time, until it holds ``target`` Bummerl."""
    folder = cell_dir(root, bot, budget, opponent)
    report = report_of(folder)
    while report is None or report.units < target:
        matches = (0 if report is None else report.matches) + chunk
        if report is None:
            request = ArenaRequest(game=GAME, a=f"{bot}@{budget}", b=opponent, matches=matches,
                                   seed=SEED, out=folder)
        else:
            request = ArenaRequest(resume=folder, matches=matches)
        started = time.monotonic()
        report = run_request(request, jobs=jobs, progress=False, note=lambda line: None)
        print(f"{folder.name}: {report.a_units}/{report.units} Bummerl after {report.matches} "
              f"matches ({time.monotonic() - started:.0f} s for the last {chunk})", flush=True)
    return report


def table(root: Path) -> list[str]:
    """The table in Markdown: a row per bot and budget, a column per opponent."""
    commands: list[str] = []
    lines = ["| bot | budget | " + " | ".join(f"against `{o}`" for o in OPPONENTS) + " |",
             "|---|---|" + "---|" * len(OPPONENTS)]
    for bot in BOTS:
        if bot not in bot_names(GAME):
            continue
        for budget in BUDGETS:
            cells = []
            for opponent in OPPONENTS:
                report = report_of(cell_dir(root, bot, budget, opponent))
                if report is None or not report.units:
                    cells.append("not played")
                    continue
                low, high = wilson(report.a_units, report.units)
                cells.append(f"{report.a_units}/{report.units} = "
                             f"{report.a_units / report.units:.1%} ({low:.1%}-{high:.1%}), "
                             f"{report.matches} matches"
                             + wall_of(cell_dir(root, bot, budget, opponent)))
                commands.append(command(bot, budget, opponent, report.matches, root))
            lines.append(f"| `{bot}` | {budget} | " + " | ".join(cells) + " |")
    return lines + ["", "Each cell as played (the same matches again, or more with a larger "
                        "--matches and the same --out):", ""] + [f"    {c}" for c in commands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("run", "table"))
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--budgets", default=",".join(BUDGETS))
    parser.add_argument("--against", default=",".join(OPPONENTS))
    parser.add_argument("--target", type=int, default=100, help="Bummerl a cell")
    parser.add_argument("--chunk", type=int, default=10, help="matches played at a time")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dir", type=Path, default=FOLDER)
    args = parser.parse_args()
    if args.what == "table":
        print("\n".join(table(args.dir)))
        return
    for budget in args.budgets.split(","):
        for opponent in args.against.split(","):
            for bot in args.bots.split(","):
                if bot in bot_names(GAME):
                    play_cell(args.dir, bot, budget, opponent, args.target, args.chunk,
                              args.jobs)


if __name__ == "__main__":
    main()
