"""`stich play dreierschnapsen` through a pseudo-terminal (D-1 at the UI)."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.contract.deal import ContractSchnapsen
from stich.contract.match import DreierschnapsenMatch
from stich.core.card_names import Deck
from stich.runner import play_deal
from stich.terminal.dreierschnapsen_view import DreierschnapsenView
from tests.terminal_helpers import PROMPT, keys_offered, play_to_the_end, spawn

app = command_app(["tournament"])


def test_whole_game_to_24(tmp_path: Path) -> None:  # D-1
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "5", "--save", str(save), "--no-wait")
    transcript = play_to_the_end(child, prefer=("p",))
    child.expect(pexpect.EOF)
    for piece in ("Race to 24: You 0", "Talon: 2 cards face down", "You took up the talon",
                  "You laid down", "lays two cards face down", "Deal over", "Match over",
                  "(table)"):
        assert piece in transcript, piece
    assert "First trick (face up)" not in transcript  # each says whose it is (issue 9.6)
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == json.loads(save.read_text())["match"]


def test_talon_cards_are_picked_one_at_a_time(tmp_path: Path) -> None:  # D-1, issue 9.13
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "5", "--option",
                  "raise_after_talon=on")
    child.expect(PROMPT)
    child.sendline("th")
    child.expect(PROMPT)
    child.sendline("p")  # the others pass too: the normal game, the caller takes the talon
    child.expect(PROMPT)
    assert "You took up the talon" in child.before
    keys = keys_offered(child.before)
    assert "sc" in keys and not any(key[0] in "ek" and key[1:].isdigit() for key in keys)
    child.sendline("discard HA HT")
    child.expect(r"Not allowed: discard A♥  10♥: use exchange-talon in the normal game")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect(r"First card to lay down: J♦; now the second")
    child.expect(PROMPT)
    child.sendline("7")  # the same number takes it back
    child.expect("Taken back")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect(PROMPT)
    child.sendline("8")  # the two talon cards back: the hand stays as it was
    child.expect(PROMPT)
    assert "You laid down (count for nobody): J♦  J♠" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_bid_not_allowed_gets_the_rule(tmp_path: Path) -> None:  # B-5, D-1, issue 9.1
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "2")  # Rules 1 is the caller
    child.expect(PROMPT)
    assert "Rules 1 (caller)" in child.before
    child.sendline("bs")
    child.expect(r"Not allowed: bid Bauernschnapser: only the caller may announce "
                 r"Bauernschnapser\s+\(B-5\)")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_the_deal_summary_names_who_reached_66() -> None:  # D-1, issue 9.6
    """In the normal game the two defenders may be the side that reaches 66: the summary
    names them, not the caller."""
    names = ["You", "Rules 1", "Rules 2"]
    view = DreierschnapsenView(names, Deck.FRENCH)
    match = DreierschnapsenMatch(names, 11)
    bots = [make_bot("dreierschnapsen", "rules", seat) for seat in range(3)]
    found = []
    while not match.is_over() and not found:
        game = match.new_deal()
        play_deal(game, bots)
        match.finish_deal(game)
        result = game.result()
        assert isinstance(game, ContractSchnapsen) and result is not None
        if result.reason == "66" and result.extra["declarer"] not in result.winner:
            found.append(view.outcome_text(game, result).plain)
    assert found, "no deal where the defenders reached 66"
    caller, defenders = found[0].split(": ", 1)
    assert caller.startswith("Normal game (caller ")
    assert defenders.startswith(" & ".join(n for n in names if n not in caller) + " reach 66")
