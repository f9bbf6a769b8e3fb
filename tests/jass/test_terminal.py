"""`stich play jass` driven through a pseudo-terminal, as a person would (J-2 to J-8 at the UI)."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pexpect
from rich.console import Console
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import Card, cards_in
from stich.core.knowledge import Event
from stich.drawing import render_text
from stich.jass.game import Jass
from stich.jass.match import JassMatch
from stich.jass.options import JassOptions
from stich.jass.scoring.board import ZBoard
from stich.play.driver import play_deal
from stich.terminal.jass_view import JassView
from stich.terminal.prompt import build_choices, read_choice
from tests.terminal_helpers import (
    PROMPT,
    WAIT,
    cards_named,
    check_told_from_events,
    keys_offered,
    play_in_process,
    spawn,
)

app = command_app(["tournament"])


def test_whole_game_to_the_target(tmp_path: Path) -> None:  # J-7, J-8
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "jass", "--seed", "3", "--vs", "random", "--preset", "turnier",
                  "--save", str(save))
    transcript = ""
    while True:
        index = child.expect([PROMPT, WAIT, "Match record saved in (.*)\r\n", pexpect.EOF])
        transcript += child.before or ""
        if index == 2:
            break
        assert index < 2, f"the program ended early:\n{transcript[-3000:]}"
        if index == 1:
            child.sendline("")
            continue
        keys = keys_offered(child.before)
        weis = [k for k in keys if k.startswith("w")]  # declare every Weis offered
        child.sendline((weis or keys)[0])
    child.expect(pexpect.EOF)
    assert "win the game" in transcript and "Deal over" in transcript
    for piece in ("Score:", "Your hand:", "of 1000", "You & Partner", "×1", "Last trick:"):
        assert piece in transcript
    # J-5: others' Weis are announced by their points; the cards are shown only later
    assert transcript.count("declares a Weis") == len(
        re.findall(r"declares a Weis: \d+\r\n", transcript))
    # J-8: the boards under the last deal are not drawn again under the result
    ending = transcript.rsplit("Deal over", 1)[1]
    assert ending.count("of 1000") == 2 and "Final score:" in ending
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
    # the Swiss deck's letters: Rosen, Eicheln, Schilten, Schellen
    assert {"tr", "te", "ts", "tl", "to", "tu", "s"} <= set(keys_offered(child.before))
    assert "th" not in keys_offered(child.before)
    child.sendline("play C7")
    child.expect(r"Not allowed: play Schellen-7: first the forehand chooses the contract "
                 r"\(J-3\)")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Keys")
    child.expect(PROMPT)
    assert "Rosen-Ass" in child.before and "Herz-Ass" not in child.before  # the deck's example
    child.sendline("tr")
    child.expect(PROMPT)
    assert "Trump Rosen ×1, chosen by You" in child.before
    assert "wra" in keys_offered(child.before)  # Rosen Ober König Ass: a run of three (20)
    child.sendline("wu")  # four Unders, not held: the rule says so
    child.expect(r"Not allowed: weis four Jacks .*?you do not hold\s+Schellen-Under[^(]*\(J-5\)")
    child.expect(PROMPT)
    child.sendline("s")  # the contract is chosen: pushing is refused by its rule
    child.expect(r"Not allowed: push \(schiebe\) to your partner: the contract is already\s+"
                 r"chosen\s+\(Rosen\)\s+\(J-3\)")
    child.expect(PROMPT)
    child.sendline("wra")
    child.expect(PROMPT)
    assert "Weis: You 20 (3 in a row" in child.before
    assert "wra" not in keys_offered(child.before)
    child.sendline("weis HQ HK")
    child.expect(r"Not allowed: weis 2 in a row .*?: a run counts whole:\s+declare\s+"
                 r"Rosen-Ober\s+Rosen-König\s+Rosen-Ass \(J-5\)")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Stopped. The match so far is saved in (.*json)")
    child.expect(pexpect.EOF)


def test_push_key_after_a_push_is_the_rules_refusal() -> None:  # J-3
    view = JassView(["You", "A", "B", "C"], Deck.SWISS)
    hand = [Card.H6, Card.S7]
    choosing = [Action("trump", word) for word in ("H", "D", "S", "C", "obenabe", "undenufe")]
    choices = build_choices(hand, choosing, view.offered(), view.action_key)
    assert read_choice("s", choices, Deck.SWISS) == Action("push")  # the rules refuse it
    assert read_choice("ts", choices, Deck.SWISS) == Action("trump", "S")  # Schilten
    assert read_choice("tl", choices, Deck.SWISS) == Action("trump", "C")  # Schellen
    french = JassView(["You", "A", "B", "C"], Deck.FRENCH)
    keys = {c.action: c.key for c in build_choices(hand, choosing, french.offered(),
                                                   french.action_key)}
    assert keys[Action("trump", "H")] == "th" and keys[Action("trump", "C")] == "tc"


def test_the_z_keeps_its_shape() -> None:  # J-8
    few = render_text(ZBoard.from_entries([57]), "A & B", 2500).splitlines()
    entries = [57, 33, 19, 77, 51, 12, 98, 131, 7, 13, 14, 16]
    many = render_text(ZBoard.from_entries(entries), "A & B", 2500).splitlines()
    more = render_text(ZBoard.from_entries(entries * 4), "A & B", 2500).splitlines()
    assert len(few) == len(many) == len(more) == 8
    assert many[7].endswith("(12 rests)") and more[7].endswith("(48 rests)")
    assert abs(len(many[7]) - len(more[7])) <= 2  # the rests line no longer grows
    slant = [line.rstrip() for line in few[3:6]]
    # three unbroken steps from the top bar's right end to the bottom bar's left end
    assert slant[0].endswith("╱" * 10) and slant[2].strip() == "╱" * 10
    assert slant[2].startswith(" ╱") and "╱╱" in slant[1]


def test_weis_is_announced_by_its_points_until_shown() -> None:  # J-5, J-6
    """Lines come from the person's events: another player's Weis by its points alone (its
    cards are in no line until the best team's Weis are shown after the first trick), the
    shown Weis with their cards, Stöck as its second card falls."""
    deals = [deal for seed in (1, 2, 4) for deal in play_in_process("jass", seed, 3, "rules")]
    check_told_from_events(deals)
    seen = Counter[str]()
    for deal in deals:
        for events, lines in deal.told:
            for event in events:
                assert event.seat is not None
                name = "You" if event.seat == 0 else f"rules {event.seat}"
                if event.kind == "weis" and event.seat != 0:
                    seen["weis"] += 1
                    said = f"{name} declares a Weis: {event.arg}"
                    assert said in lines and not cards_named(said)
                elif event.kind == "shown":
                    seen["shown"] += 1
                    line = next(line for line in lines if line.startswith(f"{name} show"))
                    assert cards_named(line) == set(event.cards)
                    assert any(line.startswith("Weis: ") and " score " in line
                               for line in lines)
                elif event.kind == "stoeck":
                    seen["stoeck"] += 1
                    assert any(line.startswith(name) and "Stöck!" in line for line in lines)
    assert seen["weis"] and seen["shown"] and seen["stoeck"]


def test_event_lines_of_the_jass_view() -> None:  # J-3, J-5, J-6
    view = JassView(["You", "A", "B", "C"], Deck.FRENCH)
    game = Jass.deal(1)
    observation = game.observation(0)

    def said(*events: Event) -> list[str]:
        return [line.plain for line in view.announce(events, observation)]

    assert said(Event("weis", 1, arg="50")) == ["A declares a Weis: 50"]
    assert said(Event("weis", 0, (Card.H6, Card.H7, Card.H8), "20")) == []  # his own
    assert said(Event("push", 3)) == ["C pushes; A chooses"]
    assert said(Event("trump", 1, arg="obenabe"))[0].startswith("A chooses Obenabe ×")
    assert said(Event("play", 2, (Card.HQ,)), Event("stoeck", 2)) == ["B plays Q♥  Stöck!"]
    assert said(Event("play", 0, (Card.HQ,)), Event("stoeck", 0)) == ["You play Q♥  Stöck!"]
    assert said(Event("play", 0, (Card.HQ,))) == []


def test_the_game_end_mid_deal_shows_only_the_persons_cards() -> None:  # J-7
    names = ["You", "A", "B", "C"]
    view = JassView(names, Deck.FRENCH)
    bots = [make_bot("jass", "rules", seat) for seat in range(4)]
    checked = 0
    for seed in range(1, 8):
        match = JassMatch(names, seed, JassOptions.from_preset("turnier"))
        while not match.is_over():
            game = match.new_deal()
            play_deal(game, bots)
            match.finish_deal(game)
        assert isinstance(game, Jass)
        unseen = {card for seat in range(1, 4) for card in cards_in(game.hands[seat])}
        if not unseen:
            continue
        checked += 1
        console = Console(file=io.StringIO(), width=160)
        console.print(view.deal_summary(game, match, 0))
        summary = console.file.getvalue()  # type: ignore[attr-defined]
        assert "the game ends here (J-7)" in summary and not cards_named(summary) & unseen
        assert "You still hold: " in summary and "A still holds" not in summary
        if checked == 2:
            break
    assert checked
