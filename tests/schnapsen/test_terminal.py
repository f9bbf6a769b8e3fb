"""Terminal play driven through a pseudo-terminal, as a person would (S-1 to S-12 at the UI)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.cli import command_app
from tests.terminal_helpers import PROMPT, keys_offered, play_to_the_end, spawn

app = command_app(["tournament"])


def test_whole_rubber_in_the_terminal(tmp_path: Path) -> None:  # S-10
    save = tmp_path / "rubber.json"
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--vs", "random", "--save", str(save))
    transcript = play_to_the_end(child, prefer=("g",))
    child.expect(pexpect.EOF)
    assert "wins the rubber" in transcript
    assert "Trump:" in transcript and "Bummerl:" in transcript and "Your hand:" in transcript
    record = json.loads(save.read_text())
    assert record["match"]["winner"] is not None and len(record["deals"]) >= 2
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output


def test_illegal_move_is_explained_and_help_lists_keys(tmp_path: Path) -> None:  # S-8
    child = spawn(tmp_path, "schnapsen", "--seed", "4", "--preset", "sharp")
    child.expect(PROMPT)
    child.sendline("claim")  # never allowed before a trick is won
    child.expect(r"Not allowed: claim: claim only right after winning a trick or\s+announcing"
                 r"\s+a\s+marriage\s+\(S-8\)")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Keys")
    child.expect("not allowed|allowed")
    child.expect(PROMPT)
    child.sendline("xyz")
    child.expect("no such key, card or action")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Stopped. Finished deals are saved in (.*json)")
    child.expect(pexpect.EOF)
    saved = list((tmp_path / "stich" / "records").glob("schnapsen-*-4.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["preset"] == "sharp"


def test_sharp_preset_shows_no_running_totals(tmp_path: Path) -> None:  # S-11
    child = spawn(tmp_path, "schnapsen", "--seed", "5", "--preset", "sharp")
    child.expect(PROMPT)
    assert "Your points" not in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    soft = spawn(tmp_path, "schnapsen", "--seed", "5", "--deck", "german")
    transcript = ""
    for _ in range(4):  # soft shows the points once a trick is won
        soft.expect(PROMPT)
        transcript += soft.before
        keys = keys_offered(soft.before)
        soft.sendline(keys[0])
    assert "Your points" in transcript
    assert re.search(r"(Herz|Schelle|Laub|Eichel)-(Daus|Zehner|König|Ober|Unter)", transcript)
    soft.sendline("q")
    soft.close()


def test_bad_options_are_reported(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "schnapsen", "--preset", "wild"])
    assert result.exit_code == 1 and "unknown schnapsen preset 'wild'" in result.output
    result = CliRunner().invoke(app, ["play", "schnapsen", "-o", "rubber=4"])
    assert result.exit_code == 1 and "rubber must be one of 2, 3" in result.output
    result = CliRunner().invoke(app, ["play", "schnapsen", "--vs", "genius"])
    assert result.exit_code == 1 and "no bot 'genius' for schnapsen" in result.output
