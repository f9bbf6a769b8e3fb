"""Unit tests for S-1 to S-12, beyond the public vectors."""

from __future__ import annotations

import pytest

from stich.core.actions import Action
from stich.core.cards import Card
from stich.core.game import TERMINAL, Illegal, IllegalActionError
from stich.core.records import DealRecord
from stich.records import replay
from stich.schnapsen.family import CARD_POINTS, DECK, TOTAL_CARD_POINTS
from stich.schnapsen.game import Schnapsen, SchnapsenOptions
from tests.schnapsen.helpers import deal, legal_cards, play, position


def test_deck_and_card_points() -> None:  # S-1
    assert DECK.bit_count() == 20
    assert sum(CARD_POINTS[c] for c in range(36) if DECK >> c & 1) == TOTAL_CARD_POINTS == 120
    assert [CARD_POINTS[c] for c in (Card.HA, Card.HT, Card.HK, Card.HQ, Card.HJ)] == [
        11, 10, 4, 3, 2]


def test_deal_order_and_forehand() -> None:  # S-2
    for dealer in (0, 1):
        game = Schnapsen.deal(7, dealer)
        assert game.current_player() == 1 - dealer  # forehand leads (S-3)
        assert [len(h) for h in game.dealt] == [5, 5]
        assert len(game.talon) == 9 and game.stock_size == 10
        everything = {*game.dealt[0], *game.dealt[1], *game.talon, game.first_trump_card}
        assert len(everything) == 20
    assert Schnapsen.deal(7).dealt == Schnapsen.deal(7).dealt  # same seed, same deal


def test_bad_deals_are_rejected() -> None:  # S-2
    with pytest.raises(ValueError, match="dealt twice: HA"):
        deal("HA HT HK HQ HJ", "HA ST SK SQ SJ", "DA DT DK DQ DJ CA CT CK CQ", "CJ")
    with pytest.raises(ValueError, match="not in the 20-card deck: H9"):
        deal("H9 HT HK HQ HJ", "SA ST SK SQ SJ", "DA DT DK DQ DJ CA CT CK CQ", "CJ")


def _open_deal() -> Schnapsen:
    return deal("HA DA DQ ST CJ", "HK HQ DT DJ SA", "HT CQ CA CT CK DK SK SQ SJ", "HJ")


def test_free_reply_higher_card_and_trump_win_draw_order() -> None:  # S-3
    game = _open_deal()
    play(game, "play SA", "play ST")  # seat 1 leads, seat 0 may play anything
    assert game.leader == 1 and game.points == (0, 21)
    assert game.hands[1] >> Card.HT & 1 and game.hands[0] >> Card.CQ & 1  # winner drew first
    play(game, "play DT", "play CJ")  # a card of another suit never wins
    assert game.leader == 1
    play(game, "play DJ", "play HA")  # trump wins
    assert game.leader == 0 and game.stock_size == 4


def test_last_two_stock_cards_winner_face_down_loser_trump_card() -> None:  # S-3
    game = position(drawn=8, leader=0, to_act=0, hands=("SA", "SJ"), tricks=(2, 2))
    game.talon = (*game.talon[:8], Card.CA)
    play(game, "play SA", "play SJ")
    assert game.hands[0] >> Card.CA & 1 and game.hands[1] >> Card.HJ & 1
    assert game.stock_size == 0


def test_marriage_must_lead_king_or_queen() -> None:  # S-5, S-11
    game = _open_deal()
    game.apply("marriage H")
    assert legal_cards(game) == {"HK", "HQ"}
    with pytest.raises(IllegalActionError, match=r"King or Queen \(S-5\)"):
        game.apply("play SA")
    sharp = position(preset="sharp", leader=1, to_act=1, hands=("CA", "HK HQ SA"),
                     tricks=(0, 1), drawn=2)
    sharp.apply("marriage H")
    assert legal_cards(sharp) == {"HK"}


def test_marriage_only_on_lead_and_only_with_both_cards() -> None:  # S-5
    game = _open_deal()
    why = game.why_illegal(Action.parse("marriage S"))
    assert why is not None and "you do not hold King and Queen of S" in why.reason
    play(game, "play SA")
    assert game.why_illegal(Action.parse("marriage H")).rule == "S-6"  # not on lead


def test_marriage_after_stock_exhausted() -> None:  # S-5
    game = position(drawn=10, leader=0, to_act=0, hands=("SK SQ", "CA CT"), tricks=(3, 2),
                    points=(30, 40))
    assert "marriage S" in {str(a) for a in game.legal_actions()}


def test_exchange_swaps_trump_jack_for_trump_card() -> None:  # S-6
    game = deal("HJ DA DQ ST CJ", "HK HQ DT DJ SA", "HT CQ CA CT CK DK SK SQ SJ", "HA", dealer=1)
    assert "exchange" in {a.verb for a in game.legal_actions()}
    game.apply("exchange")
    assert game.hands[0] >> Card.HA & 1 and game.trump_card == Card.HJ
    sharp = deal("HJ DA DQ ST CJ", "HK HQ DT DJ SA", "HT CQ CA CT CK DK SK SQ SJ", "HA",
                 dealer=1, preset="sharp")
    assert sharp.why_illegal(Action.parse("exchange")) == Illegal(
        "S-6", "no exchange before the first trick in this preset")


def test_order_on_lead_exchange_then_close_then_marriage() -> None:  # S-6
    game = position(drawn=4, leader=0, to_act=0, hands=("HJ SK SQ CA DA", "CT CK DT DK ST"),
                    tricks=(1, 1), trump_card="HA")
    play(game, "exchange", "close", "marriage S")
    assert {a.verb for a in game.legal_actions()} == {"play", "claim"}
    assert game.why_illegal(Action.parse("close")).rule == "S-7"


def test_closing_freezes_points_and_tricks_and_turns_on_strict_play() -> None:  # S-7, S-4
    game = position(drawn=4, leader=0, to_act=0, hands=("SA ST CK HA HT", "SK DA DT CA CJ"),
                    tricks=(1, 1), points=(30, 20))
    play(game, "close")
    assert game.closed_scores == (30, 20) and game.closed_tricks == (1, 1)
    play(game, "play SA")
    assert legal_cards(game) == {"SK"}
    assert game.why_illegal(Action.parse("play DA")).rule == "S-4"


def test_claim_only_after_winning_a_trick_or_marriage() -> None:  # S-8
    game = _open_deal()
    assert game.why_illegal(Action.parse("claim")).rule == "S-8"
    play(game, "play SA", "play ST")
    assert game.why_illegal(Action.parse("claim")) is None
    play(game, "play DT")
    assert game.why_illegal(Action.parse("claim")).rule == "S-8"


def test_player_with_66_who_does_not_claim_can_lose_to_opponent_claim() -> None:  # S-8
    game = position(drawn=10, leader=1, to_act=1, hands=("SA ST", "SK SQ"), tricks=(3, 3),
                    points=(70, 40))
    play(game, "marriage S", "claim")  # seat 1: 40 + 20 = 60, false
    assert game.result().winner == (0,)
    game = position(drawn=10, leader=1, to_act=1, hands=("SJ ST", "SK SQ"), tricks=(3, 3),
                    points=(70, 46))
    play(game, "marriage S", "claim")  # seat 1 reaches 66 first and wins
    assert game.result().winner == (1,) and game.result().game_points == (0, 1)


def test_game_points_table() -> None:  # S-9
    for points, tricks, expected in ((33, 2, 1), (32, 1, 2), (0, 0, 3)):
        game = position(drawn=6, leader=0, to_act=0, hands=("SA", "SJ"), may_claim=True,
                        tricks=(3, tricks), points=(70, points))
        game.apply("claim")
        assert game.result().game_points == (expected, 0)


def test_revoke_forfeits_for_three_and_replays() -> None:  # S-12
    game = _open_deal()
    game.forfeit(1, Illegal("S-4", "did not follow suit"))
    result = game.result()
    assert result.winner == (0,) and result.game_points == (3, 0) and result.reason == "revoke"
    assert game.current_player() == TERMINAL
    again = replay(DealRecord.from_dict(game.to_record().to_dict()))
    assert again.result() == result


def test_presets() -> None:  # S-11
    soft, sharp, tournament = (SchnapsenOptions.from_preset(p)
                               for p in ("soft", "sharp", "tournament"))
    assert soft.marriage_before_first_trick and not sharp.marriage_before_first_trick
    assert soft.close_at_two and not sharp.close_at_two and not sharp.exchange_at_two
    assert tournament.schneider_bummerl == 1 and sharp.schneider_bummerl == 2
    assert not tournament.trick_review and soft.trick_review


def test_undo_and_clone() -> None:
    game = _open_deal()
    twin = game.clone()
    play(game, "play SA", "play ST", "play DT")
    assert twin.history == [] and twin.current_player() == 1
    assert str(game.undo()) == "play DT"
    game.undo()
    game.undo()
    assert game.hands == twin.hands and game.points == (0, 0) and game.drawn == 0


def test_bummerl_start_and_rubber_options() -> None:  # S-10
    from stich.schnapsen.scoring import BummerlCounter

    counter = BummerlCounter(start=9, rubber=3)
    for points in ((3, 0), (3, 0), (2, 0)):
        assert counter.add(points) is None
    outcome = counter.add((1, 0))  # 9:0 is a Schneider from 9
    assert outcome is not None and outcome["schneider"] and outcome["bummerl"] == 2
    assert counter.rubber_winner() is None  # 2 of 3
    counter.add((0, 3))
    counter.add((0, 3))
    counter.add((2, 3))  # seat 1 reaches 0, seat 0 had scored: one Bummerl
    assert counter.bummerl == [1, 2] and counter.rubber_winner() is None
    for _ in range(3):
        counter.add((3, 0))
    assert counter.bummerl == [1, 4] and counter.rubber_winner() == 0  # 9:0 again: Schneider


def test_shuffled_is_the_standard_seeded_shuffle() -> None:  # S-2: same seed, same deal
    import random

    from stich.core.cards import FULL_DECK
    from stich.core.dealing import shuffled
    from stich.schnapsen.family import DECK

    for deck in (DECK, FULL_DECK):
        for seed in [*range(300), 2**40 + 7, 2**62 + 5]:
            cards = sorted(shuffled(deck, seed))
            random.Random(seed).shuffle(cards)
            assert shuffled(deck, seed) == cards
