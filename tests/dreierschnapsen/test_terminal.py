"""`stich play dreierschnapsen` through a pseudo-terminal (D-1 at the UI)."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.cli import command_app
from tests.terminal_helpers import PROMPT, keys_offered, play_to_the_end, spawn

app = command_app(["tournament"])


def test_whole_game_to_24(tmp_path: Path) -> None:  # D-1
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "5", "--save", str(save))
    transcript = play_to_the_end(child, prefer=("p",))
    child.expect(pexpect.EOF)
    for piece in ("Race to 24: You 0", "Talon: 2 cards face down", "You took up the talon",
                  "You laid down", "lays two cards face down", "Deal over", "Match over"):
        assert piece in transcript, piece
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == json.loads(save.read_text())["match"]


def test_talon_keys_name_cards_by_number(tmp_path: Path) -> None:  # D-1
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "5", "--option",
                  "raise_after_talon=on")
    child.expect(PROMPT)
    child.sendline("th")
    child.expect(PROMPT)
    child.sendline("p")  # the others pass too: the normal game, the caller takes the talon
    child.expect(PROMPT)
    assert "You took up the talon" in child.before
    keys = keys_offered(child.before)
    assert "e12" in keys and "sc" in keys  # exchange two cards, or raise to Schnapser
    child.sendline("discard HA HT")
    child.expect(r"Not allowed: discard HA HT: use exchange-talon in the normal game")
    child.expect(PROMPT)
    child.sendline("e78")  # the two talon cards back: the hand stays as it was
    child.expect(PROMPT)
    assert "You laid down (count for nobody)" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
