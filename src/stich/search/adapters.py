"""Read a live deal of each game family into the kernel's state vector (layout.FIELDS).

Only the card-play phase is read: Schnapsen from the first lead, the contract games once the
contract is fixed and doubled (B-6), Jass once the contract is chosen (J-3). Everything comes
from the engine's own state and tables, so the kernel cannot drift from them: card orders
(``CardOrder.strength``), card points, options. Move ids: layout.py.

In Jass the Weis of trick 1 are read as "every seat still to play in trick 1 declares every
Weis it holds" (J-5): with all cards known, declaring more can never cost the declarer's team,
so this is the perfect-information choice; the search path over the engine does the same.
"""

from __future__ import annotations

from typing import Any

from stich.contract.contracts import schnapser_deadline
from stich.contract.deal import ContractSchnapsen
from stich.contract.legality import Phase
from stich.core.actions import Action
from stich.core.cards import Suit, card_set
from stich.core.game import Game
from stich.jass.cards import POINTS, STOECK_PAIR, strength
from stich.jass.game import Jass
from stich.jass.weis import Declared, best, weis_in
from stich.schnapsen.family import CARD_POINTS, NORMAL_ORDER, marriage_value
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.options import SchnapsenOptions
from stich.search import layout as L

JASS_MAX_RAW = 157 + 20
"""Card points, last trick and Stöck: what a team can still write in a deal besides Weis."""


class NotCardPlay(ValueError):
    """The deal is not in its card-play phase (the kernel covers card play only)."""


def _mask(seats: Any) -> int:
    return sum(1 << seat for seat in seats)


def _blank() -> list[int]:
    state = [0] * len(L.FIELDS)
    for name in ("announced", "closed_by", "stoeck_holder", "weis_team"):
        state[L.INDEX[name]] = -1
    state[L.INDEX["factor"]] = 1
    return state


def _put(state: list[int], name: str, values: Any) -> None:
    """Set ``name`` or, for a sequence, the numbered fields ``name0``, ``name1`` ..."""
    if isinstance(values, int):
        state[L.INDEX[name]] = values
        return
    for i, value in enumerate(values):
        state[L.INDEX[f"{name}{i}"]] = value


def schnapsen_options(options: SchnapsenOptions) -> int:
    """S-5 to S-8 and S-11's options as kernel bits."""
    bits = 0
    for flag, on in ((L.KING_LEAD, options.marriage_lead == "king"),
                     (L.MARRIAGE_FIRST, options.marriage_before_first_trick),
                     (L.EXCHANGE_FIRST, options.exchange_before_first_trick),
                     (L.EXCHANGE_AT_TWO, options.exchange_at_two),
                     (L.CLOSE_AT_TWO, options.close_at_two),
                     (L.PAGAT, options.false_claim == "pagat")):
        bits |= flag if on else 0
    return bits


def _payoff(game: Game, side0: int) -> tuple[int, int]:
    """(done, the result's game points signed for the side ``side0``)."""
    result = game.result()
    if result is None:
        return 0, 0
    if not result.winner:
        return 1, 0
    points = result.game_points[result.winner[0]]
    return 1, points if side0 >> result.winner[0] & 1 else -points


def _schnapsen(game: Schnapsen) -> list[int]:
    state = _blank()
    trump = int(game.trump)
    _put(state, "fam", L.SCHNAPSEN)
    _put(state, "nseats", 2)
    _put(state, "active", 3)
    _put(state, "maxmask", 1)
    _put(state, "trump", trump)
    _put(state, "must_overtrump", 1)
    _put(state, "to_act", game.to_act)
    _put(state, "leader", game.leader)
    if game.lead is not None:
        _put(state, "ntrick", 1)
        _put(state, "trick0", int(game.lead))
        _put(state, "tseat0", game.leader)
    _put(state, "hand", game.hands)
    _put(state, "gone", game.won[0] | game.won[1])
    _put(state, "points", game.points)
    _put(state, "tricks", game.tricks)
    _put(state, "marr", [sum(marriage_value(suit, game.trump) for who, suit in game.marriages
                             if who == seat) for seat in (0, 1)])
    _put(state, "announced", -1 if game.announced is None else int(game.announced))
    _put(state, "done", _payoff(game, 1)[0])
    _put(state, "payoff", _payoff(game, 1)[1])
    _put(state, "talon", [int(card) for card in game.talon])
    _put(state, "trump_card", int(game.trump_card))
    _put(state, "trump_jack", int(game.trump_jack))
    _put(state, "drawn", game.drawn)
    _put(state, "closed_by", game.closed_by)
    _put(state, "cscore", game.closed_scores)
    _put(state, "ctricks", game.closed_tricks)
    _put(state, "may_claim", int(game.may_claim))
    _put(state, "final", int(game.final))
    _put(state, "sopts", schnapsen_options(game.options))
    _put(state, "strength", NORMAL_ORDER.strength[game.trump])
    _put(state, "cpts", CARD_POINTS)
    return state


def _contract(game: ContractSchnapsen) -> list[int]:
    if not in_card_play(game):
        raise NotCardPlay(f"{game.NAME}: card play starts after the auction and doubling "
                          f"(now: {game.phase})")
    state = _blank()
    trump = game.play_trump
    side0, side1 = _mask(game.sides[0]), _mask(game.sides[1])
    contract = game.contract
    factor = game.doubling.factor
    _put(state, "fam", L.CONTRACT)
    _put(state, "nseats", game.SEATS)
    _put(state, "active", game.active)
    _put(state, "maxmask", side0)
    _put(state, "trump", -1 if trump is None else int(trump))
    _put(state, "must_overtrump", int(game.options.must_overtrump))
    _put(state, "to_act", game.to_act)
    _put(state, "leader", game.leader)
    _put(state, "ntrick", len(game.trick))
    _put(state, "trick", [int(card) for _, card in game.trick])
    _put(state, "tseat", [seat for seat, _ in game.trick])
    _put(state, "hand", game.hands)
    _put(state, "gone", card_set(card for trick in game.tricks for _, card in trick))
    _put(state, "points", game.points)
    _put(state, "tricks", [game.winners.count(seat) for seat in range(game.SEATS)])
    _put(state, "marr", [sum(marriage_value(suit, trump) for who, suit in game.marriages
                             if who == seat) for seat in range(game.SEATS)])
    _put(state, "announced", -1 if game.announced is None else int(game.announced))
    done, payoff = _payoff(game, side0)
    _put(state, "done", done)
    _put(state, "payoff", payoff)
    _put(state, "factor", factor)
    if contract is None:
        _put(state, "goal", L.GOAL_NORMAL)
        _put(state, "marseats", game.active)
    else:
        _put(state, "goal", {"no_trick": L.GOAL_NO_TRICK, "all_tricks": L.GOAL_ALL_TRICKS,
                             "schnapser": L.GOAL_SCHNAPSER}[contract.goal.value])
        _put(state, "cvalue", contract.value * factor)
        if contract.goal.value == "schnapser":
            _put(state, "marseats", _mask(game.declaring_seats()))
    _put(state, "declaring", _mask(game.declaring_seats()))
    _put(state, "side0", side0)
    _put(state, "side1", side1)
    _put(state, "total_tricks", game.total_tricks)
    _put(state, "deadline", schnapser_deadline(game.SEATS))
    _put(state, "strength", game.order.strength[trump])
    _put(state, "cpts", CARD_POINTS)
    return state


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
        for mask in held:
            if mask not in done:
                declared.append(Declared(seat, mask, len(declared)))
    top = best(tuple(declared), game.contract)
    if top is None:
        return -1, 0
    team = top.seat % 2
    return team, sum(weis.points for weis in declared if weis.seat % 2 == team)


def _jass(game: Jass) -> list[int]:
    contract = game.contract
    if contract is None:
        raise NotCardPlay("jass: card play starts once the contract is chosen (J-3)")
    state = _blank()
    hands = game.hands
    in_play = card_set(game.trick)
    for hand in hands:
        in_play |= hand
    weis_team, weis_raw = jass_weis(game)
    options = game.options
    reach = (JASS_MAX_RAW + options.match_bonus + weis_raw) * game.factor
    _put(state, "fam", L.JASS)
    _put(state, "nseats", 4)
    _put(state, "active", 15)
    _put(state, "maxmask", 0b0101)
    _put(state, "trump", -1 if contract.trump is None else int(contract.trump))
    _put(state, "to_act", game.to_act)
    _put(state, "leader", game.leader)
    _put(state, "ntrick", len(game.trick))
    _put(state, "trick", [int(card) for card in game.trick])
    _put(state, "tseat", [(game.leader + i) % 4 for i in range(len(game.trick))])
    _put(state, "hand", hands)
    _put(state, "gone", ((1 << 36) - 1) & ~in_play)
    _put(state, "points", game.card_points)
    _put(state, "tricks", game.tricks_won)
    _put(state, "done", int(game.result() is not None))
    _put(state, "factor", game.factor)
    _put(state, "sb", game.scores_before)
    _put(state, "target", options.target)
    _put(state, "match_bonus", options.match_bonus)
    _put(state, "stoeck_holder", game.stoeck_holder)
    _put(state, "stoeck_pair", STOECK_PAIR[contract])
    _put(state, "weis_team", weis_team)
    _put(state, "weis_raw", weis_raw)
    _put(state, "written", game.written)
    _put(state, "key_written", int(any(game.scores_before[t] + game.written[t] + reach
                                       >= options.target for t in (0, 1))))
    _put(state, "strength", strength(contract))
    _put(state, "cpts", POINTS[contract])
    return state


def kernel_state(game: Game) -> tuple[int, ...]:
    """The kernel's state vector of a deal in card play; NotCardPlay otherwise."""
    if isinstance(game, Schnapsen):
        return tuple(_schnapsen(game))
    if isinstance(game, ContractSchnapsen):
        return tuple(_contract(game))
    if isinstance(game, Jass):
        return tuple(_jass(game))
    raise NotCardPlay(f"{game.NAME}: no kernel for this game")


def in_card_play(game: Game) -> bool:
    """Whether the kernel covers the deal's current phase."""
    if isinstance(game, Schnapsen):
        return True
    if isinstance(game, ContractSchnapsen):
        return game.phase is Phase.PLAY or (game.phase is Phase.OVER
                                            and bool(game.winners or game.marriages))
    if isinstance(game, Jass):
        return game.contract is not None
    return False


# --- move ids and actions ---------------------------------------------------------------------
_VERB_IDS = {"exchange": L.EXCHANGE, "close": L.CLOSE, "claim": L.CLAIM, "pass": L.PASS}
_ID_VERBS = {value: key for key, value in _VERB_IDS.items()}


def move_id(action: Action) -> int:
    """The kernel's id of a card-play action (ValueError for other verbs, such as Weis)."""
    if action.verb == "play":
        return int(action.card)
    if action.verb == "marriage":
        return L.MARRIAGE_BASE + int(Suit[action.arg])
    if action.verb in _VERB_IDS:
        return _VERB_IDS[action.verb]
    raise ValueError(f"{action} is not a card-play move of the kernel")


def move_action(move: int) -> Action:
    """The action of a kernel move id."""
    from stich.core.actions import PLAY

    if 0 <= move < 36:
        return PLAY[move]
    if L.MARRIAGE_BASE <= move < L.MARRIAGE_BASE + 4:
        return Action("marriage", Suit(move - L.MARRIAGE_BASE).name)
    return Action(_ID_VERBS[move])
