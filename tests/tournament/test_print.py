"""The printed pages, printed by a real browser: Chromium's print-to-PDF.

The bracket prints one landscape page per sheet on A4 and on US Letter, with no title page,
stray match or footer page, and each sheet fits a 1200-pixel screen; long lists repeat their
column headers on every page. Debian's chromium is installed when missing, as for the
browser tests (``tests/browser.py``), before the first page is printed, so a fresh machine
prints in its first run; skipped, with the reason, where it cannot be had.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import command_app
from stich.tournament import html
from stich.tournament.service import Tournament
from stich.tournament.snapshot import Snapshot
from stich.tournament.store import Store, resolve_url
from tests.browser import CHROMIUM, ensure_chromium

pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")

app = command_app(["tournament"])


FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-pdf-header-footer"]
PAPERS = {"A4": "297mm 210mm", "Letter": "11in 8.5in"}  # landscape


@pytest.fixture(scope="module", autouse=True)
def printer() -> None:
    """Debian's chromium, installed when missing; the module is skipped where it cannot be."""
    why = ensure_chromium()
    if why:
        pytest.skip(why)


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"  # fresh each run
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120, check=True)


def print_pdf(page: str, tmp_path: Path, name: str) -> pypdf.PdfReader:
    source = tmp_path / f"{name}.html"
    source.write_text(page, encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    chromium(tmp_path, f"--print-to-pdf={pdf}", source.as_uri())
    return pypdf.PdfReader(pdf)


def on_paper(page: str, size: str) -> str:
    """The page as printed on one paper size (the shipped page leaves it to the printer)."""
    assert "@page { size: landscape; margin: 10mm; }" in page
    return page.replace("@page { size: landscape;", f"@page {{ size: {size};")


def event(tmp_path: Path, name: str, cards: int, players: int, play: bool) -> Snapshot:
    db = str(tmp_path / f"{name}.db")
    roster = tmp_path / f"{name}.csv"
    roster.write_text("name,cards,bot\n" + "".join(
        f"Spielerin mit langem Namen {i:03d},{1 + i % 2},random\n" for i in range(players)))
    runner = CliRunner()
    steps = [["create", name, "--cards", str(cards), "--max-cards", "2"],
             ["import", str(roster)],
             ["play", "--all", "--seed", "7"] if play else ["draw", "--seed", "7"]]
    for args in steps:
        res = runner.invoke(app, ["tournament", "--db", db, *args])
        assert res.exit_code == 0, res.output
    store = Store(resolve_url(db))
    try:
        return Tournament(store).snapshot(None)
    finally:
        store.close()


@pytest.fixture(scope="module")
def played_64(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    """60 cards of 64, played to the end by bots."""
    return event(tmp_path_factory.mktemp("gmunden"), "Gmunden", 64, 40, play=True)


@pytest.fixture(scope="module")
def drawn_512(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    """450 cards of 512, round 1 drawn."""
    return event(tmp_path_factory.mktemp("gross"), "Grossturnier", 512, 300, play=False)


def test_64_card_bracket_prints_on_a4_and_letter(tmp_path: Path, played_64: Snapshot) -> None:
    snap = played_64
    assert snap.finished and snap.rounds == 6
    sheets = html.bracket_sheets(snap)
    assert len(sheets) == 2  # rounds 1 (two columns) to 4, then 5 and 6 with placements
    page = html.bracket_page(snap)
    for paper, size in PAPERS.items():
        pdf = print_pdf(on_paper(page, size), tmp_path, f"bracket-{paper}")
        assert len(pdf.pages) == len(sheets), paper
        box = pdf.pages[0].mediabox
        assert box.width > box.height, f"{paper} prints landscape"
        texts = [p.extract_text() for p in pdf.pages]
        assert "sheet 1 of 2" in texts[0] and "sheet 2 of 2" in texts[1]
        assert "Final" in texts[1] and "Round 4" in texts[0]
        # every match box made it onto paper: none cut off at a sheet's edge
        numbers = {int(n) for text in texts for n in re.findall(r"^(\d+) ", text, re.M)}
        assert {m.no for m in snap.matches} <= numbers, paper


def test_large_bracket_splits_into_sheets(tmp_path: Path, drawn_512: Snapshot) -> None:
    # 512 cards, round 1 drawn: 256 pairings cut into columns of 16, five to a sheet
    snap = drawn_512
    sheets = html.bracket_sheets(snap)
    assert len(sheets) == 4 and [len(s) for s in sheets] == [5, 5, 5, 1]
    pdf = print_pdf(on_paper(html.bracket_page(snap), PAPERS["A4"]), tmp_path, "big")
    assert len(pdf.pages) == 4


def test_bracket_fits_a_1200_pixel_screen(tmp_path: Path, played_64: Snapshot) -> None:
    probe = html.bracket_page(played_64).replace(
        "</body>", "<script>document.body.setAttribute('data-width', "
        "document.documentElement.scrollWidth)</script></body>")
    source = tmp_path / "screen.html"
    source.write_text(probe, encoding="utf-8")
    out = chromium(tmp_path, "--window-size=1200,900", "--dump-dom", source.as_uri()).stdout
    width = int(re.search(r'data-width="(\d+)"', out).group(1))  # type: ignore[union-attr]
    assert width <= 1200


def test_long_pairing_list_repeats_its_headers(tmp_path: Path, drawn_512: Snapshot) -> None:
    snap = drawn_512
    pdf = print_pdf(html.pairings_page(snap, 1), tmp_path, "pairings")
    assert len(pdf.pages) >= 3
    for number, page in enumerate(pdf.pages, 1):
        text = page.extract_text()
        assert "Left pot" in text and "Right pot" in text, f"page {number}"
    wall = print_pdf(html.by_player_page(snap, 1), tmp_path, "wall")
    assert len(wall.pages) >= 3
    assert all("Opponent" in page.extract_text() for page in wall.pages)
