"""Jass positions (issue 8, item 4): a whole deal state on one line, and its public form.

Fields, space-separated after the word ``jass`` (cards as concatenated codes, ``-`` for none)::

    jass standard dealer=3 scores=0,0 hands=HAHKHQ.../.../.../... contract=H chooser=0
         pushed=0 leader=0 trick=SA tricks=1 points=20,0 won=1,0 weis=0:HQHKHA stoeck=2
         stoecked=- last=0:C6C7C8C9

- the options: the preset, then ``;name=value`` for each option that differs from it;
- ``hands``: each seat's cards, seat 0 to 3; ``contract``: a suit, ``obenabe``, ``undenufe`` or
  ``-``; ``chooser``: who chose it; ``pushed``: 1 after a push (J-3);
- ``leader`` and ``trick``: who led the trick on the table and its cards in play order;
- ``tricks``, ``points``, ``won``: tricks played, each team's card points and tricks so far;
- ``weis``: the Weis declared, in order, as ``seat:cards`` (J-5);
- ``stoeck``: the seat that holds trump King and Queen while Stöck is still to come (J-6),
  ``stoecked`` the seat that has scored it; ``last``: the last trick's leader and cards.

The seat to act, the factor, the points written and the Weis team follow from these. The
*public* form a seat sees (:func:`public_position`) writes the other hands as their sizes, a
Weis it has not seen as ``seat:=points`` and a Stöck holder it cannot know as ``?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from stich.core.cards import FULL_DECK, Card, card_set, cards_in
from stich.core.position import PositionError, read_options
from stich.jass.cards import HAND_SIZE, POINTS, STOECK_PAIR, TRICKS, Contract
from stich.jass.options import JassOptions, factors
from stich.jass.weis import Declared, best, weis_points

if TYPE_CHECKING:
    from stich.jass.game import Jass

GameT = TypeVar("GameT", bound="Jass")

FIELDS = ("dealer", "scores", "hands", "contract", "chooser", "pushed", "leader", "trick",
          "tricks", "points", "won", "weis", "stoeck", "stoecked", "last")


def cards_text(mask: int) -> str:
    return "".join(card.name for card in cards_in(mask)) or "-"


def _seq_text(cards: tuple[Card, ...] | tuple[int, ...]) -> str:
    return "".join(Card(card).name for card in cards) or "-"


def options_text(options: JassOptions) -> str:
    parts = [options.preset]
    for key, value in sorted(options.overrides().items()):
        if isinstance(value, bool):
            value = "on" if value else "off"
        parts.append(f"{key}={value}")
    return ";".join(parts)


def stoeck_pending(game: Jass) -> int:
    """The Stöck holder while it still matters (he holds one of the pair, not yet scored), else
    -1: what a position keeps of ``stoeck_holder``."""
    holder = game.stoeck_holder
    if holder < 0 or game.stoeck_seat is not None or game.contract is None:
        return -1
    return holder if game.hands[holder] & STOECK_PAIR[game.contract] else -1


def position_text(game: Jass, viewer: int | None = None) -> str:
    """The position (``viewer`` None) or its public form as ``viewer`` sees it."""
    contract = game.contract
    shown_team = game.weis_team if game.tricks_played else None
    hands = "/".join(cards_text(hand) if viewer is None or seat == viewer
                     else str(hand.bit_count()) for seat, hand in enumerate(game.hands))
    weis = ",".join(
        f"{w.seat}:{cards_text(w.cards)}"
        if viewer is None or w.seat == viewer or w.seat % 2 == shown_team
        else f"{w.seat}:={weis_points(w.cards)}" for w in game.declared) or "-"
    holder = stoeck_pending(game)
    stoeck = "-" if holder < 0 else str(holder)
    if viewer is not None and contract is not None:
        stoeck = _public_stoeck(game, viewer, holder)
    last = ("-" if game.last_trick is None
            else f"{game.last_trick[0][0]}:{_seq_text(tuple(c for _, c in game.last_trick))}")
    values = {
        "dealer": str(game.dealer), "scores": "{},{}".format(*game.scores_before),
        "hands": hands, "contract": "-" if contract is None else contract.word,
        "chooser": "-" if game.chooser is None else str(game.chooser),
        "pushed": str(int(game.pushed)), "leader": str(game.leader),
        "trick": _seq_text(game.trick), "tricks": str(game.tricks_played),
        "points": "{},{}".format(*game.card_points), "won": "{},{}".format(*game.tricks_won),
        "weis": weis, "stoeck": stoeck,
        "stoecked": "-" if game.stoeck_seat is None else str(game.stoeck_seat), "last": last,
    }
    return " ".join(["jass", options_text(game.options),
                     *(f"{key}={values[key]}" for key in FIELDS)])


def _public_stoeck(game: Jass, viewer: int, holder: int) -> str:
    """J-6 as ``viewer`` knows it: the holder is known where the viewer holds one of the
    pair (he knows whether he held both) or nobody can hold it any more; else ``?``."""
    assert game.contract is not None
    pair = STOECK_PAIR[game.contract]
    held = sum(hand for hand in game.hands) & pair
    if not pair or not game.options.stoeck or game.stoeck_seat is not None or not held:
        return "-"
    if game.hands[viewer] & pair:
        return "-" if holder < 0 else str(holder)
    return "?"


# --- reading -------------------------------------------------------------------------------
def parse_fields(text: str) -> tuple[str, dict[str, str]]:
    """The options word and the named fields of a (public) position; PositionError if a field
    is missing, unknown or repeated."""
    words = text.split()
    if len(words) < 2 or words[0] != "jass":
        raise PositionError("a Jass position starts with 'jass' and the options")
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key not in FIELDS or key in fields:
            raise PositionError(f"Jass position: unexpected field {word!r}; fields are "
                                f"{', '.join(FIELDS)} (name=value)")
        fields[key] = value
    missing = [key for key in FIELDS if key not in fields]
    if missing:
        raise PositionError(f"Jass position: missing {', '.join(missing)}")
    return words[1], fields


def parse_options(text: str) -> JassOptions:
    return read_options(JassOptions, text, ";")


def parse_cards(text: str, what: str) -> tuple[Card, ...]:
    if text == "-":
        return ()
    if len(text) % 2:
        raise PositionError(f"Jass position: {what} {text!r} is not a list of card codes")
    try:
        return tuple(Card[text[i:i + 2]] for i in range(0, len(text), 2))
    except KeyError as error:
        raise PositionError(f"Jass position: unknown card {error.args[0]!r} in {what}") from None


def _number(text: str, what: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise PositionError(f"Jass position: {what} must be a number from {low} to {high}, "
                            f"got {text!r}")
    return int(text)


def _pair(text: str, what: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise PositionError(f"Jass position: {what} must be two numbers a,b, got {text!r}")
    return int(parts[0]), int(parts[1])


def _seat(text: str, what: str) -> int | None:
    return None if text == "-" else _number(text, what, 0, 3)


def read_position(cls: type[GameT], text: str) -> GameT:
    """The game (of class ``cls``) a position describes, its history starting there
    (PositionError if it is malformed or impossible)."""
    options_word, fields = parse_fields(text)
    options = parse_options(options_word)
    hand_texts = fields["hands"].split("/")
    if len(hand_texts) != 4:
        raise PositionError("Jass position: hands names four hands, seat 0 to 3, split by /")
    hands = tuple(card_set(parse_cards(h, f"seat {i}'s hand")) for i, h in enumerate(hand_texts))
    contract = None
    if fields["contract"] != "-":
        try:
            contract = Contract.from_word(fields["contract"])
        except ValueError as error:
            raise PositionError(f"Jass position: {error}") from None
    trick = parse_cards(fields["trick"], "trick")
    declared = _read_weis(fields["weis"])
    last = None
    if fields["last"] != "-":
        seat_text, _, last_cards = fields["last"].partition(":")
        last_leader = _number(seat_text, "the last trick's leader", 0, 3)
        played = parse_cards(last_cards, "the last trick")
        if len(played) != 4:
            raise PositionError("Jass position: the last trick has four cards")
        last = tuple(((last_leader + i) % 4, card) for i, card in enumerate(played))
    game = cls.__new__(cls)
    game.options = options
    game.dealer = _number(fields["dealer"], "dealer", 0, 3)
    game.forehand = (game.dealer + 1) % 4
    game.seed = None
    game.scores_before = _pair(fields["scores"], "scores")
    game.hands = hands
    game.dealt = tuple(tuple(cards_in(hand)) for hand in hands)
    game.factors = factors(options)
    game.contract = contract
    game.factor = game.factors[contract] if contract is not None else 0
    game.chooser = _seat(fields["chooser"], "chooser")
    game.pushed = _number(fields["pushed"], "pushed", 0, 1) == 1
    game.leader = _number(fields["leader"], "leader", 0, 3)
    game.trick = trick
    game.tricks_played = _number(fields["tricks"], "tricks", 0, TRICKS - 1)
    game.card_points = _pair(fields["points"], "points")
    game.tricks_won = _pair(fields["won"], "won")
    game.declared = declared
    game.stoeck_holder = -1 if fields["stoeck"] == "-" else _number(
        fields["stoeck"], "stoeck", 0, 3)
    game.stoeck_seat = _seat(fields["stoecked"], "stoecked")
    game.last_trick = last
    game._result = None
    game._plays = -1
    game._forfeit = None
    if contract is None:
        game.to_act = (game.forehand + 2) % 4 if game.pushed else game.forehand
    else:
        game.to_act = (game.leader + len(trick)) % 4
    game.weis_team, game.weis_raw = None, (0, 0)
    if game.tricks_played and declared and contract is not None:
        top = best(declared, contract)
        assert top is not None
        team = top.seat % 2
        raw = [0, 0]
        raw[team] = sum(w.points for w in declared if w.seat % 2 == team)
        game.weis_team, game.weis_raw = team, (raw[0], raw[1])
    _check(game)
    stoeck = [0, 0]
    if game.stoeck_seat is not None:
        stoeck[game.stoeck_seat % 2] = 20
    written = [(game.card_points[t] + game.weis_raw[t] + stoeck[t]) * game.factor for t in (0, 1)]
    game.written = (written[0], written[1])
    for team in (0, 1):
        if game.scores_before[team] + game.written[team] >= options.target:
            raise PositionError("Jass position: the game is already decided (J-7)")
    game._start_history()
    return game


def _read_weis(text: str) -> tuple[Declared, ...]:
    if text == "-":
        return ()
    out = []
    for order, item in enumerate(text.split(",")):
        seat_text, _, cards = item.partition(":")
        out.append(Declared(_number(seat_text, "a Weis's seat", 0, 3),
                            card_set(parse_cards(cards, "a Weis")), order))
    return tuple(out)


def _check(game: Jass) -> None:
    """What makes a position impossible: cards twice or missing, hand sizes that do not fit
    the tricks, points that do not add up, a Weis that is no Weis."""
    from stich.jass.weis import held_weis

    hands, trick = game.hands, card_set(game.trick)
    everything = 0
    for mask in (*hands, trick):
        if everything & mask:
            raise PositionError("Jass position: a card is in two places")
        everything |= mask
    if len(set(game.trick)) != len(game.trick):
        raise PositionError("Jass position: a card is twice in the trick")
    played = FULL_DECK & ~everything
    tricks = game.tricks_played
    if played.bit_count() != 4 * tricks:
        raise PositionError(f"Jass position: {played.bit_count()} cards are neither in a hand nor "
                            f"on the table, after {tricks} tricks there are {4 * tricks}")
    if game.contract is None and (tricks or game.trick or game.declared or game.chooser is not None
                                  or game.leader != game.forehand):
        raise PositionError("Jass position: no contract yet, so no card is played (J-3)")
    if len(game.trick) > 3:
        raise PositionError("Jass position: a trick on the table has at most three cards")
    for seat in range(4):
        placed = (seat - game.leader) % 4 < len(game.trick)
        size = HAND_SIZE - tricks - placed
        if hands[seat].bit_count() != size:
            raise PositionError(f"Jass position: seat {seat} must hold {size} cards")
    if sum(game.tricks_won) != tricks:
        raise PositionError("Jass position: the tricks won must add up to the tricks played")
    if game.contract is not None:
        table = POINTS[game.contract]
        if sum(game.card_points) != sum(table[card] for card in cards_in(played)):
            raise PositionError("Jass position: the points do not add up to the cards played")
    if (game.last_trick is None) != (tricks == 0) or (
            game.last_trick is not None and card_set(c for _, c in game.last_trick) & ~played):
        raise PositionError("Jass position: the last trick is played cards, after trick 1")
    for weis in game.declared:
        if weis.cards not in held_weis(weis.cards, game.options.four_of_a_kind_low):
            raise PositionError(f"Jass position: {cards_text(weis.cards)} is not a Weis (J-5)")
    if game.declared and (game.contract is None or not game.options.weis):
        raise PositionError("Jass position: Weis only once the contract is chosen, if on")
