"""Bad input is refused with one clear line, exit status 1, and an unchanged database."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament.snapshot import Snapshot
from tests.tournament.helpers import Backend

app = command_app(["tournament"])

Cli = Callable[..., str]


@pytest.fixture
def event(cli: Cli) -> Cli:
    """A 16-card event, k=3, matches to 2 Bummerl, with 12 cards sold."""
    cli("create", "Cup", "--cards", "16", "--max-cards", "3")
    for name, cards in (("Anna", 3), ("Bert", 2), ("Carl", 1), ("Dora", 3), ("Emil", 1),
                        ("Fritz", 2)):
        cli("register", name, "--cards", str(cards))
    return cli


def test_registration_errors(event: Cli, cli_fail: Cli) -> None:
    assert "already registered" in cli_fail("register", "anna")  # case does not matter
    assert "1 to 3 cards" in cli_fail("register", "Gustl", "--cards", "4")  # more than k
    assert "1 to 3 cards" in cli_fail("register", "Gustl", "--cards", "0")
    event("register", "Gustl", "--cards", "3")
    # T-1: 15 of 16 sold; two more would exceed N
    assert "only 1 of 16" in cli_fail("register", "Hans", "--cards", "2")
    assert "only 1 of 16" in cli_fail("cards", "Carl", "3")
    assert "no player named" in cli_fail("withdraw", "Nobody")
    assert "empty" in cli_fail("register", "   ")
    assert "no event named" in cli_fail("--event", "Other", "status")


def test_settings_errors(cli: Cli, cli_fail: Cli) -> None:
    cli("create", "Ok", "--cards", "8")
    assert "power of two" in cli_fail("create", "X", "--cards", "48")
    assert "1, 2 or 3 Bummerl" in cli_fail("create", "X", "--cards", "32", "--bummerl", "4")
    assert "between 1 and 16" in cli_fail("create", "X", "--cards", "32", "--max-cards", "17")
    assert "french or german" in cli_fail("create", "X", "--cards", "32", "--deck", "tarock")
    assert "already exists" in cli_fail("create", "ok", "--cards", "32")
    assert "needs the number of entry cards" in cli_fail("create", "X")
    assert "one entry per player" in cli_fail("create", "X", "--format", "swiss",
                                              "--cards", "8")
    assert "prizes must be between 1 and 8" in cli_fail("configure", "--prizes", "9")
    assert "nothing to change" in cli_fail("configure")


def test_draw_errors(event: Cli, cli_fail: Cli, snap: Callable[[], Snapshot]) -> None:
    event("configure", "--cards", "32")
    # T-2: 12 cards cannot fill the left pot of 16 numbers
    assert "needs more than 16" in cli_fail("draw")
    event("configure", "--cards", "16")
    assert "not a whole number" in cli_fail("draw", "--seed", "-1")
    assert "seed must be between" in cli_fail("draw", "--seed", str(2**64))
    event("draw", "--seed", "5")
    # T-3: the next round waits for every result
    assert "open match" in cli_fail("draw")
    # T-5: registration closes with the draw
    assert "no longer possible" in cli_fail("register", "Late")
    assert "no longer possible" in cli_fail("withdraw", "Anna")
    assert "no longer possible" in cli_fail("cards", "Anna", "1")
    assert "no longer possible" in cli_fail("configure", "--bummerl", "3")
    assert "has not been drawn" in cli_fail("pairings", "2")
    assert "not standings" in cli_fail("standings")


def test_result_errors(event: Cli, cli_fail: Cli, snap: Callable[[], Snapshot]) -> None:
    event("draw", "--seed", "5")
    s = snap()
    match = next(m for m in s.open_matches)
    bye = next(m for m in s.matches if m.kind == "bye")
    no = str(match.no)
    assert "no match 99" in cli_fail("result", "99", "2:0")
    assert "is a bye" in cli_fail("result", str(bye.no), "2:0")
    # T-3: the winner has exactly the match length, the loser fewer
    assert "winner has exactly 2" in cli_fail("result", no, "3:1")
    assert "winner has exactly 2" in cli_fail("result", no, "1:0")
    assert "no winner" in cli_fail("result", no, "2:2")
    assert "not of the form" in cli_fail("result", no, "two-one")
    assert "pairs" in cli_fail("result", no)
    assert "pairs" in cli_fail("result")
    assert "not a match number" in cli_fail("result", "x", "2:0")
    assert "given twice" in cli_fail("result", no, "2:0", no, "2:1")
    # all or nothing: a good result next to a bad one is not saved either
    other = str(s.open_matches[1].no)
    cli_fail("result", no, "2:0", other, "5:0")
    assert snap().open_matches[0].score_a is None
    assert "no result yet" in cli_fail("correct", no, "2:0")
    event("result", no, "2:1")
    assert "already has the result 2:1" in cli_fail("result", no, "2:0")


def test_result_correction(event: Cli, cli_fail: Cli, snap: Callable[[], Snapshot],
                           backend: Backend) -> None:
    # T-5: a wrong result can be corrected while the next round has not been drawn
    event("draw", "--seed", "8")
    s = snap()
    items = []
    for m in s.open_matches:
        items += [str(m.no), "2:0"]
    event("result", *items)
    m = s.open_matches[0]
    out = event("correct", str(m.no), "1:2")
    assert f"corrected match {m.no}" in out
    assert m.b is not None
    fixed = next(x for x in snap().matches if x.no == m.no)
    assert fixed.winner == m.b.id and (fixed.score_a, fixed.score_b) == (1, 2)
    event("correct", str(m.no), "2:1")  # corrected twice, back to a's win
    event("draw", "--seed", "9")
    # the corrected winner went on to round 2
    r2_cards = {c.id for x in snap().round_matches(2) for c in (x.a, x.b) if c}
    assert m.a.id in r2_cards and m.b.id not in r2_cards
    # T-5 (as now written): once round 2 is drawn, the refusal names the way out ...
    line = cli_fail("correct", str(m.no), "0:2")
    assert "withdraw round 2 first (stich tournament withdraw-round)" in line
    # ... withdraw the round while it has no result, correct, draw again from a new seed
    out = event("withdraw-round")
    assert "withdrew round 2 (seed 9, 4 pairings)" in out
    assert snap().rounds == 1
    event("correct", str(m.no), "0:2")
    assert "made the withdrawn draw of round 2" in cli_fail("draw", "--seed", "9")
    event("draw", "--seed", "10")
    r2_cards = {c.id for x in snap().round_matches(2) for c in (x.a, x.b) if c}
    assert m.b.id in r2_cards and m.a.id not in r2_cards
    # a round with a result is not withdrawn; only the latest round can be
    first = snap().open_matches[0]
    event("result", str(first.no), "2:0")
    assert "round 2 already has results (match " in cli_fail("withdraw-round")
    assert "only the latest round (2) can be withdrawn" in cli_fail("withdraw-round", "1")
    audit = event("audit")
    assert "round 2: withdrawn: seed 9 was drawn (4 pairings) and withdrawn" in audit
    # in the order it happened: round 1, round 2 drawn and withdrawn, round 2 drawn again
    assert (audit.index("round 1: ok") < audit.index("round 2: withdrawn")
            < audit.index("round 2: ok")), audit
    assert "audit passed: 2 draws" in audit
    # two rounds on, a round-1 result cannot be reached any more; the refusal says why
    items = []
    for x in snap().open_matches:
        items += [str(x.no), "2:1"]
    event("result", *items)
    event("draw", "--seed", "11")
    line = cli_fail("correct", str(m.no), "2:0")
    assert "only the latest round can be withdrawn" in line
    assert "can no longer be corrected" in line
    # the paper trail keeps every result typed in, corrections included
    log = backend.sql("select action, result_log.score_a, result_log.score_b from result_log "
                      "join matches on matches.id = result_log.match_id "
                      "where matches.no = %s order by result_log.id", (m.no,))
    assert log == [("enter", 2, 0), ("correct", 1, 2), ("correct", 2, 1), ("correct", 0, 2)]


def test_missing_or_corrupt_database(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["tournament", "--db", str(tmp_path / "none.db"), "status"])
    assert res.exit_code == 1 and "no tournament database" in res.stderr
    assert not (tmp_path / "none.db").exists()  # reading never creates a database
    bad = tmp_path / "bad.db"
    bad.write_text("this is not SQLite, just a text file with some length " * 40)
    res = runner.invoke(app, ["tournament", "--db", str(bad), "status"])
    assert res.exit_code == 1
    assert res.stderr.count("\n") == 1 and "not a usable tournament database" in res.stderr


def test_no_event_yet(cli_fail: Cli, db: str, backend: Backend) -> None:
    runner = CliRunner()
    runner.invoke(app, ["tournament", "--db", db, "create", "X", "--cards", "3"])
    assert backend.exists()  # create made the database, then refused the settings
    assert "no event yet" in cli_fail("status")


def test_audit_catches_tampering(event: Cli, db: str, backend: Backend) -> None:
    # T-2/T-5: the draw is reproducible from its seed; a pairing changed afterwards shows up
    event("draw", "--seed", "12")
    assert "audit passed: 1 draw replayed" in event("audit")
    a, b = backend.sql("select no, card_b_id from matches where kind = 'match' "
                       "order by no limit 2")
    backend.sql("update matches set card_b_id = %s where no = %s", (b[1], a[0]))
    backend.sql("update matches set card_b_id = %s where no = %s", (a[1], b[0]))
    res = CliRunner().invoke(app, ["tournament", "--db", db, "audit"])
    assert res.exit_code == 1
    assert "MISMATCH" in res.stdout and "gives different pairings" in res.stdout
