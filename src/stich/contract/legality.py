"""Legality in Bauern- and Dreierschnapsen: one predicate per verb (B-2 to B-6, D-1).

``legal_actions`` and ``why_illegal`` both go through these predicates, so they never
disagree; each refusal names its rule. The engine (``stich.contract.deal``) mixes this in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from stich.contract.auction import DOUBLING_STEPS, Auction, Doubling
from stich.contract.contracts import TABLE, Contract, Goal, bidder_problem
from stich.core.actions import PLAY, Action
from stich.core.cards import SUIT_MASK, Card, Rank, Suit, cards_in
from stich.core.game import DealResult, Illegal
from stich.core.tricks import CardOrder
from stich.schnapsen.family import explain_follow, marriage_cards, strict_follow

if TYPE_CHECKING:
    from stich.contract.options import ContractOptions

FIRST_PACKET = 3
"""Cards each player gets before the caller names trump (B-2, D-1)."""


class Phase(StrEnum):
    TRUMP = "trump"
    AUCTION = "auction"
    TALON = "talon"
    DOUBLE = "double"
    PLAY = "play"
    OVER = "over"


PHASE_RULE = {Phase.TRUMP: "B-2", Phase.AUCTION: "B-3", Phase.TALON: "D-1",
              Phase.DOUBLE: "B-6", Phase.PLAY: "B-4", Phase.OVER: "end"}
WHEN = {Phase.TRUMP: "before the auction", Phase.AUCTION: "in the auction",
        Phase.TALON: "when the talon is taken up", Phase.DOUBLE: "after the auction",
        Phase.PLAY: "once the contract and doubling are settled"}
NOW = {Phase.TRUMP: "the caller names trump", Phase.AUCTION: "the auction is on",
       Phase.TALON: "the talon is being handled", Phase.DOUBLE: "the sides may double",
       Phase.PLAY: "the cards are being played", Phase.OVER: "the deal is over"}


class ContractLegality:
    """The predicates, over the state the engine keeps."""

    NAME: ClassVar[str]
    options: ContractOptions
    contracts: Mapping[str, Contract]
    dealt: tuple[tuple[Card, ...], ...]
    caller: int
    phase: Phase
    hands: tuple[int, ...]
    trump: Suit | None
    auction: Auction
    contract: Contract | None
    play_trump: Suit | None
    order: CardOrder
    doubling: Doubling
    to_act: int
    trick: tuple[tuple[int, Card], ...]
    announced: Suit | None
    _result: DealResult | None

    def opponent_of_caller(self, seat: int) -> bool:
        """Whether ``seat`` plays against the caller (Kontra contracts, B-5); per game."""
        raise NotImplementedError

    def declaring_seats(self) -> tuple[int, ...]:
        """The seats whose tricks fulfil the contract (the engine's default: the declarer)."""
        raise NotImplementedError

    def _phase_problem(self, phase: Phase, what: str) -> Illegal | None:
        """Refuse a verb of another phase, citing the rule of what happens now."""
        if self.phase != phase:
            return Illegal(PHASE_RULE[self.phase], f"{what} only {WHEN[phase]}; "
                                                   f"now {NOW[self.phase]}")
        return None

    def _trump_problem(self, suit: Suit) -> Illegal | None:
        if problem := self._phase_problem(Phase.TRUMP, "trump is named"):
            return problem
        if self.options.trump_must_be_held and not self.hands[self.caller] & SUIT_MASK[suit]:
            return Illegal.naming("B-2", "you must hold a card of {} among your first three "
                                         "cards to name it (option trump_must_be_held)", suit)
        return None

    def _turnup_problem(self) -> Illegal | None:
        return self._phase_problem(Phase.TRUMP, "turning up")

    def _redeal_problem(self) -> Illegal | None:
        if problem := self._phase_problem(Phase.TRUMP, "a redeal is demanded"):
            return problem
        if any(card.rank != Rank.JACK for card in self.dealt[self.caller][:FIRST_PACKET]):
            return Illegal("B-2", "a new deal only when your first three cards are three Jacks")
        return None

    def _bid_problem(self, name: str) -> Illegal | None:
        if problem := self._phase_problem(Phase.AUCTION, "contracts are announced"):
            return problem
        return self._contract_problem(name, self.auction.high_rank)

    def _contract_problem(self, name: str, above: int) -> Illegal | None:
        contract = self.contracts.get(name)
        if contract is None:
            known = ", ".join(self.contracts)
            return Illegal("B-5", f"{name!r} is not a contract in this game; allowed: {known}")
        if contract.rank <= above:
            return Illegal("B-3", f"{contract.title} is not ranked above the highest "
                                  "announcement so far")
        why = bidder_problem(contract, *self._bidder())
        return Illegal("B-5", why) if why else None

    def _bidder(self) -> tuple[int, int, bool, int, Suit | None, str]:
        """What B-5's ``bidder_problem`` asks of the seat to act, after the contract."""
        seat = self.to_act
        return (seat, self.caller, self.opponent_of_caller(seat), self.hands[seat], self.trump,
                self.options.assenbettler)

    def _bids_above(self, above: int) -> list[Action]:
        """The bids ``_contract_problem`` allows above rank ``above``: the contracts in force
        (in rank order) that rank higher and that ``bidder_problem`` lets the seat announce."""
        bidder = self._bidder()
        return [BID[name] for name, contract in self.contracts.items()
                if contract.rank > above and not bidder_problem(contract, *bidder)]

    def _pass_problem(self) -> Illegal | None:
        if self.phase not in (Phase.AUCTION, Phase.DOUBLE):
            return Illegal(PHASE_RULE[self.phase], "pass only in the auction or when doubling; "
                                                   f"now {NOW[self.phase]}")
        return None

    def _double_problem(self, verb: str) -> Illegal | None:
        if problem := self._phase_problem(Phase.DOUBLE, "doubling happens"):
            return problem
        if verb != self.doubling.step:
            return Illegal("B-6", f"the next doubling step is {self.doubling.step!r}, "
                                  f"not {verb!r}")
        return None

    def _marriage_problem(self, suit: Suit) -> Illegal | None:
        if problem := self._marriage_gate_problem():
            return problem
        if self.hands[self.to_act] & marriage_cards(suit) != marriage_cards(suit):
            return Illegal.naming("B-4", "you do not hold King and Queen of {}", suit)
        return None

    def _marriage_gate_problem(self) -> Illegal | None:
        """Whether the seat to act may announce a marriage now, whichever suit (B-4, B-5)."""
        if problem := self._phase_problem(Phase.PLAY, "marriages are announced"):
            return problem
        if self.trick:
            return Illegal("B-4", "only the player on lead may announce a marriage")
        if self.announced is not None:
            return Illegal.naming("B-4", "a marriage in {} is already announced", self.announced)
        if self.contract is not None and (self.contract.goal is not Goal.SCHNAPSER
                                          or self.to_act not in self.declaring_seats()):
            return Illegal("B-5", "marriages count only in the normal game and for the "
                                  "declarer of a Schnapser")
        return None

    def _playable(self) -> int:
        hand = self.hands[self.to_act]
        if self.trick:
            cards = [card for _, card in self.trick]
            return strict_follow(hand, cards, self.play_trump, self.order,
                                 self.options.must_overtrump)
        if self.announced is not None:
            return hand & marriage_cards(self.announced)
        return hand

    def _play_problem(self, card: Card) -> Illegal | None:
        if problem := self._phase_problem(Phase.PLAY, "cards are played"):
            return problem
        hand = self.hands[self.to_act]
        if not hand >> card & 1:
            return Illegal.naming("B-4", "you do not hold {}", card)
        if self._playable() >> card & 1:
            return None
        if not self.trick:
            return Illegal("B-4", "after announcing a marriage you must lead its King or Queen")
        cards = [c for _, c in self.trick]
        return explain_follow("B-4", hand, cards, self.play_trump, self.order,
                              self.options.must_overtrump)

    VERBS: ClassVar[Mapping[str, Callable[[Any, Action], Illegal | None]]] = {
        "trump": lambda g, a: (g._trump_problem(a.suit) if a.arg in Suit.__members__
                               else Illegal("notation", f"{a.arg!r} is not a suit")),
        "turnup": lambda g, a: g._turnup_problem(),
        "redeal": lambda g, a: g._redeal_problem(),
        "bid": lambda g, a: g._bid_problem(a.arg),
        "pass": lambda g, a: g._pass_problem(),
        "double": lambda g, a: g._double_problem(a.verb),
        "redouble": lambda g, a: g._double_problem(a.verb),
        "reredouble": lambda g, a: g._double_problem(a.verb),
        "marriage": lambda g, a: (g._marriage_problem(a.suit) if a.arg in Suit.__members__
                                  else Illegal("notation", f"{a.arg!r} is not a suit")),
        "play": lambda g, a: g._play_problem(a.card),
    }
    """The predicate of each verb, called with the game and the action (built once per class;
    Dreierschnapsen adds its talon verbs)."""

    def why_illegal(self, action: Action) -> Illegal | None:
        if self._result is not None:
            return Illegal("end", "the deal is over")
        check = self.VERBS.get(action.verb)
        if check is None:
            return Illegal("notation", f"{action.verb!r} is not an action in {self.NAME}")
        return check(self, action)

    def legal_actions(self) -> list[Action]:
        """The actions the predicates allow, generated phase by phase from the same predicates
        (``tests/bauernschnapsen/properties.py`` checks them against ``why_illegal`` of every
        action of the space)."""
        if self._result is not None:
            return []
        phase = self.phase
        if phase is Phase.PLAY:
            actions = []
            if not self.trick and self.announced is None and self._marriage_gate_problem() is None:
                hand = self.hands[self.to_act]
                actions = [MARRIAGE[s] for s in SUITS
                           if hand & marriage_cards(s) == marriage_cards(s)]
            return actions + [PLAY[card] for card in cards_in(self._playable())]
        if phase is Phase.AUCTION:  # pass is always open (B-3); bids as _bid_problem allows
            return [PASS, *self._bids_above(self.auction.high_rank)]
        if phase is Phase.DOUBLE:  # the next step or pass (B-6), as _double_problem allows
            return [DOUBLING[self.doubling.step], PASS]
        if phase is Phase.TRUMP:  # turning up is always open (B-2)
            return [*(TRUMP[s] for s in SUITS if self._trump_problem(s) is None), TURNUP,
                    *((REDEAL,) if self._redeal_problem() is None else ())]
        return []


PASS, TURNUP, REDEAL = Action("pass"), Action("turnup"), Action("redeal")
SUITS = tuple(Suit)
TRUMP = {suit: Action("trump", suit.name) for suit in Suit}
MARRIAGE = {suit: Action("marriage", suit.name) for suit in Suit}
BID = {contract.name: Action("bid", contract.name) for contract in TABLE}
DOUBLING = {verb: Action(verb) for verb in DOUBLING_STEPS.values()}


def every_action(talon: bool) -> list[Action]:
    """The action space of both games in its fixed order: trump C D H S,
    turnup, redeal, bid in B-5's rank order, pass, double, redouble, reredouble, marriage C D
    H S, play in card order; with a talon (D-1) then discard and exchange-talon of every two
    cards, pairs in card order."""
    from itertools import combinations

    from stich.schnapsen.family import DECK

    actions = [*TRUMP.values(), TURNUP, REDEAL, *BID.values(), PASS, *DOUBLING.values(),
               *MARRIAGE.values(),
               *(PLAY[card] for card in cards_in(DECK))]
    if talon:
        pairs = list(combinations(cards_in(DECK), 2))
        for verb in ("discard", "exchange-talon"):
            actions += [Action(verb, f"{a} {b}") for a, b in pairs]
    return actions
