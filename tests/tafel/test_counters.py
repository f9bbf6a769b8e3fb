"""Each counter rule by hand-entered deals with known outcomes: S-10, B-7,
D-1, J-7 to J-9, J-11, J-12, through the pads and so through the scoring the engines use."""

from __future__ import annotations

import pytest

from stich.core.options import OptionsError
from stich.core.scoring.entry import EntryError
from stich.tafel.pad import Pad
from stich.tafel.store import new_pad

FOUR = ["Anna", "Ben", "Carl", "Dora"]


def enter(pad: Pad, *lines: str) -> Pad:
    for line in lines:
        pad.enter(line)
    return pad


def refused(pad: Pad, line: str) -> str:
    before = list(pad.entries), pad.scores()
    with pytest.raises(EntryError) as caught:
        pad.enter(line)
    assert (pad.entries, pad.scores()) == before  # an impossible entry changes nothing
    return str(caught.value)


# --- S-10 -------------------------------------------------------------------------------
def test_s10_count_down_from_7_schneider_and_rubber() -> None:
    pad = enter(new_pad("schnapsen", ["Anna", "Ben"]), "anna 3", "ben 2", "anna 3", "anna 1")
    # Anna 7 -> 4 -> 1 -> 0: Bummerl for Ben (he had scored: no Schneider)
    assert pad.scores()["bummerl"] == [0, 1]
    enter(pad, "2 3", "2 3", "2 1")  # Ben 7:0 over Anna: Schneider, 2 Bummerl
    assert pad.scores()["bummerl"] == [2, 1]
    assert pad.scores()["winner"] == 1  # S-10: two Bummerl given win the rubber
    assert pad.is_over() and "Ben wins the rubber" in pad.result_line()
    assert "already decided" in refused(pad, "1 1")


def test_s10_options_start_and_tournament_schneider() -> None:
    pad = enter(new_pad("schnapsen", ["A", "B"], "tournament", {"bummerl_start": 9}),
                "1 3", "1 3", "1 3")
    assert pad.scores()["bummerl"] == [0, 1]  # 9:0, Schneider counted as 1 in the preset
    assert pad.scores()["columns"] == [[9], [9]]


def test_s9_impossible_game_points() -> None:
    pad = new_pad("schnapsen", ["Anna", "Ben"])
    assert refused(pad, "anna 4") == "game points 4 is impossible: S-9 allows 1, 2, 3"
    assert "matches no player" in refused(pad, "zoe 1")


# --- B-7 ----------------------------------------------------------------------------------
def test_b7_race_to_24_bummerl_and_schneider() -> None:
    pad = enter(new_pad("bauernschnapsen", FOUR), "normal 1 3", "bauernschnapser 3 x2")
    # B-8.4: Bauernschnapser x2: 24 to Anna & Carl at once; Ben & Dora at 0: Schneider
    assert pad.scores()["finished"][0]["kind"] == "schneider"
    assert pad.scores()["bummerl"] == [0, 2] and pad.is_over()


def test_b7_retourschneider() -> None:
    pad = new_pad("bauernschnapsen", FOUR, options={"match_bummerl": 5})
    enter(pad, "gang 1 x2", "bettler 3", "normal 1 1")  # Anna & Carl 18 + 4 + 1 = 23, others 0
    enter(pad, "kontrabauernschnapser 2")  # Ben & Dora 24 from 0: A & C get 4
    assert pad.scores()["finished"][0]["kind"] == "retourschneider"
    assert pad.scores()["bummerl"] == [4, 0]


def test_b5_b6_impossible_entries() -> None:
    pad = new_pad("bauernschnapsen", FOUR)
    assert refused(pad, "gang 1 7") == "gang gives 9 (B-5), not 7"
    assert "1, 2 or 3 game points before doubling (B-4), not 4" in refused(pad, "normal 1 4 x2")
    assert "factor 1 only" in refused(pad, "farbenringerl 1 x2")
    assert "cannot fail" in refused(pad, "herrenschnapser 1 lost")
    assert "B-6 allows 1, 2, 4, 8" in refused(pad, "gang 1 x3")
    club = new_pad("bauernschnapsen", FOUR, "club")
    assert "not played under the option contracts" in refused(club, "farbenringerl 1")


def test_b2_redeal_scores_nothing() -> None:
    pad = enter(new_pad("bauernschnapsen", FOUR), "redeal")
    assert pad.scores()["score"] == [0, 0]


# --- D-1 ------------------------------------------------------------------------------------
def test_d1_failed_contract_scores_both_others_and_ties_share() -> None:
    pad = new_pad("dreierschnapsen", ["Anna", "Ben", "Carl"])
    enter(pad, "gang anna lost x2")  # D-1: each of the two others scores 18
    assert pad.scores()["score"] == [0, 18, 18]
    enter(pad, "zehnergang ben")  # Ben 28 wins; Anna at 0 gets a Schneider
    race = pad.scores()["finished"][0]
    assert race["winners"] == [1] and race["losers"] == [0] and race["kind"] == "schneider"


def test_d1_two_at_23_retourschneider() -> None:
    pad = new_pad("dreierschnapsen", ["A", "B", "C"], options={"match_bummerl": 9})
    # B and C reach 23 each while A stands at 0; then A reaches 24 from 0
    enter(pad, "gang a lost", "gang a lost", "bettler a lost", "normal b 1", "normal c 1")
    assert pad.scores()["score"] == [0, 23, 23]
    enter(pad, "kontrabauernschnapser a")
    outcome = pad.scores()["finished"][0]
    assert outcome["kind"] == "retourschneider" and outcome["losers"] == [1, 2]
    assert pad.scores()["bummerl"] == [0, 4, 4]


# --- J-7 to J-9 -------------------------------------------------------------------------------
def test_j8_seed_board_2518_from_hand_entered_deals() -> None:
    """The seed's board: 19 hundreds, 5 fifties, 18 twenties and 6, 3, -1 beside it: 2518."""
    pad = new_pad("jass", FOUR)
    lines = ["rosen 1 126", "rosen 1 103", "korr 1 -1", *["rosen 1 150"] * 5,
             "rosen 1 100 st 1", *["rosen 1 100"] * 3, *["rosen 1 140"] * 8]
    enter(pad, *lines)
    strokes = pad.scores()["strokes"][0]
    assert (strokes["hundreds"], strokes["fifties"], strokes["twenties"], strokes["rests"]) == (
        19, 5, 18, [6, 3, -1])
    assert pad.scores()["scores"][0] == strokes["total"] == 2518
    assert pad.scores()["winner"] == 0  # the last deal takes Anna & Carl past 2500 (J-7)
    assert "already decided" in refused(pad, "rosen 2 100")


def test_j9_multipliers_and_match() -> None:
    # J-10.5: Obenabe Match 257 x 3 = 771; Undenufe Match 1028; Schilten 100:57 -> 200:114
    pad = enter(new_pad("jass", FOUR), "obenabe 1 match")
    assert pad.scores()["scores"] == [771, 0]
    pad = enter(new_pad("jass", FOUR), "undenufe 2 257")
    assert pad.scores()["scores"] == [0, 1028]
    pad = enter(new_pad("jass", FOUR), "schilten 1 100")
    assert pad.scores()["scores"] == [200, 114]
    swiss = enter(new_pad("jass", FOUR, "swisslos"), "undenufe 1 100")
    assert swiss.scores()["scores"] == [300, 171]  # J-9 swisslos: Undenufe x3
    turnier = enter(new_pad("jass", FOUR, "turnier"), "schellen 1 100 w 1 50 st 2")
    assert turnier.scores()["scores"] == [150, 77]


def test_j7_j5_j6_impossible_entries() -> None:
    pad = new_pad("jass", FOUR)
    assert "257 only with Match" in refused(pad, "rosen 1 170")
    assert "only with a trump suit (J-6)" in refused(pad, "obenabe 1 100 st 1")
    assert "no sum of Weis values" in refused(pad, "rosen 1 100 w 1 30")
    assert "only the team with the best Weis" in refused(pad, "rosen 1 100 w 1 20 w 2 50")
    assert "ambiguous" in refused(pad, "sch 1 100")
    off = new_pad("jass", FOUR, options={"weis": False})
    assert "Weis are switched off" in refused(off, "rosen 1 100 w 1 20")


def test_j7_order_at_the_end_of_a_game() -> None:
    def at(first: int, second: int) -> Pad:
        return enter(new_pad("jass", FOUR, "turnier"), f"korr 1 {first}", f"korr 2 {second}")

    # both teams would pass 1000 in this deal: Stöck counts first (J-7)
    pad = enter(at(985, 960), "rosen 2 150 st 1")
    assert pad.scores()["winner"] == 0 and pad.scores()["scores"] == [985 + 20 + 7, 1110]
    # Weis before the tricks
    pad = enter(at(985, 960), "rosen 1 100 w 2 50")
    assert pad.scores()["winner"] == 1
    # both with their tricks: the table says who got there first
    assert "say which got there first" in refused(at(950, 950), "rosen 1 80")
    pad = enter(at(950, 950), "rosen 1 80 first 2")
    assert pad.scores()["winner"] == 1
    assert "only decides when both" in refused(at(10, 10), "rosen 1 80 first 2")


def test_j7_a_game_ends_inside_a_deal() -> None:
    """Card points short of 157 only where the game ended before the deal was played out."""
    pad = enter(new_pad("jass", FOUR, "turnier"), "korr 1 950")
    short = {"kind": "deal", "contract": "H", "card_points": [30, 20]}
    with pytest.raises(EntryError, match="does not end in this deal"):
        pad.add(short)
    pad.add({**short, "card_points": [60, 20]})
    assert pad.scores()["winner"] == 0 and pad.scores()["scores"] == [1010, 20]


# --- J-11 ---------------------------------------------------------------------------------------
def test_j11_coiffeur_rows_factors_and_end() -> None:
    pad = new_pad("coiffeur", FOUR)
    enter(pad, "1 3 98", "2 7 120 obenabe", "1 5 match")
    filled = pad.scores()["filled"]
    assert filled == [{"3": 294, "5": 1285}, {"7": 840}]  # 98x3, 257x5, 120x7
    assert "filled row 3 already" in refused(pad, "anna 3 50")
    assert "is a Joker and names no contract" in refused(pad, "2 8 100")
    assert "row 9 does not exist" in refused(pad, "1 9 100")
    for row in range(1, 9):
        for team in (1, 2):
            if str(row) not in pad.scores()["filled"][team - 1]:
                joker = " rosen" if row >= 7 else ""
                pad.enter(f"{team} {row} 100{joker}")
    assert pad.is_over()
    totals = pad.scores()["totals"]
    assert pad.scores()["winner"] == (0 if totals[0] > totals[1] else 1)


def test_j11_options_opponents_score_and_coiffeur_10() -> None:
    pad = enter(new_pad("coiffeur", FOUR, "coiffeur-10", {"opponents_score": True}),
                "1 9 100", "2 1 kontermatch")
    # row 9 Slalom x9: (100 - 57) x 9; row 1 x1: 0 - 257
    assert pad.scores()["filled"] == [{"9": 387}, {"1": -257}]


# --- J-12 ---------------------------------------------------------------------------------------
def test_j12_differenzler_penalties_hidden_predictions_and_tie() -> None:
    pad = new_pad("differenzler", ["Anna", "Ben", "Carl"], "tv", {"rounds": 2})
    enter(pad, "p anna 50", "p ben 60")
    assert pad.scores()["predicted"] == {"0": None, "1": None}  # hidden from everybody
    assert pad.scores(0)["predicted"] == {"0": 50, "1": None}  # Anna sees her own
    assert "still to predict: Carl" in refused(pad, "t 50 60 47")
    enter(pad, "p carl 40", "t 45 62 50")  # penalties 5, 2, 10
    assert pad.scores()["totals"] == [5, 2, 10]
    assert "make 150" in refused(pad, "d 0 0 0 : 50 50 50")
    enter(pad, "d 40 40 77 : 42 35 80")  # 2, 5, 3 -> 7, 7, 13: a tie, one more deal (J-12)
    assert pad.scores()["totals"] == [7, 7, 13] and not pad.is_over()
    enter(pad, "d 0 10 147 : 0 20 137")
    assert pad.is_over() and pad.scores()["winner"] == 0


def test_j12_exact_bonus() -> None:
    pad = enter(new_pad("differenzler", ["A", "B", "C", "D"], options={"exact_bonus": True}),
                "d 40 0 50 67 : 40 0 60 57")
    assert pad.scores()["totals"] == [-10, 0, 10, 10]


def test_undo_recomputes_from_the_entries() -> None:
    pad = enter(new_pad("jass", FOUR), "rosen 1 100", "schellen 2 100")
    assert pad.undo() is not None
    assert pad.scores()["scores"] == [100, 57] and len(pad.entries) == 1


def test_d1_normal_game_caller_alone_against_two() -> None:
    pad = enter(new_pad("dreierschnapsen", ["Anna", "Ben", "Carl"]), "normal ben 2 lost",
                "normal carl 1 x2")
    # D-1: the caller Ben lost: Anna and Carl score 2 each; then Carl alone scores 1 x2
    assert pad.scores()["score"] == [2, 0, 4]


def test_b7_count_down_shows_the_race_from_24() -> None:
    pad = enter(new_pad("bauernschnapsen", FOUR, options={"count_down": True}), "normal 1 3")
    assert pad.scores()["columns"] == [[24, 21], [24]]
    assert "-24- 21" in pad.board_text()


def test_j11_stoeck_only_with_the_option_and_a_trump_row() -> None:
    plain = new_pad("coiffeur", FOUR)
    assert "Stöck are off" in refused(plain, "1 2 100 st 1")
    pad = new_pad("coiffeur", FOUR, options={"stoeck": True})
    assert "no Stöck in Obenabe" in refused(pad, "1 5 100 st 1")
    enter(pad, "1 2 100 st 1", "2 7 60 st 2 rosen")
    assert pad.scores()["filled"] == [{"2": 240}, {"7": 560}]  # (100 + 20) x 2, (60 + 20) x 7
    assert "row 3 is Schilten, not Rosen (J-11)" in refused(pad, "1 3 80 rosen")


def test_j12_open_predictions_go_round_from_forehand() -> None:
    pad = new_pad("differenzler", ["Anna", "Ben", "Carl"], options={"open": True})
    # the first dealer is seat 0, so Ben (seat 1) is forehand and predicts first
    assert "it is Ben's turn" in refused(pad, "p anna 40")
    enter(pad, "p ben 40", "p ben 45", "p carl 50")  # Ben may change until Carl predicts
    assert "it is Anna's turn" in refused(pad, "p ben 30")
    assert pad.scores()["predicted"] == {"1": 45, "2": 50}  # open: shown to everybody
    assert "Ben predicts 40" in pad.history()[0]


def test_differenzler_names_and_players_option_agree() -> None:
    with pytest.raises(EntryError, match="option players is 4, but 3 names"):
        new_pad("differenzler", ["A", "B", "C"], options={"players": 4})
    with pytest.raises(OptionsError, match="players must be one of 4, 3, 5; got 6"):
        new_pad("differenzler", ["A", "B", "C", "D", "E", "F"])
