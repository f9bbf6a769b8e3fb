"""A damaged database file is one line naming the file and what to do, never a traceback;
the audit runs SQLite's integrity check first; `backup` makes the organiser's copies
(docs/tournament.md, "Backups"; T-5: every step is stored and must survive).

The damage is done as a disk does it: bytes of the data pages that hold the `matches` table
and its index overwritten in a copy of a real event, found from `sqlite_master`.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import command_app

app = command_app(["tournament"])


def run(db: Path | str, *args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["tournament", "--db", str(db), *args])
    return res.exit_code, res.stdout, res.stderr


def ok(db: Path | str, *args: str) -> str:
    code, out, err = run(db, *args)
    assert code == 0, (args, out, err)
    return out


def one_line(db: Path | str, *args: str) -> str:
    code, out, err = run(db, *args)
    assert code == 1, (args, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


@pytest.fixture
def event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 32-card Preisschnapsen of 21 players with round 1 drawn and some results in."""
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    monkeypatch.delenv("STICH_TOURNAMENT_EVENT", raising=False)
    db = tmp_path / "gmunden.stich.db"
    roster = tmp_path / "players.csv"
    roster.write_text("name,cards\n" + "".join(f"Spieler {i:02d},{1 + i % 2}\n"
                                               for i in range(1, 22)), encoding="utf-8")
    ok(db, "create", "Preisschnapsen", "--cards", "32", "--max-cards", "2")
    ok(db, "import", str(roster))
    ok(db, "draw", "--seed", "14")
    ok(db, "result", "1", "2:0", "2", "0:2")
    return db


def root_page(db: Path, name: str) -> tuple[int, int]:
    """(page size, first byte of the root page) of a table or index."""
    con = sqlite3.connect(db)
    try:
        size = con.execute("PRAGMA page_size").fetchone()[0]
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                           (name,)).fetchone()[0]
    finally:
        con.close()
    return size, size * (root - 1)


def damaged_copy(db: Path, name: str, start: int, length: int) -> Path:
    """A copy of the event with `length` bytes at `start` of a root page overwritten."""
    copy = db.with_name(f"damaged-{name}.stich.db")
    shutil.copyfile(db, copy)
    _, page = root_page(copy, name)
    with copy.open("r+b") as f:
        f.seek(page + start)
        f.write(b"\x13" * length)
    return copy


def assert_damage_line(line: str, db: Path) -> None:
    assert line.startswith(f"error: the tournament database {db} is damaged (")
    assert "restore your latest backup (stich tournament backup FILE makes one)" in line
    assert f"`sqlite3 {db} .recover | sqlite3 recovered.stich.db`" in line
    assert "use that file (where .recover fails: Backups in docs/tournament.md)" in line


def test_a_damaged_table_page_is_one_line(event: Path) -> None:
    # as reported: f.seek(4096*14+2500); f.write(b'\x13'*1596) on the matches table's page
    size, _ = root_page(event, "matches")
    copy = damaged_copy(event, "matches", 2500, size - 2500)
    before = copy.read_bytes()
    for command in (["status"], ["audit"], ["player", "Spieler 01"], ["pairings"],
                    ["pairings", "--by-player"], ["bracket"], ["prizes"],
                    ["result", "3", "2:1"], ["draw"]):
        assert_damage_line(one_line(copy, *command), copy)
    assert copy.read_bytes() == before  # nothing written to the damaged file


def test_audit_checks_the_file_before_replaying(event: Path) -> None:
    # a damaged index: every query still answers, so the audit used to say "audit passed"
    assert "audit passed" in ok(event, "audit")
    size, _ = root_page(event, "ix_matches_event_id")
    copy = damaged_copy(event, "ix_matches_event_id", size - 1500, 1500)
    line = one_line(copy, "audit")
    assert_damage_line(line, copy)
    assert "(integrity check: " in line
    # and what reads wrong facts through the index says the file is damaged, not tampered
    size, _ = root_page(event, "sqlite_autoindex_matches_1")
    copy = damaged_copy(event, "sqlite_autoindex_matches_1", size - 1500, 1500)
    assert_damage_line(one_line(copy, "status"), copy)


def test_an_empty_file_is_no_database_and_stays_empty(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # a rescue that fails (`sqlite3 FILE .recover | sqlite3 recovered.stich.db` on a sqlite3
    # build whose .recover stops at an error) leaves an empty file: reading it says so instead
    # of making a new, empty tournament in it and saying "there is no event yet"
    monkeypatch.delenv("STICH_TOURNAMENT_DB", raising=False)
    empty = tmp_path / "recovered.stich.db"
    empty.write_bytes(b"")
    for command in (["audit"], ["status"], ["players"]):
        line = one_line(empty, *command)
        assert line.startswith(f"error: {empty} is empty: it holds no tournament database"), line
        assert "Backups" in line
    assert empty.read_bytes() == b""
    ok(empty, "create", "Neu", "--cards", "8")  # it may still become a new event's database


def test_backup_makes_a_checked_copy(event: Path, tmp_path: Path) -> None:
    stick = tmp_path / "usb"
    stick.mkdir()
    out = ok(event, "backup", str(stick / "round1.stich.db"))
    assert f"backed up {event} to {stick / 'round1.stich.db'}" in out and "checked" in out
    assert ok(stick / "round1.stich.db", "status") == ok(event, "status")
    assert ok(stick / "round1.stich.db", "audit") == ok(event, "audit")
    # a folder gets a dated copy named after the database; nothing is ever overwritten
    out = ok(event, "backup", str(stick))
    dated = [p for p in stick.iterdir() if p.name.startswith("gmunden-")]
    assert len(dated) == 1 and dated[0].name.endswith(".stich.db") and str(dated[0]) in out
    first = (stick / "round1.stich.db").read_bytes()
    ok(event, "result", "3", "2:1")
    assert "round1.stich.db already exists" in one_line(event, "backup",
                                                        str(stick / "round1.stich.db"))
    assert (stick / "round1.stich.db").read_bytes() == first
    assert "another file than the database" in one_line(event, "backup", str(event))
    assert "folder" in one_line(event, "backup", str(tmp_path / "no" / "x.db"))
    assert sorted(p.name for p in stick.iterdir()) == sorted(["round1.stich.db",
                                                              dated[0].name])  # no leftovers


def test_backup_while_another_command_writes(event: Path, tmp_path: Path) -> None:
    # the online backup copies what is committed; a write in progress does not block it
    writer = sqlite3.connect(event, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE events SET name = 'half-written'")
        ok(event, "backup", str(tmp_path / "during.stich.db"))
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert "Preisschnapsen" in ok(tmp_path / "during.stich.db", "status")


def test_a_damaged_database_is_not_backed_up(event: Path, tmp_path: Path) -> None:
    size, _ = root_page(event, "matches")
    copy = damaged_copy(event, "matches", 2500, size - 2500)
    line = one_line(copy, "backup", str(tmp_path / "copy.db"))
    assert_damage_line(line, copy)
    assert not (tmp_path / "copy.db").exists()


def test_postgresql_is_backed_up_with_pg_dump(tmp_path: Path) -> None:
    from stich.tournament.backup import pg_dump_command

    url = "postgresql+psycopg://anna:secret@db.example:5433/stich"
    line = one_line(url, "backup", "gmunden 2026.dump")
    assert "back it up with pg_dump: pg_dump --format=custom " in line
    assert line.endswith("--file='gmunden 2026.dump' postgresql://anna@db.example:5433/stich")
    assert "secret" not in line  # pg_dump asks for the password
    assert pg_dump_command("postgresql://u@h/d?options=-csearch_path%3Ds", Path("x")) == (
        "pg_dump --format=custom --file=x 'postgresql://u@h/d?options=-csearch_path%3Ds'")
