"""Reading a player list from a CSV file for `stich tournament import` (standard library only).

One player per row: the name, then optionally the entry cards bought (default 1) and a bot
level (for bot events). A first row naming the columns (`name`, `cards`, `bot`, in any order
and case) is a header; without one the columns are name, cards, bot. Empty rows and rows
starting with `#` are skipped. Semicolons, tabs or commas separate, as the first row shows
(spreadsheets save CSV either way).
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
    lines = [(no, line) for no, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    first_line = lines[0][1] if lines else ""
    delimiter = next((d for d in ";\t," if d in first_line), ",")  # as the first row uses
    rows = [(no, next(csv.reader([line], delimiter=delimiter))) for no, line in lines]
    if not rows:
        raise TournamentError(f"{path} lists no players")
    order = list(COLUMNS)
    header = [cell.strip().casefold() for cell in rows[0][1]]
    if "name" in header:
        unknown = [c for c in header if c and c not in COLUMNS]
        if unknown:
            raise TournamentError(f"{path} line {rows[0][0]}: unknown column {unknown[0]!r}; "
                                  f"the columns are {', '.join(COLUMNS)}")
        order = header
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
