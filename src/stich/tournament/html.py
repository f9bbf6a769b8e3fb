"""Printable pages (pairing list, bracket, prize list, standings) as self-contained HTML.

One file each, no scripts, no external resources: open it in a browser and print. Built with
`string.Template` and `html.escape` from the standard library, so nothing needs installing.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from string import Template

from stich.tournament.snapshot import MatchView, Snapshot

DECK_NAMES = {"french": "French cards", "german": "double-German cards"}
FORMAT_NAMES = {"preis": "Preisschnapsen", "swiss": "Swiss system", "roundrobin": "Round robin"}

_PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>$title</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em;
         color: #111; }
  h1 { font-size: 1.5em; margin: 0 0 .2em; }
  h2 { font-size: 1.15em; margin: 1.2em 0 .4em; }
  .meta { color: #555; margin-bottom: 1em; }
  table { border-collapse: collapse; margin-bottom: 1em; }
  th, td { border: 1px solid #999; padding: .25em .6em; text-align: left;
           vertical-align: top; }
  th { background: #eee; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.score { min-width: 4em; text-align: center; }
  .win { font-weight: bold; }
  .muted { color: #777; }
  .rounds { display: flex; gap: 1.2em; align-items: flex-start; }
  .round { min-width: 12em; }
  .match { border: 1px solid #999; margin: 0 0 .5em; padding: .2em .4em;
           break-inside: avoid; }
  .match .no { color: #777; font-size: .8em; }
  footer { color: #777; font-size: .8em; margin-top: 2em; }
  @media print {
    body { margin: 0; font-size: 10pt; }
    th { background: #eee !important; -webkit-print-color-adjust: exact;
         print-color-adjust: exact; }
    tr, .match { page-break-inside: avoid; break-inside: avoid; }
    h2 { page-break-after: avoid; break-after: avoid; }
    @page { margin: 1.5cm; }
    .landscape { page: landscape; }
    @page landscape { size: landscape; }
  }
</style>
</head>
<body>
<h1>$title</h1>
<div class="meta">$meta</div>
$body
<footer>$footer</footer>
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


def _page(snap: Snapshot, title: str, body: str, landscape: bool = False) -> str:
    if landscape:
        body = f'<div class="landscape">{body}</div>'
    return _PAGE.substitute(title=escape(title), meta=_meta(snap), body=body,
                            footer=escape(f"stich tournament · {snap.phase()}"))


def _table(head: Iterable[str], rows: Iterable[Iterable[str]], classes: Iterable[str] = ()) -> str:
    """An HTML table; cells are already-escaped HTML."""
    cls = list(classes)
    out = ["<table>", "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            c = cls[i] if i < len(cls) and cls[i] else ""
            cells.append(f'<td class="{c}">{cell}</td>' if c else f"<td>{cell}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
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
        return '<span class="muted">meets himself: gives up one card</span>'
    return escape(m.score_text())


def pairings_page(snap: Snapshot, round_no: int) -> str:
    """The pairing list of one round, with an empty result box per open match."""
    matches = snap.round_matches(round_no)
    body = []
    groups: dict[str, list[MatchView]] = {}
    for m in matches:
        groups.setdefault(m.label, []).append(m)
    for label, ms in groups.items():
        if len(groups) > 1 or snap.event.format != "preis":
            body.append(f"<h2>{escape(label)}</h2>")
        body.append(_table(
            ["No.", "Player", "", "Player", "Result"],
            ([str(m.no), _name(m, "a"), "vs", _name(m, "b"), _result(m)] for m in ms),
            ["num", "", "muted", "", "score"],
        ))
    if not matches:
        body.append("<p>Not drawn yet.</p>")
    title = f"{snap.event.name}: round {round_no} pairings"
    return _page(snap, title, "\n".join(body))


def bracket_page(snap: Snapshot) -> str:
    """Every round side by side: the main draw and the placement matches, with results."""
    columns = []
    for r in range(1, snap.rounds + 1):
        parts = [f'<div class="round"><h2>Round {r}</h2>']
        last = None
        for m in snap.round_matches(r):
            if m.label != last:
                parts.append(f"<h3>{escape(m.label)}</h3>")
                last = m.label
            parts.append(
                f'<div class="match"><span class="no">{m.no}</span> {_name(m, "a")}'
                f' &ndash; {_name(m, "b")} <span class="muted">{_result(m)}</span></div>'
            )
        parts.append("</div>")
        columns.append("\n".join(parts))
    body = f'<div class="rounds">{"".join(columns)}</div>' if columns else "<p>No draw yet.</p>"
    return _page(snap, f"{snap.event.name}: bracket", body, landscape=True)


def prizes_page(snap: Snapshot) -> str:
    """The prize list: place, player, and the match that decided it (T-4)."""
    names = {p.id: p.name for p in snap.players}
    by_no = {m.no: m for m in snap.matches}
    rows = []
    for line in snap.prizes:
        player = escape(names[line.player]) if line.player is not None else (
            f'<span class="muted">{escape(line.status)}</span>')
        decided = ""
        if line.match is not None:
            decided = escape(by_no[line.match].summary())
        rows.append([str(line.prize), player, decided, escape(line.note)])
    body = _table(["Prize", "Player", "Decided by", "Note"], rows, ["num"])
    if snap.event.one_prize:
        body += "<p>One prize per player: a player keeps his best place; those below move up.</p>"
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
    title = f"{snap.event.name}: standings after round {snap.rounds}"
    return _page(snap, title, body)
