"""Every contract of B-5, made in one real deal and lost in another, and their special rules."""

from __future__ import annotations

from typing import Any

import pytest

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.contracts import TABLE, Goal
from stich.core.actions import Action
from tests.bauernschnapsen.contract_deals import DEALS
from tests.bauernschnapsen.helpers import bauern, legal, pass_round, replay_entry, run


@pytest.mark.parametrize("key", sorted(DEALS), ids="-".join)
def test_contract_made_and_lost(key: tuple[str, str]) -> None:  # B-5
    entry: dict[str, Any] = DEALS[key]
    name, reason = key
    game = replay_entry(Bauernschnapsen, entry)
    result = game.result()
    assert result is not None and result.reason == reason
    assert result.extra["contract"] == name
    assert result.winner == entry["winner"] and result.game_points == entry["game_points"]
    value = next(c.value for c in TABLE if c.name == name)
    assert max(result.game_points) == value  # nobody doubled in these deals
    declaring_team = {game.declarer % 2, game.declarer % 2 + 2}
    assert (set(result.winner) == declaring_team) == (reason in ("made", "shown"))


def test_every_contract_has_a_made_and_a_lost_deal() -> None:  # B-5
    for contract in TABLE:
        outcomes = {reason for name, reason in DEALS if name == contract.name}
        assert outcomes == ({"shown"} if contract.goal is Goal.SHOWN else {"made", "failed"})


def test_contract_ends_as_soon_as_its_outcome_is_certain() -> None:  # B-5
    for (name, reason), entry in DEALS.items():
        game = replay_entry(Bauernschnapsen, entry)
        tricks = len(game.winners)
        contract = game.contract
        assert contract is not None
        if contract.goal is Goal.NO_TRICK and reason == "failed":
            assert game.winners[-1] == game.declarer and game.winners.count(game.declarer) == 1
        if contract.goal is Goal.ALL_TRICKS and reason == "failed":
            assert game.winners[-1] != game.declarer and tricks == game.winners.index(
                game.winners[-1]) + 1
        if reason == "made" and contract.goal is not Goal.SCHNAPSER:
            assert tricks == 5
        if contract.goal is Goal.SCHNAPSER and reason == "made":
            assert game.score((game.declarer,)) >= 66 and tricks <= 3, name


# Seat 1 calls (dealer 0). Hands in dealing order.
SCHNAPSER = ["DK DQ DJ SQ SJ", "HA HT DA HK SA", "HQ HJ DT CQ CJ", "ST SK CA CT CK"]


def test_schnapser_fails_after_three_tricks_without_66() -> None:  # B-5
    # HA, HT, HK: three tricks, but only 11+10+4 and what falls: under 66.
    game = bauern(["DK DQ DJ SQ SJ", "HA HT HK DA SA", "HQ HJ DT CQ CJ", "ST SK CA CT CK"])
    run(game, "1 trump H, 1 bid schnapser, 2 pass, 3 pass, 0 pass")
    pass_round(game)
    run(game, "1 play HA, 2 play HJ, 3 play CK, 0 play SJ, 1 play HT, 2 play HQ, "
              "3 play SK, 0 play SQ, 1 play HK, 2 play CJ, 3 play CT, 0 play DJ")
    result = game.result()
    assert game.winners == (1, 1, 1) and game.points[1] < 66
    assert result is not None and result.reason == "failed" and result.winner == (0, 2)


def test_schnapser_made_by_one_trick_then_40() -> None:  # B-5
    game = bauern(["SJ SQ DK DJ HT", "HK HQ SA DA CA", "ST HA DT CQ CJ", "SK HJ DQ CT CK"])
    run(game, "1 trump H, 1 bid schnapser, 2 pass, 3 pass, 0 pass")
    pass_round(game)
    run(game, "1 play SA, 2 play ST, 3 play SK, 0 play SJ")
    assert game.points[1] == 27 and not game.is_terminal()
    run(game, "1 marriage H")  # 27 + 40: made at the announcement
    result = game.result()
    assert result is not None and result.reason == "made" and result.game_points == (0, 6, 0, 6)


def test_partner_trick_loses_schnapser_unless_with_partner() -> None:  # B-5
    hands = ["DK DQ DJ SQ SJ", "HK HQ SA DA CA", "HJ ST DT CQ CJ", "HA SK HT CT CK"]
    for with_partner in (False, True):
        game = bauern(hands, schnapser_with_partner=with_partner)
        run(game, "1 trump H, 1 bid schnapser, 2 pass, 3 pass, 0 pass")
        pass_round(game)
        run(game, "1 marriage H, 1 play HQ, 2 play HJ, 3 play HA, 0 play DJ")  # B-4: head
        result = game.result()
        assert game.winners == (3,)  # the declarer's partner
        if with_partner:  # the partner's trick counts, and with it the pending 40
            assert result is None and game.score(game.declaring_seats()) == 18 + 40
        else:
            assert result is not None and result.reason == "failed" and result.winner == (0, 2)


def test_kontra_contracts_caller_leads() -> None:  # B-5
    game = bauern(SCHNAPSER)
    run(game, "1 trump H, 1 pass, 2 bid kontraschnapser, 3 pass, 0 pass")
    pass_round(game)
    assert game.declarer == 2 and game.current_player() == 1


def test_bettler_partner_sits_out() -> None:  # B-5 bettler_partner_sits_out
    game = bauern(SCHNAPSER, bettler_partner_sits_out=True)
    run(game, "1 trump H, 1 bid bettler, 2 pass, 3 pass, 0 pass")
    pass_round(game)
    assert game.observation(0).sitting_out == 3
    run(game, "1 play SA, 2 play CQ, 0 play SQ")  # seat 3 is skipped: tricks of 3 cards
    assert game.winners == (1,) and game.is_terminal()
    assert game.hands[3] == game.observation(3).hand and len(game.observation(3).hand) == 5


def test_plauderer_open_hands() -> None:  # B-5 plauderer
    hands = ["DK DQ SA SQ SJ", "HT HJ DJ HK CJ", "HQ HA DT CQ ST", "SK DA CA CT CK"]
    script = "1 trump H, 1 bid plauderer, 2 pass, 3 pass, 0 pass"
    first_trick = "1 play DJ, 2 play DT, 3 play DA, 0 play DK"

    def open_to(game: Bauernschnapsen, seat: int) -> set[int]:
        return {s for s, _ in game.observation(seat).open_hands}

    game = bauern(hands)
    run(game, script)
    pass_round(game)
    assert all(not open_to(game, s) for s in range(4))
    run(game, first_trick)  # seat 3 takes it; the declarer lays his cards open
    assert game.winners == (3,) and not game.is_terminal()
    assert all(open_to(game, s) == ({1} if s != 1 else set()) for s in range(4))
    assert dict(game.observation(0).open_hands)[1] == game.hands[1]
    game = bauern(hands, plauderer="opponents_open_after_first")
    run(game, script)
    pass_round(game)
    run(game, first_trick)
    assert open_to(game, 1) == {0, 2} and open_to(game, 3) == {0, 2} and open_to(game, 0) == {2}
    game = bauern(hands, plauderer="opponents_confer")
    run(game, script)  # the opponents (seats 0 and 2) see each other from the start
    assert open_to(game, 0) == {2} and open_to(game, 2) == {0}
    assert not open_to(game, 1) and not open_to(game, 3)


def test_assenbettler_variants() -> None:  # B-5 assenbettler
    game = bauern(SCHNAPSER)
    run(game, "1 trump H, 1 bid assenbettler")
    assert game.contracts["assenbettler"].ten_high
    game = bauern(["DK DQ DJ SQ SJ", "HA HT HK HQ HJ", "SA DT CQ CJ DA", "ST SK CA CT CK"],
                  assenbettler="must_hold_ace")
    run(game, "1 trump H, 1 pass")
    assert "assenbettler" in legal(game, "bid")  # seat 2 holds an Ace
    run(game, "2 pass")
    assert "assenbettler" in legal(game, "bid")
    run(game, "3 pass")
    why = game.why_illegal(Action("bid", "assenbettler"))
    assert why is not None and "Ace" in why.reason  # seat 0 holds none
    assert not game.contracts["assenbettler"].ten_high


def test_shown_contracts_end_at_once_and_contracts_option() -> None:  # B-5
    hands = ["DK DQ DJ SQ SJ", "HA HT HK HQ HJ", "SA DT CQ CJ DA", "ST SK CA CT CK"]
    game = bauern(hands)
    run(game, "1 trump H")
    assert {"farbenringerl", "herrenschnapser"} <= legal(game, "bid")
    run(game, "1 bid herrenschnapser")
    assert game.result() is None  # B-3: the others speak (and pass: nothing ranks higher)
    run(game, "2 pass, 3 pass, 0 pass")
    result = game.result()
    assert result is not None and result.reason == "shown"
    assert result.game_points == (0, 24, 0, 24) and game.winners == ()
    game = bauern(hands)
    run(game, "1 trump H, 1 bid farbenringerl, 2 pass, 3 pass, 0 pass")
    result = game.result()
    assert result is not None and result.reason == "shown" and result.game_points[1] == 18
    game = bauern(hands)
    run(game, "1 trump H, 1 pass")  # seat 2 holds no full suit
    why = game.why_illegal(Action("bid", "farbenringerl"))
    assert why is not None and why.rule == "B-5" and "five cards" in why.reason
    game = bauern(hands, preset="club")  # clubs drop the two shown contracts
    run(game, "1 trump H")
    assert not {"farbenringerl", "herrenschnapser"} & legal(game, "bid")


def test_a_shown_contract_can_be_outbid() -> None:  # B-3, B-5
    hands = ["HA HT HK HQ HJ", "SA ST SK CA CT", "SQ SJ CK CQ CJ", "DA DT DK DQ DJ"]
    game = bauern(hands)
    run(game, "1 trump S, 1 pass, 2 pass, 3 bid farbenringerl")
    assert game.result() is None and "kontrabauernschnapser" in legal(game, "bid")
    run(game, "0 bid kontrabauernschnapser, 3 pass")
    assert game.result() is None and game.contract is not None
    assert game.contract.name == "kontrabauernschnapser"
