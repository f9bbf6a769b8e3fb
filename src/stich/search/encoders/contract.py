"""Bauernschnapsen and Dreierschnapsen (B-4, B-5, D-1) for the kernel: card play once the
contract is fixed and doubled (B-6)."""

from __future__ import annotations

from collections.abc import Sequence

from stich.contract.contracts import schnapser_deadline
from stich.contract.deal import ContractSchnapsen
from stich.contract.legality import Phase
from stich.core.cards import card_set
from stich.schnapsen.family import CARD_POINTS, marriage_value
from stich.search import layout as L
from stich.search.encoders.base import Encoder, NotCardPlay, blank, mask, payoff, put


def in_card_play(game: ContractSchnapsen) -> bool:
    """Card play, or a deal that ended in it (a trick or a marriage made)."""
    return game.phase is Phase.PLAY or (game.phase is Phase.OVER
                                        and bool(game.winners or game.marriages))


def state(game: ContractSchnapsen) -> list[int]:
    """The kernel's state vector of a contract deal in card play."""
    if not in_card_play(game):
        raise NotCardPlay(f"{game.NAME}: card play starts after the auction and doubling "
                          f"(now: {game.phase})")
    out = blank()
    trump = game.play_trump
    side0, side1 = mask(game.sides[0]), mask(game.sides[1])
    contract = game.contract
    factor = game.doubling.factor
    put(out, "fam", L.CONTRACT)
    put(out, "nseats", game.SEATS)
    put(out, "active", game.active)
    put(out, "maxmask", side0)
    put(out, "trump", -1 if trump is None else int(trump))
    put(out, "must_overtrump", int(game.options.must_overtrump))
    put(out, "to_act", game.to_act)
    put(out, "leader", game.leader)
    put(out, "ntrick", len(game.trick))
    put(out, "trick", [int(card) for _, card in game.trick])
    put(out, "tseat", [seat for seat, _ in game.trick])
    put(out, "hand", game.hands)
    put(out, "gone", card_set(card for trick in game.tricks for _, card in trick))
    put(out, "points", game.points)
    put(out, "tricks", [game.winners.count(seat) for seat in range(game.SEATS)])
    put(out, "marr", [sum(marriage_value(suit, trump) for who, suit in game.marriages
                          if who == seat) for seat in range(game.SEATS)])
    put(out, "announced", -1 if game.announced is None else int(game.announced))
    done, value = payoff(game, side0)
    put(out, "done", done)
    put(out, "payoff", value)
    put(out, "factor", factor)
    if contract is None:
        put(out, "goal", L.GOAL_NORMAL)
        put(out, "marseats", game.active)
    else:
        put(out, "goal", {"no_trick": L.GOAL_NO_TRICK, "all_tricks": L.GOAL_ALL_TRICKS,
                          "schnapser": L.GOAL_SCHNAPSER}[contract.goal.value])
        put(out, "cvalue", contract.value * factor)
        if contract.goal.value == "schnapser":
            put(out, "marseats", mask(game.declaring_seats()))
    put(out, "declaring", mask(game.declaring_seats()))
    put(out, "side0", side0)
    put(out, "side1", side1)
    put(out, "total_tricks", game.total_tricks)
    put(out, "deadline", schnapser_deadline(game.SEATS))
    put(out, "strength", game.order.strength[trump])
    put(out, "cpts", CARD_POINTS)
    return out


def sides(game: ContractSchnapsen) -> Sequence[Sequence[int]]:
    """The declarer's side and the other (empty before the contract, B-4)."""
    return game.sides


ENCODER: Encoder[ContractSchnapsen] = Encoder(state, in_card_play, sides)
