"""Reading a player list from a CSV file for `stich tournament import` (standard library only).

One player per row: the name, then optionally the entry cards bought (default 1) and a bot
level (for bot events). A first row naming the columns in English or German (`name`, `cards`,
`bot` or `Name`, `Karten`, `Bot`, in any order and case) is a header; without one the columns
are name, cards, bot. Empty rows and rows starting with `#` are skipped. Semicolons, tabs or
commas separate, as the first row shows (spreadsheets save CSV either way). The text is UTF-8
(with or without the byte-order mark), UTF-16 with its byte-order mark (Excel's "Unicode-Text")
or, as German Excel saves "CSV (Trennzeichen-getrennt)", Windows-1252.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from stich.tournament.errors import TournamentError

COLUMNS = ("name", "cards", "bot")
#: Header words by language, each for the column of COLUMNS at the same place.
HEADERS = {"English": COLUMNS, "German": ("Name", "Karten", "Bot")}
#: Every accepted header word (casefolded) -> its column.
HEADER_WORDS = {word.casefold(): column for words in HEADERS.values()
                for word, column in zip(words, COLUMNS, strict=True)}
#: Encodings tried in turn: UTF-8 (a byte-order mark is dropped), then what Excel saves on a
#: German or Western European Windows.
ENCODINGS = ("utf-8-sig", "cp1252")
#: The byte-order marks of UTF-16, as Excel saves "Unicode-Text" (tab-separated).
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True)
class RosterRow:
    """One player from the file, with where he stands in it for messages."""

    name: str
    cards: int
    bot: str | None
    where: str


def read_roster(path: Path) -> list[RosterRow]:
    """The players listed in `path`; TournamentError names the file and line of a bad row."""
    text = _decoded(path)
    lines = [(no, line) for no, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    first_line = lines[0][1] if lines else ""
    delimiter = next((d for d in ";\t," if d in first_line), ",")  # as the first row uses
    rows = [(no, next(csv.reader([line], delimiter=delimiter))) for no, line in lines]
    if not rows:
        raise TournamentError(f"{path} lists no players")
    order = list(COLUMNS)
    header = [cell.strip() for cell in rows[0][1]]
    if any(cell.casefold() in HEADER_WORDS for cell in header):  # a header row
        where = f"{path} line {rows[0][0]}"
        unknown = [c for c in header if c and c.casefold() not in HEADER_WORDS]
        if unknown:
            raise TournamentError(f"{where}: unknown column {unknown[0]!r}; the columns are "
                                  f"{accepted()}")
        order = [HEADER_WORDS.get(cell.casefold(), "") for cell in header]
        twice = next((c for c in COLUMNS if order.count(c) > 1), None)
        if twice is not None:
            raise TournamentError(f"{where}: the {twice} column is named twice; the columns "
                                  f"are {accepted()}")
        if "name" not in order:
            raise TournamentError(f"{where}: no name column; the columns are {accepted()}")
        rows = rows[1:]
    out = []
    for no, row in rows:
        where = f"{path.name} line {no}"
        cells = dict(zip(order, (cell.strip() for cell in row), strict=False))
        if len(row) > len(order) and any(cell.strip() for cell in row[len(order):]):
            raise TournamentError(f"{where}: more columns than {', '.join(order)}")
        count = cells.get("cards") or "1"
        if not count.isdigit():
            raise TournamentError(f"{where}: cards {count!r} is not a whole number from 1 up")
        out.append(RosterRow(cells.get("name", ""), int(count), cells.get("bot") or None, where))
    return out


def accepted() -> str:
    """The header words, in both languages: "name, cards, bot (German: Name, Karten, Bot)"."""
    english, *others = HEADERS.items()
    return ", ".join(english[1]) + "".join(f" ({lang}: {', '.join(words)})"
                                           for lang, words in others)


def _decoded(path: Path) -> str:
    """The file's text in the first of ENCODINGS that reads it whole."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TournamentError(f"cannot read {path}: {exc.strerror}") from None
    if data.startswith(UTF16_MARKS):  # Excel's "Unicode-Text"
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    elif b"\0" in data:  # Windows-1252 would read it, into names and numbers full of NULs
        raise TournamentError(f"{path} holds NUL bytes, as UTF-16 without a byte-order mark "
                              "does: save it as CSV (UTF-8), CSV (Trennzeichen-getrennt) or "
                              "Unicode-Text")
    for encoding in ENCODINGS:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TournamentError(f"{path} is neither UTF-8 nor Windows-1252 text; save it as CSV "
                          "(UTF-8) or CSV (Trennzeichen-getrennt)")
