"""Every match end at the terminal names the winner and why (S-10, B-7, D-1, J-7), and a
Bauern- or Dreierschnapsen match says where it starts what one match is (match_bummerl)."""

from __future__ import annotations

from stich.contract.match import BauernschnapsenMatch, DreierschnapsenMatch
from stich.contract.race import RaceTo24
from stich.core.card_names import Deck
from stich.jass.match import JassMatch
from stich.schnapsen.match import SchnapsenMatch
from stich.schnapsen.scoring import BummerlCounter
from stich.terminal.bauernschnapsen_view import BauernschnapsenView
from stich.terminal.dreierschnapsen_view import DreierschnapsenView
from stich.terminal.jass_view import JassView
from stich.terminal.schnapsen_view import SchnapsenView
from tests.terminal.helpers import shown

FOUR = ["You", "Left", "Partner", "Right"]
THREE = ["You", "Left", "Right"]


def _bauern(*deals: list[int], **options: object) -> tuple[BauernschnapsenMatch, str]:
    match = BauernschnapsenMatch(FOUR, 1, BauernschnapsenMatch.GAME_CLASS.OPTIONS.from_preset(
        None, **options))
    match.race = RaceTo24(2, limit=match.options.match_bummerl)
    for points in deals:
        match.race.add(points)
    return match, shown(BauernschnapsenView(FOUR, Deck.FRENCH).match_summary(match))


def test_a_plain_race_names_the_winning_team() -> None:  # B-7
    _, text = _bauern([20, 13], [4, 0])
    assert "You & Partner win the match" in text
    assert "You & Partner reach 24 (24:13): Left & Right get 1 Bummerl (B-7)" in text
    assert "Race to 24" not in text  # not the reset 0:0 of a race that is over


def test_a_schneider_is_called_one_and_says_why() -> None:  # B-7
    _, text = _bauern([0, 10], [0, 14])
    assert "Left & Right win the match" in text
    assert ("You & Partner get 2 Bummerl, a Schneider: you still had 0 points (B-7)"
            in " ".join(text.split()))


def test_a_retourschneider_is_called_one_and_says_why() -> None:  # B-7, B-8 example 5
    _, text = _bauern([23, 0], [0, 24])
    flat = " ".join(text.split())
    assert "Left & Right win the match" in flat
    assert ("You & Partner get 4 Bummerl, a Retourschneider: you had led 23 to 0 and lost all "
            "the same (B-7)") in flat


def test_a_longer_match_gives_each_sides_bummerl() -> None:  # B-7, option match_bummerl
    _, text = _bauern([24, 3], [24, 5], match_bummerl=2)
    assert "You & Partner win the match" in text
    assert "Bummerl: You & Partner 0, Left & Right 2 (the match ends at 2" in text


def test_dreier_names_who_reached_24_and_the_retourschneider() -> None:  # D-1
    match = DreierschnapsenMatch(THREE, 1)
    view = DreierschnapsenView(THREE, Deck.FRENCH)
    match.race = RaceTo24(3, limit=1)
    match.race.add([0, 23, 23])
    match.race.add([24, 0, 0])
    flat = " ".join(shown(view.match_summary(match)).split())
    assert "You win the match" in flat
    assert ("Left & Right get 4 Bummerl each, a Retourschneider: they stood at 23 and the winner "
            "came from 0 (D-1)") in flat
    match.race = RaceTo24(3, limit=1)
    match.race.add([10, 24, 3])  # Left reaches 24: Right, fewest, gets the Bummerl
    flat = " ".join(shown(view.match_summary(match)).split())
    assert "Left wins the match" in flat and "You win" not in flat
    assert "Right gets 1 Bummerl (D-1)" in flat


def test_the_deal_that_ends_the_match_leaves_the_race_to_the_match_end() -> None:  # B-7
    # the last deal's summary and the match's end do not both tell the same race
    from stich.bots import make_bot
    from stich.play.driver import play_deal

    view = BauernschnapsenView(FOUR, Deck.FRENCH)
    match = BauernschnapsenMatch(FOUR, 5)
    bots = [make_bot("bauernschnapsen", "random", seat) for seat in range(4)]
    while not match.is_over():
        game = match.new_deal()
        play_deal(game, bots)
        match.finish_deal(game)
        last = shown(view.deal_summary(game, match, 0))
    assert "reach 24" not in last and "Match over" not in last
    ending = shown(view.match_summary(match))
    assert ending.count("reach 24") == 1 and "win the match" in ending


def test_where_a_contract_match_starts_it_says_what_one_match_is() -> None:  # B-7
    match = BauernschnapsenMatch(FOUR, 1)
    intro = " ".join(shown(BauernschnapsenView(FOUR, Deck.FRENCH).match_intro(match)[0]).split())
    assert "match_bummerl=1 (default 1)" in intro and "single deal" in intro
    assert "Schneider" in intro and "Retourschneider" in intro
    dreier = DreierschnapsenMatch(THREE, 1, DreierschnapsenMatch.GAME_CLASS.OPTIONS.from_preset(
        None, match_bummerl=3))
    intro = " ".join(shown(DreierschnapsenView(THREE, Deck.FRENCH).match_intro(dreier)[0]).split())
    assert "match_bummerl=3" in intro and "a player holds 3 Bummerl" in intro and "; D-1)" in intro


def test_schnapsen_names_the_rubbers_winner_and_the_schneider() -> None:  # S-10
    view = SchnapsenView(["You", "Rules"], Deck.FRENCH)
    match = SchnapsenMatch(["You", "Rules"], 7)
    match.bummerl = BummerlCounter(start=7, schneider_bummerl=2)
    match.bummerl.add([3, 7])
    match.bummerl.add([7, 0])
    assert match.is_over()
    flat = " ".join(shown(view.match_summary(match)).split())
    assert "You win the rubber: Rules has 2 Bummerl, You 1 (a rubber is 2 Bummerl, S-10)" in flat
    assert ("Last Bummerl: You win the Bummerl (7:0): Rules gets 2 Bummerl, a Schneider: Rules "
            "never scored (S-10)") in flat
    assert view.bummerl_lines(match) == []  # the match's end tells it, not the deal's


def test_a_tournament_schneider_counts_one_and_says_so() -> None:  # S-10
    view = SchnapsenView(["You", "Rules"], Deck.FRENCH)
    counter = BummerlCounter(start=7, schneider_bummerl=1)
    outcome = counter.add([0, 7])
    assert outcome is not None
    assert view.bummerl_text(outcome) == ("Rules wins the Bummerl (0:7): You get 1 Bummerl, a "
                                          "Schneider (counted as one in this preset): you "
                                          "never scored (S-10)")


def test_jass_names_the_team_first_to_the_target() -> None:  # J-7
    names = ["You", "Right", "Partner", "Left"]
    match = JassMatch(names, 1)
    match.score.entries[1].extend([1500, 1010])
    match.score.winner = 1
    flat = " ".join(shown(JassView(names, Deck.SWISS).match_summary(match)).split())
    assert "Right & Left win the game: first to 2500 (J-7)" in flat
    assert "Final score: You & Partner 0 · Right & Left 2510" in flat


def test_the_last_deal_shows_no_fresh_count_below_a_finished_match() -> None:  # S-10, B-7
    from stich.bots import make_bot
    from stich.play.driver import play_deal

    for match, view in ((SchnapsenMatch(["You", "Rules"], 3),
                         SchnapsenView(["You", "Rules"], Deck.FRENCH)),
                        (BauernschnapsenMatch(FOUR, 3), BauernschnapsenView(FOUR, Deck.FRENCH))):
        bots = [make_bot(match.GAME, "random", seat) for seat in range(len(match.seats))]
        while not match.is_over():
            game = match.new_deal()
            play_deal(game, bots)
            match.finish_deal(game)
            text = shown(view.deal_summary(game, match, 0))
            fresh = "to go" in text or "Race to 24" in text
            assert fresh != match.is_over(), text  # the count only while the match goes on
