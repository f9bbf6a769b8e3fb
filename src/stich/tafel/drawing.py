"""A pad's board as HTML: the Bummerl counter and the race as players draw them (columns of
numbers crossed out, a ring per Bummerl), the Jass board's Z (J-8), the Coiffeur table and the
Differenzler sheet. The phone page and the printable sheet both show these."""

from __future__ import annotations

from html import escape
from importlib import resources

from stich.drawing import counter_svg
from stich.tafel.jass_pads import CoiffeurPad, DifferenzlerPad, JassPad
from stich.tafel.pad import Pad
from stich.tafel.schnapsen_pads import RacePad, SchnapsenPad


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
