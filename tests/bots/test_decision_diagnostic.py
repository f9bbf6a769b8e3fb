"""``bench/schnapsen_decisions.py`` reads an arena's results folder (the expert's
decisions, the close check of S-7 among them, tested in the true deals)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stich.arena.run import run_arena

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "schnapsen_decisions.py"


@pytest.mark.slow  # a whole arena run of the expert (bench/schnapsen_decisions.py)
def test_decision_diagnostic_counts_every_deal_and_plays_on_from_the_true_deal(
        tmp_path: Path) -> None:
    run_arena("schnapsen", "expert", "pimc", 1, 5, nodes=20_000, out=tmp_path)
    deals = [deal for path in sorted((tmp_path / "matches").glob("*.json"))
             for deal in json.loads(path.read_text())["deals"]]
    closes = sum(any(text == "close" for _, text in deal["actions"]) for deal in deals)
    shown = subprocess.run([sys.executable, str(SCRIPT), "outcomes", str(tmp_path)],
                           capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in shown.splitlines()[1:] if "closed in" not in line]
    assert sum(int(row[-4]) for row in rows) == len(deals)
    assert sum(int(row[-4]) for row in rows if row[0] != "nobody") == closes
    checked = subprocess.run([sys.executable, str(SCRIPT), "check", str(tmp_path),
                              "--positions", "1", "--reps", "1", "--near", "9"],
                             capture_output=True, text=True, check=True).stdout
    defended = subprocess.run([sys.executable, str(SCRIPT), "defend", str(tmp_path),
                               "--positions", "1", "--reps", "1"],
                              capture_output=True, text=True, check=True).stdout
    closed_by_pimc = any(deal["seats"][seat] == "pimc" for deal in deals
                         for seat, text in deal["actions"] if text == "close")
    assert defended.startswith("1 closes by pimc x 1:") == closed_by_pimc
    opened = subprocess.run([sys.executable, str(SCRIPT), "open", str(tmp_path),
                             "--positions", "1", "--reps", "1", "--near", "9"],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert opened[-1].endswith(", 1 where it picks the second")
    assert opened[-2].startswith("stock ") and "blind minus solver" in opened[-2]
    inferred = subprocess.run([sys.executable, str(SCRIPT), "infer", str(tmp_path),
                               "--positions", "2", "--worlds", "3"],
                              capture_output=True, text=True, check=True).stdout.splitlines()
    assert inferred[0].startswith("rules model: the true deal ranks at ")
    assert inferred[1].startswith("policy model: the true deal ranks at ")
    assert inferred[2].startswith("solver model: the true deal ranks at ")
    assert all(line.endswith("of 2 decisions") for line in inferred[:3])
    assert inferred[3].startswith("the solver model searched ")
    from_pimc = subprocess.run([sys.executable, str(SCRIPT), "infer", str(tmp_path),
                                "--positions", "2", "--worlds", "3", "--viewer", "pimc",
                                "--no-solver"],
                               capture_output=True, text=True, check=True).stdout.splitlines()
    assert [line.split(":")[0] for line in from_pimc[:2]] == ["rules model", "policy model"]
    assert "solver" not in "".join(from_pimc)
    summary = [line for line in checked.splitlines() if "positions x 1: closing minus" in line]
    assert [line.split(":")[1].split()[0] for line in summary] == ["1"]

