"""`stich play dreierschnapsen` through a pseudo-terminal (D-1 at the UI)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.contract.deal import ContractSchnapsen
from stich.contract.match import DreierschnapsenMatch
from stich.core.card_names import Deck
from stich.core.cards import Card
from stich.core.knowledge import Event
from stich.play.driver import play_deal
from stich.terminal.dreierschnapsen_view import DreierschnapsenView
from tests.terminal_helpers import (
    PROMPT,
    cards_named,
    check_told_from_events,
    keys_offered,
    play_in_process,
    play_to_the_end,
    spawn,
)

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
    assert re.search(r"(You win|Left wins|Right wins) the match", transcript)  # D-1
    assert "First trick (face up)" not in transcript  # each says whose it is
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == json.loads(save.read_text())["match"]


def test_talon_cards_are_picked_one_at_a_time(tmp_path: Path) -> None:  # D-1
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


def test_a_bid_not_allowed_gets_the_rule(tmp_path: Path) -> None:  # B-5, D-1
    child = spawn(tmp_path, "dreierschnapsen", "--seed", "2")  # Left is the caller
    child.expect(PROMPT)
    assert "Left (caller)" in child.before
    child.sendline("bs")
    child.expect(r"Not allowed: bid Bauernschnapser: only the caller may announce "
                 r"Bauernschnapser\s+\(B-5\)")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_the_deal_summary_names_who_reached_66() -> None:  # D-1
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


def test_a_discard_is_never_shown() -> None:  # D-1
    """Another player's talon and the two cards he lays down are told as cards face down;
    the laid-down cards are named in no line of the deal (they are never played either)."""
    deals = [deal for seed in (2, 4, 6) for deal in play_in_process("dreierschnapsen", seed, 3,
                                                                      "rules")]
    check_told_from_events(deals)
    laid_by_others = 0
    for deal in deals:
        hidden = {Card[code] for seat, action in deal.record.actions if seat != 0
                  for verb, *codes in [action.split()] if verb in ("discard", "exchange-talon")
                  for code in codes}
        laid_by_others += bool(hidden)
        for events, lines in deal.told:
            assert not any(cards_named(line) & hidden for line in lines)
            for event in events:
                if event.kind in ("discard", "exchange-talon") and event.seat != 0:
                    assert event.hidden == 2 and not event.cards
                    assert f"rules {event.seat} lays two cards face down" in lines
                if event.kind == "talon" and event.seat != 0:
                    assert f"rules {event.seat} takes up the talon (2 cards you do not see)" \
                        in lines
    assert laid_by_others


def test_event_lines_of_the_contract_views() -> None:  # B-2, B-3, B-5, B-6, D-1
    names = ["You", "A", "B"]
    view = DreierschnapsenView(names, Deck.FRENCH)
    observation = DreierschnapsenMatch(names, 11).new_deal().observation(0)

    def said(*events: Event) -> list[str]:
        return [line.plain for line in view.announce(events, observation)]

    assert said(Event("discard", 1, hidden=2)) == ["A lays two cards face down"]
    assert said(Event("discard", 0, (Card.HA, Card.HT))) == []  # his own: on the table
    assert said(Event("turnup", 2, (Card.SQ,))) == ["B turns up Q♠"]
    assert said(Event("bid", 1, arg="gang")) == ["A announces Gang"]
    assert said(Event("redouble", 2)) == ["B answers retour (×4)"]
    assert said(Event("open", 1, (Card.HA, Card.SK))) == ["A's hand lies open: A♥  K♠"]
    assert said(Event("deal", 0, (Card.HA,))) == []
