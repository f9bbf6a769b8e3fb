"""Player lists from the organiser's spreadsheet (T-5: register players and their cards): the
header in English or German, the file as German Excel saves it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from stich.tournament.errors import TournamentError
from stich.tournament.roster import read_roster
from stich.tournament.snapshot import Snapshot

Cli = Callable[..., str]

ACCEPTED = "the columns are name, cards, bot (German: Name, Karten, Bot)"


def table(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def read(path: Path) -> list[tuple[str, int, str | None]]:
    return [(r.name, r.cards, r.bot) for r in read_roster(path)]


@pytest.mark.parametrize("header", ["Name;Karten", "name;cards", "NAME;KARTEN", " Name ;Cards",
                                    "Name;karten;Bot", "name;Karten;bot"])
def test_german_and_english_headers(tmp_path: Path, header: str) -> None:
    bot = ";" if header.count(";") == 2 else ""
    f = table(tmp_path / "anmeldung.csv", f"{header}\nAnna Huber;2{bot}\nBert;{bot}\n")
    assert read(f) == [("Anna Huber", 2, None), ("Bert", 1, None)]


def test_german_columns_in_any_order(tmp_path: Path) -> None:
    f = table(tmp_path / "bots.csv", "Bot;Karten;Name\nrules;1;Regel 1\nrandom;2;Zufall\n")
    assert read(f) == [("Regel 1", 1, "rules"), ("Zufall", 2, "random")]


def test_a_file_saved_by_german_excel(tmp_path: Path, cli: Cli,
                                      snap: Callable[[], Snapshot]) -> None:
    # Excel's "CSV (Trennzeichen-getrennt)" on a German Windows: cp1252, semicolons, CRLF
    f = table(tmp_path / "anmeldung.csv",
              "Name;Karten\r\nJürgen Größ;2\r\nÄnne Öller;\r\nMaß Straße;3\r\n", "cp1252")
    cli("create", "Preisschnapsen", "--cards", "16")
    out = cli("import", str(f))
    assert "registered 3 players" in out
    assert [(p.name, p.cards) for p in snap().players] == [
        ("Jürgen Größ", 2), ("Änne Öller", 1), ("Maß Straße", 3)]


def test_utf8_is_read_first(tmp_path: Path) -> None:
    # the same bytes would read as "JÃ¼rgen" in cp1252: UTF-8 comes first, with or without BOM
    for prefix in ("", "\ufeff"):
        f = table(tmp_path / "a.csv", f"{prefix}Name;Karten\nJürgen;2\n")
        assert read(f) == [("Jürgen", 2, None)]


def test_anything_else_lists_what_is_accepted(tmp_path: Path, cli: Cli, cli_fail: Cli) -> None:
    cli("create", "Cup", "--cards", "16")
    for header, what in (("Name;Anzahl", "unknown column 'Anzahl'"),
                         ("Spieler;Karten", "unknown column 'Spieler'"),
                         ("Karten;Bot", "no name column"),
                         ("Name;name", "the name column is named twice")):
        f = table(tmp_path / "liste.csv", f"{header}\nAnna;2\n")
        line = cli_fail("import", str(f))
        assert f"liste.csv line 1: {what}; {ACCEPTED}" in line, line
    f = tmp_path / "binary.csv"
    f.write_bytes(b"Name;Karten\n\x81\x8d\xff;1\n")  # neither UTF-8 nor cp1252
    with pytest.raises(TournamentError, match="neither UTF-8 nor Windows-1252"):
        read_roster(f)


def test_excel_unicode_text_is_read(tmp_path: Path) -> None:
    # Excel's "Unicode-Text" is UTF-16 with a byte-order mark, tab-separated
    for encoding in ("utf-16", "utf-16-be"):
        body = "Name\tKarten\r\nJürgen\t2\r\nMaria Schürz\t1\r\n"
        mark = "\ufeff" if encoding == "utf-16-be" else ""
        f = table(tmp_path / "liste.txt", mark + body, encoding)
        assert read(f) == [("Jürgen", 2, None), ("Maria Schürz", 1, None)]


def test_nul_bytes_are_no_player_list(tmp_path: Path) -> None:
    # UTF-16 without its mark read as Windows-1252 gave "cards '\x00K\x00a...'": say what it is
    f = table(tmp_path / "liste.txt", "Name\tKarten\nAnna\t1\n", "utf-16-le")
    with pytest.raises(TournamentError) as caught:
        read_roster(f)
    assert str(caught.value) == (
        f"{f} holds NUL bytes, as UTF-16 without a byte-order mark does: save it as CSV "
        "(UTF-8), CSV (Trennzeichen-getrennt) or Unicode-Text")
