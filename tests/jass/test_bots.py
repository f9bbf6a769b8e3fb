"""The Jass bots: random and rule-based (trump or push, Weis choice, partner-aware play)."""

from __future__ import annotations

import pytest

from stich.arena import run_arena
from stich.bots import bot_names, make_bot
from stich.bots.jass import JassRulesBot, contract_values
from stich.core.actions import Action
from stich.jass.cards import Contract
from stich.jass.game import Jass
from tests.jass.helpers import STOECK_HANDS, deal, mask, position


def _act(game: Jass, seat: int | None = None) -> Action:
    seat = game.current_player() if seat is None else seat
    bot = JassRulesBot(1)
    bot.new_deal(seat)
    return bot.choose(game.information_state(seat))


def test_both_bots_are_registered() -> None:
    assert {"random", "rules"} <= set(bot_names("jass"))  # and stronger ones (pimc)
    assert make_bot("jass", "rules").NAME == "rules"


def test_strong_trump_hand_chooses_trump_weak_hand_pushes() -> None:  # J-3
    game = deal("HJ H9 HA HT H8 SK CQ D8 DT", "C6 C7 C8 C9 CT CJ CK CA D6",
                "D7 D9 DJ DQ DK DA H6 H7 HQ", "HK S6 S7 S8 S9 ST SJ SQ SA")
    assert _act(game) == Action("trump", "H")
    weak = deal("C6 D7 H8 S9 CT DJ HQ S6 C8", "C7 C9 CJ CQ CK CA D6 D8 D9",
                "DT DQ DK DA H6 H7 H9 HT HJ", "HK HA S7 S8 ST SJ SQ SK SA")
    assert _act(weak) == Action("push")
    weak.apply("push")
    assert _act(weak).verb == "trump"  # the partner may not push back


def test_contract_choice_weighs_the_factor() -> None:  # J-9
    # trump hearts is worth more than Obenabe to this hand, but Obenabe counts three times
    hand = "HJ H9 HA HK H7 SA CA D6 D7"
    values = contract_values(mask(hand))
    assert values[Contract.H] > values[Contract.OBENABE] > 62
    others = ("C6 C7 C8 C9 CT CJ CQ CK D8", "S6 S7 S8 S9 ST SJ SQ SK D9",
              "H6 H8 HT HQ DT DJ DQ DK DA")
    assert _act(deal(hand, *others)) == Action("trump", "obenabe")
    assert _act(deal(hand, *others, preset="turnier")) == Action("trump", "H")  # all x1


def _weis_deal() -> Jass:
    """Seat 0: four Jacks (200); seat 1: C6-C8 (20); seat 3: S6-S8 (20)."""
    return deal("CJ DJ HJ SJ HA SA H6 H7 S9", "C6 C7 C8 DA CA HK SK H9 ST",
                "D6 D7 D8 D9 CK DK CQ DQ H8", "CT DT HT SQ HQ C9 S6 S7 S8")


def test_declares_weis_unless_it_cannot_count() -> None:  # J-5
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    for action in ("play CA", "play C6", "play DT"):
        game.apply(action)
    assert _act(game) == Action("weis", "C9 CT CJ")
    game.apply("weis C9 CT CJ")
    assert _act(game) == Action("weis", "S8 S9 ST SJ")
    game = _weis_deal()
    game.apply("trump H")
    game.apply("weis CJ DJ HJ SJ")
    game.apply("play HA")
    # seat 1: an opponent announced 200, but his partner may still beat it: declare
    assert _act(game) == Action("weis", "C6 C7 C8")
    for action in ("play H9", "play H8"):
        game.apply(action)
    # seat 3: his partner has played without a Weis; 20 cannot beat 200: keep it hidden
    assert _act(game).verb == "play"


def test_gives_points_to_a_partner_who_holds_the_trick() -> None:
    # Obenabe: partner (seat 0) led the CA; seat 2 is last after seat 1's low club, void in
    # clubs: he throws his ST (10 points) rather than a 6.
    game = position("obenabe", ["C7", "C8", "ST H6 D6", "C9"], trick="CA C6", leader=0,
                    tricks_played=3)
    assert _act(game) == Action("play", "ST")


def test_takes_the_trick_cheaply_as_last_player() -> None:
    game = position("obenabe", ["C7", "C8", "C9", "CK CQ H6"], trick="CJ C6 CT", leader=0,
                    tricks_played=3)
    assert _act(game) == Action("play", "CQ")


def test_pulls_trumps_with_the_top_trump() -> None:
    game = position("S", ["SJ S6 S7 HA H6", "C7 C8", "C9 CT", "D6 D7"], leader=0,
                    tricks_played=2)
    assert _act(game) == Action("play", "SJ")


def test_rules_beats_random_in_a_few_games() -> None:
    report = run_arena("jass", "rules", "random", 6, seed=11)
    assert report.a_units >= 5 and report.a_deals > report.deals * 0.6


@pytest.mark.slow
def test_rules_beats_random_over_a_thousand_deals() -> None:
    # `stich arena jass rules random --matches 120 --seed 1`: 1098 deals, seats swapped
    report = run_arena("jass", "rules", "random", 120, seed=1)
    assert report.deals >= 1000
    assert report.a_deals / report.deals > 0.75
    assert report.a_points > 2 * report.b_points


def test_rules_bot_decides_from_the_information_state_alone() -> None:
    # no memory of its own: a bot that played the whole deal and a fresh one
    # choose alike at every turn
    game = Jass.deal(5, 0)
    players = [JassRulesBot(seat) for seat in range(4)]
    for seat, player in enumerate(players):
        player.new_deal(seat)
    while not game.is_terminal():
        seat = game.current_player()
        info = game.information_state(seat)
        fresh = JassRulesBot(seat)
        action = players[seat].choose(info)
        assert fresh.choose(info) == action
        game.apply(action)
    with pytest.raises(TypeError):
        JassRulesBot(0).act(game.observation(0))
