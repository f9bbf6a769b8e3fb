"""Position strings for Bauern- and Dreierschnapsen (issue 8, item 4; B-1 to B-6, D-1).

One line of ``key=value`` words after the game's name and its options (``preset`` or
``preset;option=value;...``)::

    bauernschnapsen standard dealer=0 phase=play hands=HA.HK/SA/-/DT trump=H up=-
      calls=1:trump_H,1:pass,2:pass,3:pass,0:pass doubles=2:pass,0:pass
      tricks=1:HT.HQ.HJ.DK,... trick=1:SA marriages=- announced=-

(on one line; Dreierschnapsen adds ``talon=`` (the cards face down), ``seen=`` (the talon its
taker took up), ``taker=`` and ``raised=``). Cards are codes joined by ``.``, ``-`` is
nothing, ``?`` a card the viewer cannot see (a position as one seat sees it, the start event
of a game built from a position). In phase ``trump`` each hand is written in dealing order
(the caller's first three cards first, his fourth is the one ``turnup`` shows, B-2); later
hands are sorted. ``calls`` and ``doubles`` are what was said (B-3, B-6), ``tricks`` each
trick as its leader and its cards in play order: the public record the observations show, from
which the auction, the contract, the doubling factor and the points follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stich.contract.auction import Auction, Doubling
from stich.contract.legality import Phase
from stich.core.actions import Action, ActionParseError
from stich.core.cards import Card, Suit, card_set, cards_in
from stich.core.position import PositionError, read_options
from stich.core.tricks import trick_winner
from stich.schnapsen.family import CARD_POINTS, DECK

if TYPE_CHECKING:
    from stich.contract.deal import ContractSchnapsen

HIDDEN = "?"
Slots = list[Card | None]
"""A hand or talon as written: known cards and ``None`` for each ``?``."""


# --- writing --------------------------------------------------------------------------------
def write(game: ContractSchnapsen, state: Any, viewer: int | None = None) -> str:
    """The position of ``state`` (a ``game.State``); as ``viewer`` sees it if given."""
    from stich.contract.view import shown_seats

    phase = Phase(state.phase)
    seats = range(game.SEATS)
    if phase is Phase.TRUMP:
        hands = [".".join(card.name if viewer is None or (s == viewer and i < 3) else HIDDEN
                          for i, card in enumerate(game.dealt[s])) for s in seats]
    else:
        open_to = set(shown_seats(game.options.plauderer, state, viewer)) if viewer is not None \
            else set()
        hands = []
        for s in seats:
            mine = viewer is None or s == viewer or s in open_to
            known = state.hands[s] if mine else 0
            if state.turned_up is not None and not mine:
                known |= state.hands[s] & (1 << state.turned_up)
            hands.append(_mask_text(state.hands[s], known))
    words = [game.NAME, options_text(game.options), f"dealer={game.dealer}",
             f"phase={phase}", "hands=" + "/".join(hands)]
    if game.TALON_SIZE:
        taker = state.talon_taker
        sees = viewer is None or (viewer == taker)
        talon = card_set(game.dealt_talon) if phase is Phase.TRUMP else state.talon
        words.append("talon=" + _mask_text(talon, talon if viewer is None or (
            sees and taker >= 0) else 0))
        seen = card_set(game.dealt_talon) if taker >= 0 else 0
        words.append("seen=" + _mask_text(seen, seen if sees else 0))
        words.append(f"taker={taker if taker >= 0 else '-'}")
    words += [f"trump={'-' if state.trump is None else state.trump}",
              f"up={state.turned_up.name if state.turned_up is not None else '-'}",
              "calls=" + _said(state.calls), "doubles=" + _said(state.doubles),
              "tricks=" + (",".join(_trick_text(t) for t in state.tricks) or "-"),
              "trick=" + (_trick_text(state.trick) if state.trick else "-"),
              "marriages=" + (",".join(f"{s}:{suit}" for s, suit in state.marriages) or "-"),
              f"announced={'-' if state.announced is None else state.announced}"]
    if game.TALON_SIZE:
        words.append(f"raised={int(state.raised)}")
    return " ".join(words)


def options_text(options: Any) -> str:
    parts = [options.preset]
    for key, value in sorted(options.overrides().items()):
        if isinstance(value, list | tuple | set | frozenset):
            value = ",".join(sorted(map(str, value)))
        elif isinstance(value, bool):
            value = str(value).lower()
        parts.append(f"{key}={value}")
    return ";".join(parts)


def _mask_text(mask: int, known: int) -> str:
    """Known cards by code (card order), the rest as ``?``."""
    names = [card.name for card in cards_in(mask & known)]
    names += [HIDDEN] * (mask & ~known).bit_count()
    return ".".join(names) or "-"


def _said(calls: tuple[tuple[int, str], ...]) -> str:
    return ",".join(f"{seat}:{text.replace(' ', '_')}" for seat, text in calls) or "-"


def _trick_text(trick: tuple[tuple[int, Card], ...]) -> str:
    return f"{trick[0][0]}:" + ".".join(card.name for _, card in trick)


# --- reading --------------------------------------------------------------------------------
def parse(cls: type[ContractSchnapsen], text: str) -> dict[str, Any]:
    """The fields of a position (hands and talons as :data:`Slots`); PositionError names
    what is wrong. Hidden cards are allowed here; :func:`build` refuses them."""
    words = text.split()
    if len(words) < 2 or words[0] != cls.NAME:
        raise PositionError(f"a {cls.NAME} position starts with '{cls.NAME}' and its options")
    options = read_options(cls.OPTIONS, words[1], ";")
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key in fields:
            raise PositionError(f"{word!r}: expected each field once as key=value")
        fields[key] = value
    needed = ["dealer", "phase", "hands", "trump", "up", "calls", "doubles", "tricks", "trick",
              "marriages", "announced"]
    if cls.TALON_SIZE:
        needed += ["talon", "seen", "taker", "raised"]
    missing = [key for key in needed if key not in fields]
    unknown = sorted(set(fields) - set(needed))
    if missing or unknown:
        raise PositionError(f"{cls.NAME} position: missing {missing}, unknown {unknown}")
    try:
        out: dict[str, Any] = {
            "options": options, "dealer": _seat(cls, fields["dealer"]),
            "phase": Phase(fields["phase"]),
            "hands": [_slots(h) for h in fields["hands"].split("/")],
            "trump": None if fields["trump"] == "-" else Suit[fields["trump"]],
            "turned_up": None if fields["up"] == "-" else Card[fields["up"]],
            "calls": _read_said(cls, fields["calls"]),
            "doubles": _read_said(cls, fields["doubles"]),
            "tricks": [] if fields["tricks"] == "-" else [
                _read_trick(cls, t) for t in fields["tricks"].split(",")],
            "trick": None if fields["trick"] == "-" else _read_trick(cls, fields["trick"]),
            "marriages": () if fields["marriages"] == "-" else tuple(
                (_seat(cls, s), Suit[suit]) for s, suit in
                (m.split(":") for m in fields["marriages"].split(","))),
            "announced": None if fields["announced"] == "-" else Suit[fields["announced"]],
        }
        if cls.TALON_SIZE:
            out["talon"] = _slots(fields["talon"])
            out["seen"] = _slots(fields["seen"])
            out["taker"] = -1 if fields["taker"] == "-" else _seat(cls, fields["taker"])
            out["raised"] = fields["raised"] == "1"
    except (KeyError, ValueError) as error:
        if isinstance(error, PositionError):
            raise
        raise PositionError(f"{cls.NAME} position: bad value ({error})") from None
    if len(out["hands"]) != cls.SEATS:
        raise PositionError(f"{cls.NAME} has {cls.SEATS} hands, the position has "
                            f"{len(out['hands'])}")
    if out["phase"] is Phase.OVER:
        raise PositionError("the deal is over: a position is a state that can continue")
    return out


def _seat(cls: type[ContractSchnapsen], text: str) -> int:
    if not text.isdigit() or int(text) >= cls.SEATS:
        raise PositionError(f"{text!r} is not a seat of {cls.NAME}")
    return int(text)


def _slots(text: str) -> Slots:
    if text == "-":
        return []
    return [None if code == HIDDEN else Card[code] for code in text.split(".")]


def _read_said(cls: type[ContractSchnapsen], text: str) -> tuple[tuple[int, str], ...]:
    if text == "-":
        return ()
    out = []
    for item in text.split(","):
        seat, sep, said = item.partition(":")
        if not sep:
            raise PositionError(f"{item!r}: expected seat:call")
        try:
            action = Action.parse(said.replace("_", " "))
        except ActionParseError as error:
            raise PositionError(str(error)) from None
        out.append((_seat(cls, seat), str(action)))
    return tuple(out)


def _read_trick(cls: type[ContractSchnapsen], text: str) -> tuple[int, list[Card]]:
    seat, sep, codes = text.partition(":")
    if not sep or not codes:
        raise PositionError(f"{text!r}: expected leader:cards")
    return _seat(cls, seat), [Card[code] for code in codes.split(".")]


def build(cls: type[ContractSchnapsen], fields: dict[str, Any]) -> ContractSchnapsen:
    """The game in the state the fields describe (no hidden cards); its history starts here."""
    hands: list[Slots] = fields["hands"]
    talon: Slots = fields.get("talon", [])
    if any(card is None for hand in hands for card in hand) or None in talon or None in fields.get(
            "seen", []):
        raise PositionError("a position to play from names every card (no '?')")
    phase: Phase = fields["phase"]
    dealer = fields["dealer"]
    if phase is Phase.TRUMP:
        game = cls([list(h) for h in hands], list(talon), dealer,  # type: ignore[arg-type]
                   fields["options"])
        game.starts_at_position = True
        return game
    tricks = fields["tricks"]
    trick = fields["trick"]
    played = [card for _, cards in tricks for card in cards] + (trick[1] if trick else [])
    every = [c for hand in hands for c in hand] + list(talon) + played
    if sorted(every) != sorted(cards_in(DECK)):
        raise PositionError("the hands, the talon and the tricks must hold the 20 cards once "
                            "each")
    game = cls.__new__(cls)
    game.setup(dealer, fields["options"], None,
               tuple(tuple(sorted(h)) for h in hands),  # type: ignore[arg-type]
               tuple(c for c in (talon if phase is Phase.AUCTION else fields.get("seen", ()))
                     if c is not None))
    game.starts_at_position = True
    game.phase = phase
    game.hands = tuple(card_set(h) for h in hands)  # type: ignore[arg-type]
    game.trump, game.turned_up = fields["trump"], fields["turned_up"]
    game.calls, game.doubles = fields["calls"], fields["doubles"]
    game.marriages, game.announced = fields["marriages"], fields["announced"]
    if game.trump is None:
        raise PositionError("after phase trump the trump suit is named")
    if cls.TALON_SIZE:
        game.talon = card_set(talon)  # type: ignore[attr-defined,arg-type]
        game.talon_taker = fields["taker"]  # type: ignore[attr-defined]
        game.raised = fields["raised"]  # type: ignore[attr-defined]
    _restore_talk(game, phase)
    _restore_play(game, phase, tricks, trick)
    return game


def _restore_talk(game: ContractSchnapsen, phase: Phase) -> None:
    """The auction, the contract and the doubling, from what was said (B-3, B-6, D-1)."""
    auction = Auction.start(game.caller, game.SEATS)
    raised = None
    for seat, text in game.calls[1:]:
        action = Action.parse(text)
        if auction.over:
            raised = (seat, action.arg)
            continue
        if action.verb == "bid":
            contract = game.contracts.get(action.arg)
            if contract is None:
                raise PositionError(f"{action.arg!r} is not a contract in this game")
            auction = auction.bid(seat, contract.name, contract.rank, game._drop_outbid())
        elif action.verb == "pass":
            auction = auction.passed(seat)
        else:
            raise PositionError(f"{text!r} is not a call in the auction")
    game.auction = auction
    if phase is Phase.AUCTION:
        if auction.over:
            raise PositionError("the calls end the auction, but the phase is auction")
        game.to_act = auction.to_speak
        return
    if not auction.over:
        raise PositionError(f"the calls leave the auction open in phase {phase}")
    if auction.high is None:
        game._fix_contract(None, game.caller)
    else:
        game._fix_contract(game.contracts[auction.high], auction.high_seat)
    if raised is not None:
        game._fix_contract(game.contracts[raised[1]], raised[0])
    if phase is Phase.TALON:
        game.to_act = getattr(game, "talon_taker", -1)
        if game.to_act < 0:
            raise PositionError("phase talon needs the talon's taker")
        return
    doubling = Doubling.start(*game.sides)
    for _, text in game.doubles:
        if doubling.over:
            raise PositionError("more doubling calls than B-6 allows")
        doubling = doubling.passed() if text == "pass" else doubling.doubled()
    game.doubling = doubling
    if phase is Phase.DOUBLE:
        if doubling.over:
            raise PositionError("the doubling calls are over, but the phase is double")
        game.to_act = doubling.asking[0]
    elif not doubling.over:
        raise PositionError("doubling is still open in phase play")


def _restore_play(game: ContractSchnapsen, phase: Phase,
                  tricks: list[tuple[int, list[Card]]], trick: tuple[int, list[Card]] | None,
                  ) -> None:
    """Tricks, their winners and points, the trick on the table, who leads and acts (B-4)."""
    if phase is not Phase.PLAY:
        if tricks or trick:
            raise PositionError(f"no tricks before phase play (phase {phase})")
        return
    caller_leads = game.contract is None or game.contract.caller_leads
    leader = game.caller if caller_leads else game.declarer
    points = [0] * game.SEATS
    size = game.active.bit_count()
    for lead, cards in tricks:
        if len(cards) != size or lead != leader:
            raise PositionError(f"a trick of {size} cards led by seat {leader} expected")
        seated = _seated(game, lead, cards)
        winner = seated[trick_winner(cards, game.play_trump, game.order)][0]
        points[winner] += sum(CARD_POINTS[c] for c in cards)
        game.winners = (*game.winners, winner)
        game.tricks = (*game.tricks, seated)
        leader = winner
    game.points = tuple(points)
    game.leader = game.to_act = leader
    if trick is not None:
        lead, cards = trick
        if lead != leader or len(cards) >= size:
            raise PositionError(f"the trick on the table is led by seat {leader}, "
                                f"with fewer than {size} cards")
        game.trick = _seated(game, lead, cards)
        game.to_act = game._seat_after(game.trick[-1][0])


def _seated(game: ContractSchnapsen, lead: int, cards: list[Card]) -> tuple[tuple[int, Card], ...]:
    out, seat = [], lead
    for card in cards:
        out.append((seat, card))
        seat = game._seat_after(seat)
    return tuple(out)
