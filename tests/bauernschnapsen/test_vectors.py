"""The public test vectors of B-8, one test each."""

from __future__ import annotations

import pytest

from stich.contract.contracts import Goal
from stich.contract.race import RaceTo24
from stich.core.actions import Action
from stich.core.game import IllegalActionError
from stich.schnapsen.family import TEN_HIGH_ORDER
from tests.bauernschnapsen.helpers import bauern, pass_round, run

# Seat 1 (the caller when seat 0 deals) holds Hearts among his first three cards.
HANDS = ["SA DA DT DK DQ", "SK HA HT HK HQ", "SJ HJ DJ CQ CJ", "ST SQ CA CT CK"]


def test_vector_1_auction_order_and_eligibility() -> None:  # B-8.1, B-3, B-5
    game = bauern(HANDS, dealer=0)
    assert game.caller == 1
    run(game, "1 trump H, 1 pass, 2 bid gang")
    assert game.current_player() == 3
    why = game.why_illegal(Action("bid", "bauernschnapser"))
    assert why is not None and why.rule == "B-5" and "caller" in why.reason
    with pytest.raises(IllegalActionError):
        game.apply("bid bauernschnapser")
    run(game, "3 bid zehnergang, 0 pass, 2 pass")  # seat 1 passed already: he is out
    assert game.phase == "double"
    assert game.contract is not None and game.contract.name == "zehnergang"
    assert game.declarer == 3 and game.play_trump is None and game.order is TEN_HIGH_ORDER
    pass_round(game)
    assert game.current_player() == 3 and game.leader == 3  # the declarer leads


def _zehnergang_or_gang(contract: str) -> object:
    game = bauern(HANDS, dealer=0)
    run(game, f"1 trump H, 1 pass, 2 pass, 3 bid {contract}, 0 pass")
    pass_round(game)
    run(game, "3 play ST, 0 play SA, 1 play SK, 2 play SJ")
    return game


def test_vector_2_ten_high_order() -> None:  # B-8.2, B-5
    game = _zehnergang_or_gang("zehnergang")
    assert game.winners == (3,) and not game.is_terminal()  # ST beats SA, SK, SJ
    game = _zehnergang_or_gang("gang")
    result = game.result()
    assert game.winners == (0,)  # in Gang SA wins, and the Gang is lost at once
    assert result is not None and result.reason == "failed" and result.winner == (0, 2)
    assert result.game_points == (9, 0, 9, 0)


# Normal games found by seeded play: dealer 0, caller 1, everyone passes, nobody doubles.
NORMAL = {
    "70:50": (["HA DQ HT HQ DA", "DT SA DK SQ DJ", "HK CJ CQ CK HJ", "CA ST CT SJ SK"],
              "1 trump D", "1 play DK, 2 play HK, 3 play SK, 0 play DA, 0 play HA, 1 play DJ, "
              "2 play HJ, 3 play SJ, 1 play SA, 2 play CQ, 3 play ST, 0 play DQ, 0 play HQ, "
              "1 play DT, 2 play CJ, 3 play CT, 1 play SQ, 2 play CK, 3 play CA, 0 play HT"),
    "25 with a trick": (
        ["DA HT DQ SQ HA", "CA ST DT DK HQ", "CT HJ HK CQ DJ", "CK CJ SJ SK SA"],
        "1 trump C", "1 play HQ, 2 play HK, 3 play CK, 0 play HT, 3 play SJ, 0 play SQ, "
        "1 play ST, 2 play CT, 2 play DJ, 3 play CJ, 0 play DQ, 1 play DT, 3 play SK, "
        "0 play HA, 1 play CA, 2 play CQ"),
    "no trick": (["CJ HK HT SK DQ", "DK CK DJ SA DA", "DT ST SJ HA HJ", "CQ HQ CT CA SQ"],
                 "1 trump C", "1 play DJ, 2 play DT, 3 play CQ, 0 play DQ, 3 play CT, "
                 "0 play CJ, 1 play CK, 2 play ST, 3 play SQ, 0 play SK, 1 play SA, "
                 "2 play SJ, 1 play DA, 2 play HA, 3 play CA, 0 play HT"),
    "60:60": (["CJ HJ DA DQ DK", "CT SJ HT SQ HK", "SA DJ CK ST HA", "DT CA SK HQ CQ"],
              "1 trump C", "1 play HK, 2 play HA, 3 play HQ, 0 play HJ, 2 play SA, 3 play SK, "
              "0 play CJ, 1 play SQ, 0 play DK, 1 play CT, 2 play DJ, 3 play DT, 1 play SJ, "
              "2 play ST, 3 play CA, 0 play DA, 3 play CQ, 0 play DQ, 1 play HT, 2 play CK"),
}


@pytest.mark.parametrize(("case", "scores", "winner", "points", "reason"), [
    ("70:50", (70, 50), (1, 3), 1, "66"),
    ("25 with a trick", (67, 25), (1, 3), 2, "66"),
    ("no trick", (107, 0), (1, 3), 3, "66"),
    ("60:60", (60, 60), (0, 2), 1, "last trick"),
])
def test_vector_3_normal_game_points(case: str, scores: tuple[int, int],
                                     winner: tuple[int, ...], points: int,
                                     reason: str) -> None:  # B-8.3, B-4
    hands, trump, play = NORMAL[case]
    game = bauern(hands, dealer=0)
    run(game, trump)
    pass_round(game)  # nobody announces: the normal game with the named trump
    pass_round(game)  # nobody doubles
    assert game.contract is None and game.current_player() == 1  # the caller leads
    run(game, play)
    result = game.result()
    assert result is not None and result.reason == reason and result.winner == winner
    assert (game.score(game.sides[0]), game.score(game.sides[1])) == scores
    assert result.game_points == tuple(points if s in winner else 0 for s in range(4))
    if case == "no trick":
        assert game.tricks_of(game.sides[1]) == 0
    if case == "60:60":
        assert len(game.winners) == 5 and game.winners[-1] == 2  # seat 2 took the last trick


def test_vector_4_doubled_and_redoubled_bauernschnapser() -> None:  # B-8.4, B-6, B-7
    # Seat 1 calls Hearts holding the top trumps and both side Aces: every trick is his.
    game = bauern(["DK DQ DJ SQ SJ", "HA HT DA HK SA", "HQ HJ DT CQ CJ", "ST SK CA CT CK"])
    run(game, "1 trump H, 1 bid bauernschnapser, 2 pass, 3 pass, 0 pass")
    assert game.contract is not None and game.contract.goal is Goal.ALL_TRICKS
    run(game, "2 double, 1 redouble, 2 pass, 0 pass")
    assert game.doubling.factor == 4 and game.phase == "play"
    run(game, "1 play HA, 2 play HJ, 3 play ST, 0 play DJ, 1 play HT, 2 play HQ, 3 play SK, "
              "0 play DQ, 1 play HK, 2 play DT, 3 play CK, 0 play DK, 1 play DA, 2 play CJ, "
              "3 play CT, 0 play SJ, 1 play SA, 2 play CQ, 3 play CA, 0 play SQ")
    result = game.result()
    assert result is not None and result.reason == "made"
    assert result.game_points == (0, 48, 0, 48)
    race = RaceTo24(2)
    outcome = race.add([result.game_points[0], result.game_points[1]])
    assert outcome is not None and outcome["winners"] == [1]  # the game is won at once


def test_vector_5_bummerl_schneider_retourschneider() -> None:  # B-8.5, B-7
    race = RaceTo24(2)
    race.add([23, 0])
    outcome = race.add([0, 24])
    assert outcome is not None and outcome["losers"] == [0] and outcome["bummerl"] == 4
    race = RaceTo24(2)
    outcome = race.add([0, 12]) or race.add([0, 12])
    assert outcome is not None and outcome["bummerl"] == 2 and outcome["kind"] == "schneider"
    race = RaceTo24(2)
    race.add([23, 0])
    race.add([0, 3])
    outcome = race.add([0, 21])
    assert outcome is not None and outcome["bummerl"] == 4  # led 23:0 and still lost
    race = RaceTo24(2)
    race.add([23, 5])
    outcome = race.add([0, 19])
    assert outcome is not None and outcome["bummerl"] == 1 and race.bummerl == [1, 0]
