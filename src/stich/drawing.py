"""The drawings of a match's score, outside the rules: the Jass board's Z (J-8) as text and as
SVG, and the Bummerl counter and the race to 24 as players draw them on paper (S-10, B-7, D-1).

The web table (``stich.web.scoreboard``), the score pads (``stich.tafel.drawing``) and
``stich record board`` draw with these; the rules say only what is written (``ZBoard``, the
counters' numbers). Pure: text and SVG come out as strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as html_escape
from xml.sax.saxutils import escape

from stich.jass.scoring.board import ZBoard


def tally(count: int) -> str:
    """Strokes in groups of five, the fifth drawn across the four: ``||||/ ||``."""
    groups = ["||||/"] * (count // 5)
    if count % 5:
        groups.append("|" * (count % 5))
    return " ".join(groups)


def crosses(fifties: int) -> str:
    """The middle bar: an X per 100, a stroke across the bar for a 50 left over."""
    marks = ["X"] * (fifties // 2) + ["\\"] * (fifties % 2)
    return " ".join(marks)


REST_WIDTH = 16
"""The rests are listed while they fit in this many characters, then summed, so that the Z
keeps its width however many entries it holds."""


def rests_text(rests: Sequence[int]) -> str:
    """The numbers beside the bottom bar: each rest, or their sum once they would not fit."""
    listed = " ".join(str(rest) for rest in rests)
    if len(listed) <= REST_WIDTH:
        return listed
    return f"{sum(rests)} ({len(rests)} rests)"


def render_text(board: ZBoard, title: str = "", target: int | None = None) -> str:
    """The Z as lines of text: three bars with their strokes, each bar's value, and the rests.

    The slanted bar runs in three unbroken steps of ``╱`` from the top bar's right end to the
    bottom bar's left end; its marks (``\\`` a 50, ``X`` a 100) sit across the middle step."""
    width = max(30, len(tally(board.hundreds)) + 3, len(tally(board.twenties)) + 3)
    goal = f" of {target}" if target is not None else ""
    step = width // 3

    def row(art: str, value: str = "", after: str = "") -> str:
        return f" {art:<{width}} {value:>5}  {after}".rstrip()

    marks = crosses(board.fifties)
    inner = f" {marks} " if marks else ""
    length = max(step, len(inner) + 4)
    left = (length - len(inner)) // 2
    middle = "╱" * left + inner + "╱" * (length - len(inner) - left)
    start = max(0, 2 * step - length)
    return "\n".join([
        f"{title}: {board.total}{goal}" if title else f"{board.total}{goal}",
        row("_" * width),
        row("  " + tally(board.hundreds), str(100 * board.hundreds)),
        row(" " * (width - step) + "╱" * step),
        row(" " * start + middle, str(50 * board.fifties)),
        row("╱" * step),
        row("_" * width),
        row("  " + tally(board.twenties), str(20 * board.twenties), rests_text(board.rests)),
    ])


_W, _H = 440, 200  # one Z's cell in the SVG
_LEFT, _RIGHT, _TOP, _BOTTOM = 20, 330, 40, 170


def _tally_svg(count: int, y: int, up: bool) -> list[str]:
    """Strokes along a bar at height ``y``, drawn above (``up``, the bottom bar, starting clear
    of the slanted bar) or below it, six groups of five to a row, further rows stepping away."""
    out: list[str] = []
    step = -22 if up else 22
    start = _LEFT + (50 if up else 10)
    for index in range(count):
        group, within = divmod(index, 5)
        row, column = divmod(group, 6)
        base = y + row * step + (-2 if up else 2)
        tip = base + (-16 if up else 16)
        x = start + column * 42 + within * 7
        if within == 4:  # the fifth stroke is drawn across the four before it
            out.append(f'<line x1="{x - 30}" y1="{tip}" x2="{x}" y2="{base}"/>')
        else:
            out.append(f'<line x1="{x}" y1="{base}" x2="{x}" y2="{tip}"/>')
    return out


def _middle_svg(fifties: int) -> list[str]:
    """Slashes and X's along the slanted bar, from its top right down to the left."""
    out: list[str] = []
    for index in range((fifties + 1) // 2):
        share = (index + 1) / ((fifties + 1) // 2 + 1)
        cx = round(_RIGHT - share * (_RIGHT - _LEFT))
        cy = round(_TOP + share * (_BOTTOM - _TOP))
        out.append(f'<line x1="{cx - 7}" y1="{cy - 9}" x2="{cx + 7}" y2="{cy + 9}"/>')
        if 2 * index + 1 < fifties:  # the second stroke crosses the first: an X for 100
            out.append(f'<line x1="{cx - 7}" y1="{cy + 9}" x2="{cx + 7}" y2="{cy - 9}"/>')
    return out


def _rests_svg(rests: Sequence[int]) -> list[str]:
    """The numbers beside the bottom bar, four to a line, earlier lines stacked above."""
    lines = [" ".join(str(rest) for rest in rests[start:start + 4])
             for start in range(0, len(rests), 4)]
    top = _BOTTOM - 16 * (len(lines) - 1)
    return [f'<text x="{_RIGHT + 12}" y="{top + 16 * index}" fill="#f4f1e8" stroke="none">'
            f'{escape(line)}</text>' for index, line in enumerate(lines)]


def render_svg(boards: Sequence[tuple[str, ZBoard]], target: int | None = None) -> str:
    """One SVG document with a Z per (title, board), stacked from top to bottom."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" '
             f'height="{_H * len(boards)}" viewBox="0 0 {_W} {_H * len(boards)}" '
             f'font-family="sans-serif" font-size="14">',
             f'<rect width="{_W}" height="{_H * len(boards)}" fill="#1f3d2b"/>']
    goal = f" / {target}" if target is not None else ""
    for number, (title, board) in enumerate(boards):
        parts.append(f'<g transform="translate(0 {_H * number})" stroke="#f4f1e8" '
                     f'stroke-width="2" stroke-linecap="round" fill="none">')
        parts.append(f'<text x="{_LEFT}" y="22" fill="#f4f1e8" stroke="none">'
                     f'{escape(title)}: {board.total}{goal}</text>')
        parts.append(f'<polyline points="{_LEFT},{_TOP} {_RIGHT},{_TOP} {_LEFT},{_BOTTOM} '
                     f'{_RIGHT},{_BOTTOM}"/>')
        parts.extend(_tally_svg(board.hundreds, _TOP, up=False))
        parts.extend(_middle_svg(board.fifties))
        parts.extend(_tally_svg(board.twenties, _BOTTOM, up=True))
        parts.extend(_rests_svg(board.rests))
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


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
                   f'{html_escape(title[:18])}</text>')
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
