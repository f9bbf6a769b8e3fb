"""The public test vectors of J-10, one test each, through the engine."""

from __future__ import annotations

from stich.core.actions import Action
from stich.core.cards import Card
from stich.jass.cards import Contract, playable, points_of, winner_index
from stich.jass.weis import Declared, best
from tests.jass.helpers import (
    STOECK_HANDS,
    STOECK_TRICKS,
    cards,
    deal,
    legal_cards,
    mask,
    play_tricks,
    position,
)


def test_j10_1_no_under_trumping_when_following_is_possible() -> None:
    # J-10 1: trump H, SA led, HQ trumped; S6 H9 H8 -> {S6, H9}; H8 H6 only -> {H8, H6}
    game = position("H", ["C6", "C7", "S6 H9 H8", "C8"], trick="SA HQ", leader=0)
    assert legal_cards(game) == {"S6", "H9"}
    game = position("H", ["C6", "C7", "H8 H6", "C8"], trick="SA HQ", leader=0)
    assert legal_cards(game) == {"H8", "H6"}


def test_j10_2_void_must_discard_rather_than_under_trump() -> None:
    # J-10 2: trump D, trick C6 DJ DT; DA D9 D6 ST -> {ST}
    game = position("D", ["C7", "C8", "C9", "DA D9 D6 ST"], trick="C6 DJ DT", leader=0)
    assert legal_cards(game) == {"ST"}


def test_j10_3_buur_is_never_forced_and_trumps_may_always_be_played() -> None:
    # J-10 3: trump H, HA led; HJ (only trump) SK D7 -> all three
    game = position("H", ["C6", "HJ SK D7", "C7", "C8"], trick="HA", leader=0)
    assert legal_cards(game) == {"HJ", "SK", "D7"}
    # ST led, no trump in the trick: SK H7 DA -> {SK, H7}
    game = position("H", ["C6", "SK H7 DA", "C7", "C8"], trick="ST", leader=0)
    assert legal_cards(game) == {"SK", "H7"}


def test_j10_4_trick_winners_and_points_by_contract() -> None:
    # J-10 4: trump H: HJ H9 HA HT = 55; Undenufe C6 C8 CA CT won by C6, 29; Obenabe by CA, 29
    trick = cards("HJ H9 HA HT")
    assert points_of(mask("HJ H9 HA HT"), Contract.H) == 55
    assert trick[winner_index(trick, Contract.H)] == Card.HJ
    trick = cards("C6 C8 CA CT")
    assert trick[winner_index(trick, Contract.UNDENUFE)] == Card.C6
    assert points_of(mask("C6 C8 CA CT"), Contract.UNDENUFE) == 29
    assert trick[winner_index(trick, Contract.OBENABE)] == Card.CA
    assert points_of(mask("C6 C8 CA CT"), Contract.OBENABE) == 29


SUIT_HANDS = ("H6 H7 H8 H9 HT HJ HQ HK HA", "C6 C7 C8 C9 CT CJ CQ CK CA",
              "D6 D7 D8 D9 DT DJ DQ DK DA", "S6 S7 S8 S9 ST SJ SQ SK SA")


def _match_deal(contract: str) -> tuple[int, ...]:
    """Seat 0 holds all the hearts and leads them: team 0+2 takes all nine tricks."""
    game = deal(*SUIT_HANDS)
    game.apply(f"trump {contract}")
    order = SUIT_HANDS[0].split()
    if contract == "obenabe":
        order.reverse()
    for number in range(9):
        game.apply(f"play {order[number]}")
        for seat in (1, 2, 3):
            game.apply(f"play {SUIT_HANDS[seat].split()[number]}")
    result = game.result()
    assert result is not None and result.extra["match"] == [0, 2]
    return result.game_points


def test_j10_5_match_and_multipliers() -> None:
    # J-10 5: Obenabe match 257 x 3 = 771; Undenufe match 1028
    assert _match_deal("obenabe") == (771, 0, 771, 0)
    assert _match_deal("undenufe") == (1028, 0, 1028, 0)


def test_j10_5_schilten_doubles() -> None:
    # J-10 5: Schilten (S) trump, 100 : 57 -> 200 : 114. This deal (seat 0 forehand, no Weis
    # declared, nobody holds SK and SQ) ends 100 : 57 in card points.
    game = deal("H7 SJ CA CK D8 CQ D7 SQ C6", "H9 HJ DT S7 HQ DK C7 SK DA",
                "C9 HT S9 ST S8 SA H6 D6 DJ", "D9 DQ CJ HA S6 H8 C8 HK CT")
    game.apply("trump S")
    play_tricks(game, ("CQ S7 C9 CJ", "DA SA D9 SJ", "D8 DT D6 DQ", "H8 H7 H9 HT",
                       "ST S6 SQ SK", "HQ S9 HA CA", "DJ CT D7 DK", "HJ H6 HK C6",
                       "C8 CK C7 S8"))
    result = game.result()
    assert result is not None
    assert result.card_points[:2] == (100, 57)
    assert result.game_points[:2] == (200, 114)


def test_j10_6_weis_comparison() -> None:
    # J-10 6: four Kings (100) against a five-card run (100): the run has more cards and wins
    kings = Declared(0, mask("CK DK HK SK"), 0)
    run = Declared(1, mask("D7 D8 D9 DT DJ"), 1)
    assert best((kings, run), Contract.H) == run
    # two three-card runs topped by the Ace, one in trump: the trump one wins
    plain = Declared(0, mask("CQ CK CA"), 0)
    trump = Declared(1, mask("HQ HK HA"), 1)
    assert best((plain, trump), Contract.H) == trump


def test_j10_7_stoeck_is_kept_when_the_other_team_takes_every_trick() -> None:
    # J-10 7: trump H; seat 1 plays HK in trick 2 and HQ in trick 6: Stöck 20 at that moment
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:5])
    assert game.written == (83, 0) and game.stoeck_seat is None
    play_tricks(game, ("H9 HQ",))
    assert game.written == (83, 20) and game.stoeck_seat == 1
    play_tricks(game, (STOECK_TRICKS[5][6:],))
    play_tricks(game, STOECK_TRICKS[6:])
    result = game.result()
    assert result is not None
    assert result.extra["match"] == [0, 2] and result.extra["stoeck"] == [0, 20]
    assert result.game_points == (257, 20, 257, 20)


def test_popular_library_under_trump_case() -> None:
    # J-4 3 with trump order J 9 A K Q T 8 7 6: trump D, trick CT D6 D9. D7 and DA are both
    # below D9, so with a non-trump in hand they are under-trumps and illegal (a popular
    # library compares by the natural order and allows DA).
    hand = mask("D7 DA S6")
    allowed = playable(hand, cards("CT D6 D9"), Contract.D)
    assert allowed == mask("S6")
    game = position("D", ["C7", "C8", "C9", "D7 DA S6"], trick="CT D6 D9", leader=0)
    why = game.why_illegal(Action("play", "DA"))
    assert why is not None and why.rule == "J-4" and "under-trump" in why.reason
    # holding a club, he must follow (or over-trump, which D7 and DA are not)
    assert playable(mask("D7 DA C6"), cards("CT D6 D9"), Contract.D) == mask("C6")
    # nothing but trumps: any of them
    assert playable(mask("D7 DA"), cards("CT D6 D9"), Contract.D) == mask("D7 DA")
    # DJ over-trumps D9 and stays legal beside the discard
    assert playable(mask("DJ DA S6"), cards("CT D6 D9"), Contract.D) == mask("DJ S6")
