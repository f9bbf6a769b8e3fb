"""--nodes: the search budget goes to the bots that take one, and a run is known by its seed
and budget (a results folder of another budget is another run)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stich.arena.plan as plan_module
from stich.arena import run_arena
from stich.arena.plan import bot_takes_budget
from stich.bots import bot_names, make_bot
from stich.bots.base import Bot
from stich.core.dealing import derive_seed
from tests.arena.helpers import arena


def test_budget_reaches_bots_that_take_one(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int, int | None]] = []

    def make_bot_with_budget(game: str, name: str, seed: int = 0,
                             nodes: int | None = None) -> Bot:
        made.append((name, seed, nodes))
        return make_bot(game, name, seed)

    monkeypatch.setattr(plan_module, "make_bot", make_bot_with_budget)
    run_arena("schnapsen", "rules", "random", 2, seed=1, nodes=300)
    # ArenaPlan.make tries both bots first; then each match's bot gets its seed from
    # (seed, match index, seat), the same in any process
    assert made == [("rules", 0, 300), ("random", 0, 300)] + [
        ("rules" if (seat + index) % 2 == 0 else "random", derive_seed(1, "bot", index, seat), 300)
        for index in range(2) for seat in range(2)]


def test_nodes_work_with_the_bots_of_today() -> None:
    plain = arena("schnapsen", "rules", "random", "--matches", "4", "--jobs", "1")
    budget = arena("schnapsen", "rules", "random", "--matches", "4", "--jobs", "1",
                   "--nodes", "50")
    assert budget.exit_code == 0, budget.stderr
    assert budget.stdout == plain.stdout  # neither bot searches: the budget changes nothing
    assert ("note: neither rules nor random takes a node budget; --nodes 50 is only recorded "
            "with the run") in budget.stderr


@pytest.mark.skipif("pimc" not in bot_names("schnapsen"), reason="no pimc bot")
def test_a_searching_bot_gives_the_same_results_for_any_jobs() -> None:
    # PIMC within a node budget: its choices depend on the seed and the budget, not on time
    assert bot_takes_budget("schnapsen", "pimc")
    one = arena("schnapsen", "pimc", "rules", "--matches", "2", "--seed", "2", "--nodes", "200",
                "--jobs", "1")
    assert one.exit_code == 0, one.stderr
    assert "note:" not in one.stderr
    two = arena("schnapsen", "pimc", "rules", "--matches", "2", "--seed", "2", "--nodes", "200",
                "--jobs", "2")
    assert one.stdout == two.stdout


def test_another_budget_is_another_run(tmp_path: Path) -> None:
    run_arena("schnapsen", "rules", "random", 2, seed=1, nodes=50, out=tmp_path)
    result = arena("schnapsen", "rules", "random", "--matches", "2", "--nodes", "60",
                   "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "holds another arena run (nodes 50, not 60)" in result.stderr
    again = arena("--resume", str(tmp_path), "--nodes", "50")
    assert again.exit_code == 0, again.stderr
    assert "read back 2 saved matches" in again.stderr
