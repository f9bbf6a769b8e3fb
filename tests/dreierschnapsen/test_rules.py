"""Dreierschnapsen rules (D-1): the deal, the talon, the normal game one against two, raising,
doubling and the race to 24 for three."""

from __future__ import annotations

import pytest

from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.contract.race import RaceTo24
from stich.core.actions import Action
from tests.bauernschnapsen.helpers import dreier, legal, pass_round, run

HANDS = ["SK SJ DK CA DJ CQ", "SA HA HT HK HJ CT", "CK SQ HQ ST DQ DA"]
TALON = "DT CJ"


def test_deal_six_six_six_and_a_talon_of_two() -> None:  # D-1
    game = Dreierschnapsen.deal(3, dealer=2)
    assert game.caller == 0 and [len(h) for h in game.dealt] == [6, 6, 6]
    assert len(game.dealt_talon) == 2
    assert len({*game.dealt_talon, *(c for h in game.dealt for c in h)}) == 20
    assert all(len(game.observation(s).hand) == 3 for s in range(3))  # before trump
    assert all(game.observation(s).talon_size == 2 for s in range(3))


def test_highest_bidder_takes_up_the_talon_and_discards() -> None:  # D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass")
    assert game.phase == "talon" and game.current_player() == 2
    seen = game.observation(2)
    assert len(seen.hand) == 8 and set(seen.talon_seen or ()) == {*game.dealt_talon}
    assert game.observation(0).talon_seen is None and game.observation(1).talon_seen is None
    assert len(legal(game, "discard")) == 28 and not legal(game, "exchange-talon")
    why = game.why_illegal(Action("exchange-talon", "DT CJ"))
    assert why is not None and why.rule == "D-1"
    why = game.why_illegal(Action("discard", "SA HA"))
    assert why is not None and "do not hold" in why.reason
    run(game, "2 discard CK SQ")
    assert game.phase == "double" and len(game.observation(2).hand) == 6
    assert {card.name for card in game.observation(2).laid_down or ()} == {"CK", "SQ"}
    assert game.observation(0).laid_down is None and game.observation(0).talon_size == 2


def test_normal_game_exchange_talon() -> None:  # D-1
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 pass, 0 pass")
    assert game.contract is None and game.current_player() == 1
    assert len(legal(game, "exchange-talon")) == 28 and not legal(game, "discard")
    run(game, "1 exchange-talon CT CJ")  # one card exchanged: CT for DT, CJ back
    assert game.observation(1).hand == game.hands[1] and game.hands[1] >> 13 & 1  # DT
    pass_round(game)
    assert game.current_player() == 1  # the caller leads against the other two


# Normal games found by seeded play: dealer 0, the caller is seat 1; all pass, nobody doubles.
NORMAL = {
    "caller 66 with a marriage": (
        ["DK SA DT SJ SK HA", "DJ DA ST HQ HK HT", "SQ CT HJ CA DQ CJ"], "CQ CK",
        "1 trump D, 1 pass, 2 pass, 0 pass, 1 exchange-talon CQ CK, 2 pass, 0 pass, "
        "1 play HT, 2 play HJ, 0 play HA, 0 play SJ, 1 play ST, 2 play SQ, 1 play DA, "
        "2 play DQ, 0 play DK, 1 marriage H, 1 play HQ, 2 play CT, 0 play DT, 0 play SA, "
        "1 play DJ, 2 play CJ", (1,), (0, 1, 0), "66"),
    "defenders 66 together": (
        ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"], "DA DT",
        "1 trump H, 1 pass, 2 pass, 0 pass, 1 exchange-talon CA DT, 2 pass, 0 pass, "
        "1 play SJ, 2 play SQ, 0 play HJ, 0 play CJ, 1 play HT, 2 play CT, 1 play SK, "
        "2 play ST, 0 play HK, 0 play CQ, 1 play SA, 2 play HA, 2 play DK, 0 play HQ, "
        "1 play DQ, 0 play CK, 1 play DA, 2 play DJ", (0, 2), (2, 0, 2), "66"),
    "defenders' 40, the caller without a trick": (
        ["SJ CJ ST CQ SK CA", "HJ DT SQ HK HA HQ", "SA DA CT DQ CK DK"], "DJ HT",
        "1 trump D, 1 pass, 2 pass, 0 pass, 1 exchange-talon DJ HT, 2 pass, 0 pass, "
        "1 play DT, 2 play DA, 0 play CA, 2 marriage D", (0, 2), (3, 0, 3), "66"),
    "last trick to a defender": (
        ["DT ST HT HQ HJ DQ", "SA HA SQ CQ CJ CT", "SJ DA HK SK DJ CA"], "DK CK",
        "1 trump H, 1 pass, 2 pass, 0 pass, 1 exchange-talon CT CJ, 2 pass, 0 pass, "
        "1 play CQ, 2 play CA, 0 play HJ, 0 play DQ, 1 play DK, 2 play DA, 2 play DJ, "
        "0 play DT, 1 play HA, 1 play SA, 2 play SJ, 0 play ST, 1 play CK, 2 play HK, "
        "0 play HT, 0 play HQ, 1 play SQ, 2 play SK", (0, 2), (1, 0, 1), "last trick"),
}


@pytest.mark.parametrize("case", sorted(NORMAL))
def test_normal_game_one_against_two(case: str) -> None:  # D-1
    hands, talon, script, winner, points, reason = NORMAL[case]
    game = dreier(hands, talon)
    run(game, script)
    result = game.result()
    assert result is not None and result.reason == reason
    assert result.winner == winner and result.game_points == points
    if reason == "last trick":  # nobody reached 66: the caller 46, the defenders 62
        assert game.score((1,)) < 66 and game.score((0, 2)) < 66
        assert sum(game.points) == 120 - 12  # the laid-down CT and CJ count for nobody


def test_outbid_bidder_is_out_unless_raise_before_talon() -> None:  # D-1 raise_before_talon
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 bid schnapser, 2 bid gang, 0 pass")
    assert game.phase == "talon" and game.declarer == 2
    game = dreier(HANDS, TALON, raise_before_talon=True)
    run(game, "1 trump H, 1 bid schnapser, 2 bid gang, 0 pass")
    assert game.current_player() == 1 and "bauernschnapser" in legal(game, "bid")
    run(game, "1 bid bauernschnapser, 2 pass")
    assert game.phase == "talon" and game.declarer == 1


def test_raise_after_talon_once() -> None:  # D-1 raise_after_talon
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 pass, 0 pass")
    why = game.why_illegal(Action("bid", "schnapser"))
    assert why is not None and why.rule == "D-1"
    game = dreier(HANDS, TALON, raise_after_talon=True)
    run(game, "1 trump H, 1 pass, 2 pass, 0 pass")  # the normal game: the caller may raise
    run(game, "1 bid bauernschnapser")
    assert game.contract is not None and game.contract.name == "bauernschnapser"
    assert game.why_illegal(Action("bid", "bauernloch")) is not None  # only once
    assert legal(game, "discard") and not legal(game, "exchange-talon")
    run(game, "1 discard DT CJ")
    assert game.phase == "double"


def test_flecken_by_either_defender() -> None:  # D-1, B-6
    game = dreier(HANDS, TALON)
    run(game, "1 trump H, 1 pass, 2 bid gang, 0 pass, 2 discard CK SQ")
    assert game.current_player() == 0
    run(game, "0 pass, 1 double, 2 redouble, 0 reredouble")
    assert game.doubling.factor == 8 and game.current_player() == 2


def test_race_for_three_players() -> None:  # D-1
    race = RaceTo24(3)
    outcome = race.add([24, 10, 5])
    assert outcome is not None and outcome["losers"] == [2] and race.bummerl == [0, 0, 1]
    race = RaceTo24(3)
    outcome = race.add([0, 0, 24])  # ties share the Bummerl; 0 points: Schneider
    assert outcome is not None and outcome["losers"] == [0, 1] and race.bummerl == [2, 2, 0]
    race = RaceTo24(3)
    race.add([23, 23, 0])
    outcome = race.add([0, 0, 24])  # two players at 23, the third wins from 0
    assert outcome is not None and outcome["kind"] == "retourschneider"
    assert race.bummerl == [4, 4, 0]
    race = RaceTo24(3)
    race.add([23, 23, 0])
    outcome = race.add([0, 1, 24])  # both outside players reached 24 at once: no Retour
    assert outcome is not None and outcome["winners"] == [1, 2] and race.bummerl == [1, 0, 0]
