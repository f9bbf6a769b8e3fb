"""The public test vectors of S-13, one test each (trump is Hearts unless stated)."""

from __future__ import annotations

import pytest

from stich.core.game import IllegalActionError
from stich.schnapsen.game import SchnapsenOptions
from stich.schnapsen.scoring import BummerlCounter
from tests.schnapsen.helpers import deal, legal_cards, play, position


def test_vector_1_exhausted_stock_forces_heading() -> None:  # S-13.1, S-4
    game = position(drawn=10, hands=("CA CT CK", "SA SJ HQ DT"), lead="SK", leader=0, to_act=1)
    assert legal_cards(game) == {"SA"}
    game = position(drawn=4, hands=("CA CT CK HA", "SA SJ HQ DT"), lead="SK", leader=0, to_act=1)
    assert legal_cards(game) == {"SA", "SJ", "HQ", "DT"}  # S-3: free reply while open


def test_vector_2_closed_stock_follow_suit() -> None:  # S-13.2, S-4
    game = position(drawn=4, closed_by=0, hands=("CA CT", "SJ HQ DT"), lead="SA", leader=0,
                    to_act=1)
    assert legal_cards(game) == {"SJ"}


def test_vector_3_trump_when_void_and_head_trump_lead() -> None:  # S-13.3, S-4
    game = position(drawn=10, hands=("CA", "HJ DA DK"), lead="CT", leader=0, to_act=1)
    assert legal_cards(game) == {"HJ"}
    game = position(drawn=10, hands=("CA", "HT HJ SA"), lead="HK", leader=0, to_act=1)
    assert legal_cards(game) == {"HT"}


def _vector_4_deal(preset: str):  # type: ignore[no-untyped-def]
    # Seat 1 (forehand) holds the trump marriage; seat 0 takes 40 card points in three tricks.
    return deal("HA DA DQ ST CJ", "HK HQ DT DJ SA", "HT CQ CA CT CK DK SK SQ SJ", "HJ",
                dealer=0, preset=preset)


def test_vector_4_pending_marriage_counts_after_first_trick() -> None:  # S-13.4, S-5, S-8
    game = _vector_4_deal("soft")
    play(game, "marriage H", "play HQ", "play HA")  # 40 announced, trick lost: pending
    assert game.score(1) == 0
    play(game, "play DA", "play DT", "play DQ", "play DJ")  # seat 0: 14 + 21 + 5 = 40
    play(game, "play ST", "play SA")  # seat 1 wins 21: 21 + 40 = 61
    assert game.score(1) == 61
    probe = game.clone()
    probe.apply("claim")
    assert probe.result().reason == "false claim"  # 61 is not enough
    play(game, "play CQ", "play CJ", "claim")  # a trick worth 5: 66
    result = game.result()
    assert result.winner == (1,) and result.game_points == (0, 1)  # opponent has 40 >= 33


def test_vector_4_sharp_forbids_marriage_before_a_trick() -> None:  # S-13.4, S-5, S-11
    game = _vector_4_deal("sharp")
    with pytest.raises(IllegalActionError, match="S-5"):
        game.apply("marriage H")


@pytest.mark.parametrize(("opponent_points", "expected"), [(30, 2), (35, 1)])
def test_vector_5_claim_on_a_marriage(opponent_points: int, expected: int) -> None:  # S-13.5
    game = position(drawn=6, hands=("SK SQ CA DA DJ", "CK CQ DK DQ HT"), leader=0, to_act=0,
                    may_claim=True, points=(50, opponent_points), tricks=(2, 1))
    play(game, "marriage S", "claim")  # 50 + 20 = 70: going out without leading
    assert game.result().game_points == (expected, 0)


@pytest.mark.parametrize(("false_claim", "b_tricks", "b_points", "expected"), [
    ("table", 1, 40, 1), ("pagat", 1, 40, 2), ("table", 0, 0, 3), ("pagat", 0, 0, 3),
])
def test_vector_6_false_claim(false_claim: str, b_tricks: int, b_points: int,
                              expected: int) -> None:  # S-13.6, S-8
    game = position(drawn=6, hands=("SK SQ CA DA DJ", "CK CQ DK DQ HT"), leader=0, to_act=0,
                    may_claim=True, points=(60, b_points), tricks=(3, b_tricks))
    game.options = SchnapsenOptions.from_preset("soft", false_claim=false_claim)
    game.apply("claim")
    result = game.result()
    assert result.winner == (1,) and result.game_points == (0, expected)


@pytest.mark.parametrize(("preset", "options", "exchange", "close"), [
    ("soft", {}, False, True),
    ("soft", {"exchange_at_two": True}, True, True),
    ("sharp", {}, False, False),
])
def test_vector_7_two_cards_in_stock(preset: str, options: dict[str, bool], exchange: bool,
                                     close: bool) -> None:  # S-13.7, S-6, S-7
    game = position(preset=preset, trump_card="CA", drawn=8, leader=0, to_act=0,
                    hands=("CJ HA HT SA DT", "CK CQ DK DQ HK"), tricks=(2, 2), points=(30, 30))
    game.options = SchnapsenOptions.from_preset(preset, **options)
    verbs = {a.verb for a in game.legal_actions()}
    assert ("exchange" in verbs) is exchange
    assert ("close" in verbs) is close


def test_vector_8_closer_scores_by_state_at_closing() -> None:  # S-13.8, S-7, S-9
    game = position(drawn=4, leader=0, to_act=0, hands=("HA HT SA ST CK", "CA DA DT DK CJ"),
                    tricks=(2, 0), points=(40, 0))
    play(game, "close", "play CK", "play CA")  # B must head with CA and wins a trick
    play(game, "play DA", "play HT")  # A is void in diamonds and must trump
    play(game, "play SA", "play DT", "claim")  # A: 40 + 21 + 21 = 82
    result = game.result()
    assert result.winner == (0,) and result.game_points == (3, 0)


@pytest.mark.parametrize(("tricks", "points", "finish", "winner", "expected"), [
    ((3, 1), (50, 10), "pass", 1, 2),   # cards run out, A still has 50: B scores 2
    ((4, 0), (60, 0), "pass", 1, 3),    # B had no trick at closing: 3
    ((3, 1), (50, 55), "claim", 1, 2),  # B reaches 66 first and claims: 2
])
def test_vector_9_closer_fails(tricks: tuple[int, int], points: tuple[int, int], finish: str,
                               winner: int, expected: int) -> None:  # S-13.9, S-9
    game = position(drawn=8, leader=0, to_act=0, hands=("SJ", "SA"), tricks=tricks,
                    points=points)
    play(game, "close", "play SJ", "play SA", finish)
    result = game.result()
    assert result.winner == (winner,)
    assert result.game_points[winner] == expected


def test_vector_10_last_trick_wins_one_point() -> None:  # S-13.10, S-9
    game = position(drawn=10, leader=0, to_act=0, hands=("SA", "SJ"), tricks=(4, 5),
                    points=(37, 70))
    play(game, "play SA", "play SJ")
    assert game.points == (50, 70)
    probe = game.clone()
    game.apply("pass")
    assert game.result().winner == (0,) and game.result().game_points == (1, 0)
    probe.apply("claim")  # 50 is a false claim: B scores by the table on his 70
    assert probe.result().winner == (1,) and probe.result().game_points == (0, 1)


@pytest.mark.parametrize(("schneider_bummerl", "given"), [(2, 2), (1, 1)])
def test_vector_11_schneider(schneider_bummerl: int, given: int) -> None:  # S-13.11, S-10
    counter = BummerlCounter(schneider_bummerl=schneider_bummerl)
    assert counter.add((0, 3)) is None
    assert counter.add((0, 3)) is None
    outcome = counter.add((0, 1))
    assert outcome is not None
    assert outcome["winner"] == 1 and outcome["schneider"] and outcome["bummerl"] == given
    assert counter.bummerl == [given, 0]
