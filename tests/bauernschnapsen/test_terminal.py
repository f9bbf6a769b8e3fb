"""`stich play bauernschnapsen` through a pseudo-terminal, as a person would (B-1 to B-7)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pexpect
from rich.console import Console
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.contract.bauernschnapsen import BauernschnapsenOptions
from stich.contract.deal import ContractSchnapsen
from stich.contract.match import BauernschnapsenMatch
from stich.core.actions import Action
from stich.core.card_names import Deck, card_symbol
from stich.core.cards import Card, cards_in
from stich.play.driver import play_deal
from stich.terminal.bauernschnapsen_view import TITLES, BauernschnapsenView
from stich.terminal.prompt import build_choices, read_choice
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


def test_whole_game_to_24(tmp_path: Path) -> None:  # B-7
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "bauernschnapsen", "--seed", "3", "--save", str(save))
    transcript = play_to_the_end(child, prefer=("p",))
    child.expect(pexpect.EOF)
    for piece in ("Race to 24:", "You & Partner", "Named trump:", "Auction:", "Doubling:",
                  "Normal game", "Deal over", "Match over", "win the match", "reach 24", "Bummerl",
                  "(table)", "Last trick:", "<next deal>"):
        assert piece in transcript, piece
    # B-1: each team's first trick, saying whose it is
    assert re.search(r"First trick of (You & Partner|Left & Right) \(face up\)", transcript)
    assert not re.search(r"\b(You|You & Partner) (wins|reaches|scores|gets)\b", transcript)
    assert "First trick of Partner & You" not in transcript  # teams named in seat order
    record = json.loads(save.read_text())
    assert record["match"]["over"] and record["game"] == "bauernschnapsen"
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["match"] == record["match"]


def test_trump_auction_doubling_keys_and_refusals(tmp_path: Path) -> None:  # B-2, B-3, B-6
    child = spawn(tmp_path, "bauernschnapsen", "--seed", "3")
    child.expect(PROMPT)  # seed 3: the person is the caller, holding CT CJ DT
    assert "You are the caller" in child.before and "You (caller)" in child.before
    assert set(keys_offered(child.before)) == {"tc", "td", "u"}
    child.sendline("th")  # no Hearts among the first three cards: the rule says so (9.1)
    child.expect(r"Not allowed: trump ♥: you must hold a card of ♥ .* \(B-2\)")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"Not allowed: play 10♣: cards are played only once the contract .* \(B-2\)")
    child.expect(PROMPT)
    child.sendline("tc")
    child.expect(PROMPT)
    keys = keys_offered(child.before)
    assert {"p", "be", "ga", "bs", "bl"} <= set(keys) and "kb" not in keys  # B-5
    child.sendline("kb")  # a key not allowed now: the rule's refusal, not "unknown" (9.1)
    child.expect(r"Not allowed: bid Kontrabauernschnapser: only the caller's opponents .*\(B-5\)")
    child.expect(PROMPT)
    child.sendline("?")  # every key, and the contracts explained (9.9)
    child.expect("Keys")
    child.expect(PROMPT)
    # each key once: a bid's row explains its contract (B-5)
    assert re.search(r"│ kb\s+│ Kontrabauernschnapser, 24 points: [^│]*│ -", child.before)
    assert "Bauernloch, 12 points" in child.before and "Plauderer, 7 points" in child.before
    child.sendline("ga")  # Gang
    child.expect(PROMPT)
    assert "Gang by You" in child.before
    assert "No trump in Gang" in child.before and "Named trump" not in child.before  # 9.14
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_keys_mean_what_the_phase_offers() -> None:
    hand = [Card.CT, Card.CJ, Card.DT]
    view = BauernschnapsenView(["You", "B", "C", "D"], Deck.FRENCH)
    naming = [Action("trump", "C"), Action("turnup")]  # trump phase: no Diamonds allowed
    choices = build_choices(hand, naming, view.offered(), view.action_key)
    assert read_choice("td", choices, Deck.FRENCH) == Action("trump", "D")  # not the card DT
    assert read_choice("mh", choices, Deck.FRENCH) == Action("marriage", "H")
    assert read_choice("bs", choices, Deck.FRENCH) == Action("bid", "bauernschnapser")
    playing = [Action("play", "CT"), Action("play", "DT")]
    choices = build_choices(hand, playing, view.offered(), view.action_key)
    assert read_choice("td", choices, Deck.FRENCH) == Action("play", "DT")  # now the card
    german = BauernschnapsenView(["You", "B", "C", "D"], Deck.GERMAN)
    keys = {c.action: c.key for c in build_choices(hand, naming, german.offered(),
                                                   german.action_key)}
    assert keys[Action("trump", "S")] == "tl" and keys[Action("marriage", "C")] == "me"


def test_count_down_shows_the_same_race_from_24() -> None:  # B-7 count_down
    names = ["You", "B", "C", "D"]
    view = BauernschnapsenView(names, Deck.FRENCH)
    for count_down, shown in ((False, "Race to 24: You & C 5"),
                              (True, "Counting down from 24: You & C 19")):
        options = BauernschnapsenOptions.from_preset("standard", count_down=count_down)
        match = BauernschnapsenMatch(names, 1, options)
        match.race.add([5, 0])
        assert view.score_line(match).plain.startswith(shown)


def test_bauernschnapsen_announcements_come_from_events() -> None:  # B-2, B-3, B-5
    """Every line comes from the person's events: the turned-up card named, bids by their
    contract, a Plauderer's open hand; no card the person has not seen."""
    deals = [deal for seed in (1, 4) for deal in play_in_process("bauernschnapsen", seed, 3,
                                                                  "rules")]
    check_told_from_events(deals)
    kinds = set()
    for deal in deals:
        for events, lines in deal.told:
            for event in events:
                if event.seat in (None, 0):
                    continue
                kinds.add(event.kind)
                name = f"rules {event.seat}"
                if event.kind == "turnup":
                    assert f"{name} turns up {card_symbol(event.cards[0])}" in lines
                elif event.kind == "bid":
                    assert f"{name} announces {TITLES[event.arg]}" in lines
                elif event.kind == "open":
                    line = next(line for line in lines if line.startswith(f"{name}'s hand"))
                    assert cards_named(line) == set(event.cards)
    assert {"turnup", "bid", "open"} <= kinds


def test_the_summary_shows_no_hand_the_person_does_not_see() -> None:  # B-5
    """A deal that ends before the last trick: the person's own cards still held, and hands
    laid open to him; the other hands stay unseen."""
    names = ["You", "B", "C", "D"]
    view = BauernschnapsenView(names, Deck.FRENCH)
    match = BauernschnapsenMatch(names, 5)
    bots = [make_bot("bauernschnapsen", "rules", seat) for seat in range(4)]
    checked = 0
    while not match.is_over() and checked < 3:
        game = match.new_deal()
        play_deal(game, bots)
        match.finish_deal(game)
        assert isinstance(game, ContractSchnapsen)
        unseen = {card for seat in range(1, 4) for card in cards_in(game.hands[seat])}
        unseen -= {card for _, hand in game.observation(0).open_hands for card in hand}
        if not unseen:
            continue
        checked += 1
        console = Console(file=io.StringIO(), width=160)
        console.print(view.deal_summary(game, match, 0))
        summary = console.file.getvalue()  # type: ignore[attr-defined]
        assert not cards_named(summary) & unseen
        if game.hands[0]:
            assert "You still hold: " in summary
    assert checked
