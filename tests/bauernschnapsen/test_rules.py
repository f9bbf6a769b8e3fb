"""Rules B-1 to B-4 and B-6 beyond the public vectors."""

from __future__ import annotations

import pytest

from stich.contract.bauernschnapsen import Bauernschnapsen, BauernschnapsenOptions
from stich.core.actions import Action
from stich.core.cards import Card
from tests.bauernschnapsen.helpers import bauern, legal, pass_round, run

STRICT = ["SJ SQ ST DJ HK", "SA HT SK DA CA", "HQ DT DK CQ CJ", "HJ HA DQ CT CK"]


def test_table_teams_and_caller() -> None:  # B-1
    game = Bauernschnapsen.deal(5, dealer=2)
    assert game.caller == 3 and game.current_player() == 3
    assert Bauernschnapsen.TEAMS == ((0, 2), (1, 3))
    assert game.side_of(1) == (1, 3) and game.opponent_of_caller(0)


def test_deal_in_packets_of_three_then_two() -> None:  # B-2
    game = Bauernschnapsen.deal(11, dealer=0)
    assert all(len(hand) == 5 for hand in game.dealt)
    assert len({card for hand in game.dealt for card in hand}) == 20
    for seat in range(4):  # before trump is named each player holds his first three cards
        observed = game.observation(seat).hand
        assert set(observed) == set(game.dealt[seat][:3])
    game.apply(game.legal_actions()[0])
    assert all(set(game.observation(s).hand) == set(game.dealt[s]) for s in range(4))
    assert Bauernschnapsen.deal(11).dealt == game.dealt  # same seed, same deal


def test_trump_must_be_held_among_the_first_three() -> None:  # B-2 trump_must_be_held
    game = bauern(STRICT)  # seat 1's first three: SA HT SK
    assert legal(game, "trump") == {"H", "S"}
    why = game.why_illegal(Action("trump", "C"))
    assert why is not None and why.rule == "B-2"
    assert legal(bauern(STRICT, trump_must_be_held=False), "trump") == {"C", "D", "H", "S"}


def test_turnup_uses_the_callers_fourth_card() -> None:  # B-2
    game = bauern(STRICT)
    run(game, "1 turnup")
    assert game.trump is not None and game.turned_up == Card.DA and game.trump.name == "D"
    for seat in range(4):
        assert game.observation(seat).turned_up == Card.DA
        assert game.observation(seat).named_trump == game.trump


def test_three_jacks_redeal() -> None:  # B-2
    hands = ["SA SQ ST HQ HK", "SJ HJ DJ DA CA", "HT DT DK CQ SK", "CJ HA DQ CT CK"]
    game = bauern(hands)
    assert "redeal" in {a.verb for a in game.legal_actions()}
    run(game, "1 redeal")
    result = game.result()
    assert result is not None and result.reason == "redeal" and result.game_points == (0,) * 4
    game = bauern(STRICT)
    why = game.why_illegal(Action("redeal"))
    assert why is not None and why.rule == "B-2"


def test_auction_order_ranking_and_the_normal_game() -> None:  # B-3
    game = bauern(STRICT)
    run(game, "1 trump H, 1 bid gang")
    why = game.why_illegal(Action("bid", "plauderer"))
    assert why is not None and why.rule == "B-3"
    why = game.why_illegal(Action("bid", "gang"))
    assert why is not None and why.rule == "B-3"
    run(game, "2 pass, 3 pass, 0 bid zehnergang, 1 pass")  # seat 1 was outbid: he may speak
    assert game.phase == "double" and game.declarer == 0
    game = bauern(STRICT)
    run(game, "1 trump H, 1 pass, 2 pass, 3 pass, 0 pass")
    assert game.phase == "double" and game.contract is None and game.declarer == 1
    pass_round(game)
    assert game.current_player() == 1 and game.observation(0).contract == "normal"


def test_strict_play_head_follow_trump_overtrump() -> None:  # B-4, S-4
    game = bauern(STRICT)
    run(game, "1 trump H")
    pass_round(game)
    pass_round(game)
    run(game, "1 play SA")
    assert legal(game) == {"HQ"}  # void in spades: must trump
    run(game, "2 play HQ")
    assert legal(game) == {"HA"}  # must over-trump HQ
    why = game.why_illegal(Action("play", "HJ"))
    assert why is not None and why.rule == "B-4" and "over-trump" in why.reason
    game = bauern(STRICT, must_overtrump=False)
    run(game, "1 trump H")
    pass_round(game)
    pass_round(game)
    run(game, "1 play SA, 2 play HQ")
    assert legal(game) == {"HJ", "HA"}


def test_head_in_suit() -> None:  # B-4
    game = bauern(["SQ SJ DJ DK HK", "ST HT SK DA CA", "HQ DT SA CQ CJ", "HJ HA DQ CT CK"])
    run(game, "1 trump H")
    pass_round(game)
    pass_round(game)
    run(game, "1 play SK")
    assert legal(game) == {"SA"}
    run(game, "2 play SA")
    assert legal(game) == {"HJ", "HA"}  # void in spades: trump
    run(game, "3 play HJ, 0 play SQ")  # seat 0 cannot beat the trump: any spade
    assert game.winners == (3,)


MARRIAGE = ["DT DJ DQ SQ SJ", "HK HQ SA DA CA", "HJ ST DK CQ CJ", "HA SK HT CT CK"]


def test_marriage_pending_until_the_team_wins_a_trick() -> None:  # B-4
    game = bauern(MARRIAGE, trump_must_be_held=False)
    run(game, "1 trump C")
    pass_round(game)
    pass_round(game)
    run(game, "1 marriage H")
    assert legal(game) == {"HK", "HQ"}  # he must lead one of the pair
    run(game, "1 play HQ, 2 play HJ, 3 play HA, 0 play DT")  # partner takes it: the 20 counts
    assert game.score((1, 3)) == 3 + 2 + 11 + 10 + 20


def test_66_by_a_marriage_ends_the_deal() -> None:  # B-4
    game = bauern(["DT DJ DK SQ SJ", "HK HQ SA DA CA", "HJ ST DQ CQ CJ", "HA SK HT CT CK"])
    run(game, "1 trump H")
    pass_round(game)
    pass_round(game)
    run(game, "1 play SA, 2 play ST, 3 play SK, 0 play SJ")  # 27 for seat 1's team
    run(game, "1 marriage H")  # 27 + 40 = 67
    result = game.result()
    assert result is not None and result.reason == "66" and result.winner == (1, 3)
    assert result.game_points == (0, 3, 0, 3)  # the others have no trick


def test_marriages_only_where_they_count() -> None:  # B-5
    game = bauern(MARRIAGE)
    run(game, "1 trump H, 1 bid gang")
    pass_round(game)
    pass_round(game)
    assert not legal(game, "marriage")
    why = game.why_illegal(Action("marriage", "H"))
    assert why is not None and why.rule == "B-5"


def test_first_won_trick_of_each_team_stays_face_up() -> None:  # B-1
    game = bauern(STRICT)
    run(game, "1 trump H")
    pass_round(game)
    pass_round(game)
    run(game, "1 play SA, 2 play HQ, 3 play HA, 0 play SJ")  # team 1+3 wins
    run(game, "3 play HJ, 0 play HK, 1 play HT, 2 play DT")  # seat 1: still team 1+3
    for seat in range(4):
        first = game.observation(seat).first_tricks
        assert len(first) == 1 and [c for _, c in first[0]] == [Card.SA, Card.HQ, Card.HA,
                                                                    Card.SJ]


@pytest.mark.parametrize("contract", [None, "gang"])
def test_doubling_steps(contract: str | None) -> None:  # B-6
    game = bauern(STRICT)
    run(game, "1 trump H" + (f", 1 pass, 2 bid {contract}" if contract else ""))
    pass_round(game)
    declarer = 2 if contract else 1
    against = (3, 1) if contract else (2, 0)
    assert game.phase == "double" and game.current_player() == against[0]
    assert {str(a) for a in game.legal_actions()} == {"double", "pass"}
    why = game.why_illegal(Action("redouble"))
    assert why is not None and why.rule == "B-6"
    run(game, f"{against[0]} pass, {against[1]} double")
    assert game.current_player() == declarer and game.doubling.factor == 2
    run(game, f"{declarer} redouble, {against[0]} reredouble")
    assert game.doubling.factor == 8 and game.phase == "play"
    assert game.observation(0).factor == 8


def test_options_are_validated() -> None:  # B-5
    with pytest.raises(ValueError, match="unknown"):
        BauernschnapsenOptions.from_preset("standard", contracts="gang,ringerl")
    with pytest.raises(ValueError, match="plauderer"):
        BauernschnapsenOptions.from_preset("standard", plauderer="loud")
    options = BauernschnapsenOptions.from_preset("standard", contracts="gang,bettler")
    game = Bauernschnapsen.deal(1, 0, options)
    assert set(game.contracts) == {"gang", "bettler"}
