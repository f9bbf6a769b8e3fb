"""Schieber Jass (J-4 to J-7) for the kernel: card play once the contract is chosen (J-3).

The Weis of trick 1 are read as "every seat still to play in trick 1 declares every Weis it
holds" (J-5): with all cards known, declaring more can never cost the declarer's team, so this
is the perfect-information choice; the search path over the engine does the same.
"""

from __future__ import annotations

from stich.core.cards import card_set
from stich.jass.cards import POINTS, STOECK_PAIR, strength
from stich.jass.game import Jass
from stich.jass.weis import Declared, best, weis_in
from stich.search import layout as L
from stich.search.encoders.base import Encoder, NotCardPlay, blank, no_sides, put

JASS_MAX_RAW = 157 + 20
"""Card points, last trick and Stöck: what a team can still write in a deal besides Weis."""


def jass_weis(game: Jass) -> tuple[int, int]:
    """(team, points) of the Weis written after trick 1, if every seat still to play in trick
    1 declares all it holds (J-5); (-1, 0) once trick 1 is over or without Weis."""
    if game.tricks_played or not game.options.weis or game.contract is None:
        return -1, 0
    declared = list(game.declared)
    played = len(game.trick)
    for step in range(4 - played):
        seat = (game.leader + played + step) % 4
        held = weis_in(game.hands[seat], game.options.four_of_a_kind_low)
        done = [weis.cards for weis in declared if weis.seat == seat]
        for cards in held:
            if cards not in done:
                declared.append(Declared(seat, cards, len(declared)))
    top = best(tuple(declared), game.contract)
    if top is None:
        return -1, 0
    team = top.seat % 2
    return team, sum(weis.points for weis in declared if weis.seat % 2 == team)


def state(game: Jass) -> list[int]:
    """The kernel's state vector of a Jass deal in card play."""
    contract = game.contract
    if contract is None:
        raise NotCardPlay("jass: card play starts once the contract is chosen (J-3)")
    out = blank()
    hands = game.hands
    in_play = card_set(game.trick)
    for hand in hands:
        in_play |= hand
    weis_team, weis_raw = jass_weis(game)
    options = game.options
    reach = (JASS_MAX_RAW + options.match_bonus + weis_raw) * game.factor
    put(out, "fam", L.JASS)
    put(out, "nseats", 4)
    put(out, "active", 15)
    put(out, "maxmask", 0b0101)
    put(out, "trump", -1 if contract.trump is None else int(contract.trump))
    put(out, "to_act", game.to_act)
    put(out, "leader", game.leader)
    put(out, "ntrick", len(game.trick))
    put(out, "trick", [int(card) for card in game.trick])
    put(out, "tseat", [(game.leader + i) % 4 for i in range(len(game.trick))])
    put(out, "hand", hands)
    put(out, "gone", ((1 << 36) - 1) & ~in_play)
    put(out, "points", game.card_points)
    put(out, "tricks", game.tricks_won)
    put(out, "done", int(game.result() is not None))
    put(out, "factor", game.factor)
    put(out, "sb", game.scores_before)
    put(out, "target", options.target)
    put(out, "match_bonus", options.match_bonus)
    put(out, "stoeck_holder", game.stoeck_holder)
    put(out, "stoeck_pair", STOECK_PAIR[contract])
    put(out, "weis_team", weis_team)
    put(out, "weis_raw", weis_raw)
    put(out, "written", game.written)
    put(out, "key_written", int(any(game.scores_before[t] + game.written[t] + reach
                                    >= options.target for t in (0, 1))))
    put(out, "strength", strength(contract))
    put(out, "cpts", POINTS[contract])
    return out


def in_card_play(game: Jass) -> bool:
    """Card play starts once the contract is chosen (J-3)."""
    return game.contract is not None


ENCODER: Encoder[Jass] = Encoder(state, in_card_play, no_sides)
