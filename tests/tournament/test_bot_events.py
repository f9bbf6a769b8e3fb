"""Bot events played from the command line (T-5): real Schnapsen matches between
the bots of the registry, seeded from the recorded draw seeds, written as the platform."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import stich.bots
from stich.bots import bot_names
from stich.cli import command_app
from stich.tournament import botplay
from stich.tournament.snapshot import Snapshot
from stich.tournament.store import Store, resolve_url
from tests.tournament.helpers import Backend

app = command_app(["tournament"])

Cli = Callable[..., str]


def played_log(backend: Backend) -> list[tuple[int, int, int, dict[str, Any]]]:
    rows = backend.sql("select matches.no, result_log.score_a, result_log.score_b, "
                       "result_log.detail from result_log join matches "
                       "on matches.id = result_log.match_id "
                       "where result_log.action = 'played' order by matches.no")
    return [(no, a, b, d if isinstance(d, dict) else json.loads(d)) for no, a, b, d in rows]


def test_knockout_played_by_bots_to_the_end(cli: Cli, cli_fail: Cli, backend: Backend,
                                            snap: Callable[[], Snapshot]) -> None:
    levels = ["random", "rules"]  # the quick ones; a searching level is played below
    assert set(levels) <= set(bot_names("schnapsen"))
    cli("create", "Bot Cup", "--cards", "16", "--max-cards", "2")
    for i in range(7):
        cli("register", f"Bot {i}", "--cards", str(1 + i % 2), "--bot", levels[i % len(levels)])
    cli("register", "Guest")  # no level of his own: plays at play's --bot
    assert "Guest has no bot level" in cli_fail("play")
    # the levels are the registry's, whatever it holds today
    assert "no bot level 'grandmaster'; known: " + ", ".join(bot_names("schnapsen")) in cli_fail(
        "play", "--bot", "grandmaster")
    # one round: round 1 is drawn, then every match of it played
    out = cli("play", "--bot", levels[0], "--seed", "21")
    s = snap()
    assert s.rounds == 1 and not s.open_matches
    assert f"round 1 drawn with seed {s.draws[0].seed}" in out
    # the rest of the event, with a stated budget
    out = cli("play", "--bot", levels[0], "--all", "--nodes", "300", "--seed", "21")
    assert "budget: 300 nodes per move" in out
    s = snap()
    assert s.finished and all(line.status == "won" for line in s.prizes)
    log = played_log(backend)
    assert len(log) == sum(1 for m in s.matches if m.kind == "match")
    for no, a, b, detail in log:
        assert max(a, b) == 2 and min(a, b) < 2  # T-3: to 2 Bummerl
        m = next(x for x in s.matches if x.no == no)
        assert detail["seed"] == botplay.match_seed(s.draws[m.round - 1].seed, no)
        assert detail["game"] == "schnapsen" and detail["preset"] == "tournament"
        assert detail["nodes"] == (300 if m.round > 1 else None)
        # the database alone replays the match: same bots, same seed, same score
        again = botplay.play(tuple(detail["bots"]), ("a", "b"), detail["seed"],
                             detail["match_length"], detail["nodes"])
        assert (again.score_a, again.score_b) == (a, b)
    assert "audit passed" in cli("audit")
    assert "finished" in cli("status")


def test_same_seed_same_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the draws come from --seed, the matches from the draws: the whole event repeats
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    outcomes = []
    for name in ("one.db", "two.db"):
        db = str(tmp_path / name)
        runner = CliRunner()
        for args in (["create", "Repeat", "--cards", "8"],
                     *(["register", f"P{i}", "--bot", "rules"] for i in range(7)),
                     ["play", "--all", "--seed", "99"]):
            res = runner.invoke(app, ["tournament", "--db", db, *args])
            assert res.exit_code == 0, res.output
        store = Store(resolve_url(db))
        from stich.tournament.service import Tournament

        snap = Tournament(store).snapshot(None)
        store.close()
        outcomes.append([(m.no, m.a.label, m.b.label if m.b else "", m.score_text())
                         for m in snap.matches])
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("fmt", ["swiss", "roundrobin"])
def test_swiss_and_round_robin_played_by_bots(fmt: str, cli: Cli, backend: Backend,
                                              snap: Callable[[], Snapshot]) -> None:
    cli("create", "League", "--format", fmt, "--bummerl", "3", "--prizes", "3",
        *(["--rounds", "3"] if fmt == "swiss" else []))
    for i in range(5):
        cli("register", f"R{i}", "--bot", "rules" if i % 2 else "random")
    cli("play", "--rounds", "2", "--seed", "4")
    assert snap().rounds == 2 and not snap().open_matches
    cli("play", "--all")
    s = snap()
    assert s.finished and s.rounds == (3 if fmt == "swiss" else 5)
    assert all(line.decided.startswith("standings after") for line in s.prizes)
    log = played_log(backend)
    assert len(log) == sum(1 for m in s.matches if m.kind == "match")
    assert all(max(a, b) == 3 for _, a, b, _ in log)  # matches to 3 Bummerl
    assert "audit passed" in cli("audit")


def test_one_bummerl_matches(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    # T-3 option: a match of one Bummerl ends at the first one (S-10's rubber is 2 or 3)
    cli("create", "Short", "--cards", "4", "--max-cards", "1", "--bummerl", "1")
    for name in "ABCD":
        cli("register", name, "--bot", "random")
    cli("play", "--all", "--seed", "1")
    assert all(m.score_text() in ("1:0", "0:1") for m in snap().matches)


def test_a_budget_reaches_the_bots_that_take_one(cli: Cli, backend: Backend,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    takers = sorted(botplay.budget_takers())  # found (and cached) before make_bot is watched
    if not takers:
        pytest.skip(f"no bot level takes a budget ({', '.join(bot_names('schnapsen'))})")
    level = takers[0]
    real = stich.bots.make_bot
    budgets: dict[str, list[int | None]] = {}

    def make_bot(game: str, name: str, seed: int = 0, nodes: int | None = None) -> stich.bots.Bot:
        budgets.setdefault(name, []).append(nodes)
        return real(game, name, seed, nodes=nodes)

    monkeypatch.setattr(stich.bots, "make_bot", make_bot)  # to see what it is given
    cli("create", "Budget", "--cards", "4", "--max-cards", "1")
    cli("register", "Searcher", "--bot", level)
    for name in "BCD":
        cli("register", name, "--bot", "rules")
    out = cli("play", "--nodes", "20", "--seed", "3")
    assert f"budget: 20 nodes per move, taken by {', '.join(takers)}" in out
    assert budgets[level] and set(budgets[level]) == {20}
    for _, _, _, detail in played_log(backend):
        assert detail["nodes"] == 20
        assert detail["budget_taken"] == [b in takers for b in detail["bots"]]


def test_the_verdict_names_the_winner_and_why() -> None:
    # S-10: a Schneider is worth more than one Bummerl, except in tournaments (T-3); Schnapsen
    # has no Retourschneider
    def verdict(a: int, b: int, bummerl: list[list[Any]]) -> str:
        return botplay.Played(a, b, {"bummerl": bummerl}).verdict(("Anna", "Bert"))

    assert verdict(2, 1, [[0, False], [1, False], [0, False]]) == "Anna wins 2:1"
    assert verdict(0, 2, [[1, True], [1, False]]) == (
        "Bert wins 2:0, one of them by Schneider, counted as one (T-3)")
    assert verdict(2, 0, [[0, True], [0, True]]) == (
        "Anna wins 2:0, both Bummerl by Schneider, each counted as one (T-3)")
    assert verdict(1, 2, [[1, False], [0, True], [1, True]]) == (
        "Bert wins 2:1, one of them by Schneider, Anna won a Bummerl by Schneider, "
        "each counted as one (T-3)")
    assert verdict(1, 0, [[0, True]]) == "Anna wins 1:0 by Schneider, counted as one (T-3)"
    assert verdict(3, 1, [[0, True], [1, False], [0, True], [0, False]]) == (
        "Anna wins 3:1, 2 of them by Schneider, each counted as one (T-3)")


def test_play_names_each_winner_and_why(cli: Cli, backend: Backend,
                                        monkeypatch: pytest.MonkeyPatch,
                                        snap: Callable[[], Snapshot]) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # one line per match
    cli("create", "Bot Cup", "--cards", "8", "--max-cards", "1")
    for i in range(6):
        cli("register", f"Bot {i}", "--bot", "rules" if i % 2 else "random")
    out = cli("play", "--all", "--seed", "3")
    s = snap()
    by_no = {m.no: m for m in s.matches}
    details = {no: (a, b, detail) for no, a, b, detail in played_log(backend)}
    schneider_seen = False
    for no, (a, b, detail) in details.items():
        m = by_no[no]
        assert m.b is not None
        winner = m.a if m.winner == m.a.id else m.b
        won = detail["bummerl"]  # each Bummerl: the seat that won it, by Schneider or not
        assert [sum(1 for seat, _ in won if seat == k) for k in (0, 1)] == [a, b]  # T-3
        line = next(x for x in out.splitlines() if x.startswith(f"match {no}: "))
        mine, theirs = (a, b) if winner is m.a else (b, a)
        assert f"): {winner.label} wins {mine}:{theirs}" in line, line
        assert ("Schneider" in line) == any(by for _, by in won), line
        schneider_seen |= any(by for _, by in won)
    assert schneider_seen  # the seed plays at least one Schneider


def test_an_outside_engine_plays_in_a_bot_event(cli: Cli, snap: Callable[[], Snapshot],
                                               backend: Backend) -> None:
    """An entry's level may be ``engine:COMMAND`` (docs/engine-protocol.md): here our own rules
    bot served by ``stich engine``; its matches are played and scored like the others."""
    if backend.name != "sqlite":
        pytest.skip("one database is enough for the engine's part")
    engine = f"engine:{sys.executable} -m stich engine --bot rules"
    cli("create", "Engine Cup", "--cards", "4", "--max-cards", "1")
    cli("register", "Outside", "--bot", engine)
    for i in range(3):
        cli("register", f"Bot {i}", "--bot", "rules")
    cli("play", "--all", "--seed", "5")
    s = snap()
    assert s.finished
    played = [detail for _, _, _, detail in played_log(backend)]
    assert any(engine in detail["bots"] for detail in played)
