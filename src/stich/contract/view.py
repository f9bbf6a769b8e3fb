"""What a seat may know in Bauern- and Dreierschnapsen (B-1, B-2, B-5, D-1).

Everything said (trump, bids, doubling) and every card played is public; a seat sees its own
hand, the card the caller turned up, each team's first won trick (face up for the whole deal,
B-1), the hands that Plauderer lays open (B-5), and in Dreierschnapsen the talon once it has
taken it up (D-1). Nothing else: never another seat's hand or the face-down talon.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from stich.core.cards import Card, Suit, card_set
from stich.core.game import CardSet, Observation

if TYPE_CHECKING:
    from stich.contract.deal import ContractSchnapsen

Trick = tuple[tuple[int, Card], ...]


@dataclasses.dataclass(frozen=True)
class ContractObservation(Observation):
    """One seat's view of a deal."""

    phase: str
    dealer: int
    caller: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    named_trump: Suit | None
    turned_up: Card | None
    calls: tuple[tuple[int, str], ...]
    """Trump naming, bids and passes, in order."""
    doubles: tuple[tuple[int, str], ...]
    """The doubling calls (B-6), in order."""
    contract: str | None
    """``normal`` for the normal game, a contract name, or None while the auction runs."""
    declarer: int | None
    trump: Suit | None
    """The trump in force in play (None in the contracts without trump)."""
    ten_high: bool
    """Card order T K Q J A (the Ace lowest) in force, else A T K Q J."""
    factor: int
    sitting_out: int | None
    leader: int
    trick: Trick
    announced: Suit | None
    marriages: tuple[tuple[int, Suit], ...]
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    """Card points each seat has taken in tricks (all tricks were played face up)."""
    first_tricks: tuple[Trick, ...]
    """Each team's first won trick, which stays face up (B-1)."""
    last_trick: Trick | None
    played: CardSet
    open_hands: tuple[tuple[int, CardSet], ...]
    """Other seats' hands this seat sees (Plauderer, B-5)."""


def _first_tricks(game: ContractSchnapsen) -> tuple[Trick, ...]:
    seen: set[int] = set()
    team_of = {seat: index for index, team in enumerate(game.TEAMS) for seat in team}
    first: list[Trick] = []
    for trick, winner in zip(game.tricks, game.winners, strict=True):
        if team_of[winner] not in seen:
            seen.add(team_of[winner])
            first.append(trick)
    return tuple(first)


def shown_seats(game: ContractSchnapsen, state: Any, seat: int | None) -> tuple[int, ...]:
    """The seats whose hands ``seat`` sees in ``state`` (the game or a ``game.State``):
    Plauderer's open hands (B-5) under the option ``plauderer``; None: nobody's."""
    contract = state.contract
    if (seat is None or contract is None or contract.name != "plauderer"
            or state.phase == "over"):
        return ()
    variant = game.options.plauderer
    opponents = state.sides[1]
    if variant == "opponents_confer":
        shown: tuple[int, ...] = opponents if seat in opponents else ()
    elif not state.tricks:
        shown = ()
    elif variant == "declarer_open":
        shown = (state.declarer,)
    else:
        shown = opponents
    return tuple(s for s in shown if s != seat)


def observe(game: ContractSchnapsen, seat: int) -> dict[str, Any]:
    """The fields of ``seat``'s observation (a game with a talon adds its own)."""
    to_act = game.current_player()
    fixed = bool(game.sides[0])  # the contract (or the normal game) is fixed
    out = game.active ^ ((1 << game.SEATS) - 1)
    played = card_set(card for trick in game.tricks for _, card in trick)
    played |= card_set(card for _, card in game.trick)
    return {
        "game": game.NAME, "seat": seat, "to_act": to_act,
        "legal_actions": tuple(game.legal_actions()) if to_act == seat else (),
        "phase": str(game.phase), "dealer": game.dealer, "caller": game.caller,
        "hand": CardSet(game.hands[seat]),
        "hand_sizes": tuple(hand.bit_count() for hand in game.hands),
        "named_trump": game.trump, "turned_up": game.turned_up, "calls": game.calls,
        "doubles": game.doubles,
        "contract": (game.contract.name if game.contract else "normal") if fixed else None,
        "declarer": game.declarer if fixed else None,
        "trump": game.play_trump if fixed else game.trump,
        "ten_high": game.contract is not None and game.contract.ten_high,
        "factor": game.doubling.factor,
        "sitting_out": out.bit_length() - 1 if out else None,
        "leader": game.leader, "trick": game.trick, "announced": game.announced,
        "marriages": game.marriages,
        "tricks_won": tuple(game.winners.count(s) for s in range(game.SEATS)),
        "points": game.points, "first_tricks": _first_tricks(game),
        "last_trick": game.tricks[-1] if game.tricks else None,
        "played": CardSet(played), "open_hands": game.visible_hands(seat),
    }
