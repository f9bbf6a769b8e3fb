"""The contracts of Bauern- and Dreierschnapsen (B-5, D-1): the table, who may bid, the goals.

One table serves both games; :func:`contract_table` adapts it to the number of players (D-1:
Schnapser within 4 tricks, Farbenringerl played for all 6 tricks) and to the options in force
(the contracts allowed, the Assenbettler variant). A goal's :func:`verdict` says after each
trick or marriage whether the contract is already made or lost, so a deal ends as soon as its
outcome is certain (B-5).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Collection, Mapping
from enum import StrEnum

from stich.core.actions import Action
from stich.core.cards import SUIT_MASK, Rank, Suit, card_set, cards_in
from stich.core.tricks import CardOrder
from stich.schnapsen.family import (
    DECK,
    NORMAL_ORDER,
    TEN_HIGH_ORDER,
    WINNING_SCORE,
)


class Goal(StrEnum):
    """What the declarer must do."""

    NO_TRICK = "no_trick"
    ALL_TRICKS = "all_tricks"
    SCHNAPSER = "schnapser"
    SHOWN = "shown"
    """Shown and won at once, without play."""


class Bidder(StrEnum):
    """Who may announce a contract (B-5, column "who may announce")."""

    ANYONE = "anyone"
    CALLER = "caller"
    OPPONENTS = "opponents"
    """The caller's opponents."""
    SUIT_HOLDER = "suit_holder"
    """Anyone holding all five cards of a suit."""
    TRUMP_HOLDER = "trump_holder"
    """The caller, holding all five trumps."""


@dataclasses.dataclass(frozen=True)
class Contract:
    """One row of the B-5 table."""

    name: str
    """The bid's word in the notation: lower case, ``-`` for spaces (``bid bauernschnapser``)."""
    title: str
    rank: int
    bidder: Bidder
    trump: bool
    """Whether the caller's named trump is in force."""
    ten_high: bool
    """Card order T K Q J A (the Ace lowest) instead of A T K Q J."""
    goal: Goal
    caller_leads: bool
    """The caller leads the first trick (Kontra contracts); otherwise the declarer does."""
    value: int

    @property
    def order(self) -> CardOrder:
        return TEN_HIGH_ORDER if self.ten_high else NORMAL_ORDER


_B, _G = Bidder, Goal
TABLE: tuple[Contract, ...] = (
    Contract("bettler", "Bettler", 1, _B.ANYONE, False, False, _G.NO_TRICK, False, 4),
    Contract("assenbettler", "Assenbettler", 2, _B.ANYONE, False, True, _G.NO_TRICK, False, 5),
    Contract("schnapser", "Schnapser", 3, _B.CALLER, True, False, _G.SCHNAPSER, False, 6),
    Contract("plauderer", "Plauderer", 4, _B.ANYONE, False, False, _G.NO_TRICK, False, 7),
    Contract("gang", "Gang", 5, _B.ANYONE, False, False, _G.ALL_TRICKS, False, 9),
    Contract("zehnergang", "Zehnergang", 6, _B.ANYONE, False, True, _G.ALL_TRICKS, False, 10),
    Contract("kontraschnapser", "Kontraschnapser", 7, _B.OPPONENTS, True, False, _G.SCHNAPSER,
             True, 12),
    Contract("bauernschnapser", "Bauernschnapser", 8, _B.CALLER, True, False, _G.ALL_TRICKS,
             False, 12),
    Contract("bauernloch", "Bauernloch", 9, _B.CALLER, True, True, _G.ALL_TRICKS, False, 12),
    Contract("farbenringerl", "Farbenringerl", 10, _B.SUIT_HOLDER, False, False, _G.SHOWN,
             False, 18),
    Contract("kontrabauernschnapser", "Kontrabauernschnapser", 11, _B.OPPONENTS, True, False,
             _G.ALL_TRICKS, True, 24),
    Contract("herrenschnapser", "Herrenschnapser", 12, _B.TRUMP_HOLDER, True, False, _G.SHOWN,
             False, 24),
)
CONTRACT_NAMES: frozenset[str] = frozenset(c.name for c in TABLE)
NO_TRICK_CONTRACTS = frozenset({"bettler", "assenbettler", "plauderer"})
"""Where ``bettler_partner_sits_out`` applies (B-5)."""


class ContractTable(dict[str, Contract]):
    """The contracts that may be bid, by name (:func:`contract_table`), built once per number
    of players and options and shared by every deal under them (read it, never change it).
    ``bids`` keeps the bids each kind of bidder may make above a rank, as
    ``stich.contract.legality.bids_above`` finds them with :func:`bidder_problem`."""

    def __init__(self, contracts: dict[str, Contract]) -> None:
        super().__init__(contracts)
        self.bids: dict[tuple[object, ...], tuple[Action, ...]] = {}


def contract_table(players: int, allowed: Collection[str],
                   assenbettler: str = "ace_low") -> Mapping[str, Contract]:
    """The contracts that may be bid, by name, adapted to 4 (B-5) or 3 players (D-1)."""
    return _contract_table(players, frozenset(allowed), assenbettler)


@functools.cache
def _contract_table(players: int, allowed: frozenset[str], assenbettler: str) -> ContractTable:
    """``contract_table``, built once per number of players and options (every deal asks)."""
    table: dict[str, Contract] = {}
    for contract in TABLE:
        if contract.name not in allowed:
            continue
        if contract.name == "assenbettler" and assenbettler == "must_hold_ace":
            contract = dataclasses.replace(contract, ten_high=False)
        if contract.name == "farbenringerl" and players == 3:
            contract = dataclasses.replace(contract, goal=Goal.ALL_TRICKS)  # D-1
        table[contract.name] = contract
    return ContractTable(table)


def schnapser_deadline(players: int) -> int:
    """Schnapser must reach 66 within 3 tricks with 4 players (B-5), 4 with 3 players (D-1)."""
    return 3 if players == 4 else 4


def full_suit(hand: int) -> Suit | None:
    """The suit of which the hand holds all five cards (Farbenringerl), if any."""
    for suit, cards in _SUITS_IN_DECK:
        if hand & cards == cards:
            return suit
    return None


_SUITS_IN_DECK = tuple((suit, SUIT_MASK[suit] & DECK) for suit in Suit)


ACES = card_set(c for c in cards_in(DECK) if c.rank == Rank.ACE)


def bidder_facts(seat: int, caller: int, opponent_of_caller: bool, hand: int,
                 trump: Suit | None, assenbettler: str) -> tuple[object, ...]:
    """What :func:`bidder_problem` reads of a bidder, whatever the contract: whether he is
    the caller, plays against him, the suit he holds all of, trump, the Assenbettler
    variant and whether he holds an Ace (bidders with the same facts may bid the same)."""
    return (seat == caller, opponent_of_caller, full_suit(hand), trump, assenbettler,
            not hand & ACES)


def bidder_problem(contract: Contract, seat: int, caller: int, opponent_of_caller: bool,
                   hand: int, trump: Suit | None, assenbettler: str) -> str | None:
    """Why ``seat`` may not announce ``contract`` (B-5 eligibility), or None."""
    bidder = contract.bidder
    if bidder is Bidder.CALLER and seat != caller:
        return f"only the caller may announce {contract.title}"
    if bidder is Bidder.OPPONENTS and not opponent_of_caller:
        return f"only the caller's opponents may announce {contract.title}"
    if bidder is Bidder.SUIT_HOLDER and full_suit(hand) is None:
        return f"{contract.title} needs all five cards of one suit"
    if bidder is Bidder.TRUMP_HOLDER:
        if seat != caller:
            return f"only the caller may announce {contract.title}"
        if trump is None or full_suit(hand) != trump:
            return f"{contract.title} needs all five trumps"
    if contract.name == "assenbettler" and assenbettler == "must_hold_ace" and not hand & ACES:
        return "Assenbettler needs an Ace in hand (option assenbettler=must_hold_ace)"
    return None


def verdict(goal: Goal, winners: tuple[int, ...], declaring: Collection[int], score: int,
            total_tricks: int, deadline: int) -> bool | None:
    """True once the contract is made, False once it is lost, None while still open (B-5).

    ``winners`` are the seats that won the tricks so far, ``declaring`` the seats whose tricks
    fulfil the contract (the declarer; with ``schnapser_with_partner`` his team too), and
    ``score`` their card points plus counted marriages (Schnapser only).
    """
    if goal is Goal.NO_TRICK:
        if any(w in declaring for w in winners):
            return False
        return True if len(winners) == total_tricks else None
    if any(w not in declaring for w in winners):
        return False
    if goal is Goal.SCHNAPSER:
        if score >= WINNING_SCORE:
            return True
        return False if len(winners) >= deadline else None
    return True if len(winners) == total_tricks else None
