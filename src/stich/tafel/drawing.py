"""A pad's board as HTML: the Bummerl counter and the race as players draw them (columns of
numbers crossed out, a ring per Bummerl), the Jass board's Z (J-8), the Coiffeur table and the
Differenzler sheet. The phone page and the printable sheet both show these."""

from __future__ import annotations

from html import escape
from importlib import resources

from stich.tafel.jass_pads import CoiffeurPad, DifferenzlerPad, JassPad
from stich.tafel.pad import Pad
from stich.tafel.schnapsen_pads import RacePad, SchnapsenPad

INK = "#1d2a5c"
PAPER = "#fbf8ef"


def counter_svg(titles: list[str], columns: list[list[int]], bummerl: list[int]) -> str:
    """Paper with a column per player or team: the numbers he stood at, each crossed out but
    the last, under his name; below, a ring for each Bummerl he was given."""
    width, row = 150 * len(titles), 30
    depth = max(len(c) for c in columns)
    height = 70 + row * depth + 50
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="counter" viewBox="0 0 {width} '
           f'{height}" width="{width}" height="{height}" font-family="Georgia, serif">',
           f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
           f'<line x1="8" y1="44" x2="{width - 8}" y2="44" stroke="{INK}" stroke-width="2"/>']
    for index, (title, column) in enumerate(zip(titles, columns, strict=True)):
        x = 150 * index + 75
        if index:
            out.append(f'<line x1="{150 * index}" y1="10" x2="{150 * index}" y2="{height - 10}" '
                       f'stroke="{INK}" stroke-width="2"/>')
        out.append(f'<text x="{x}" y="32" text-anchor="middle" font-size="17" fill="{INK}">'
                   f'{escape(title[:18])}</text>')
        for depth_index, value in enumerate(column):
            y = 72 + row * depth_index
            last = depth_index == len(column) - 1
            weight = ' font-weight="bold" font-size="26"' if last else ' font-size="22"'
            out.append(f'<text x="{x}" y="{y}" text-anchor="middle" fill="{INK}"{weight}>'
                       f'{value}</text>')
            if not last:
                out.append(f'<line x1="{x - 20}" y1="{y - 6}" x2="{x + 20}" y2="{y - 10}" '
                           f'stroke="{INK}" stroke-width="2"/>')
        for ring in range(bummerl[index]):
            cx = 150 * index + 22 + 26 * ring
            out.append(f'<circle class="bummerl" cx="{cx}" cy="{height - 24}" r="10" '
                       f'fill="none" stroke="{INK}" stroke-width="3"/>')
            out.append(f'<circle cx="{cx}" cy="{height - 24}" r="3" fill="{INK}"/>')
    out.append("</svg>")
    return "\n".join(out)


def board_html(pad: Pad) -> str:
    """The pad's board as an HTML fragment."""
    if isinstance(pad, SchnapsenPad):
        return counter_svg(pad.names, pad.columns, pad.counter.bummerl)
    if isinstance(pad, RacePad):
        scores = pad.scores()
        return counter_svg(scores["parties"], scores["columns"], scores["bummerl"])
    if isinstance(pad, JassPad):
        return pad.boards_svg()
    if isinstance(pad, CoiffeurPad):
        return coiffeur_html(pad)
    if isinstance(pad, DifferenzlerPad):
        return differenzler_html(pad)
    raise TypeError(f"no drawing for {type(pad).__name__}")


def coiffeur_html(pad: CoiffeurPad) -> str:
    head = "".join(f"<th>{escape(pad.team_name(t))}</th>" for t in (0, 1))
    rows = []
    for number in range(1, len(pad.rules.rows) + 1):
        cells = "".join(
            f'<td class="{"filled" if number in pad.table.filled[t] else "open"}">'
            f'{escape(pad.cell(t, number)) if number in pad.table.filled[t] else ""}</td>'
            for t in (0, 1))
        title = escape(pad.row_title(number).split(None, 1)[1])
        rows.append(f"<tr><th>{number}</th><td>{title}</td>{cells}</tr>")
    totals = "".join(f"<td>{t}</td>" for t in pad.table.totals())
    return (f'<table class="sheet coiffeur"><tr><th>#</th><th>row</th>{head}</tr>'
            f'{"".join(rows)}<tr class="total"><th></th><td>total</td>{totals}</tr></table>')


def differenzler_html(pad: DifferenzlerPad) -> str:
    head = "".join(f"<th>{escape(name)}</th>" for name in pad.names)
    rows = []
    for number, deal in enumerate(pad.sheet.deals, 1):
        cells = "".join(
            f"<td>{said} / {took}<br><b>{penalty}</b></td>"
            for said, took, penalty in zip(deal.predictions, deal.taken,
                                           deal.penalties(pad.rules), strict=True))
        rows.append(f"<tr><th>{number}</th>{cells}</tr>")
    totals = "".join(f"<td><b>{t}</b></td>" for t in pad.sheet.totals())
    marks = "".join(f"<td>{'✓' if s in pad.pending else '…'}</td>"
                    for s in range(pad.rules.players))
    said = "" if pad.sheet.is_over() else f'<tr class="said"><th>said</th>{marks}</tr>'
    return (f'<table class="sheet differenzler"><tr><th>deal</th>{head}</tr>{"".join(rows)}'
            f'<tr class="total"><th>sum</th>{totals}</tr>{said}</table>')


def sheet_html(pad: Pad, stylesheet: str | None = None) -> str:
    """A printable page: the board, the result and every entry. Its style is inline for a
    file on disk (``stich tafel --sheet``), a link to ``stylesheet`` when served (a served
    page's policy allows no inline style, docs/web.md)."""
    history = "".join(f"<li>{escape(pad.describe(entry))}</li>" for entry in pad.entries)
    options = ", ".join(f"{k}={v}" for k, v in pad.options.overrides().items())
    style = (f'<link rel="stylesheet" href="{escape(stylesheet)}">' if stylesheet is not None
             else f"<style>{sheet_css()}</style>")
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(pad.TITLE)}</title>{style}</head><body>"
            f"<h1>{escape(pad.TITLE)}</h1><p>{escape(', '.join(pad.names))}; preset "
            f"{escape(pad.options.preset)}{'; ' + escape(options) if options else ''}</p>"
            f"{board_html(pad)}<p><b>{escape(pad.result_line())}</b></p>"
            f"<h2>Entries</h2><ol>{history}</ol></body></html>\n")


def sheet_css() -> str:
    """The printable sheet's style (``static/sheet.css``)."""
    return resources.files("stich.tafel").joinpath("static", "sheet.css").read_text("utf-8")
