"""Dreierschnapsen (Talonschnapsen) for three players, each for himself (D-1).

The engine is :class:`~stich.contract.deal.ContractSchnapsen`; this module adds the
talon. The highest bidder takes it up and discards two cards (``discard HA HK``); if nobody
bids, the caller looks at it and lays two of his eight cards face down as the new talon
(``exchange-talon HA SK``: naming the two talon cards keeps his hand, naming one exchanges one
card, naming two of his own exchanges both). Laid-down cards count for nobody.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any, ClassVar

from stich.contract.contracts import Goal
from stich.contract.deal import ContractOptions, ContractSchnapsen
from stich.contract.legality import Phase, every_action
from stich.contract.view import ContractObservation
from stich.core.action_space import ActionSpace
from stich.core.actions import Action
from stich.core.cards import Card, card_set, cards_in
from stich.core.game import CardSet, Illegal
from stich.schnapsen.family import DECK

LAID_DOWN = 2


def _lay_downs(verb: str) -> dict[int, Action]:
    """The action laying down each two cards with ``verb``, by their card set (built once, as
    legal-move lists reuse ``PLAY``'s actions)."""
    return {1 << a | 1 << b: Action(verb, f"{a} {b}")
            for a, b in combinations(cards_in(DECK), LAID_DOWN)}


EXCHANGE_TALON, DISCARD = _lay_downs("exchange-talon"), _lay_downs("discard")


@dataclasses.dataclass(frozen=True)
class DreierschnapsenOptions(ContractOptions):
    """D-1's raising options on top of the shared ones; defaults are ``standard``."""

    GAME = "dreierschnapsen"
    raise_before_talon: bool = False
    """An outbid bidder may raise again before the talon is taken (else he is out)."""
    raise_after_talon: bool = False
    """The talon's taker may raise once after seeing it, before the first card."""


@dataclasses.dataclass(frozen=True)
class DreierObservation(ContractObservation):
    """Adds the talon: its size, and for its taker the cards seen and laid down."""

    talon_size: int
    talon_seen: CardSet | None
    laid_down: CardSet | None


class Dreierschnapsen(ContractSchnapsen):
    """One deal; the caller sits left of the dealer; one plays against the other two."""

    NAME = "dreierschnapsen"
    SEATS = 3
    TEAMS = ((0,), (1,), (2,))
    OPTIONS = DreierschnapsenOptions
    ACTION_SPACE = ActionSpace(NAME, every_action(talon=True))
    HAND_SIZE = 6
    TALON_SIZE = 2
    _STATE = (*ContractSchnapsen._STATE, "talon", "talon_taker", "raised")

    options: DreierschnapsenOptions

    def setup(self, dealer: int, options: ContractOptions | None, seed: int | None,
              dealt: tuple[tuple[Card, ...], ...], dealt_talon: tuple[Card, ...]) -> None:
        super().setup(dealer, options, seed, dealt, dealt_talon)
        self.talon = card_set(dealt_talon)
        self.talon_taker = -1
        self.raised = False

    def side_of(self, seat: int) -> tuple[int, ...]:
        """D-1: every contract, and the normal game, is one against the other two."""
        return (seat,)

    def opponent_of_caller(self, seat: int) -> bool:
        return seat != self.caller

    def _drop_outbid(self) -> bool:
        return not self.options.raise_before_talon

    def _after_auction(self) -> None:
        """D-1: the declarer (or, in the normal game, the caller) takes up the talon."""
        taker = self.declarer
        hands = list(self.hands)
        hands[taker] |= self.talon
        self.hands = tuple(hands)
        self.talon = 0
        self.talon_taker = taker
        self.phase = Phase.TALON
        self.to_act = taker

    # --- the talon's verbs ---------------------------------------------------------------------
    def _lay_down_problem(self, action: Action, normal_game: bool) -> Illegal | None:
        if problem := self._lay_down_verb_problem(normal_game):
            return problem
        cards = action.cards
        if len(cards) != LAID_DOWN or cards[0] == cards[1]:
            return Illegal("D-1", "lay down exactly two different cards")
        missing = tuple(c for c in cards if not self.hands[self.to_act] >> c & 1)
        if missing:
            return Illegal.naming("D-1", "you do not hold {}", missing)
        return None

    def _lay_down_verb_problem(self, normal_game: bool) -> Illegal | None:
        """Whether cards may be laid down now with ``exchange-talon`` (``normal_game``) or
        ``discard``, whichever two cards (D-1)."""
        if problem := self._phase_problem(Phase.TALON, "cards are laid down"):
            return problem
        if (self.contract is None) != normal_game:
            if self.contract is None:
                return Illegal("D-1", "use exchange-talon in the normal game (discard is for "
                                      "contracts)")
            return Illegal("D-1", "use discard after a contract (exchange-talon is for the "
                                  "normal game)")
        return None

    def _raise_problem(self, name: str) -> Illegal | None:
        if self.phase is not Phase.TALON:
            return self._bid_problem(name)
        if problem := self._raise_gate_problem():
            return problem
        return self._contract_problem(name, self._raise_floor())

    def _raise_gate_problem(self) -> Illegal | None:
        """Whether the talon's taker may raise at all now, whatever the contract (D-1)."""
        if not self.options.raise_after_talon:
            return Illegal("D-1", "no raising after the talon (option raise_after_talon)")
        if self.raised:
            return Illegal("D-1", "you may raise only once after the talon")
        return None

    def _raise_floor(self) -> int:
        """The rank a raise after the talon must beat: the contract's (the normal game 0)."""
        return self.contract.rank if self.contract is not None else 0

    VERBS: ClassVar[Mapping[str, Callable[[Any, Action], Illegal | None]]] = {
        **ContractSchnapsen.VERBS,
        "discard": lambda g, a: g._lay_down_problem(a, normal_game=False),
        "exchange-talon": lambda g, a: g._lay_down_problem(a, normal_game=True),
        "bid": lambda g, a: g._raise_problem(a.arg),
    }

    def legal_actions(self) -> list[Action]:
        """In the talon phase (D-1): every two held cards under the verb
        ``_lay_down_verb_problem`` allows, then the raises ``_raise_problem`` allows."""
        if self.phase is not Phase.TALON or self._result is not None:
            return super().legal_actions()
        actions: list[Action] = []
        for normal_game, table in ((True, EXCHANGE_TALON), (False, DISCARD)):
            if self._lay_down_verb_problem(normal_game) is None:
                held = cards_in(self.hands[self.to_act])
                actions += [table[1 << a | 1 << b] for a, b in combinations(held, LAID_DOWN)]
        if self._raise_gate_problem() is None:
            actions += self._bids_above(self._raise_floor())
        return actions

    def _do_more(self, seat: int, action: Action) -> None:
        if action.verb == "bid":  # a raise after seeing the talon
            self.calls = (*self.calls, (seat, str(action)))
            self.raised = True
            contract = self.contracts[action.arg]
            self._fix_contract(contract, seat)
            if contract.goal is Goal.SHOWN:
                self._finish(self.sides[0], contract.value, "shown")
            return
        laid = sum(1 << card for card in action.cards)
        hands = list(self.hands)
        hands[seat] &= ~laid
        self.hands = tuple(hands)
        self.talon = laid
        self._start_doubling()

    # --- observations ----------------------------------------------------------------------------
    def observation(self, seat: int) -> DreierObservation:
        taker = seat == self.talon_taker
        laid = taker and self.phase not in (Phase.TALON,) and bool(self.talon)
        return DreierObservation(
            **self._observed(seat),
            talon_size=self.talon.bit_count(),
            talon_seen=CardSet(sum(1 << c for c in self.dealt_talon)) if taker else None,
            laid_down=CardSet(self.talon) if laid else None,
        )
