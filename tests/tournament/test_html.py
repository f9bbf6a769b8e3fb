"""Printable pages: self-contained, print-ready, and every name escaped."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from stich.tournament import html
from stich.tournament.snapshot import Snapshot

Cli = Callable[..., str]

NASTY = "<script>alert('x')</script> & Söhne"


def test_pages_escape_names_and_need_nothing_else(cli: Cli, snap: Callable[[], Snapshot],
                                                  tmp_path: Path) -> None:
    cli("create", "Cup <b>2026</b>", "--cards", "4", "--max-cards", "2")
    cli("register", NASTY, "--cards", "2")
    cli("register", "Bert")
    cli("register", "Carl")
    cli("draw", "--seed", "3", "--html", str(tmp_path / "r1.html"))
    s = snap()
    pages = {
        "pairings": html.pairings_page(s, 1),
        "bracket": html.bracket_page(s),
        "prizes": html.prizes_page(s),
    }
    for name, page in pages.items():
        assert "<script>" not in page, name
        assert "&lt;script&gt;" in page or name == "prizes", name
        assert "Cup &lt;b&gt;2026&lt;/b&gt;" in page
        assert "@media print" in page
        # self-contained: no external resources, no scripts
        assert not re.search(r"(src|href)=|@import|https?://", page), name
    assert (tmp_path / "r1.html").read_text(encoding="utf-8") == pages["pairings"]


def test_standings_page(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    cli("create", "Swiss", "--format", "swiss", "--rounds", "1")
    for name in ("A", "B", "C"):
        cli("register", name)
    cli("draw", "--seed", "1")
    m = snap().open_matches[0]
    cli("result", str(m.no), "2:0")
    page = html.standings_page(snap())
    assert "Buchholz" in page and "Sonneborn-Berger" in page
    assert "Swiss system" in page
