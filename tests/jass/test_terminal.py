"""`stich play jass` driven through a pseudo-terminal, as a person would (J-2 to J-8 at the UI)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.cli import command_app
from tests.terminal_helpers import PROMPT, keys_offered, spawn

app = command_app(["tournament"])


def test_whole_game_to_the_target(tmp_path: Path) -> None:  # J-7, J-8
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "jass", "--seed", "3", "--vs", "random", "--preset", "turnier",
                  "--save", str(save))
    transcript = ""
    while True:
        index = child.expect([PROMPT, "Match record saved in (.*)\r\n", pexpect.EOF])
        transcript += child.before or ""
        if index == 1:
            break
        assert index == 0, f"the program ended early:\n{transcript[-3000:]}"
        keys = keys_offered(child.before)
        weis = [k for k in keys if k.startswith("w")]  # declare every Weis offered
        child.sendline((weis or keys)[0])
    child.expect(pexpect.EOF)
    assert "win the game" in transcript and "Deal over" in transcript
    for piece in ("Score:", "Your hand:", "of 1000", "You & Random 2", "×1", "Last trick:"):
        assert piece in transcript
    # J-5: others' Weis are announced by their points; the cards are shown only later
    assert transcript.count("declares a Weis") == len(
        re.findall(r"declares a Weis: \d+\r\n", transcript))
    record = json.loads(save.read_text())
    assert record["match"]["winner"] is not None
    assert record["deals"][-1]["result"]["game_over"] is True
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == record["match"]


def test_choice_weis_and_illegal_moves_at_the_terminal(tmp_path: Path) -> None:  # J-3, J-5
    # seed 5: the person holds C7 and is forehand of the first deal (J-2)
    child = spawn(tmp_path, "jass", "--seed", "5", "--preset", "turnier")
    child.expect(PROMPT)
    assert "Contract to choose: You" in child.before
    assert {"tc", "td", "th", "ts", "to", "tu", "s"} <= set(keys_offered(child.before))
    child.sendline("play C7")
    child.expect(r"Not allowed: play C7: first the forehand chooses the contract \(J-3\)")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Keys")
    child.expect(PROMPT)
    child.sendline("th")
    child.expect(PROMPT)
    assert "Trump Rosen ×1, chosen by You" in child.before
    assert "wha" in keys_offered(child.before)  # H Q K A: a run of three (20)
    child.sendline("wha")
    child.expect(PROMPT)
    assert "Weis: You 20 (3 in a row" in child.before
    assert "wha" not in keys_offered(child.before)
    child.sendline("weis HQ HK")
    child.expect(r"Not allowed: weis HQ HK: a run counts whole: declare HQ HK HA \(J-5\)")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Stopped. Finished deals are saved in (.*json)")
    child.expect(pexpect.EOF)
