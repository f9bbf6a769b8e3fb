"""Jass positions (J-1 to J-8): the fields of a Jass state in the position grammar
(``stich.core.position``, docs/rules/notation.md), in this order::

    jass standard dealer=3 scores=0,0 hands=HA.HK.HQ.../.../.../... contract=H chooser=0
         pushed=0 leader=0 trick=SA tricks=1 points=20,0 won=1,0 weis=0:HQ.HK.HA stoeck=2
         stoecked=- last=0:C6.C7.C8.C9

- ``scores``: each team's game score before the deal;
- ``hands``: each seat's cards, seat 0 to 3; ``contract``: a suit, ``obenabe``, ``undenufe`` or
  ``-``; ``chooser``: who chose it; ``pushed``: 1 after a push (J-3);
- ``leader`` and ``trick``: who led the trick on the table and its cards in play order;
- ``tricks``, ``points``, ``won``: tricks played, each team's card points and tricks so far;
- ``weis``: the Weis declared, in order, as ``seat:cards`` (J-5);
- ``stoeck``: the seat that holds trump King and Queen while Stöck is still to come (J-6),
  ``stoecked`` the seat that has scored it; ``last``: the last trick's leader and cards.

The seat to act, the factor, the points written and the Weis team follow from these. The
position as a seat sees it (``viewer``) writes the other hands' cards as ``?``, a Weis it has
not seen as ``seat:=points`` and a Stöck holder it cannot know as ``?``. This module reads and
writes state values; ``Jass.from_position`` builds the game from them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from stich.core.cards import FULL_DECK, Card, card_set, cards_in
from stich.core.position import (
    HIDDEN,
    NONE,
    PositionError,
    flag_text,
    join,
    mask_text,
    read_cards,
    read_known,
    read_number,
    read_options,
    read_pair,
    read_seated,
    seated_text,
    split,
)
from stich.core.position import cards_text as card_list_text
from stich.core.position import options_text as options_text
from stich.jass.cards import HAND_SIZE, POINTS, STOECK_PAIR, TRICKS, Contract
from stich.jass.options import JassOptions, factors
from stich.jass.weis import Declared, best, held_weis, weis_points

NAME = "jass"
FIELDS = ("dealer", "scores", "hands", "contract", "chooser", "pushed", "leader", "trick",
          "tricks", "points", "won", "weis", "stoeck", "stoecked", "last")


def cards_text(mask: int) -> str:
    """A set of cards in card order."""
    return mask_text(mask)


def stoeck_pending(state: Any) -> int:
    """The Stöck holder while it still matters (he holds one of the pair, not yet scored), else
    -1: what a position keeps of ``stoeck_holder`` (``state``: a ``Jass.State`` or the game)."""
    holder = state.stoeck_holder
    if holder < 0 or state.stoeck_seat is not None or state.contract is None:
        return -1
    return holder if state.hands[holder] & STOECK_PAIR[state.contract] else -1


def write(options: JassOptions, dealer: int, scores_before: tuple[int, int], state: Any,
          viewer: int | None = None) -> str:
    """The position of ``state`` (a ``Jass.State``); as ``viewer`` sees it if given."""
    contract = state.contract
    shown_team = state.weis_team if state.tricks_played else None
    hands = "/".join(mask_text(hand, FULL_DECK if viewer in (None, seat) else 0)
                     for seat, hand in enumerate(state.hands))
    weis = ",".join(
        seated_text(w.seat, cards_in(w.cards))
        if viewer is None or w.seat == viewer or w.seat % 2 == shown_team
        else f"{w.seat}:={weis_points(w.cards)}" for w in state.declared) or NONE
    holder = stoeck_pending(state)
    stoeck = NONE if holder < 0 else str(holder)
    if viewer is not None and contract is not None:
        stoeck = _public_stoeck(options, state, viewer, holder)
    last = (NONE if state.last_trick is None
            else seated_text(state.last_trick[0][0], (Card(c) for _, c in state.last_trick)))
    values = {
        "dealer": str(dealer), "scores": "{},{}".format(*scores_before),
        "hands": hands, "contract": NONE if contract is None else contract.word,
        "chooser": NONE if state.chooser is None else str(state.chooser),
        "pushed": flag_text(state.pushed), "leader": str(state.leader),
        "trick": card_list_text(Card(card) for card in state.trick),
        "tricks": str(state.tricks_played),
        "points": "{},{}".format(*state.card_points), "won": "{},{}".format(*state.tricks_won),
        "weis": weis, "stoeck": stoeck,
        "stoecked": NONE if state.stoeck_seat is None else str(state.stoeck_seat), "last": last,
    }
    return join(NAME, options, ((key, values[key]) for key in FIELDS))


def _public_stoeck(options: JassOptions, state: Any, viewer: int, holder: int) -> str:
    """J-6 as ``viewer`` knows it: the holder is known where the viewer holds one of the
    pair (he knows whether he held both) or nobody can hold it any more; else ``?``."""
    assert state.contract is not None
    pair = STOECK_PAIR[state.contract]
    held = sum(hand for hand in state.hands) & pair
    if not pair or not options.stoeck or state.stoeck_seat is not None or not held:
        return NONE
    if state.hands[viewer] & pair:
        return NONE if holder < 0 else str(holder)
    return HIDDEN


# --- reading -------------------------------------------------------------------------------
def parse_fields(text: str) -> tuple[str, dict[str, str]]:
    """The options word and the named fields of a position (as a seat sees it, too);
    PositionError if a field is missing, unknown or repeated."""
    return split(text, NAME, FIELDS)


def parse_options(text: str) -> JassOptions:
    return read_options(JassOptions, text)


def parse_cards(text: str, what: str) -> tuple[Card, ...]:
    """A card list with every card shown (old form: codes run together)."""
    return tuple(read_known(text, f"Jass position: {what}"))


def hand_sizes(text: str) -> list[int]:
    """How many cards each seat holds, from a ``hands`` field (hidden cards too)."""
    return [len(read_cards(hand, "Jass position: hands", hidden=True))
            for hand in text.split("/")]


def _number(text: str, what: str, low: int, high: int) -> int:
    return read_number(text, f"Jass position: {what}", low, high)


def _pair(text: str, what: str) -> tuple[int, int]:
    return read_pair(text, f"Jass position: {what}")


def _seat(text: str, what: str) -> int | None:
    return None if text == NONE else _number(text, what, 0, 3)


class Start(NamedTuple):
    """What a game built from a position is made of: the fixed facts of the deal and its state
    values (``Jass.State`` names)."""

    options: JassOptions
    dealer: int
    scores_before: tuple[int, int]
    state: dict[str, Any]


def read(text: str) -> Start:
    """The deal and state a position describes (PositionError if it is malformed or
    impossible)."""
    options_word, fields = parse_fields(text)
    options = parse_options(options_word)
    hand_texts = fields["hands"].split("/")
    if len(hand_texts) != 4:
        raise PositionError("Jass position: hands names four hands, seat 0 to 3, split by /")
    hands = tuple(card_set(parse_cards(h, f"seat {i}'s hand")) for i, h in enumerate(hand_texts))
    contract = None
    if fields["contract"] != NONE:
        try:
            contract = Contract.from_word(fields["contract"])
        except ValueError as error:
            raise PositionError(f"Jass position: {error}") from None
    trick = parse_cards(fields["trick"], "trick")
    declared = _read_weis(fields["weis"])
    last = None
    if fields["last"] != NONE:
        last_leader, played = read_seated(fields["last"], "Jass position: the last trick", 4)
        if len(played) != 4:
            raise PositionError("Jass position: the last trick has four cards")
        last = tuple(((last_leader + i) % 4, card) for i, card in enumerate(played))
    dealer = _number(fields["dealer"], "dealer", 0, 3)
    forehand = (dealer + 1) % 4
    table = factors(options)
    pushed = _number(fields["pushed"], "pushed", 0, 1) == 1
    leader = _number(fields["leader"], "leader", 0, 3)
    state: dict[str, Any] = {
        "hands": hands, "contract": contract,
        "factor": table[contract] if contract is not None else 0,
        "chooser": _seat(fields["chooser"], "chooser"), "pushed": pushed, "leader": leader,
        "to_act": ((forehand + 2) % 4 if pushed else forehand) if contract is None
        else (leader + len(trick)) % 4,
        "trick": trick, "tricks_played": _number(fields["tricks"], "tricks", 0, TRICKS - 1),
        "card_points": _pair(fields["points"], "points"),
        "tricks_won": _pair(fields["won"], "won"), "declared": declared,
        "weis_team": None, "weis_raw": (0, 0),
        "stoeck_holder": -1 if fields["stoeck"] == NONE else _number(
            fields["stoeck"], "stoeck", 0, 3),
        "stoeck_seat": _seat(fields["stoecked"], "stoecked"), "last_trick": last,
        "_result": None, "_plays": -1, "_forfeit": None}
    if state["tricks_played"] and declared and contract is not None:
        top = best(declared, contract)
        assert top is not None
        team = top.seat % 2
        raw = [0, 0]
        raw[team] = sum(w.points for w in declared if w.seat % 2 == team)
        state["weis_team"], state["weis_raw"] = team, (raw[0], raw[1])
    _check(options, forehand, state)
    scores = _pair(fields["scores"], "scores")
    stoeck = [0, 0]
    if state["stoeck_seat"] is not None:
        stoeck[state["stoeck_seat"] % 2] = 20
    written = [(state["card_points"][t] + state["weis_raw"][t] + stoeck[t]) * state["factor"]
               for t in (0, 1)]
    state["written"] = (written[0], written[1])
    for team in (0, 1):
        if scores[team] + written[team] >= options.target:
            raise PositionError("Jass position: the game is already decided (J-7)")
    return Start(options, dealer, scores, state)


def _read_weis(text: str) -> tuple[Declared, ...]:
    if text == "-":
        return ()
    out = []
    for order, item in enumerate(text.split(",")):
        seat, cards = read_seated(item, "Jass position: a Weis", 4)
        out.append(Declared(seat, card_set(cards), order))
    return tuple(out)


def _check(options: JassOptions, forehand: int, state: dict[str, Any]) -> None:
    """What makes a position impossible: cards twice or missing, hand sizes that do not fit
    the tricks, points that do not add up, a Weis that is no Weis."""
    hands, trick = state["hands"], card_set(state["trick"])
    contract, declared, last = state["contract"], state["declared"], state["last_trick"]
    everything = 0
    for mask in (*hands, trick):
        if everything & mask:
            raise PositionError("Jass position: a card is in two places")
        everything |= mask
    if len(set(state["trick"])) != len(state["trick"]):
        raise PositionError("Jass position: a card is twice in the trick")
    played = FULL_DECK & ~everything
    tricks = state["tricks_played"]
    if played.bit_count() != 4 * tricks:
        raise PositionError(f"Jass position: {played.bit_count()} cards are neither in a hand nor "
                            f"on the table, after {tricks} tricks there are {4 * tricks}")
    if contract is None and (tricks or state["trick"] or declared
                             or state["chooser"] is not None or state["leader"] != forehand):
        raise PositionError("Jass position: no contract yet, so no card is played (J-3)")
    if len(state["trick"]) > 3:
        raise PositionError("Jass position: a trick on the table has at most three cards")
    for seat in range(4):
        placed = (seat - state["leader"]) % 4 < len(state["trick"])
        size = HAND_SIZE - tricks - placed
        if hands[seat].bit_count() != size:
            raise PositionError(f"Jass position: seat {seat} must hold {size} cards")
    if sum(state["tricks_won"]) != tricks:
        raise PositionError("Jass position: the tricks won must add up to the tricks played")
    if contract is not None:
        table = POINTS[contract]
        if sum(state["card_points"]) != sum(table[card] for card in cards_in(played)):
            raise PositionError("Jass position: the points do not add up to the cards played")
    if (last is None) != (tricks == 0) or (
            last is not None and card_set(c for _, c in last) & ~played):
        raise PositionError("Jass position: the last trick is played cards, after trick 1")
    for weis in declared:
        if weis.cards not in held_weis(weis.cards, options.four_of_a_kind_low):
            raise PositionError(f"Jass position: {cards_text(weis.cards)} is not a Weis (J-5)")
    if declared and (contract is None or not options.weis):
        raise PositionError("Jass position: Weis only once the contract is chosen, if on")
