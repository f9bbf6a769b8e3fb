"""`stich tafel` through a pseudo-terminal: one line per deal, redraw, undo, history, and a
killed process loses nothing."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pexpect

from stich.tafel.store import PadFileError, load_pad

PROMPT = "> "


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="dumb", COLUMNS="120", STICH_HOME=str(tmp_path))
    return pexpect.spawn(sys.executable, ["-m", "stich", "tafel", *args], env=env,
                         encoding="utf-8", timeout=30, dimensions=(60, 120))


def test_jass_pad_enter_undo_history_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    child = spawn(tmp_path, "jass", "Anna", "Ben", "Carl", "Dora", "--file", str(path))
    child.expect(PROMPT)
    child.sendline("schellen 1 100 w 2 50")
    child.expect(r"Anna & Carl 200 : Ben & Dora 214")
    child.expect(PROMPT)
    child.sendline("rosen 1 170")
    child.expect("error: 170 card points are impossible")
    child.expect(PROMPT)
    child.sendline("obenabe 2 match")
    child.expect("Anna & Carl 200 : Ben & Dora 985")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect("undone: Obenabe x3")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect(r"1\. Schellen x2: Anna & Carl 100, Ben & Dora 57; Weis Ben & Dora 50")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert json.loads(path.read_text())["entries"][0]["card_points"] == [100, 57]

    again = spawn(tmp_path, "--resume", str(path))
    again.expect("Anna & Carl 200 : Ben & Dora 214")
    again.expect(PROMPT)
    again.sendline("rosen 2 57")
    again.expect("Anna & Carl 300 : Ben & Dora 271")
    again.sendline("q")
    again.expect(pexpect.EOF)


def test_killed_process_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bummerl.json"
    child = spawn(tmp_path, "schnapsen", "Anna", "Ben", "--file", str(path))
    for line, shown in (("anna 2", "Anna 5 to go"), ("ben 3", "Ben 4 to go"),
                        ("1 1", "Anna 4 to go")):
        child.expect(PROMPT)
        child.sendline(line)
        child.expect(shown)
    child.expect(PROMPT)  # the entry is saved before the prompt comes back
    child.kill(signal.SIGKILL)
    child.wait()
    pad = load_pad(path)
    assert [e["game_points"] for e in pad.entries] == [2, 3, 1]
    assert pad.scores()["remaining"] == [4, 4]
    assert not path.with_name(path.name + ".tmp").exists()


def test_differenzler_predictions_stay_hidden_in_the_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "differenzler", "Anna", "Ben", "Carl", "--file",
                  str(tmp_path / "d.json"))
    child.expect(PROMPT)
    child.sendline("p anna 77")
    child.expect("Anna predicts \\(hidden\\)")
    child.expect(PROMPT)
    assert "77" not in (child.before or "")
    child.sendline("t 50 50 57")
    child.expect("still to predict: Ben, Carl")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_bad_files_and_arguments_get_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "stich-tafel/1", "game": "jass", "names": ["A", "B", "C", "D"],'
                   ' "entries": [{"kind": "deal", "contract": "H", "card_points": [100, 90]}]}')
    child = spawn(tmp_path, "--resume", str(bad))
    child.expect(pexpect.EOF)
    assert "error: " in child.before and "entry 1: card points [100, 90] are impossible" \
        in child.before
    try:
        load_pad(bad)
    except PadFileError as error:
        assert str(error).count("\n") == 0
    child = spawn(tmp_path, "poker", "A", "B")
    child.expect(pexpect.EOF)
    assert "no score pad for 'poker'" in child.before
    child = spawn(tmp_path, "schnapsen", "A", "B", "C")
    child.expect(pexpect.EOF)
    assert "schnapsen takes 2 players' names, got 3" in child.before


def test_html_sheet_export(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    child = spawn(tmp_path, "coiffeur", "Anna", "Ben", "Carl", "Dora", "--file", str(path))
    child.expect(PROMPT)
    child.sendline("1 3 98")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    sheet = tmp_path / "sheet.html"
    child = spawn(tmp_path, "--resume", str(path), "--html", str(sheet))
    child.expect(pexpect.EOF)
    html = sheet.read_text()
    assert "<table" in html and ">294<" in html and "row 3 Schilten: 98 -&gt; 294" in html
