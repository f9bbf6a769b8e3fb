"""What a seat may know in Bauern- and Dreierschnapsen (B-1, B-2, B-5, D-1).

Everything said (trump, bids, doubling) and every card played is public; a seat sees its own
hand, the card the caller turned up, each team's first won trick (face up for the whole deal,
B-1), the hands that Plauderer lays open (B-5), and in Dreierschnapsen the talon once it has
taken it up (D-1). Nothing else: never another seat's hand or the face-down talon.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from stich.core.actions import Action
from stich.core.cards import Card, Suit, card_set
from stich.core.game import CardSet, Observation

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


def _first_tricks(state: Any, teams: tuple[tuple[int, ...], ...]) -> tuple[Trick, ...]:
    seen: set[int] = set()
    team_of = {seat: index for index, team in enumerate(teams) for seat in team}
    first: list[Trick] = []
    for trick, winner in zip(state.tricks, state.winners, strict=True):
        if team_of[winner] not in seen:
            seen.add(team_of[winner])
            first.append(trick)
    return tuple(first)


def shown_seats(plauderer: str, state: Any, seat: int | None) -> tuple[int, ...]:
    """The seats whose hands ``seat`` sees in ``state`` (a game's ``State``, or the game):
    Plauderer's open hands (B-5) under the option ``plauderer`` (its value); None: nobody's."""
    contract = state.contract
    if (seat is None or contract is None or contract.name != "plauderer"
            or state.phase == "over"):
        return ()
    opponents = state.sides[1]
    if plauderer == "opponents_confer":
        shown: tuple[int, ...] = opponents if seat in opponents else ()
    elif not state.tricks:
        shown = ()
    elif plauderer == "declarer_open":
        shown = (state.declarer,)
    else:
        shown = opponents
    return tuple(s for s in shown if s != seat)


def observe(state: Any, seat: int, to_act: int, legal: tuple[Action, ...], *, name: str,
            teams: tuple[tuple[int, ...], ...], dealer: int, caller: int,
            plauderer: str) -> dict[str, Any]:
    """The fields of ``seat``'s observation of ``state`` (a game's ``State``): ``to_act`` and
    ``legal`` (its legal actions, empty unless it is to act) as the game says, and the deal's
    fixed facts (a game with a talon adds its own fields)."""
    fixed = bool(state.sides[0])  # the contract (or the normal game) is fixed
    seats = len(state.hands)
    out = state.active ^ ((1 << seats) - 1)
    played = card_set(card for trick in state.tricks for _, card in trick)
    played |= card_set(card for _, card in state.trick)
    contract = state.contract
    return {
        "game": name, "seat": seat, "to_act": to_act, "legal_actions": legal,
        "phase": str(state.phase), "dealer": dealer, "caller": caller,
        "hand": CardSet(state.hands[seat]),
        "hand_sizes": tuple(hand.bit_count() for hand in state.hands),
        "named_trump": state.trump, "turned_up": state.turned_up, "calls": state.calls,
        "doubles": state.doubles,
        "contract": (contract.name if contract else "normal") if fixed else None,
        "declarer": state.declarer if fixed else None,
        "trump": state.play_trump if fixed else state.trump,
        "ten_high": contract is not None and contract.ten_high,
        "factor": state.doubling.factor,
        "sitting_out": out.bit_length() - 1 if out else None,
        "leader": state.leader, "trick": state.trick, "announced": state.announced,
        "marriages": state.marriages,
        "tricks_won": tuple(state.winners.count(s) for s in range(seats)),
        "points": state.points, "first_tricks": _first_tricks(state, teams),
        "last_trick": state.tricks[-1] if state.tricks else None,
        "played": CardSet(played),
        "open_hands": tuple((s, CardSet(state.hands[s]))
                            for s in shown_seats(plauderer, state, seat)),
    }
