"""`stich arena --jobs`: the same summary and the same records whatever the number of workers,
and the summary lines scripts read (share of units with its interval, deals, points per deal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stich.arena import run_arena
from stich.arena.report import ArenaReport, unit_of
from stich.games import game_class
from tests.arena.helpers import arena, match_files

RUNS = [("schnapsen", "24"), ("bauernschnapsen", "6"), ("dreierschnapsen", "6"), ("jass", "4")]


@pytest.mark.parametrize(("game", "matches"), RUNS)
def test_jobs_one_and_two_print_and_save_the_same(game: str, matches: str,
                                                   tmp_path: Path) -> None:
    one = arena(game, "rules", "random", "--matches", matches, "--seed", "5", "--jobs", "1",
                "--out", str(tmp_path / "one"))
    two = arena(game, "rules", "random", "--matches", matches, "--seed", "5", "--jobs", "2",
                "--out", str(tmp_path / "two"))
    assert one.exit_code == 0, one.stderr
    assert two.exit_code == 0, two.stderr
    assert one.stdout == two.stdout
    saved = match_files(tmp_path / "one")
    assert len(saved) == int(matches)
    assert saved == match_files(tmp_path / "two")


def test_summary_lines_keep_their_wording() -> None:
    result = arena("schnapsen", "rules", "random", "--matches", "6", "--seed", "3",
                   "--jobs", "2")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    report = run_arena("schnapsen", "rules", "random", 6, 3)
    assert lines == report.lines()
    assert lines[0].startswith("schnapsen: rules (A) against random (B), 6 matches, ")
    assert lines[1].startswith(f"units (Bummerl) won by A: {report.a_units}/"
                               f"{report.units} = ")
    assert "(95% CI " in lines[1]
    assert lines[2].startswith(f"deals won by A: {report.a_deals}/{report.deals} = ")
    assert lines[3].startswith("game points per deal: A ")
    assert lines[-1] == ("a unit is a Bummerl (S-10); a match is a rubber: Bummerl until one "
                         "player has given the other 2: 6 matches held "
                         f"{report.units} Bummerl")


@pytest.mark.parametrize(("game", "options", "unit", "said"), [
    ("schnapsen", {"rubber": "3"}, "Bummerl",
     "a unit is a Bummerl (S-10); a match is a rubber: Bummerl until one player has given the "
     "other 3: 4 matches held 9 Bummerl"),
    ("bauernschnapsen", {"match_bummerl": "2"}, "races",
     "a unit is a race to 24 (B-7), whose losers get 1 Bummerl (2 Schneider, 4 "
     "Retourschneider); a match is races until a team holds 2 Bummerl (option "
     "match_bummerl=2): 4 matches held 9 races"),
    ("dreierschnapsen", {}, "races",
     "a unit is a race to 24 (D-1), whose losers get 1 Bummerl (2 Schneider, 4 "
     "Retourschneider); a match is races until a player holds 1 Bummerl (option "
     "match_bummerl=1): 4 matches held 9 races"),
    ("jass", {"target": "1500"}, "games",
     "a unit is a game to 1500 (J-7); a match is one game: 4 matches held 9 games"),
])
def test_the_summary_says_what_a_unit_is(game: str, options: dict[str, str], unit: str,
                                         said: str) -> None:
    rules = game_class(game).OPTIONS.from_preset(None, **options)
    report = ArenaReport(game, "rules", "random", matches=4, units=9, a_units=5,
                         unit=unit_of(game, rules))
    lines = report.lines()
    assert lines[1].startswith(f"units ({unit}) won by A: 5/9 = ")
    assert lines[-1] == said


def test_three_seats_add_points_per_player() -> None:
    lines = arena("dreierschnapsen", "rules", "random", "--matches", "3", "--jobs", "1").stdout
    assert "game points per deal and player: A " in lines


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_report_is_the_same_for_any_jobs(jobs: int) -> None:
    # the same report object as one process gives, field by field
    assert (run_arena("jass", "rules", "random", 5, seed=2, jobs=jobs)
            == run_arena("jass", "rules", "random", 5, seed=2))


def test_progress_goes_to_stderr_only() -> None:
    quiet = arena("schnapsen", "rules", "random", "--matches", "4", "--jobs", "1")
    shown = arena("schnapsen", "rules", "random", "--matches", "4", "--jobs", "1",
                  "--progress")
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout == quiet.stdout
    assert " units " in shown.stderr and ", deals " in shown.stderr
    assert quiet.stderr == ""  # not a terminal, not asked for


@pytest.mark.parametrize(("args", "message"), [
    (["--jobs", "0"], "--jobs must be at least 1, got 0"),
    (["--matches", "-1"], "--matches must be at least 1 (whole matches to play), got -1"),
    (["--matches", "0"], "--matches must be at least 1 (whole matches to play), got 0"),
    (["--nodes", "0"], "--nodes must be at least 1"),
    (["--backend", "threads"], "unknown backend 'threads'; known: processes, ray"),
    (["--address", "ray://x:1"], "--address is for --backend ray"),
])
def test_bad_settings_are_named(args: list[str], message: str) -> None:
    result = arena("schnapsen", "rules", "random", "--matches", "2", *args)
    assert result.exit_code == 1
    assert message in result.stderr


def test_game_and_bots_are_needed_without_resume() -> None:
    result = arena("schnapsen", "rules")
    assert result.exit_code == 1
    assert "give the game and both bots (GAME A B), or --resume DIR" in result.stderr


def test_the_margin_a_deal_and_its_interval() -> None:
    """A's game points less B's a deal: the ratio of the sums, its interval from the matches
    as clusters (the sample variance of each match's margin less the mean times its deals)."""
    from stich.arena.report import MatchOutcome
    report = ArenaReport("jass", "ismcts", "pimc")
    played = [(9, 400, 300), (12, 500, 560), (10, 470, 410), (8, 300, 310)]
    for deals, a, b in played:
        report.add(MatchOutcome(deals, 0, a, b, deals, deals, 1, int(a > b)))
    mean, low, high = report.margin()
    total = sum(d for d, _, _ in played)
    assert mean == pytest.approx(sum(a - b for _, a, b in played) / total)  # 90/39
    residuals = [(a - b) - mean * d for d, a, b in played]
    error = (len(played) / (len(played) - 1) * sum(r * r for r in residuals)) ** 0.5 / total
    assert (low, high) == pytest.approx((mean - 1.96 * error, mean + 1.96 * error))
    assert low < 0 < high  # four matches this mixed do not tell the sides apart
    assert any(line.startswith("game points per deal, A less B: +2.308 (95% CI ")
               for line in report.lines())
    one = ArenaReport("jass", "a", "b")
    one.add(MatchOutcome(3, 1, 10, 0, 3, 3, 1, 1))
    assert one.margin()[1:] == (float("-inf"), float("inf"))
