"""Rules J-1 to J-9, one or more tests per rule, through the engine's public interface."""

from __future__ import annotations

import pytest

from stich.core.actions import Action
from stich.core.card_names import Deck, card_name, parse_card
from stich.core.cards import Card
from stich.core.game import TERMINAL, IllegalActionError
from stich.core.options import OptionsError
from stich.jass.cards import DECK, POINTS, TOTAL_POINTS, Contract, points_of
from stich.jass.game import Jass, JassOptions
from stich.jass.match import JassMatch
from stich.jass.weis import Declared, best, weis_in, weis_points
from tests.jass.helpers import (
    STOECK_HANDS,
    STOECK_TRICKS,
    deal,
    legal_cards,
    mask,
    play,
    play_tricks,
    position,
)

# --- J-1 cards ------------------------------------------------------------------------------


def test_j1_deck_names_and_codes() -> None:
    assert DECK.bit_count() == 36
    assert card_name(Card.HA, Deck.SWISS) == "Rosen-Ass"
    assert card_name(Card.DT, Deck.SWISS) == "Eicheln-Banner"
    assert card_name(Card.SQ, Deck.SWISS) == "Schilten-Ober"
    assert card_name(Card.C7, Deck.SWISS) == "Schellen-7"
    assert parse_card("Schellen-7", Deck.SWISS) == Card.C7
    assert parse_card("Eicheln-Under", Deck.SWISS) == Card.DJ


@pytest.mark.parametrize("contract", list(Contract))
def test_j1_every_contract_has_152_card_points(contract: Contract) -> None:
    assert points_of(DECK, contract) == 152
    assert TOTAL_POINTS == 157


def test_j1_point_tables() -> None:
    trump, plain = POINTS[Contract.H], POINTS[Contract.H]
    assert [trump[c] for c in (Card.HJ, Card.H9, Card.HA, Card.HK, Card.HQ, Card.HT, Card.H8)] \
        == [20, 14, 11, 4, 3, 10, 0]
    assert [plain[c] for c in (Card.SA, Card.SK, Card.SQ, Card.SJ, Card.ST, Card.S9)] \
        == [11, 4, 3, 2, 10, 0]
    assert POINTS[Contract.OBENABE][Card.C8] == 8 and POINTS[Contract.OBENABE][Card.CA] == 11
    undenufe = POINTS[Contract.UNDENUFE]
    assert (undenufe[Card.C6], undenufe[Card.C8], undenufe[Card.CA]) == (11, 8, 0)


# --- J-2 seats, deal, forehand ----------------------------------------------------------------


def test_j2_deal_three_at_a_time_from_forehand() -> None:
    from stich.core.dealing import shuffled

    order = shuffled(DECK, 11)
    game = Jass.deal(11, dealer=1)
    assert game.forehand == 2 and game.current_player() == 2
    assert list(game.dealt[2]) == order[0:3] + order[12:15] + order[24:27]
    assert list(game.dealt[3]) == order[3:6] + order[15:18] + order[27:30]
    assert list(game.dealt[1]) == order[9:12] + order[21:24] + order[33:36]


def test_j2_first_forehand_holds_c7_and_forehand_moves_on() -> None:
    match = JassMatch(["A", "B", "C", "D"], seed=5)
    first = match.new_deal()
    assert Card.C7 in first.dealt[first.forehand]
    for _ in range(3):
        while not first.is_terminal():
            first.apply(first.legal_actions()[-1])
        dealer = first.dealer
        match.finish_deal(first)
        first = match.new_deal()
        assert first.dealer == (dealer + 1) % 4  # the forehand of one deal deals the next


def test_j2_partners_sit_opposite() -> None:
    assert Jass.TEAMS == ((0, 2), (1, 3))


# --- J-3 choosing or pushing ------------------------------------------------------------------


def test_j3_forehand_chooses_any_contract_or_pushes() -> None:
    game = Jass.deal(1, dealer=0)
    assert {str(a) for a in game.legal_actions()} == {
        "trump C", "trump D", "trump H", "trump S", "trump obenabe", "trump undenufe", "push"}


def test_j3_push_goes_to_partner_who_must_choose_and_forehand_leads() -> None:
    game = Jass.deal(1, dealer=0)
    game.apply("push")
    assert game.current_player() == 3
    assert "push" not in {str(a) for a in game.legal_actions()}
    why = game.why_illegal(Action("push"))
    assert why is not None and why.rule == "J-3"
    game.apply("trump undenufe")
    assert game.contract is Contract.UNDENUFE and game.chooser == 3
    assert game.current_player() == 1  # forehand leads in either case


def test_j3_no_card_before_the_contract() -> None:
    game = Jass.deal(1, dealer=0)
    card = next(iter(game.dealt[1]))
    with pytest.raises(IllegalActionError, match="J-3"):
        game.apply(f"play {card}")
    with pytest.raises(IllegalActionError, match="J-3"):
        game.apply("trump X")


# --- J-4 play ---------------------------------------------------------------------------------


def test_j4_trump_may_be_played_instead_of_following() -> None:
    game = position("S", ["C6", "CA SK H6", "C7", "C8"], trick="CT", leader=0)
    assert legal_cards(game) == {"CA", "SK"}


def test_j4_void_may_play_anything_without_a_trump_in_the_trick() -> None:
    game = position("S", ["C6", "SK H6 D6", "C7", "C8"], trick="CT", leader=0)
    assert legal_cards(game) == {"SK", "H6", "D6"}


def test_j4_trump_led_must_follow_with_trump_but_no_duty_to_beat() -> None:
    game = position("S", ["C6", "S6 SA H6", "C7", "C8"], trick="S9", leader=0)
    assert legal_cards(game) == {"S6", "SA"}


def test_j4_buur_with_other_trumps_does_not_free_the_hand() -> None:
    game = position("S", ["C6", "SJ S6 H6", "C7", "C8"], trick="S9", leader=0)
    assert legal_cards(game) == {"SJ", "S6"}


def test_j4_over_trumping_is_allowed_under_trumping_is_not() -> None:
    # S led, C trumped with C9; holding a spade, the player may follow or over-trump (CJ)
    game = position("C", ["C6", "C7", "SK CJ CA", "C8"], trick="S6 C9", leader=0)
    assert legal_cards(game) == {"SK", "CJ"}
    why = game.why_illegal(Action("play", "CA"))
    assert why is not None and why.rule == "J-4" and "under-trump" in why.reason


def test_j4_obenabe_and_undenufe_follow_suit_else_anything() -> None:
    for contract in ("obenabe", "undenufe"):
        game = position(contract, ["C6", "SK H6 D6", "C7", "C8"], trick="ST", leader=0)
        assert legal_cards(game) == {"SK"}
        game = position(contract, ["C6", "H6 D6", "C7", "C8"], trick="ST", leader=0)
        assert legal_cards(game) == {"H6", "D6"}


def test_j4_illegal_card_is_explained() -> None:
    game = position("H", ["C6", "SK D7", "C7", "C8"], trick="ST", leader=0)
    with pytest.raises(IllegalActionError, match=r"follow suit \(S\) or play a trump: SK"):
        game.apply("play D7")
    with pytest.raises(IllegalActionError, match="you do not hold HA"):
        game.apply("play HA")


def test_j4_trick_winner_leads_next() -> None:
    game = deal(*STOECK_HANDS)
    play(game, "trump H")
    play_tricks(game, STOECK_TRICKS[:8])
    assert game.current_player() == 0
    play_tricks(game, STOECK_TRICKS[8:])
    assert game.last_trick is not None and game.last_trick[2] == (2, Card.HT)


# --- J-5 Weis ---------------------------------------------------------------------------------


def test_j5_weis_table() -> None:
    for length, points in zip(range(3, 10), (20, 50, 100, 150, 200, 250, 300), strict=True):
        run = mask(" ".join(f"H{r}" for r in "6789TJQKA"[:length]))
        assert weis_points(run) == points
    assert weis_points(mask("CJ DJ HJ SJ")) == 200
    assert weis_points(mask("C9 D9 H9 S9")) == 150
    for rank in "AKQT876":
        assert weis_points(mask(f"C{rank} D{rank} H{rank} S{rank}")) == 100


def test_j5_runs_count_whole_and_cards_may_serve_twice() -> None:
    hand = mask("H6 H7 H8 H9 HT HJ CJ DJ SJ")
    found = weis_in(hand)
    assert mask("H6 H7 H8 H9 HT HJ") in found  # one Weis of 150, not two of 20
    assert mask("CJ DJ HJ SJ") in found  # HJ in the run and in the four Jacks
    assert len(found) == 2


def test_j5_sequences_use_natural_order_in_every_contract() -> None:
    assert weis_in(mask("H9 HT HJ")) == [mask("H9 HT HJ")]  # 9 T J, though trump order differs


def test_j5_declare_with_first_card_all_some_or_none() -> None:
    game = deal("H6 H7 H8 CJ DJ HJ SJ SA SK", "C6 C7 D6 D7 S6 S7 DA CA HA",
                "C8 C9 CT D8 D9 DT S8 S9 ST", "CQ CK DQ DK HQ HK SQ H9 HT",)
    game.apply("trump C")
    weis = {str(a) for a in game.legal_actions() if a.verb == "weis"}
    assert weis == {"weis H6 H7 H8", "weis CJ DJ HJ SJ"}
    game.apply("weis CJ DJ HJ SJ")  # some: he keeps the run to himself
    assert "weis CJ DJ HJ SJ" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalActionError, match="already declared"):
        game.apply("weis CJ DJ HJ SJ")
    with pytest.raises(IllegalActionError, match="a run counts whole: declare H6 H7 H8"):
        game.apply("weis H6 H7")
    with pytest.raises(IllegalActionError, match="not a Weis"):
        game.apply("weis H6 H8")  # not in a row
    with pytest.raises(IllegalActionError, match="not a Weis"):
        game.apply("weis CJ DJ HJ")  # three Jacks: a four of a kind needs all four
    game.apply("play SA")
    with pytest.raises(IllegalActionError, match="you do not hold"):
        game.apply("weis H6 H7 H8")  # seat 1's turn: not his cards
    play(game, "play S6", "play S8", "play SQ")
    with pytest.raises(IllegalActionError, match="J-5"):
        game.apply("weis H6 H7 H8")  # after the first trick, too late


def test_j5_weis_switched_off_and_low_fours() -> None:
    hands = ("C6 D6 H6 S6 C7 D7 H7 S7 CA", "C8 D8 H8 S8 C9 D9 H9 S9 DA",
             "CT DT HT ST CJ DJ HJ SJ HA", "CQ DQ HQ SQ CK DK HK SK SA")
    game = deal(*hands, four_of_a_kind_low=False)
    game.apply("trump H")
    assert not [a for a in game.legal_actions() if a.verb == "weis"]
    with pytest.raises(IllegalActionError, match="four_of_a_kind_low"):
        game.apply("weis C6 D6 H6 S6")
    game = deal(*hands, weis=False)
    game.apply("trump H")
    with pytest.raises(IllegalActionError, match="switched off"):
        game.apply("weis C6 D6 H6 S6")


def test_j5_best_weis_order() -> None:
    # more points; then more cards; then the higher top card (lower in Undenufe); then trump;
    # then declared first
    four_aces = Declared(0, mask("CA DA HA SA"), 0)
    four_kings = Declared(1, mask("CK DK HK SK"), 1)
    assert best((four_kings, four_aces), Contract.H) == four_aces
    assert best((four_kings, four_aces), Contract.UNDENUFE) == four_kings
    low = Declared(0, mask("C6 C7 C8"), 0)
    high = Declared(1, mask("DQ DK DA"), 1)
    assert best((low, high), Contract.OBENABE) == high
    assert best((low, high), Contract.UNDENUFE) == low
    first = Declared(2, mask("C7 C8 C9"), 0)
    second = Declared(3, mask("D7 D8 D9"), 1)
    assert best((first, second), Contract.H) == first
    assert best((first, second), Contract.D) == second
    fifty = Declared(0, mask("S6 S7 S8 S9"), 1)
    assert best((high, fifty), Contract.H) == fifty


def _weis_deal() -> Jass:
    """Seat 0: four Jacks (200); seat 1: C6-C8 (20); seat 2: D6-D9 (50); seat 3: S6-S8."""
    return deal("CJ DJ HJ SJ HA SA H6 H7 S9", "C6 C7 C8 DA CA HK SK H9 ST",
                "D6 D7 D8 D9 CK DK CQ DQ H8", "CT DT HT SQ HQ C9 S6 S7 S8")


def test_j5_best_team_scores_all_its_weis_after_the_first_trick() -> None:
    game = _weis_deal()
    game.apply("trump H")
    play(game, "weis CJ DJ HJ SJ", "play HA", "weis C6 C7 C8", "play H9",
         "weis D6 D7 D8 D9", "play H8")
    assert game.written == (0, 0)  # nothing counts before the trick is complete
    game.apply("play HT")
    # team 0+2 has the best Weis (four Jacks) and scores the 50 as well; team 1+3 none, though
    # seat 1's H9 takes the trick
    assert game.weis_raw == (250, 0)
    assert game.written == (250, 11 + 14 + 10)


def test_j5_weis_visibility_in_observations() -> None:
    game = _weis_deal()
    game.apply("trump H")
    play(game, "weis CJ DJ HJ SJ", "play HA", "weis C6 C7 C8", "play H9")
    during = game.observation(2).weis
    assert [(w.seat, w.points, w.cards) for w in during] == [(0, 200, None), (1, 20, None)]
    own = game.observation(1).weis[1]
    assert own.cards is not None and set(own.cards) == {Card.C6, Card.C7, Card.C8}
    play(game, "play H8", "play HT")
    after = {w.seat: w.cards for w in game.observation(3).weis}
    assert after[0] is not None and set(after[0]) == {Card.CJ, Card.DJ, Card.HJ, Card.SJ}
    assert after[1] is None  # the losing team's Weis is never shown, not even to the partner
    assert game.observation(1).weis[1].cards is not None  # but its owner knows it


def test_j5_weis_counts_without_a_trick() -> None:
    # Seat 1 has the only Weis; his team takes no trick at all and still scores it.
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, ("CA",))
    game.apply("play C6")
    play_tricks(game, ("DT",))
    game.apply("weis S8 S9 ST SJ")
    game.apply("play C9")
    play_tricks(game, STOECK_TRICKS[1:])
    result = game.result()
    assert result is not None and result.extra["weis"] == [0, 50]
    assert result.game_points[1] == 50 + 20  # the Weis and the Stöck


# --- J-6 Stöck ----------------------------------------------------------------------------------


def test_j6_stoeck_scored_when_the_second_card_is_played() -> None:
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:5])
    assert game.observation(0).stoeck is None
    play_tricks(game, ("H9 HQ",))
    assert game.observation(0).stoeck == 1 and game.written[1] == 20


def test_j6_no_stoeck_without_trump_or_when_switched_off() -> None:
    game = deal(*STOECK_HANDS, stoeck=False)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS)
    result = game.result()
    assert result is not None and result.extra["stoeck"] == [0, 0]
    game = deal(*STOECK_HANDS)
    game.apply("trump obenabe")
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    result = game.result()
    assert result is not None and result.extra["stoeck"] == [0, 0]


def test_j6_king_and_queen_from_two_hands_are_no_stoeck() -> None:
    game = position("H", ["C6", "HK", "C7", "C8"], trick="HQ", leader=0)
    game.apply("play HK")
    assert game.stoeck_seat is None


# --- J-7 scoring a deal -------------------------------------------------------------------------


def test_j7_last_trick_and_match_bonus() -> None:
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS)
    result = game.result()
    assert result is not None
    assert result.card_points[0] == 157 and result.extra["match"] == [0, 2]
    assert result.game_points[0] == 257  # 157 + 100 for the Match
    assert result.winner == (0, 2) and not result.extra["game_over"]


def test_j7_match_bonus_option() -> None:
    game = deal(*STOECK_HANDS, match_bonus=0)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS)
    assert game.returns()[0] == 157


def test_j7_game_ends_mid_deal_when_the_trick_reaches_the_target() -> None:
    game = deal(*STOECK_HANDS, scores_before=(2480, 0))
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:1])  # 21 points: 2501
    assert game.current_player() == TERMINAL
    result = game.result()
    assert result is not None and result.reason == "target reached"
    assert result.extra["game_over"] and result.extra["game_winner"] == [0, 2]
    assert result.extra["scores"] == [2501, 0]


def test_j7_stoeck_before_the_trick() -> None:
    # Stöck-Weis-Stich: team 1+3's Stöck in trick 6 reaches 2500 before team 0+2's trick would
    game = deal(*STOECK_HANDS, scores_before=(2400, 2480))
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:5])
    play_tricks(game, ("H9 HQ",))
    result = game.result()
    assert result is not None and result.extra["game_winner"] == [1, 3]
    assert result.extra["scores"] == [2483, 2500]
    assert game.trick == (Card.H9, Card.HQ)  # the game ended with the card


def test_j7_weis_before_the_trick() -> None:
    # Stöck-Weis-Stich: team 1+3's Weis after trick 1 counts before team 0+2's trick points
    game = deal(*STOECK_HANDS, scores_before=(2480, 2450))
    game.apply("trump H")
    play(game, "play CA", "play C6", "play DT", "weis S8 S9 ST SJ", "play C9")
    result = game.result()
    assert result is not None and result.extra["game_winner"] == [1, 3]
    assert result.extra["scores"] == [2480, 2500]


def test_j7_points_written_as_they_happen_in_observations() -> None:
    game = deal(*STOECK_HANDS, scores_before=(100, 200))
    game.apply("trump S")  # x2
    play_tricks(game, STOECK_TRICKS[:1])
    obs = game.observation(3)
    assert obs.points == (42, 0) and obs.scores == (142, 200) and obs.multiplier == 2


# --- J-9 presets and options ------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "table", "target"), [
    ("standard", (1, 2, 3, 4), 2500),
    ("swisslos", (1, 2, 3, 3), 2500),
    ("turnier", (1, 1, 1, 1), 1000),
])
def test_j9_presets(preset: str, table: tuple[int, ...], target: int) -> None:
    options = JassOptions.from_preset(preset)
    assert options.multiplier(Contract.H) == options.multiplier(Contract.D) == table[0]
    assert options.multiplier(Contract.S) == options.multiplier(Contract.C) == table[1]
    assert options.multiplier(Contract.OBENABE) == table[2]
    assert options.multiplier(Contract.UNDENUFE) == table[3]
    assert options.target == target and options.match_bonus == 100


def test_j9_every_named_option() -> None:
    options = JassOptions.from_preset("standard", target="1500", multipliers="1,1,2,2",
                                      match_bonus="50", weis="off", stoeck="no",
                                      four_of_a_kind_low="false")
    assert (options.target, options.match_bonus, options.weis, options.stoeck,
            options.four_of_a_kind_low) == (1500, 50, False, False, False)
    assert options.multiplier(Contract.UNDENUFE) == 2
    assert options.overrides() == {"target": 1500, "multipliers": "1,1,2,2", "match_bonus": 50,
                                   "weis": False, "stoeck": False, "four_of_a_kind_low": False}
    with pytest.raises(OptionsError, match="target must be one of"):
        JassOptions.from_preset(target=1234)
    with pytest.raises(OptionsError, match="multipliers"):
        JassOptions.from_preset(multipliers="1,2,3")
    with pytest.raises(OptionsError, match="unknown jass preset"):
        JassOptions.from_preset("bodenjass")
    with pytest.raises(OptionsError, match="unknown jass option"):
        JassOptions.from_preset(trumpf=True)


def test_j9_target_decides_the_end() -> None:
    game = deal(*STOECK_HANDS, scores_before=(990, 0), preset="turnier")
    game.apply("trump S")  # x1 in turnier
    play_tricks(game, STOECK_TRICKS[:1])
    result = game.result()
    assert result is not None and result.extra["scores"] == [1011, 0]


def test_deal_that_starts_decided_is_refused() -> None:
    with pytest.raises(ValueError, match="already decided"):
        deal(*STOECK_HANDS, scores_before=(2500, 0))
    with pytest.raises(ValueError, match="9 cards"):
        Jass([[Card.C6]] * 4)
