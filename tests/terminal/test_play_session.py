"""`stich play` through a pseudo-terminal: what it says where it starts and where it stops,
and the names of the seats (`--names`)."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from stich.cli import command_app
from tests.terminal_helpers import CONFIRM, PROMPT, WAIT, keys_offered, spawn

SPOILS = "opening it spoils the deal"


def test_q_between_deals_says_how_to_go_on(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--save", str(save))
    transcript = ""
    while True:
        index = child.expect([PROMPT, WAIT, CONFIRM])
        transcript += child.before
        if index == 1:
            break
        if index == 2:
            child.sendline("y")
            continue
        child.sendline(next((k for k in ("g",) if k in keys_offered(child.before)),
                            keys_offered(child.before)[0]))
    child.sendline("q")
    child.expect(pexpect.EOF)
    stopped = child.before
    assert f"go on with: stich play schnapsen --resume {save}" in " ".join(stopped.split())
    # the file holds the bot's hand: said once, where play starts
    flat = " ".join(transcript.split())
    assert flat.count(SPOILS) == 1 and "the file holds the bot's hand" in flat
    resumed = spawn(tmp_path, None, "--resume", str(save))
    resumed.expect(PROMPT)
    assert " ".join(resumed.before.split()).count(SPOILS) == 1
    resumed.sendline("q")
    resumed.expect(pexpect.EOF)


def test_a_four_seat_start_names_the_seats_and_the_match(tmp_path: Path) -> None:  # B-1, B-7
    child = spawn(tmp_path, "bauernschnapsen", "--seed", "3", vs=None)
    child.expect(PROMPT)
    start = " ".join(child.before.split())
    assert "The other seats are expert bots: Left, Partner, Right." in start  # the default
    assert "the bots' hands: opening it spoils the deal" in start
    assert "Option match_bummerl=1 (default 1): one race decides it" in start
    assert "Race to 24: You & Partner 0 · Left & Right 0" in start
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_names_given_sit_in_playing_order(tmp_path: Path) -> None:  # J-2
    child = spawn(tmp_path, "jass", "--seed", "5", "--names", "Anna, Bert ,Carl")
    child.expect(PROMPT)
    assert "Anna, Bert, Carl" in child.before
    assert "You & Bert" in child.before and "Anna & Carl" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("args", "message"), [
    (["jass", "--names", "Anna,Bert"],
     "error: --names needs 3 names for jass, comma-separated, in playing order after you; got "
     "'Anna,Bert'"),
    (["schnapsen", "--names", "Anna,"],
     "error: --names needs 1 name for schnapsen, comma-separated, in playing order after you; "
     "got 'Anna,'"),
    (["dreierschnapsen", "--names", "Anna,You"],
     "error: every player needs a name of his own; got You, Anna, You"),
])
def test_names_that_do_not_fit_are_refused_in_one_line(args: list[str], message: str,
                                                       tmp_path: Path) -> None:
    result = CliRunner().invoke(command_app(["play"]), ["play", *args],
                                env={"STICH_HOME": str(tmp_path)})
    assert result.exit_code == 1
    assert result.output.strip() == message
    assert not list(tmp_path.rglob("*.json"))  # nothing dealt, nothing saved
