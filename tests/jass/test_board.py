"""The Jass board's Z (J-8): strokes per entry, the seed's example, text and SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from stich.drawing import crosses, render_svg, render_text, tally
from stich.jass.scoring.board import ZBoard


def test_j8_entry_becomes_strokes() -> None:
    # J-8: hundreds = p div 100, fifties = (p mod 100) div 50, twenties = (p mod 50) div 20,
    # rest = p mod 50 mod 20
    assert ZBoard.strokes(157) == (1, 1, 0, 7)
    assert ZBoard.strokes(771) == (7, 1, 1, 1)
    assert ZBoard.strokes(48) == (0, 0, 2, 8)
    assert ZBoard.strokes(20) == (0, 0, 1, 0)
    assert ZBoard.strokes(-1) == (0, 0, 0, -1)  # a correction is written as a number


def test_j8_seed_example_2518() -> None:
    # J-8 (seed): 19 hundreds, 5 fifties, 18 twenties and rests 6, 3, -1 -> 2518
    board = ZBoard(hundreds=19, fifties=5, twenties=18, rests=(6, 3, -1))
    assert board.total == 2518
    # the other team on the seed's board: 8 hundreds, 6 fifties, 12 twenties, 7 -> 1347
    assert ZBoard(8, 6, 12, (7,)).total == 1347


def test_j8_seed_example_from_entries() -> None:
    # entries that write exactly the seed's strokes: 2518 on the board
    entries = [1700, 190, 150, 50, 50, 50, 46, 43, 40, 40, 40, 40, 40, 40, -1]
    board = ZBoard.from_entries(entries)
    assert (board.hundreds, board.fifties, board.twenties, board.rests) == (19, 5, 18, (6, 3, -1))
    assert board.total == sum(entries) == 2518


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-19, 3000), max_size=30))
def test_j8_board_total_is_the_sum_of_its_entries(entries: list[int]) -> None:
    board = ZBoard.from_entries(entries)
    assert board.total == sum(entries)
    assert all(-20 < rest < 20 and rest for rest in board.rests)


def test_j8_tally_groups_of_five() -> None:
    assert tally(0) == ""
    assert tally(4) == "||||"
    assert tally(5) == "||||/"
    assert tally(19) == "||||/ ||||/ ||||/ ||||"
    assert crosses(5) == "X X \\"


def test_j8_text_rendering() -> None:
    text = render_text(ZBoard(19, 5, 18, (6, 3, -1)), "Anna & Carl", 2500)
    lines = text.splitlines()
    assert lines[0] == "Anna & Carl: 2518 of 2500"
    assert "||||/ ||||/ ||||/ ||||" in lines[2] and lines[2].endswith("1900")
    assert "X X \\" in lines[4] and "250" in lines[4]
    assert "||||/ ||||/ ||||/ |||" in lines[7] and lines[7].endswith("360  6 3 -1")


def test_j8_svg_rendering() -> None:
    svg = render_svg([("Anna & <Carl>", ZBoard(19, 5, 18, (6, 3, -1))),
                      ("Bert & Dora", ZBoard(8, 6, 12, (7,)))], 2500)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = [el.text for el in root.iter() if el.tag.endswith("text")]
    assert "Anna & <Carl>: 2518 / 2500" in texts and "Bert & Dora: 1347 / 2500" in texts
    assert "6 3 -1" in texts
    lines = [el for el in root.iter() if el.tag.rpartition("}")[2] == "line"]
    # strokes: 19 + 18 + 8 + 12 on the bars, and per board an X for 100, a slash for 50
    assert len(lines) == 19 + 18 + 5 + 8 + 12 + 6
