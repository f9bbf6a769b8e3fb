"""Schnapsen (S-3 to S-9) for the kernel: the whole deal is card play, from the first lead."""

from __future__ import annotations

from stich.schnapsen.family import CARD_POINTS, NORMAL_ORDER, marriage_value
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.options import SchnapsenOptions
from stich.search import layout as L
from stich.search.encoders.base import Encoder, blank, no_sides, payoff, put


def schnapsen_options(options: SchnapsenOptions) -> int:
    """S-5 to S-8 and S-11's options as kernel bits."""
    bits = 0
    for flag, on in ((L.KING_LEAD, options.marriage_lead == "king"),
                     (L.MARRIAGE_FIRST, options.marriage_before_first_trick),
                     (L.EXCHANGE_FIRST, options.exchange_before_first_trick),
                     (L.EXCHANGE_AT_TWO, options.exchange_at_two),
                     (L.CLOSE_AT_TWO, options.close_at_two),
                     (L.PAGAT, options.false_claim == "pagat"),
                     (L.NO_CLOSE, not options.closing),
                     (L.CLAIM_66, options.false_claim == "none")):
        bits |= flag if on else 0
    return bits


def state(game: Schnapsen) -> list[int]:
    """The kernel's state vector of a Schnapsen deal."""
    out = blank()
    trump = int(game.trump)
    put(out, "fam", L.SCHNAPSEN)
    put(out, "nseats", 2)
    put(out, "active", 3)
    put(out, "maxmask", 1)
    put(out, "trump", trump)
    put(out, "must_overtrump", 1)
    put(out, "to_act", game.to_act)
    put(out, "leader", game.leader)
    if game.lead is not None:
        put(out, "ntrick", 1)
        put(out, "trick0", int(game.lead))
        put(out, "tseat0", game.leader)
    put(out, "hand", game.hands)
    put(out, "gone", game.won[0] | game.won[1])
    put(out, "points", game.points)
    put(out, "tricks", game.tricks)
    put(out, "marr", [sum(marriage_value(suit, game.trump) for who, suit in game.marriages
                          if who == seat) for seat in (0, 1)])
    put(out, "announced", -1 if game.announced is None else int(game.announced))
    put(out, "done", payoff(game, 1)[0])
    put(out, "payoff", payoff(game, 1)[1])
    put(out, "talon", [int(card) for card in game.talon])
    put(out, "trump_card", int(game.trump_card))
    put(out, "trump_jack", int(game.trump_jack))
    put(out, "drawn", game.drawn)
    put(out, "closed_by", game.closed_by)
    put(out, "cscore", game.closed_scores)
    put(out, "ctricks", game.closed_tricks)
    put(out, "may_claim", int(game.may_claim))
    put(out, "final", int(game.final))
    put(out, "sopts", schnapsen_options(game.options))
    put(out, "strength", NORMAL_ORDER.strength[game.trump])
    put(out, "cpts", CARD_POINTS)
    return out


def in_card_play(game: Schnapsen) -> bool:
    """Every Schnapsen decision is a card-play move of the kernel."""
    return True


ENCODER: Encoder[Schnapsen] = Encoder(state, in_card_play, no_sides)
