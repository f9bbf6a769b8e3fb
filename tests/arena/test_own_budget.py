"""A bot with its own node budget in the arena (``NAME@N``, docs/arena.md): the two sides may
search with different budgets, as the strength table of docs/search.md needs (the bot under
test at 1, 4 and 16 M nodes against ``pimc`` at 4 M)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.arena.plan import arena_bot, own_budget
from stich.bots.base import Bot
from stich.bots.pimc import PimcBot
from stich.cli import app


def test_a_name_with_a_budget_reads_as_the_bot_and_its_nodes() -> None:
    assert own_budget("expert@1M") == ("expert", 1_000_000)
    assert own_budget("pimc@4000000") == ("pimc", 4_000_000)
    assert own_budget("pimc@250k") == ("pimc", 250_000)
    assert own_budget("engine:node a@1M.js") == ("engine:node a@1M.js", None)
    with pytest.raises(ValueError, match="at least 1 node"):
        own_budget("pimc@0")


def nodes(bot: Bot) -> int | None:
    assert isinstance(bot, PimcBot)
    return bot.nodes


def test_the_own_budget_wins_over_the_runs() -> None:
    assert nodes(arena_bot("schnapsen", "pimc@300", 1, 5)) == 300
    assert nodes(arena_bot("schnapsen", "pimc", 1, 5)) == 5
    with pytest.raises(ValueError, match="rules takes no node budget"):
        arena_bot("schnapsen", "rules@1M", 1, None)


def test_an_arena_run_with_two_budgets(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "schnapsen", "pimc@3000", "pimc@1k",
                                      "--matches", "2", "--seed", "3", "--jobs", "1",
                                      "--no-progress", "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    assert "pimc@3000 (A) against pimc@1k (B)" in result.output
    again = CliRunner().invoke(app, ["arena", "--resume", str(tmp_path / "run"), "--jobs", "1",
                                     "--no-progress"])
    assert again.exit_code == 0, again.output
    assert again.output.splitlines()[1:4] == result.output.splitlines()[:3]  # read back
