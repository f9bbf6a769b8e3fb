"""`stich play bauernschnapsen` through a pseudo-terminal, as a person would (B-1 to B-7)."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.cli import command_app
from stich.contract.bauernschnapsen import BauernschnapsenOptions
from stich.contract.match import BauernschnapsenMatch
from stich.core.card_names import Deck
from stich.terminal.bauernschnapsen_view import BauernschnapsenView
from tests.terminal_helpers import PROMPT, keys_offered, play_to_the_end, spawn

app = command_app(["tournament"])


def test_whole_game_to_24(tmp_path: Path) -> None:  # B-7
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "bauernschnapsen", "--seed", "3", "--save", str(save))
    transcript = play_to_the_end(child, prefer=("p",))
    child.expect(pexpect.EOF)
    for piece in ("Race to 24:", "You & Rules 2", "Named trump:", "Auction:", "Doubling:",
                  "Normal game", "First trick (face up):", "Deal over", "Match over",
                  "reach 24", "Bummerl"):
        assert piece in transcript, piece
    record = json.loads(save.read_text())
    assert record["match"]["over"] and record["game"] == "bauernschnapsen"
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == record["match"]


def test_trump_auction_doubling_keys_and_refusals(tmp_path: Path) -> None:  # B-2, B-3, B-6
    child = spawn(tmp_path, "bauernschnapsen", "--seed", "3")
    child.expect(PROMPT)  # seed 3: the person is the caller, holding CT CJ DT
    assert "You are the caller" in child.before
    assert set(keys_offered(child.before)) == {"tc", "td", "u"}
    child.sendline("th")  # no Hearts among the first three cards
    child.expect(PROMPT)
    child.sendline("trump H")
    child.expect(r"Not allowed: trump H: you must hold a card of H .* \(B-2\)")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"Not allowed: play CT: cards are played only once the contract .* \(B-2\)")
    child.expect(PROMPT)
    child.sendline("tc")
    child.expect(PROMPT)
    keys = keys_offered(child.before)
    assert {"p", "be", "ga", "bs", "bl"} <= set(keys) and "kb" not in keys  # B-5
    child.sendline("kontrabauernschnapser")
    child.expect(PROMPT)
    child.sendline("bid kontrabauernschnapser")
    child.expect(r"Not allowed: bid kontrabauernschnapser: only the caller's opponents .*\(B-5\)")
    child.expect(PROMPT)
    child.sendline("ga")  # Gang
    child.expect(PROMPT)
    assert "Gang by You" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_count_down_shows_the_same_race_from_24() -> None:  # B-7 count_down
    names = ["You", "B", "C", "D"]
    view = BauernschnapsenView(names, Deck.FRENCH)
    for count_down, shown in ((False, "Race to 24: You & C 5"),
                              (True, "Counting down from 24: You & C 19")):
        options = BauernschnapsenOptions.from_preset("standard", count_down=count_down)
        match = BauernschnapsenMatch(names, 1, options)
        match.race.add([5, 0])
        assert view.score_line(match).plain.startswith(shown)
