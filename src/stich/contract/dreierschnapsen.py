"""Dreierschnapsen (Talonschnapsen) for three players, each for himself (D-1).

The engine is :class:`~stich.contract.deal.ContractSchnapsen`; this module adds the
talon. The highest bidder takes it up and discards two cards (``discard HA HK``); if nobody
bids, the caller looks at it and lays two of his eight cards face down as the new talon
(``exchange-talon HA SK``: naming the two talon cards keeps his hand, naming one exchanges one
card, naming two of his own exchanges both). Laid-down cards count for nobody. The talon's
verbs are judged by the predicates of ``stich.contract.legality``, as the other verbs are.
"""

from __future__ import annotations

import dataclasses

from stich.contract import legality
from stich.contract.contracts import Goal
from stich.contract.deal import ContractOptions, ContractSchnapsen
from stich.contract.legality import Phase, every_action
from stich.contract.view import ContractObservation
from stich.core.action_space import ActionSpace
from stich.core.actions import Action
from stich.core.cards import Card, card_set
from stich.core.game import CardSet, Illegal


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

    # --- the talon's verbs (stich.contract.legality) ------------------------------------------
    def why_illegal(self, action: Action) -> Illegal | None:
        """Adds the talon's verbs (D-1): laying down two cards, a raise after the talon."""
        verb = action.verb
        if self._result is None:
            if verb in ("discard", "exchange-talon"):
                return legality.lay_down_problem(self, action)
            if verb == "bid":
                return legality.raise_problem(self, self.contracts, action.arg, self._bidder(),
                                              self.options.raise_after_talon)
        return super().why_illegal(action)

    def legal_actions(self) -> list[Action]:
        """In the talon phase the lay-downs and raises of ``legality.legal_in_talon`` (D-1)."""
        if self.phase is not Phase.TALON or self._result is not None:
            return super().legal_actions()
        return legality.legal_in_talon(self, self.contracts, self._bidder(),
                                       self.options.raise_after_talon)

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
