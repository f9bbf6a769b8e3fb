"""Printable pages (pairing lists, bracket, prize list, standings) as self-contained HTML.

One file each, no scripts, no external resources: open it in a browser and print. Built with
`string.Template` and `html.escape` from the standard library, so nothing needs installing.

Lists print portrait with their column headers repeated on every page (`<thead>`). The bracket
prints landscape and is laid out here, not by the browser: its matches are cut into columns of
at most `COLUMN_SLOTS` boxes of fixed height and the columns into sheets of `SHEET_COLUMNS`,
each sheet sized to fit landscape A4 and US Letter alike, so a bracket of any size prints one
page per sheet with no stray pages, and a sheet fits a 1200-pixel screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from string import Template

from stich.tournament.snapshot import MatchView, Snapshot, by_player

DECK_NAMES = {"french": "French cards", "german": "double-German cards"}
FORMAT_NAMES = {"preis": "Preisschnapsen", "swiss": "Swiss system", "roundrobin": "Round robin"}

#: A bracket column holds this many match boxes (a stage heading counts half a box).
COLUMN_SLOTS = 16.5
#: Columns on one bracket sheet.
SHEET_COLUMNS = 5
#: Characters of a name a bracket box shows; longer ones lose their middle, since the end
#: ("... Huber #2") is what tells cards and namesakes apart.
BOX_CHARS = 22

_STYLE = """
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em;
         color: #111; }
  h1 { font-size: 1.5em; margin: 0 0 .2em; }
  h2 { font-size: 1.15em; margin: 1.2em 0 .4em; }
  .meta { color: #555; margin-bottom: 1em; }
  table { border-collapse: collapse; margin-bottom: 1em; }
  th, td { border: 1px solid #999; padding: .25em .6em; text-align: left;
           vertical-align: top; }
  th { background: #eee; }
  thead { display: table-header-group; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.score { min-width: 4em; text-align: center; }
  .win { font-weight: bold; }
  .muted { color: #777; }
  footer { color: #777; font-size: .8em; margin-top: 2em; }
  @media print {
    body { margin: 0; font-size: 10pt; }
    th { background: #eee !important; -webkit-print-color-adjust: exact;
         print-color-adjust: exact; }
    tr { page-break-inside: avoid; break-inside: avoid; }
    h2 { page-break-after: avoid; break-after: avoid; }
    @page { margin: 1.5cm; }
  }
"""

# Bracket sheets: 255 x 182 mm fits the printable area of landscape A4 (297 x 210) and US
# Letter (279.4 x 215.9) with 10 mm margins. Heights are fixed so that the layout computed
# in Python is what prints: 12 mm sheet header, 6 mm column header, 16.5 slots of 9.6 mm.
_BRACKET_STYLE = """
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1em;
         color: #111; }
  .sheet { width: 255mm; height: 182mm; overflow: hidden; box-sizing: border-box;
           margin: 0 0 8mm; }
  .sheet-head { height: 12mm; overflow: hidden; font-size: 9pt; color: #555;
                white-space: nowrap; text-overflow: ellipsis; }
  .sheet-head h1 { font-size: 12pt; margin: 0; color: #111; white-space: nowrap;
                   overflow: hidden; text-overflow: ellipsis; }
  .columns { display: flex; gap: 3mm; }
  .column { width: 48.6mm; flex: none; }
  .column h2 { height: 6mm; margin: 0; font-size: 9pt; overflow: hidden;
               white-space: nowrap; text-overflow: ellipsis; }
  .stage { height: 4.8mm; font-size: 7.5pt; color: #555; overflow: hidden;
           white-space: nowrap; text-overflow: ellipsis; }
  .match { height: 8.4mm; margin-bottom: 1.2mm; box-sizing: border-box;
           border: .2mm solid #999; padding: .4mm 1mm; font-size: 7.5pt; line-height: 3.6mm;
           overflow: hidden; }
  .line { display: flex; gap: 1mm; white-space: nowrap; }
  .line .who { flex: 1; overflow: hidden; text-overflow: ellipsis; }
  .no, .res { color: #777; flex: none; }
  .win { font-weight: bold; }
  .muted { color: #777; }
  @media print {
    body { margin: 0; }
    .sheet { margin: 0; break-after: page; page-break-after: always; }
    .sheet:last-child { break-after: auto; page-break-after: auto; }
    @page { size: landscape; margin: 10mm; }
  }
"""

_PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>$title</title>
<style>$style</style>
</head>
<body>
$body
</body>
</html>
""")


def _meta(snap: Snapshot) -> str:
    ev = snap.event
    parts = [FORMAT_NAMES.get(ev.format, ev.format), DECK_NAMES.get(ev.deck, ev.deck),
             f"matches to {ev.match_length} Bummerl (a Schneider counts as one)"]
    if ev.format == "preis":
        parts.insert(1, f"{snap.sold} of {ev.n_cards} entry cards sold")
    return escape(" · ".join(parts))


def _page(snap: Snapshot, title: str, body: str) -> str:
    """A list page: title, settings, the body, and a footer with the event's state."""
    footer = escape(f"stich tournament · {snap.phase()}")
    full = (f"<h1>{escape(title)}</h1>\n<div class=\"meta\">{_meta(snap)}</div>\n{body}\n"
            f"<footer>{footer}</footer>")
    return _PAGE.substitute(title=escape(title), style=_STYLE, body=full)


def _table(head: Iterable[str], rows: Iterable[Iterable[str]], classes: Iterable[str] = ()) -> str:
    """An HTML table whose header row repeats on every printed page; cells are HTML."""
    cls = list(classes)
    out = ["<table>",
           "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr></thead>",
           "<tbody>"]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            c = cls[i] if i < len(cls) and cls[i] else ""
            cells.append(f'<td class="{c}">{cell}</td>' if c else f"<td>{cell}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _name(m: MatchView, which: str) -> str:
    card = m.a if which == "a" else m.b
    if card is None:
        return '<span class="muted">bye (Freilos)</span>'
    text = escape(card.label)
    if m.winner == card.id and m.kind == "match":
        return f'<span class="win">{text}</span>'
    return text


def _result(m: MatchView) -> str:
    if m.kind == "bye":
        return '<span class="muted">through</span>'
    if m.kind == "self":
        return '<span class="muted">own cards meet: one is given up</span>'
    return escape(m.score_text())


def pairings_page(snap: Snapshot, round_no: int) -> str:
    """The pairing list of one round, with an empty result box per open match."""
    matches = snap.round_matches(round_no)
    left, right = snap.sides
    body = []
    groups: dict[str, list[MatchView]] = {}
    for m in matches:
        groups.setdefault(m.label, []).append(m)
    for label, ms in groups.items():
        if len(groups) > 1 or snap.event.format != "preis":
            body.append(f"<h2>{escape(label)}</h2>")
        body.append(_table(
            ["No.", left, "", right, "Result"],
            ([str(m.no), _name(m, "a"), "vs", _name(m, "b"), _result(m)] for m in ms),
            ["num", "", "muted", "", "score"],
        ))
    if not matches:
        body.append("<p>Not drawn yet.</p>")
    title = f"{snap.event.name}: round {round_no} pairings"
    return _page(snap, title, "\n".join(body))


def by_player_page(snap: Snapshot, round_no: int) -> str:
    """A round's pairings alphabetically by player, one line per card: for the wall."""
    rows = ([escape(line.card), str(line.no), escape(line.stage), escape(line.opponent),
             _own_result(line.result)] for line in by_player(snap, round_no))
    body = _table(["Player", "Match", "Stage", "Opponent", "Result"], rows,
                  ["", "num", "", "", "score"])
    return _page(snap, f"{snap.event.name}: round {round_no} by player", body)


def _own_result(text: str) -> str:
    """A result read from one player's side, a win in bold ("won 2:1", "lost 0:2")."""
    return f'<span class="win">{escape(text)}</span>' if text.startswith("won") else escape(text)


@dataclass(frozen=True)
class Column:
    """One bracket column: a round's title and its stage headings and match boxes (HTML)."""

    title: str
    items: tuple[str, ...]


def bracket_columns(snap: Snapshot) -> list[Column]:
    """Every round's matches cut into columns of at most `COLUMN_SLOTS` slots; a column that
    continues a round says so, and repeats the stage heading it continues."""
    columns: list[Column] = []
    for r in range(1, snap.rounds + 1):
        parts: list[list[str]] = [[]]
        used = 0.0
        stage = None
        for m in snap.round_matches(r):
            need = 1.0 + (0.5 if m.label != stage or not parts[-1] else 0.0)
            if parts[-1] and used + need > COLUMN_SLOTS:
                parts.append([])
                used, need = 0.0, 1.5
            if m.label != stage or not parts[-1]:
                parts[-1].append(f'<div class="stage">{escape(m.label)}</div>')
                stage = m.label
            parts[-1].append(_box(m))
            used += need
        columns += [Column(f"Round {r}" + (" (continued)" if i else ""), tuple(items))
                    for i, items in enumerate(parts) if items]
    return columns


def _box(m: MatchView) -> str:
    """A bracket box: one line per player, each with his own Bummerl once played (so a line
    never reads as someone else's score), the winner in bold."""
    if m.kind == "match":
        own_a = "" if m.score_a is None else str(m.score_a)
        own_b = "" if m.score_b is None else str(m.score_b)
    else:
        own_a, own_b = "", _result(m)
    return (f'<div class="match"><div class="line"><span class="no">{m.no}</span>'
            f'{_who(m, "a")}<span class="res">{own_a}</span></div>'
            f'<div class="line">{_who(m, "b")}'
            f'<span class="res">{own_b}</span></div></div>')


def _who(m: MatchView, which: str) -> str:
    """A player in a bracket box: shortened in the middle, the full label on hover."""
    card = m.a if which == "a" else m.b
    if card is None:
        return '<span class="who muted">bye (Freilos)</span>'
    label = card.label
    if len(label) > BOX_CHARS:
        keep = BOX_CHARS - 1
        label = label[:keep - keep // 2] + "…" + label[-(keep // 2):]
    win = " win" if m.winner == card.id and m.kind == "match" else ""
    return f'<span class="who{win}" title="{escape(card.label)}">{escape(label)}</span>'


def bracket_sheets(snap: Snapshot) -> list[list[Column]]:
    """The bracket's columns, `SHEET_COLUMNS` to a printed landscape sheet."""
    columns = bracket_columns(snap)
    return [columns[i:i + SHEET_COLUMNS] for i in range(0, len(columns), SHEET_COLUMNS)] or [[]]


def bracket_page(snap: Snapshot) -> str:
    """Every round with results, on landscape sheets (one printed page each)."""
    sheets = bracket_sheets(snap)
    title = f"{snap.event.name}: bracket"
    head_meta = f"{_meta(snap)} · {escape(snap.phase())}"
    parts = []
    for i, sheet in enumerate(sheets, 1):
        count = f" · sheet {i} of {len(sheets)}" if len(sheets) > 1 else ""
        cols = "".join(
            f'<div class="column"><h2>{escape(c.title)}</h2>{"".join(c.items)}</div>'
            for c in sheet
        ) or "<p>No draw yet.</p>"
        parts.append(f'<section class="sheet"><div class="sheet-head"><h1>{escape(title)}</h1>'
                     f'{head_meta}{count}</div><div class="columns">{cols}</div></section>')
    return _PAGE.substitute(title=escape(title), style=_BRACKET_STYLE, body="\n".join(parts))


def prizes_page(snap: Snapshot) -> str:
    """The prize list: place, player, and what decided it (T-4; standings for Swiss and
    round robin)."""
    names = {p.id: p.name for p in snap.players}
    by_no = {m.no: m for m in snap.matches}
    rows = []
    for line in snap.prizes:
        player = escape(names[line.player]) if line.player is not None else (
            f'<span class="muted">{escape(line.status)}</span>')
        decided = (by_no[line.match].summary_for(line.card)
                   if line.match is not None and line.card is not None else line.decided)
        rows.append([str(line.prize), player, escape(decided), escape(line.note)])
    body = _table(["Prize", "Player", "Decided by", "Note"], rows, ["num"])
    if snap.event.one_prize:
        body += ("<p>One prize per player: each player keeps the best place reached; those "
                 "below move up.</p>")
    return _page(snap, f"{snap.event.name}: prize list", body)


def standings_page(snap: Snapshot) -> str:
    """Swiss and round-robin standings with their tie-breaks."""
    names = {p.id: p.name for p in snap.players}
    swiss = snap.event.format == "swiss"
    head = ["Rank", "Player", "Points"]
    head += ["Buchholz"] if swiss else []
    head += ["Sonneborn-Berger", "Bummerl +/-", "Bummerl won", "Played", "Byes"]
    rows = []
    for st in snap.standings:
        row = [str(st.rank), escape(names[st.player]), f"{st.points:g}"]
        row += [f"{st.buchholz:g}"] if swiss else []
        row += [f"{st.sonneborn_berger:g}", f"{st.bummerl_diff:+d}", str(st.bummerl_for),
                str(st.played), str(st.byes)]
        rows.append(row)
    body = _table(head, rows, ["num", ""] + ["num"] * (len(head) - 2))
    title = f"{snap.event.name}: standings {snap.standings_when}"
    return _page(snap, title, body)
