"""What got in the organiser's way, each as it was met."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament.snapshot import Snapshot, card_label
from tests.tournament.helpers import Backend

app = command_app(["tournament"])

Cli = Callable[..., str]


def play_all(cli: Cli, snap: Callable[[], Snapshot], score: str = "2:1") -> None:
    items = []
    for m in snap().open_matches:
        items += [str(m.no), score]
    if items:
        cli("result", *items)


# ---- 14.3 names and card labels


def test_names_never_print_as_card_labels(cli: Cli, cli_fail: Cli,
                                          snap: Callable[[], Snapshot]) -> None:
    cli("create", "Cup", "--cards", "8")
    cli("register", "Karl", "--cards", "2")
    # "Karl #2" would print exactly as Karl's second card
    assert "may not end in a number after '#'" in cli_fail("register", "Karl #2")
    assert "may not end in a number after '#'" in cli_fail("register", "Karl ＃2")  # full width
    assert "may not end in a number after '#'" in cli_fail("register", "Karl #  3")
    cli("register", "Karl 2")
    cli("register", "Anna #1a")  # not a card label: allowed
    labels = [c.label for c in snap().cards.values()]
    assert sorted(labels) == ["Anna #1a", "Karl #1", "Karl #2", "Karl 2"]
    # a name like that from an older database is quoted, so it still differs from a label
    assert card_label("Karl #2", 1, 1) == '"Karl #2"'
    assert card_label("Karl", 2, 2) == "Karl #2"


# ---- 14.4 a tampered winner


def test_a_winner_who_did_not_play_is_reported(cli: Cli, cli_fail: Cli, db: str,
                                               backend: Backend,
                                               snap: Callable[[], Snapshot]) -> None:
    cli("create", "Cup", "--cards", "8")
    for name in "ABCDEF":
        cli("register", name)
    cli("draw", "--seed", "3")
    s = snap()
    m, other = [x for x in s.matches if x.kind == "match"][:2]
    cli("result", str(m.no), "2:0")
    assert other.b is not None
    backend.sql("update matches set winner_card_id = %s where no = %s", (other.b.id, m.no))
    for command in ("status", "prizes", "bracket", "players"):
        line = cli_fail(command)
        assert "inconsistent" in line and f"match {m.no}'s winner" in line, command
        assert "stich tournament audit" in line
    res = CliRunner().invoke(app, ["tournament", "--db", db, "audit"])
    assert res.exit_code == 1 and isinstance(res.exception, SystemExit)  # no StopIteration
    assert f"MISMATCH: match {m.no}'s winner (card {other.b.id}) is not one of" in res.stdout
    assert "audit failed in 1 place\n" in res.stderr
    # the winner back, but the score says the other player won
    backend.sql("update matches set winner_card_id = card_a_id, score_a = 0, score_b = 2 "
                "where no = %s", (m.no,))
    res = CliRunner().invoke(app, ["tournament", "--db", db, "audit"])
    assert res.exit_code == 1
    assert f"match {m.no}'s winner is not the player with more Bummerl (0:2)" in res.stdout


# ---- 14.5 one-line errors


def test_numbers_and_corrections_in_one_line(cli: Cli, cli_fail: Cli, backend: Backend,
                                             snap: Callable[[], Snapshot]) -> None:
    assert "Invalid value for '--cards'" in cli_fail("create", "Cup", "--cards", "abc")
    assert not backend.exists()  # refused before anything was opened
    cli("create", "Cup", "--cards", "8")
    assert "Invalid value for '--cards'" in cli_fail("configure", "--cards", "x8")
    cli("register", "Anna")
    for name in "BCDE":
        cli("register", name)
    assert "1 to 3 cards (k), not -1" in cli_fail("cards", "Anna", "-1")
    assert "1 to 3 cards (k), not -2" in cli_fail("register", "Zoe", "--cards", "-2")
    assert "No such option: --bogus" in cli_fail("status", "--bogus")
    cli("draw", "--seed", "4")
    assert "match number -5 is negative" in cli_fail("result", "-5", "2:1")
    assert "round -1 has not been drawn" in cli_fail("pairings", "-1")
    m = snap().open_matches[0]
    cli("result", str(m.no), "2:1")
    out = cli("correct", str(m.no), "2:1")
    assert f"match {m.no} unchanged: it already has the result 2:1" in out
    assert "corrected" not in out
    log = backend.sql("select action from result_log")
    assert log == [("enter",)]  # nothing written for an unchanged correction


# ---- 14.6 for the organiser


def test_import_players_from_csv(cli: Cli, cli_fail: Cli, tmp_path: Path,
                                 snap: Callable[[], Snapshot]) -> None:
    cli("create", "Cup", "--cards", "16")
    bad = tmp_path / "players.csv"
    bad.write_text("Name;Cards\nAnna Huber;2\nBert;x\n", encoding="utf-8")
    assert "players.csv line 3: cards 'x' is not a whole number" in cli_fail("import", str(bad))
    bad.write_text("name,cards\nAnna,2\nanna,1\n", encoding="utf-8")
    assert "players.csv line 3: 'anna' is listed twice (players.csv line 2)" in cli_fail(
        "import", str(bad))
    bad.write_text("Anna,2\nBert,9\n", encoding="utf-8")
    assert "players.csv line 2: a player may hold 1 to 3" in cli_fail("import", str(bad))
    assert snap().players == []  # all or nothing
    good = tmp_path / "anmeldung.csv"
    good.write_text("\ufeffName;Cards\n# late entries at the end\nAnna Huber;2\n"
                    "Bert Moser;\n\nDora Lind;3\n", encoding="utf-8")  # as a spreadsheet saves
    out = cli("import", str(good))
    assert "registered 3 players" in out and "6 of 16 cards sold" in out
    assert [(p.name, p.cards) for p in snap().players] == [
        ("Anna Huber", 2), ("Bert Moser", 1), ("Dora Lind", 3)]


def test_settings_help(cli: Cli, cli_fail: Cli, db: str) -> None:
    cli("create", "Cup", "--cards", "16")
    assert "not 48; take 64" in cli_fail("create", "Next", "--cards", "48")
    assert "not 100; take 128" in cli_fail("create", "Next", "--cards", "100")
    for name in "ABCDEF":
        cli("register", name)
    assert "not 20; take 32" in cli_fail("configure", "--cards", "20")
    res = CliRunner().invoke(app, ["tournament", "--db", db, "configure", "--cards", "128"])
    assert res.exit_code == 0  # a warning, not a refusal: more may register
    assert ("warning: N=128 but only 6 cards are sold: round 1 needs more than 64; "
            "8 would fit the cards sold now") in res.stderr
    res = CliRunner().invoke(app, ["tournament", "--db", db, "configure", "--cards", "8"])
    assert res.exit_code == 0 and "warning" not in res.stderr


def test_player_view_and_wall_list(cli: Cli, snap: Callable[[], Snapshot],
                                   tmp_path: Path) -> None:
    cli("create", "Cup", "--cards", "16")
    for name, cards in (("bert", 1), ("Anna", 2), ("Zoe", 1), ("Carl", 3), ("dora", 2)):
        cli("register", name, "--cards", str(cards))
    cli("draw", "--seed", "6")
    s = snap()
    # left and right pot name the columns of a knockout pairing list (T-2)
    assert "Left pot" in cli("pairings") and "Right pot" in cli("pairings")
    # one player's open matches
    out = cli("player", "carl")
    carl = [m for m in s.open_matches if "Carl" in (m.a.name, m.b.name if m.b else "")]
    assert "Carl: cards" in out and "Carl #3" in out and "Carl plays next: " in out
    for m in carl:
        assert f"match {m.no} (" in out
    # the wall list: every card once a line, players alphabetically, with match and opponent
    page = tmp_path / "wall.html"
    out = cli("pairings", "--by-player", "--html", str(page))
    html = page.read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">(\d+)</td>", html)
    names = [label for label, _ in rows]
    assert len(rows) == sum(2 if m.kind == "match" else 1 for m in s.matches)
    assert [n.split(" #")[0].casefold() for n in names] == sorted(
        n.split(" #")[0].casefold() for n in names)
    assert names[:2] == ["Anna #1", "Anna #2"]
    for label, no in rows:
        m = next(x for x in s.matches if x.no == int(no))
        assert label in (m.a.label, m.b.label if m.b else None)
    assert "<thead>" in html  # headers repeat on every printed page


def test_prizes_always_say_why(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    # a knockout with fewer cards than prizes: the places nobody can reach are explained
    cli("create", "Small", "--cards", "8", "--prizes", "8")
    for name in "ABCDE":
        cli("register", name)
    cli("draw", "--seed", "2")
    while not snap().finished:
        play_all(cli, snap)
        if not snap().finished:
            cli("draw")
    lines = snap().prizes
    assert [line.status for line in lines] == ["won"] * 5 + ["not awarded"] * 3
    assert all(line.note == "only 5 cards were sold" for line in lines[5:])
    # Swiss: every prize says what decided it
    cli("create", "Open", "--format", "swiss", "--rounds", "2", "--prizes", "5")
    for name in ("P1", "P2", "P3", "P4"):
        cli("register", name)
    for _ in range(2):
        cli("draw")
        play_all(cli, snap)
    s = snap()
    assert s.finished
    won = [line for line in s.prizes if line.status == "won"]
    assert len(won) == 4 and all(line.decided.startswith("standings after round 2: ")
                                 for line in won)
    assert s.prizes[4].note == "only 4 players took part"
    out = cli("prizes")
    assert "standings after round 2" in out and "only 4 players" in out


def test_neutral_wording_when_own_cards_meet(cli: Cli, snap: Callable[[], Snapshot],
                                             tmp_path: Path) -> None:
    # T-3: Anna's two cards both win round 1 and meet in the final
    cli("create", "Four", "--cards", "4", "--max-cards", "2")
    cli("register", "Anna", "--cards", "2")
    cli("register", "Bert")
    cli("register", "Carl")
    cli("draw", "--seed", "1")
    for m in snap().open_matches:
        cli("result", str(m.no), "2:0" if m.a.name == "Anna" else "0:2")
    cli("draw", "--seed", "1")
    final = next(m for m in snap().round_matches(2) if m.label == "Final")
    assert final.kind == "self"
    page = tmp_path / "prizes.html"
    outputs = [cli("pairings"), cli("bracket"), cli("prizes", "--html", str(page)),
               cli("status"), page.read_text(encoding="utf-8")]
    assert "own cards meet" in outputs[0]
    assert "Anna&#x27;s own cards meet; goes on with Anna #1" in outputs[-1]
    assert not any("himself" in out or "herself" in out for out in outputs)
