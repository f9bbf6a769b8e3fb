"""Reading a player list from a CSV file for `stich tournament import` (standard library only).

One player per row: the name, then optionally the entry cards bought (default 1) and a bot
level (for bot events). A first row naming the columns (`name`, `cards`, `bot`, in any order
and case) is a header; without one the columns are name, cards, bot. Empty rows and rows
starting with `#` are skipped. Commas or semicolons separate (as spreadsheets save them).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from stich.tournament.errors import TournamentError

COLUMNS = ("name", "cards", "bot")


@dataclass(frozen=True)
class RosterRow:
    """One player from the file, with where he stands in it for messages."""

    name: str
    cards: int
    bot: str | None
    where: str


def read_roster(path: Path) -> list[RosterRow]:
    """The players listed in `path`; TournamentError names the file and line of a bad row."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise TournamentError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise TournamentError(f"{path} is not UTF-8 text; save it as CSV (UTF-8)") from None
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], ",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [(no, row) for no, row in enumerate(csv.reader(text.splitlines(), dialect), 1)
            if any(cell.strip() for cell in row) and not row[0].lstrip().startswith("#")]
    if not rows:
        raise TournamentError(f"{path} lists no players")
    order = list(COLUMNS)
    first = [cell.strip().casefold() for cell in rows[0][1]]
    if "name" in first:
        unknown = [c for c in first if c and c not in COLUMNS]
        if unknown:
            raise TournamentError(f"{path} line {rows[0][0]}: unknown column {unknown[0]!r}; "
                                  f"the columns are {', '.join(COLUMNS)}")
        order = first
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
