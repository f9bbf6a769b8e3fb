"""Terminal play as a new user meets it: the soft table asks before a costly claim or close
(S-7, S-8, S-11), an empty line or a number past the hand gets its own message, `?` lists
each key once, the Jass hand says when it is sorted anew, the Z shows the running score (J-7,
J-8), seats are named, and the score line keeps its numbers at 100 columns."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from stich import from_position
from stich.bots import make_bot
from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.game import Game
from stich.games import game_class, match_class
from stich.jass.game import JassObservation
from stich.jass.match import JassMatch
from stich.terminal.games import VIEWS, view_class
from stich.terminal.prompt import build_choices, read_choice
from stich.terminal.session import TerminalPlayer
from tests.terminal.helpers import shown

SOFT_CLAIM = ("schnapsen {preset} dealer=1 leader=0 hands=HT.CK.SQ.HJ.DQ/DT.SK.HK.CQ.SJ "
              "trump=DK stock=HQ.DK closed=- lead=- announced=- claim={claim} final=0 "
              "won=CJ.DJ/CA.SA.HA.DA.CT.ST marriages=- last=-")
"""Seat 0 on lead with 4 points after winning a trick; the other has 64 (S-8, S-7)."""


def _person(game: Game, lines: list[str]) -> tuple[TerminalPlayer, io.StringIO]:
    names = ["You", "Rules"]
    match = match_class("schnapsen")(names, 1, game.options)
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    view = view_class("schnapsen")(names, Deck.FRENCH)
    answers: Iterator[str] = iter(lines)
    player = TerminalPlayer(console, view, match, lambda prompt: next(answers))
    player.game = game
    return player, out


def test_a_soft_claim_below_66_asks_once_and_no_keeps_the_choice() -> None:  # S-8, S-11
    game = from_position(SOFT_CLAIM.format(preset="soft", claim=1))
    assert Action("claim") in game.legal_actions()
    player, out = _person(game, ["g", "n", "g", "y"])
    assert player.act(game.observation(0)) == Action("claim")
    text = out.getvalue()
    assert text.count("Careful: you have 4 points: a claim below 66 is false") == 2
    assert "(S-8)" in text


def test_a_soft_close_that_cannot_reach_66_asks_once() -> None:  # S-7, S-9
    game = from_position(SOFT_CLAIM.format(preset="soft", claim=0))
    player, out = _person(game, ["c", "y"])
    assert player.act(game.observation(0)) == Action("close")
    assert out.getvalue().count("Careful: you have 4 points and can reach at most 56") == 1
    player, out = _person(game, ["c", "", "1"])  # Enter: not confirmed; then a card
    assert player.act(game.observation(0)).verb == "play"


@pytest.mark.parametrize("preset", ["sharp", "tournament"])
def test_where_players_count_for_themselves_nothing_is_asked(preset: str) -> None:  # S-11
    game = from_position(SOFT_CLAIM.format(preset=preset, claim=1))
    assert Action("claim") in game.legal_actions()
    player, out = _person(game, ["g"])
    assert player.act(game.observation(0)) == Action("claim")
    assert "Careful" not in out.getvalue()


def test_an_empty_line_and_a_number_past_the_hand_get_their_own_message() -> None:
    game = from_position(SOFT_CLAIM.format(preset="soft", claim=0))
    player, out = _person(game, ["", "9", "0", "1"])
    assert player.act(game.observation(0)).verb == "play"
    text = out.getvalue()
    assert "nothing typed: type a key from the menu" in text
    assert "9: no card has that number; you hold 5 cards, numbered 1 to 5" in text
    assert "0: no card has that number" in text
    assert "unknown verb" not in text


def test_read_choice_words_the_two_mistakes() -> None:
    game = from_position(SOFT_CLAIM.format(preset="soft", claim=0))
    obs = game.observation(0)
    view = view_class("schnapsen")(["You", "Rules"], Deck.FRENCH)
    choices = build_choices(view.hand(obs), obs.legal_actions, view.offered(), view.action_key)
    with pytest.raises(ValueError, match=r"^nothing typed"):
        read_choice("  ", choices, Deck.FRENCH)
    with pytest.raises(ValueError, match=r"^12: no card has that number; you hold 5 cards"):
        read_choice("12", choices, Deck.FRENCH)


def _help_keys(game_name: str, seed: int) -> list[str]:
    names = ["You", "Anna", "Bert", "Carl"][:game_class(game_name).SEATS]
    match = match_class(game_name)(names, seed)
    game = match.new_deal()
    bots = [make_bot(game_name, "random", seat) for seat in range(len(names))]
    keys: list[str] = []
    view = view_class(game_name)(names, VIEWS[game_name][1])
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    player = TerminalPlayer(console, view, match, lambda prompt: "")
    steps = 0
    while not game.is_terminal() and steps < 60:  # the help at each of the person's turns
        seat = game.current_player()
        if seat == 0:
            obs = game.observation(0)
            choices = build_choices(view.hand(obs), obs.legal_actions, view.offered(),
                                    view.action_key)
            laying = next((a.verb for a in obs.legal_actions
                           if a.verb in ("discard", "exchange-talon")), None)
            rendered = shown(player._help(choices, laying), 200)
            rows = [line.split("│")[1].strip() for line in rendered.splitlines()
                    if line.startswith("│")]
            listed = [key for key in rows if key]
            assert len(listed) == len(set(listed)), (game_name, steps, sorted(listed))
            keys.extend(listed)
        game.apply(bots[seat].act(game.observation(seat)))
        steps += 1
    return keys


@pytest.mark.parametrize("game_name", sorted(VIEWS))
def test_help_lists_each_key_once(game_name: str) -> None:
    keys = _help_keys(game_name, 4)
    assert keys  # the person had turns
    if game_name == "bauernschnapsen":
        assert "d" in keys and "be" in keys  # the doubling steps share d, once; bids explained


def test_the_jass_hand_says_when_the_trump_choice_renumbers_it() -> None:  # J-3
    names = ["You", "Right", "Partner", "Left"]
    for seed in range(40):
        match = JassMatch(names, seed)
        game = match.new_deal()
        if game.current_player() != 0:
            continue
        view = view_class("jass")(names, Deck.SWISS)
        before = view.hand_line(game.observation(0)).plain
        assert "sorted anew" not in before
        order = [card for card in view.hand(game.observation(0))]
        for action in game.legal_actions():
            if action.verb != "trump":
                continue
            trial = game.clone()
            trial.apply(action)
            fresh = view_class("jass")(names, Deck.SWISS)
            fresh.hand_line(game.observation(0))
            after_obs = trial.observation(0)
            line = fresh.hand_line(after_obs).plain
            if fresh.hand(after_obs) != order:
                assert line.startswith("Your cards are sorted anew for the contract: the "
                                       "numbers changed")
                # a card played later only shortens the hand: no note
                play = next(a for a in trial.legal_actions() if a.verb == "play")
                trial.apply(play)
                assert "sorted anew" not in fresh.hand_line(trial.observation(0)).plain
                return
            assert "sorted anew" not in line
    pytest.fail("no seed where the trump choice re-sorts the person's hand")


def test_the_jass_z_mid_deal_shows_the_running_score() -> None:  # J-7, J-8
    names = ["You", "Right", "Partner", "Left"]
    match = JassMatch(names, 2)
    game = match.new_deal()
    bots = [make_bot("jass", "random", seat) for seat in range(4)]
    while True:
        obs = game.observation(0)
        assert isinstance(obs, JassObservation)
        if any(obs.points) and game.current_player() == 0:
            break
        seat = game.current_player()
        game.apply(bots[seat].act(game.observation(seat)))
    view = view_class("jass")(names, Deck.SWISS)  # a fresh view, as after --resume
    screen = shown(view.table(obs, match), 160)
    for team, title in enumerate(("You & Partner", "Right & Left")):
        z_total = re.search(rf"{title}: (\d+) of 2500", screen)
        running = re.search(rf"{title} (\d+)", screen.split("Score:", 1)[1])
        assert z_total and running, screen
        assert int(z_total.group(1)) == int(running.group(1)) == obs.scores[team]


@pytest.mark.parametrize("game_name", sorted(VIEWS))
def test_seats_are_named_and_no_number_wraps_alone_at_100_columns(game_name: str) -> None:
    from stich.terminal.start import PlayRequest, seat_names

    request = PlayRequest(game_name, "rules", None, [], 1, None, "You", None, None, False,
                          True, Path("/nonexistent"))
    names = seat_names(game_name, request)
    expected = {"schnapsen": ["You", "Rules"], "jass": ["You", "Right", "Partner", "Left"],
                "bauernschnapsen": ["You", "Left", "Partner", "Right"],
                "dreierschnapsen": ["You", "Left", "Right"]}[game_name]
    assert names == expected
    match = match_class(game_name)(names, 3)
    game = match.new_deal()
    view = view_class(game_name)(names, VIEWS[game_name][1])
    bots = [make_bot(game_name, "random", seat) for seat in range(len(names))]
    while not game.is_terminal():
        seat = game.current_player()
        if seat == 0:
            screen = shown(view.table(game.observation(0), match), 100)
            lone = [line for line in screen.splitlines() if re.fullmatch(r"\s*\d+\s*", line)
                    and "╱" not in line]
            assert not lone, screen
        game.apply(bots[seat].act(game.observation(seat)))


def test_jass_help_explains_obenabe_and_undenufe_in_their_own_rows() -> None:  # J-1
    view = view_class("jass")(["You", "Right", "Partner", "Left"], Deck.SWISS)
    notes = dict(view.help_notes())
    assert notes["to"].startswith("trump Obenabe") and notes["tu"].startswith("trump Undenufe")
    assert not any("/" in key for key in notes)  # no row that names keys listed elsewhere
