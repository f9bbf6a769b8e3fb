"""``stich arena ladder``: a round robin of paired deals rated with openskill (docs/arena.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.arena.ladder import LadderFolder, LadderPlan, play_pairing, ratings_of, run_ladder
from stich.cli import app
from stich.games import game_class
from stich.ratings import Ratings, RatingsError, replay

pytest.importorskip("openskill", reason="ratings need openskill (pip install -e '.[test]')")


def plan(game: str = "schnapsen", bots: tuple[str, ...] = ("random", "rules"),
         rounds: int = 6, seed: int = 4) -> LadderPlan:
    return LadderPlan(game, bots, seed, game_class(game).OPTIONS.from_preset(), rounds)


def test_the_same_results_in_the_same_order_give_the_same_ratings() -> None:
    results = [([["a"], ["b"]], [0, 1]), ([["b"], ["c"]], [0, 0]), ([["c"], ["a"]], [1, 0])]
    first, second = replay(results), replay(results)
    assert first.to_json() == second.to_json()
    assert Ratings.from_json(json.loads(json.dumps(first.to_json()))).to_json() == \
        first.to_json()
    assert first.get("a").mu > first.get("c").mu  # a beat b and c
    assert first.get("a").games == 2
    with pytest.raises(RatingsError, match="not ratings of the model"):
        Ratings.from_json({"model": "elo"})


@pytest.mark.parametrize("game,deals", [("schnapsen", 2), ("bauernschnapsen", 2),
                                        ("dreierschnapsen", 3)])
def test_a_pairing_is_one_deal_in_every_rotation_with_the_same_cards(game: str,
                                                                     deals: int) -> None:
    ladder = plan(game)
    (first, *_) = ladder.schedule()
    result = play_pairing(ladder, first)
    assert len(result["returns"]) == deals
    assert result == play_pairing(ladder, first)  # seeded: the same again


def test_any_jobs_and_a_resumed_run_give_the_same_ratings(tmp_path: Path) -> None:
    whole = run_ladder(plan(rounds=6), LadderFolder(tmp_path / "one"), jobs=1)
    parallel = run_ladder(plan(rounds=6), LadderFolder(tmp_path / "two"), jobs=2)
    halves = LadderFolder(tmp_path / "halves")
    run_ladder(plan(rounds=3), halves, jobs=1)
    resumed = run_ladder(plan(rounds=6), halves, jobs=2)
    assert whole.to_json() == parallel.to_json() == resumed.to_json()
    assert whole.get("rules").mu > whole.get("random").mu
    saved = json.loads((tmp_path / "one" / "ratings.json").read_text())
    assert saved == whole.to_json()


def test_a_later_run_adds_a_bot_and_rates_it_from_the_same_results(tmp_path: Path) -> None:
    folder = LadderFolder(tmp_path / "ladder")
    run_ladder(plan(rounds=2), folder)
    grown = plan(bots=("random", "rules", "engine:" + sys.executable +
                       " -m stich engine --bot rules"), rounds=2)
    ratings = run_ladder(grown, folder)
    assert len(folder.results()) == 6  # 3 pairings a round
    assert ratings.to_json() == ratings_of(grown, folder.results()).to_json()


def test_the_command_prints_the_ladder_and_refuses_in_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "ladder"
    done = runner.invoke(app, ["arena", "ladder", "schnapsen", "random", "rules", "--deals",
                               "4", "--seed", "3", "--out", str(out), "--jobs", "1"])
    assert done.exit_code == 0, done.output
    assert "schnapsen: ladder of 2 bots, 4 rounds of 1 pairings" in done.stdout
    assert " 1. rules" in done.stdout and "conservative" in done.stdout
    again = runner.invoke(app, ["arena", "ladder", "schnapsen", "--resume", str(out)])
    assert again.stdout.splitlines()[1:] == done.stdout.splitlines()[1:]
    for args, words in [(["jass", "rules"], "two different bots"),
                        (["jass", "rules", "grandmaster"], "no bot 'grandmaster'"),
                        (["poker", "a", "b"], "unknown game 'poker'")]:
        refused = runner.invoke(app, ["arena", "ladder", *args])
        assert refused.exit_code == 1 and words in refused.stderr, refused.output
    other = runner.invoke(app, ["arena", "ladder", "schnapsen", "random", "rules", "--seed",
                                "9", "--out", str(out)])
    assert other.exit_code == 1 and "another seed" in other.stderr
