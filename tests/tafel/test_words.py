"""What the pads say: the Coiffeur pad in its own words and numbers (J-11), every match end
naming the winner and why (S-10, B-7, D-1, J-7, J-11, J-12), singular and plural, and lines
wrapped at word boundaries in the terminal."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from stich.contract.race import RaceTo24
from stich.contract.race_ends import race_end, race_match_end
from stich.core.options import OptionsError
from stich.tafel.drawing import coiffeur_html
from stich.tafel.jass_pads import CoiffeurPad
from stich.tafel.pad import Pad
from stich.tafel.store import new_pad
from stich.tafel.terminal import fit, run
from tests.tafel.test_counters import FOUR, enter, refused


# --- J-11: the Coiffeur pad's own words ------------------------------------------------------
def test_j11_refusals_say_team_1_and_2_and_the_contracts_names() -> None:
    pad = enter(new_pad("coiffeur", FOUR), "1 3 98")
    said = [refused(pad, "anna 3 50"), refused(pad, "1 4 80 rosen"), refused(pad, "2 7 120"),
            refused(pad, "2 7 120 zwei")]
    assert said[0] == "team 1 has filled row 3 already; open: 1, 2, 4, 5, 6, 7, 8 (J-11)"
    assert said[1] == "row 4 is Schellen, not Rosen (J-11)"
    assert said[2] == ("row 7 is a Joker and names no contract: choose one of eicheln, rosen, "
                       "schilten, schellen, obenabe, undenufe (J-11)")
    assert said[3] == ("contract 'zwei' is unknown; known: eicheln, rosen, schilten, schellen, "
                       "obenabe, undenufe, slalom, guschti")
    assert not any(re.search(r"team 0|\b[CDHS]\b", line) for line in said)


def test_j11_option_rows_takes_the_words_the_entries_take() -> None:
    pad = new_pad("coiffeur", FOUR, options={"rows": "eicheln:1,Rosen:2,h:3,joker:4,slalom:5"})
    assert isinstance(pad, CoiffeurPad)
    assert [(r.contract, r.factor) for r in pad.rules.rows] == [
        ("D", 1), ("H", 2), ("H", 3), ("joker", 4), ("slalom", 5)]
    enter(pad, "1 2 100 rosen")
    assert pad.scores()["filled"][0] == {"2": 200}
    with pytest.raises(OptionsError, match=r"such as eicheln:1,rosen:2 \(contracts eicheln, "
                                           r"rosen, .*joker\); got 'trumpf:3'"):
        new_pad("coiffeur", FOUR, options={"rows": "eicheln:1,trumpf:3"})


def test_j11_joker_rows_show_the_contract_they_were_played_as() -> None:
    pad = enter(new_pad("coiffeur", FOUR), "1 7 100 rosen", "2 7 90 obenabe", "1 3 80")
    assert isinstance(pad, CoiffeurPad)
    joker = next(line for line in pad.board_text().splitlines() if line.startswith(" 7 "))
    assert "700 Rosen" in joker and "630 Obenabe" in joker
    assert "700 Rosen" in coiffeur_html(pad) and ">240<" in coiffeur_html(pad)
    assert pad.scores()["played"] == [{"7": "H", "3": "S"}, {"7": "obenabe"}]
    assert "Anna & Carl row 7 Joker as Rosen: 100 -> 700" in pad.history()[0]
    # a filled Joker row is refused as filled, before asking for its contract
    assert refused(pad, "1 7 20").startswith("team 1 has filled row 7 already")


def test_j11_help_lists_the_rows_with_their_factors() -> None:
    ten = new_pad("coiffeur", FOUR, "coiffeur-10").help()
    assert "Rows (J-11): 1 Eicheln x1, 2 Rosen x2," in ten
    assert "7 Joker x7, 8 Joker x8, 9 Slalom x9, 10 Guschti x10." in ten
    assert "Slalom: the tricks alternate Obenabe and Undenufe" in ten
    assert "Guschti: the first five tricks one way" in ten
    assert "Slalom" not in new_pad("coiffeur", FOUR).help()


# --- who won, and why --------------------------------------------------------------------------
def test_s10_the_bummerl_and_the_rubber_name_the_winner_and_the_schneider() -> None:
    pad = enter(new_pad("schnapsen", ["Anna", "Ben"]), "1 3", "2 1", "1 3", "1 1")
    assert pad.end_note(3) == ("Anna wins the Bummerl: Ben gets 1 Bummerl, Ben still 6 to go "
                               "(S-10).")
    enter(pad, "2 3", "2 3", "2 1")
    assert pad.end_note(6) == (
        "Ben wins the Bummerl: Anna gets 2 Bummerl, Schneider, Anna never scored (S-10). "
        "Ben wins the rubber: Anna holds 2 Bummerl, Ben 1 (a rubber is 2, option rubber, S-10).")
    assert pad.result_line().startswith("Ben wins the rubber")
    assert "Schneider" in pad.history()[-1]
    tournament = enter(new_pad("schnapsen", ["Anna", "Ben"], "tournament"), "1 3", "1 3", "1 3")
    assert "a Schneider, Ben never scored, counted as one" in (tournament.end_note(2) or "")


def test_b7_a_match_end_names_the_winners_and_the_schneider() -> None:
    pad = enter(new_pad("bauernschnapsen", FOUR), "normal 1 3", "bauernschnapser 2 x2")
    assert pad.result_line() == (
        "Ben & Dora win the match, reaching 24 (3:24): Anna & Carl get 1 Bummerl. Bummerl: "
        "Anna & Carl 1, Ben & Dora 0; the match ends at 1 Bummerl (option match_bummerl, B-7).")
    assert "Match over" not in pad.result_line()
    assert pad.scores()["columns"] == [[0, 3], [0, 24]]  # the last race stays on the board
    schneider = enter(new_pad("bauernschnapsen", FOUR), "bauernschnapser 2 x2")
    assert "Anna & Carl get 2 Bummerl; Schneider: Anna & Carl still at 0 points" in (
        schneider.result_line())


def test_b7_d1_retourschneider_is_called_one() -> None:
    pad = new_pad("bauernschnapsen", FOUR, options={"match_bummerl": 5})
    enter(pad, "gang 1 x2", "bettler 3", "normal 1 1", "kontrabauernschnapser 2")
    assert pad.end_note(3) == (
        "Ben & Dora reach 24 (23:24): Anna & Carl get 4 Bummerl; Retourschneider: Anna & Carl "
        "stood at 23 and Ben & Dora won from 0 (B-7).")
    three = new_pad("dreierschnapsen", ["A", "B", "C"], options={"match_bummerl": 4})
    enter(three, "gang a lost", "gang a lost", "bettler a lost", "normal b 1", "normal c 1",
          "kontrabauernschnapser a")
    assert three.result_line().startswith(
        "A wins the match, reaching 24 (24:23:23): B and C get 4 Bummerl each; "
        "Retourschneider: B and C stood at 23 and A won from 0.")
    assert three.result_line().endswith("(option match_bummerl, D-1).")


def test_b7_count_down_ends_in_the_numbers_the_board_shows() -> None:
    # B-7 option count_down: the race counts down from 24 to 0, and so do the end's words
    pad = new_pad("bauernschnapsen", FOUR, options={"count_down": True, "match_bummerl": 5})
    enter(pad, "gang 1 x2", "bettler 3", "normal 1 1")
    assert [column[-1] for column in pad.scores()["columns"]] == [1, 24]
    enter(pad, "kontrabauernschnapser 2")
    assert pad.end_note(3) == (
        "Ben & Dora reach 0 (1:0): Anna & Carl get 4 Bummerl; Retourschneider: Anna & Carl "
        "stood at 1 and Ben & Dora won from 24 (B-7).")
    one = enter(new_pad("bauernschnapsen", FOUR, options={"count_down": True}),
                "bauernschnapser 2 x2")
    assert one.result_line().startswith(
        "Ben & Dora win the match, reaching 0 (24:0): Anna & Carl get 2 Bummerl; Schneider: "
        "Anna & Carl still at 24 points.")


def test_d1_the_player_who_reached_24_wins_a_one_race_match() -> None:
    pad = enter(new_pad("dreierschnapsen", ["Anna", "Ben", "Carl"]), "gang anna lost x2",
                "zehnergang ben")
    assert pad.result_line().startswith("Ben wins the match, reaching 24 (0:28:18): Anna gets "
                                        "2 Bummerl; Schneider: Anna still at 0 points.")


def test_d1_the_help_names_the_caller_not_a_winning_team() -> None:
    # D-1: no partners; the normal game is the caller against the other two, so a defenders'
    # win is the caller's 'lost' (each defender scores), never a defender named as declarer
    said = new_pad("dreierschnapsen", ["Anna", "Ben", "Carl"]).help()
    assert "team" not in said
    assert "in the normal game the caller, 'lost' when the other two won (D-1)" in said
    pad = enter(new_pad("dreierschnapsen", ["Anna", "Ben", "Carl"]), "normal 1 2 lost")
    assert pad.history()[0].startswith("  1. normal by Anna lost: Ben +2, Carl +2.")
    assert "any player of the winning team" in new_pad("bauernschnapsen", FOUR).help()


def test_b7_the_match_start_says_one_deal_can_decide_it() -> None:
    said = new_pad("bauernschnapsen", FOUR).help()
    assert ("The match is one race to 24 (option match_bummerl=1, B-7): one deal can decide "
            "it, such as Assenbettler doubled to x8, 5 x 8 = 40 (B-6).") in said
    longer = new_pad("dreierschnapsen", FOUR[:3], options={"match_bummerl": 3}).help()
    assert "The match ends once a side holds 3 Bummerl (option match_bummerl)" in longer


def test_the_shared_words_take_any_names() -> None:
    """The terminal calls these with its own names ("You & Carl")."""
    race = RaceTo24(2)
    outcome = race.add([24, 0])
    assert outcome is not None
    assert race_end(outcome, ["You & Carl", "Ben & Dora"]) == (
        "You & Carl reach 24 (24:0): Ben & Dora get 2 Bummerl; Schneider: Ben & Dora still at "
        "0 points (B-7).")
    assert (race_match_end(race, ["You", "Ben"], "D-1") or "").startswith("You win the match")


def test_j7_j11_j12_game_ends_name_the_winner_and_why() -> None:
    jass = enter(new_pad("jass", FOUR, "turnier"), "korr 1 985", "korr 2 960",
                 "rosen 2 150 st 1")
    assert jass.result_line() == ("Anna & Carl win the game, 1012 to 1110: 1000 reached with "
                                  "Stöck, which count first (J-7).")
    assert jass.end_note(2) == jass.result_line()
    tricks = enter(new_pad("jass", FOUR, "turnier"), "korr 1 950", "rosen 1 100")
    assert tricks.result_line().endswith("1000 reached with the tricks (J-7).")
    coiffeur = new_pad("coiffeur", FOUR, options={"rows": "rosen:1,obenabe:2"})
    enter(coiffeur, "1 1 100", "2 1 80", "1 2 90", "2 2 60")
    assert coiffeur.result_line() == ("Anna & Carl win the game, 280 to 200: every row is filled "
                                      "and the higher total wins (J-11).")
    sheet = enter(new_pad("differenzler", ["Anna", "Ben", "Carl"], options={"rounds": 1}),
                  "d 40 40 77 : 42 35 80")
    assert sheet.result_line() == ("Anna wins the game with 2 penalty points, the fewest "
                                   "(Ben 5, Carl 3; J-12).")


# --- singular and plural -----------------------------------------------------------------------
def test_one_row_open_and_one_deal_to_go() -> None:
    coiffeur = enter(new_pad("coiffeur", FOUR, options={"rows": "rosen:1,obenabe:2"}), "1 1 90")
    assert coiffeur.result_line() == "Anna & Carl 90, 1 row open : Ben & Dora 0, 2 rows open"
    sheet = enter(new_pad("differenzler", ["Anna", "Ben", "Carl"], options={"rounds": 2}),
                  "d 40 40 77 : 42 35 80")
    assert sheet.result_line().endswith("; 1 deal to go")
    one = enter(new_pad("differenzler", ["Anna", "Ben", "Carl"], options={"rounds": 1}),
                "d 40 40 77 : 42 35 80")
    assert refused(one, "d 1 1 1 : 40 40 77") == "the game is over after 1 deal (J-12)"
    tie = enter(new_pad("differenzler", ["Anna", "Ben", "Carl"], options={"rounds": 1}),
                "d 40 40 70 : 45 35 77")
    assert tie.result_line().endswith("; a tie between Anna and Ben: one more deal (J-12)")


# --- wrapping at word boundaries ---------------------------------------------------------------
def test_fit_wraps_between_words_and_indents_numbered_lines() -> None:
    text = "  12. " + "bauernschnapsen normal " * 8
    lines = fit(text, 40).splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert all(line.startswith("      ") for line in lines[1:])
    assert {word for line in lines for word in line.split()} == {"12.", "bauernschnapsen",
                                                                 "normal"}
    assert fit("/a/very/long/path/" * 5, 20) == "/a/very/long/path/" * 5  # never cut
    assert fit("E.g. 'gang anna lost x2', 'redeal'.", 20).splitlines() == [
        "E.g.", "'gang anna lost x2',", "'redeal'."]


def test_fit_reads_an_apostrophe_inside_a_word_as_no_quote() -> None:
    # "team's" holds no quote mark: the line fills to the width instead of breaking early
    text = ("error: card points given twice, '80' and '80': one team's card points; the "
            "other team's are 157 minus them (J-1)")
    lines = fit(text, 80).splitlines()
    assert lines[0] == ("error: card points given twice, '80' and '80': one team's card "
                        "points; the other")
    assert "team's are 157 minus them (J-1)" in lines[1]


def test_fit_keeps_the_historys_bracketed_line_whole() -> None:
    # the line in brackets is retyped to give the same entry: it is never split
    text = ("  1. Rosen x1: Anna & Carl 80, Ben & Dora 77; Weis Anna & Carl 70. "
            "[rosen 1 80 w 1 70]")
    lines = fit(text, 80).splitlines()
    assert lines == ["  1. Rosen x1: Anna & Carl 80, Ben & Dora 77; Weis Anna & Carl 70.",
                     "     [rosen 1 80 w 1 70]"]


def played(pad: Pad, lines: list[str], width: int) -> list[str]:
    out: list[str] = []
    feed = iter([*lines, "h", "?"])

    def read(_: str) -> str:
        line = next(feed, None)
        if line is None:
            raise EOFError
        return line

    run(pad, Path(os.devnull), read, out.append, width)
    return "\n".join(out).splitlines()


def test_the_resume_command_stays_whole_on_its_own_line(tmp_path: Path) -> None:
    # the last line is a command to copy: it is never split across two lines
    path = tmp_path / "ein-langer-ordnername" / "bauernschnapsen-20261201-220000.json"
    path.parent.mkdir()
    out: list[str] = []
    run(new_pad("bauernschnapsen", FOUR), path, lambda _: "q", out.append, 80)
    lines = "\n".join(out).splitlines()
    assert lines[-1] == f"  stich tafel --resume {path}"
    assert lines[-2].endswith("continue with:")


@pytest.mark.parametrize("width", [80, 100])
def test_the_pad_wraps_at_word_boundaries(width: int) -> None:
    pad = new_pad("bauernschnapsen", FOUR)
    lines = played(pad, ["normal 1 3", "gang 1 won lost", "bauernschnapser 2 x2"], width)
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    shown = {word for line in lines for word in line.split()}
    for text in (pad.help(), *pad.history(), pad.result_line()):
        assert set(text.split()) <= shown  # every word whole on some line


@pytest.mark.parametrize("width", [80, 100])
def test_stich_tafel_wraps_to_the_terminal(tmp_path: Path, width: int) -> None:
    env = dict(os.environ, TERM="dumb", COLUMNS=str(width), STICH_HOME=str(tmp_path))
    child = pexpect.spawn(sys.executable, ["-m", "stich", "tafel", "bauernschnapsen", "Anna",
                                           "Ben", "Carl", "Dora", "--file",
                                           str(tmp_path / "p.json")],
                          env=env, encoding="utf-8", timeout=30, dimensions=(60, width))
    child.expect("> ")
    lines = (child.before or "").replace("\r", "").splitlines()
    child.sendline("q")
    child.expect(pexpect.EOF)
    text = "\n".join(lines)
    assert all(len(line) <= width for line in lines)
    for word in ("Bauernschnapsen:", "normal", "'won'", "Assenbettler", "declarer"):
        assert re.search(rf"(^|\s){re.escape(word)}", text), word
    assert not re.search(r"(^|\s)(nor|mal|bauernsc|hnapsen)(\s|$)", text)
