"""Terminal play driven through a pseudo-terminal, as a person would (S-1 to S-12 at the UI)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from pathlib import Path

import pexpect
from rich.console import Console
from typer.testing import CliRunner

from stich.cli import command_app
from stich.core.actions import Action
from stich.core.card_names import Deck, card_symbol
from stich.core.cards import Card, Suit, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event
from stich.schnapsen.family import marriage_value
from stich.schnapsen.match import SchnapsenMatch
from stich.schnapsen.scoring import BummerlCounter
from stich.terminal.schnapsen_view import SchnapsenView
from tests.terminal_helpers import (
    CARD_SYMBOL,
    CONFIRM,
    PROMPT,
    WAIT,
    check_told_from_events,
    keys_offered,
    play_in_process,
    play_to_the_end,
    spawn,
)

app = command_app(["tournament"])


def test_whole_rubber_in_the_terminal(tmp_path: Path) -> None:  # S-10
    save = tmp_path / "rubber.json"
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--vs", "random", "--save", str(save))
    transcript = play_to_the_end(child, prefer=("g",))
    child.expect(pexpect.EOF)
    assert re.search(r"(You win|Random wins) the rubber", transcript)
    assert "You wins" not in transcript and "Random win " not in transcript  # grammar (9.8)
    assert "Trump:" in transcript and "Bummerl:" in transcript and "Your hand:" in transcript
    # each Bummerl is announced with its score, each deal waits for Enter (9.10)
    assert re.search(r"(You win|Random wins) the Bummerl \(\d+:\d+\):", transcript)
    assert "<next deal>" in transcript and "Last trick:" in transcript
    assert "You drew " in transcript  # the card drawn from the stock is named (9.10)
    record = json.loads(save.read_text())
    assert record["match"]["winner"] is not None and len(record["deals"]) >= 2
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output


def test_illegal_move_is_explained_and_help_lists_keys(tmp_path: Path) -> None:  # S-8
    child = spawn(tmp_path, "schnapsen", "--seed", "4", "--preset", "sharp")
    child.expect(PROMPT)
    child.sendline("claim")  # never allowed before a trick is won
    child.expect(r"Not allowed: claim 66 \(genug\): claim only right after winning a trick or"
                 r"\s+announcing\s+a\s+marriage\s+\(S-8\)")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Keys")
    child.expect(PROMPT)
    help_screen = child.before
    for key in ("x", "c", "g", "p", "mc", "md", "mh", "ms"):  # every key, allowed now or not
        assert re.search(rf"│ {key}\s+│", help_screen), key
    assert "✓ now" in help_screen and "docs/rules/schnapsen.md" in help_screen
    child.sendline("xyz")
    child.expect("no such key, card or action")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Stopped. The match so far is saved in (.*json)")
    child.expect(pexpect.EOF)
    saved = list((tmp_path / "stich" / "records").glob("schnapsen-*-4.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["preset"] == "sharp"


def test_short_keys_get_the_rules_refusal_in_the_decks_names(tmp_path: Path) -> None:
    # seed 4, Rules leads; the person may not exchange or announce now
    child = spawn(tmp_path, "schnapsen", "--seed", "4", "--deck", "german")
    child.expect(PROMPT)
    child.sendline("Herz-Daus")
    child.expect(r"Not allowed: play Herz-Daus: you do not hold Herz-Daus \(S-3\)")
    child.expect(PROMPT)
    child.sendline("mh")
    child.expect(r"Not allowed: marriage Herz: only the player on lead may announce a "
                 r"marriage,\s+before\s+leading \(S-6\)")
    child.expect(PROMPT)
    child.sendline("x")
    child.expect(r"Not allowed: exchange: only the player on lead may exchange")
    child.expect(PROMPT)
    assert "unknown verb" not in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


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


def test_ctrl_c_saves_and_resume_goes_on_with_the_same_deal(tmp_path: Path) -> None:
    # Ctrl-C saves, as q and Ctrl-D do; play --resume
    save = tmp_path / "match.json"
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--save", str(save))
    for _ in range(2):
        child.expect(PROMPT)
        child.sendline(keys_offered(child.before)[0])
    child.expect(PROMPT)
    hand = child.before.rsplit("Your hand:", 1)[1].split("\n", 1)[0].strip()
    child.sendintr()
    child.expect(r"Stopped. The match so far is saved in .*--resume")
    child.expect(pexpect.EOF)
    record = json.loads(save.read_text())
    assert len(record["unfinished_deal"]["actions"]) >= 2 and record["seed"] == 3
    assert not list(tmp_path.glob("*.tmp"))
    resumed = spawn(tmp_path, None, "--resume", str(save), "--vs", "rules")
    resumed.expect(PROMPT)
    assert "Deal 1 " in resumed.before
    assert resumed.before.rsplit("Your hand:", 1)[1].split("\n", 1)[0].strip() == hand
    resumed.sendline(keys_offered(resumed.before)[0])
    transcript = play_to_the_end(resumed, prefer=("g",))
    assert re.search(r"(You win|Rules wins) the rubber", transcript)
    verified = CliRunner().invoke(app, ["record", "verify", str(save)])
    assert verified.exit_code == 0, verified.output
    again = CliRunner().invoke(app, ["play", "--resume", str(save)])
    assert again.exit_code == 1 and "that match is over" in again.output


def test_q_at_the_end_of_a_deal_stops_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--vs", "random", "--save", str(save))
    while (index := child.expect([PROMPT, WAIT, CONFIRM])) != 1:
        if index == 2:  # a claim below 66 asks once in soft (S-8, S-11)
            child.sendline("y")
            continue
        keys = keys_offered(child.before)
        child.sendline("g" if "g" in keys else keys[0])
    assert "Deal over" in child.before
    child.sendline("q")
    child.expect("Stopped. The match so far is saved")
    child.expect(pexpect.EOF)
    assert len(json.loads(save.read_text())["deals"]) == 1


def test_auto_claim_in_soft_only(tmp_path: Path) -> None:  # S-8, S-11
    child = spawn(tmp_path, "schnapsen", "--seed", "3", "--vs", "random", "--auto-claim",
                  "--no-wait")
    transcript = play_to_the_end(child, prefer=("mc", "md", "mh", "ms"))  # no claim by hand
    assert "Auto-claim: you have 66" in transcript and "<next deal>" not in transcript
    sharp = CliRunner().invoke(app, ["play", "schnapsen", "--preset", "sharp", "--auto-claim"])
    assert sharp.exit_code == 1 and "soft preset" in sharp.output


def test_bad_options_are_reported(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "schnapsen", "--preset", "wild"])
    assert result.exit_code == 1 and "unknown schnapsen preset 'wild'" in result.output
    result = CliRunner().invoke(app, ["play", "schnapsen", "-o", "rubber=4"])
    assert result.exit_code == 1 and "rubber must be one of 2, 3" in result.output
    result = CliRunner().invoke(app, ["play", "schnapsen", "--vs", "genius"])
    assert result.exit_code == 1 and "no bot 'genius' for schnapsen" in result.output
    result = CliRunner().invoke(app, ["play", "schnapsen", "--deck", "tarot"])
    assert result.exit_code == 1 and "decks: french, german, swiss" in result.output
    result = CliRunner().invoke(app, ["play", "--help"])
    assert "<bool>" not in result.output and "docs/rules/" in result.output


def test_save_paths_are_checked_before_the_first_deal(tmp_path: Path) -> None:
    runner = CliRunner()
    existing = tmp_path / "old.json"
    existing.write_text("{}")
    for args, env, message in (
            (["--save", "/proc/nope/x.json"], {}, "cannot make the folder /proc/nope"),
            ([], {"STICH_HOME": "/proc/x"}, "cannot make the folder /proc/x/stich/records"),
            (["--save", str(tmp_path)], {}, "is a folder; give a file name"),
            (["--save", str(existing)], {}, "already exists; go on with it (--resume")):
        result = runner.invoke(app, ["play", "schnapsen", *args], env=env)
        assert result.exit_code == 1, result.output
        assert message in result.output and "Traceback" not in result.output
        assert result.output.count("\n") == 1  # one line, no game started
    assert existing.read_text() == "{}" and not list(tmp_path.glob("*.tmp"))


def test_view_names_cards_marks_pending_marriages_and_bummerl() -> None:
    # the view itself
    view = SchnapsenView(["You", "Rules"], Deck.GERMAN)
    game = SchnapsenMatch(["You", "Rules"], 7).new_deal()
    seen = game.observation(0)

    def said(*events: Event) -> list[str]:
        return [line.plain for line in view.announce(events, seen)]

    assert said(Event("marriage", 1, (Card.CQ, Card.CK))) == [
        f"Rules announces {marriage_value(Suit.C, game.trump)} in Eichel"]
    assert said(Event("pass", 1)) == ["Rules declines to claim"]
    exchange = Event("exchange", 1, (game.trump_jack, game.first_trump_card))
    assert said(exchange)[0].startswith(
        f"Rules exchanges the trump Jack {view.value_text(game.trump_jack)}")
    mine = said(dataclasses.replace(exchange, seat=0))
    assert len(mine) == 1 and mine[0].startswith("You exchange the trump Jack ")
    assert said(Event("close", 0)) == []  # the person's own move needs no line
    marriages = view.marriages_text([(0, Suit.H), (1, Suit.S)], Suit.H, lambda seat: seat == 1)
    assert "You 40 Herz (pending" in marriages.plain and "Laub (pending" not in marriages.plain
    assert view.says(0, "win") == "You win" and view.says(1, "win") == "Rules wins"
    match = SchnapsenMatch(["You", "Rules"], 7)
    match.bummerl = BummerlCounter(start=7, schneider_bummerl=2, rubber=3)
    match.bummerl.add([7, 0])
    lines = [line.plain for line in view.bummerl_lines(match)]
    assert lines == ["You win the Bummerl (7:0): Rules gets 2 Bummerl, a Schneider: Rules "
                     "never scored (S-10)"]
    assert view.bummerl_lines(match) == []  # announced once


def test_play_starts_without_the_tournament_database_layer() -> None:
    """`stich play` imports what it needs when it runs: starting it loads no SQLAlchemy or
    Alembic, no tournament or web code (bench/startup.py measures the time)."""
    import subprocess
    import sys

    code = ("import sys; from stich.cli import command_app; import stich.terminal.start; "
            "import stich.terminal.session; command_app(['play']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sqlalchemy', 'alembic', 'fastapi', 'numpy', 'torch') "
            "or m.startswith(('stich.tournament', 'stich.tafel', 'stich.search'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"


def test_announcements_come_from_the_persons_events() -> None:  # S-3
    """The session words what the person's seat saw, event by event: his own draws name the
    card, the other's draws are not announced, and no line names a card he has not seen."""
    deals = [deal for seed in (1, 2, 4) for deal in play_in_process("schnapsen", seed, 3)]
    check_told_from_events(deals)
    drawn = hidden = 0
    for deal in deals:
        for events, lines in deal.told:
            for event in events:
                if event.kind == "draw" and event.seat == 0:
                    drawn += 1
                    assert f"You drew {card_symbol(event.cards[0])}" in lines
                elif event.kind == "draw" and event.hidden:
                    hidden += 1
                    assert not any("draws" in line for line in lines)
    assert drawn and hidden


def test_the_summary_shows_the_others_cards_only_at_a_claim() -> None:  # S-8, S-12
    view = SchnapsenView(["You", "Rules"], Deck.FRENCH)
    match = SchnapsenMatch(["You", "Rules"], 7)
    revoked = match.new_deal()
    revoked.forfeit(1, Illegal("S-4", "a revoke"))
    match.finish_deal(revoked)
    console = Console(file=io.StringIO(), width=160)
    console.print(view.deal_summary(revoked, match, 0))
    summary = console.file.getvalue()  # type: ignore[attr-defined]
    theirs = {card_symbol(card) for card in cards_in(revoked.hands[1])}
    assert "Rules: 0 points (0 tricks)  cards left: 5 cards, not shown" in summary
    assert not theirs & set(CARD_SYMBOL.findall(summary))
    mine = " ".join(card_symbol(card) for card in view.hand(revoked.observation(0)))
    assert "You: 0 points" in summary and all(c in summary for c in mine.split())
    claimed = SchnapsenMatch(["You", "Rules"], 7).new_deal()
    rng = random.Random(3)
    while claimed.result() is None:
        legal = claimed.legal_actions()
        claimed.apply(Action("claim") if Action("claim") in legal else rng.choice(legal))
    console = Console(file=io.StringIO(), width=160)
    console.print(view.deal_summary(claimed, match, 0))
    summary = console.file.getvalue()  # type: ignore[attr-defined]
    for seat in (0, 1):  # S-8: a claim shows all cards
        assert all(card_symbol(card) in summary for card in cards_in(claimed.hands[seat]))
    assert "not shown" not in summary
