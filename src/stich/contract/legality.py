"""Legality in Bauern- and Dreierschnapsen: one predicate per verb (B-2 to B-6, D-1).

The predicates are functions of the deal's state values (a :class:`DealState`: names of the
game's ``State``, which the deal itself also has) and of the few facts the game adds (its
options, the contracts in force, who bids): as ``stich.schnapsen.family`` and
``stich.jass.cards`` give their games what may be played. ``ContractSchnapsen.why_illegal``
(``stich.contract.deal``) asks the predicate of an action's verb; its ``legal_actions`` takes
the legal actions of the phase from the functions below them (``legal_in_trump`` and the
others), which are built from the parts of the same predicates, so the two never disagree
(``tests/bauernschnapsen/properties.py`` checks it over the whole action space). Each refusal
names its rule.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from itertools import combinations
from typing import Protocol

from stich.contract.auction import DOUBLING_STEPS, Auction, Doubling
from stich.contract.contracts import TABLE, Contract, Goal, bidder_problem
from stich.core.actions import PLAY, Action
from stich.core.cards import SUIT_MASK, Card, Rank, Suit, cards_in
from stich.core.game import Illegal
from stich.core.tricks import CardOrder
from stich.schnapsen.family import DECK, explain_follow, marriage_cards, strict_follow

FIRST_PACKET = 3
"""Cards each player gets before the caller names trump (B-2, D-1)."""
LAID_DOWN = 2
"""Cards the talon's taker lays down (D-1)."""


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


class DealState(Protocol):
    """The state values the predicates read: names of the deal's ``State`` (the game has them
    too, and passes itself). Before phase auction ``hands`` hold the first packets (B-2)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def to_act(self) -> int: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def auction(self) -> Auction: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def doubling(self) -> Doubling: ...
    @property
    def play_trump(self) -> Suit | None: ...
    @property
    def order(self) -> CardOrder: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def announced(self) -> Suit | None: ...


class TalonState(DealState, Protocol):
    """A deal with a talon (D-1) adds whether its taker has raised after seeing it."""

    @property
    def raised(self) -> bool: ...


Bidder = tuple[int, int, bool, int, Suit | None, str]
"""What B-5's ``bidder_problem`` asks of the seat to act, after the contract: the seat, the
caller, whether the seat plays against the caller, its hand, trump, option assenbettler."""


# --- the predicates, one per verb ---------------------------------------------------------------
def phase_problem(state: DealState, phase: Phase, what: str) -> Illegal | None:
    """Refuse a verb of ``phase`` in another phase, citing the rule of what happens now."""
    now = state.phase
    if now != phase:
        return Illegal(PHASE_RULE[now], f"{what} only {WHEN[phase]}; now {NOW[now]}")
    return None


def trump_problem(state: DealState, suit: Suit, must_be_held: bool) -> Illegal | None:
    """B-2: the caller names trump; under ``trump_must_be_held`` a suit of his first three."""
    if problem := phase_problem(state, Phase.TRUMP, "trump is named"):
        return problem
    if must_be_held and not state.hands[state.to_act] & SUIT_MASK[suit]:
        return Illegal.naming("B-2", "you must hold a card of {} among your first three "
                                     "cards to name it (option trump_must_be_held)", suit)
    return None


def turnup_problem(state: DealState) -> Illegal | None:
    """B-2: the caller may always turn up his fourth card instead."""
    return phase_problem(state, Phase.TRUMP, "turning up")


def redeal_problem(state: DealState) -> Illegal | None:
    """B-2: three Jacks among the caller's first three cards ask for a new deal."""
    if problem := phase_problem(state, Phase.TRUMP, "a redeal is demanded"):
        return problem
    if any(card.rank != Rank.JACK for card in cards_in(state.hands[state.to_act])):
        return Illegal("B-2", "a new deal only when your first three cards are three Jacks")
    return None


def bid_problem(state: DealState, contracts: Mapping[str, Contract], name: str,
                bidder: Bidder) -> Illegal | None:
    """B-3, B-5: in the auction, a contract ranked above the highest announcement."""
    if problem := phase_problem(state, Phase.AUCTION, "contracts are announced"):
        return problem
    return contract_problem(contracts, name, state.auction.high_rank, bidder)


def contract_problem(contracts: Mapping[str, Contract], name: str, above: int,
                     bidder: Bidder) -> Illegal | None:
    """A contract in force (``contracts``), ranked above rank ``above``, that the bidder may
    announce (B-3, B-5)."""
    contract = contracts.get(name)
    if contract is None:
        known = ", ".join(contracts)
        return Illegal("B-5", f"{name!r} is not a contract in this game; allowed: {known}")
    if contract.rank <= above:
        return Illegal("B-3", f"{contract.title} is not ranked above the highest "
                              "announcement so far")
    why = bidder_problem(contract, *bidder)
    return Illegal("B-5", why) if why else None


def pass_problem(state: DealState) -> Illegal | None:
    """B-3, B-6: pass is open in the auction and in doubling."""
    if state.phase not in (Phase.AUCTION, Phase.DOUBLE):
        return Illegal(PHASE_RULE[state.phase], "pass only in the auction or when doubling; "
                                                f"now {NOW[state.phase]}")
    return None


def double_problem(state: DealState, verb: str) -> Illegal | None:
    """B-6: the next doubling step, by its name."""
    if problem := phase_problem(state, Phase.DOUBLE, "doubling happens"):
        return problem
    step = state.doubling.step
    if verb != step:
        return Illegal("B-6", f"the next doubling step is {step!r}, not {verb!r}")
    return None


def marriage_problem(state: DealState, declaring: Collection[int],
                     suit: Suit) -> Illegal | None:
    """B-4: a marriage the seat on lead holds, where marriages count (``declaring``: the
    seats whose tricks fulfil the contract)."""
    if problem := marriage_gate_problem(state, declaring):
        return problem
    if state.hands[state.to_act] & marriage_cards(suit) != marriage_cards(suit):
        return Illegal.naming("B-4", "you do not hold King and Queen of {}", suit)
    return None


def marriage_gate_problem(state: DealState, declaring: Collection[int]) -> Illegal | None:
    """Whether the seat to act may announce a marriage now, whichever suit (B-4, B-5)."""
    if problem := phase_problem(state, Phase.PLAY, "marriages are announced"):
        return problem
    if state.trick:
        return Illegal("B-4", "only the player on lead may announce a marriage")
    if state.announced is not None:
        return Illegal.naming("B-4", "a marriage in {} is already announced", state.announced)
    contract = state.contract
    if contract is not None and (contract.goal is not Goal.SCHNAPSER
                                 or state.to_act not in declaring):
        return Illegal("B-5", "marriages count only in the normal game and for the "
                              "declarer of a Schnapser")
    return None


def playable(state: DealState, must_overtrump: bool) -> int:
    """The cards the seat to act may play (B-4): following, or the announced marriage's."""
    hand = state.hands[state.to_act]
    trick = state.trick
    if trick:
        return strict_follow(hand, [card for _, card in trick], state.play_trump, state.order,
                             must_overtrump)
    if state.announced is not None:
        return hand & marriage_cards(state.announced)
    return hand


def play_problem(state: DealState, card: Card, must_overtrump: bool) -> Illegal | None:
    """B-4: a held card, following as the contract's order asks."""
    if problem := phase_problem(state, Phase.PLAY, "cards are played"):
        return problem
    hand = state.hands[state.to_act]
    if not hand >> card & 1:
        return Illegal.naming("B-4", "you do not hold {}", card)
    if playable(state, must_overtrump) >> card & 1:
        return None
    if not state.trick:
        return Illegal("B-4", "after announcing a marriage you must lead its King or Queen")
    cards = [c for _, c in state.trick]
    return explain_follow("B-4", hand, cards, state.play_trump, state.order, must_overtrump)


def lay_down_problem(state: DealState, action: Action) -> Illegal | None:
    """D-1: two different held cards, with ``exchange-talon`` in the normal game, else
    ``discard``."""
    if problem := lay_down_verb_problem(state, normal_game=action.verb == "exchange-talon"):
        return problem
    cards = action.cards
    if len(cards) != LAID_DOWN or cards[0] == cards[1]:
        return Illegal("D-1", "lay down exactly two different cards")
    missing = tuple(c for c in cards if not state.hands[state.to_act] >> c & 1)
    if missing:
        return Illegal.naming("D-1", "you do not hold {}", missing)
    return None


def lay_down_verb_problem(state: DealState, normal_game: bool) -> Illegal | None:
    """Whether cards may be laid down now with ``exchange-talon`` (``normal_game``) or
    ``discard``, whichever two cards (D-1)."""
    if problem := phase_problem(state, Phase.TALON, "cards are laid down"):
        return problem
    if (state.contract is None) != normal_game:
        if state.contract is None:
            return Illegal("D-1", "use exchange-talon in the normal game (discard is for "
                                  "contracts)")
        return Illegal("D-1", "use discard after a contract (exchange-talon is for the "
                              "normal game)")
    return None


def raise_problem(state: TalonState, contracts: Mapping[str, Contract], name: str,
                  bidder: Bidder, raise_after_talon: bool) -> Illegal | None:
    """A bid: in the auction (B-3), or the talon's taker raising after seeing it (D-1)."""
    if state.phase is not Phase.TALON:
        return bid_problem(state, contracts, name, bidder)
    if problem := raise_gate_problem(state, raise_after_talon):
        return problem
    return contract_problem(contracts, name, raise_floor(state), bidder)


def raise_gate_problem(state: TalonState, raise_after_talon: bool) -> Illegal | None:
    """Whether the talon's taker may raise at all now, whatever the contract (D-1)."""
    if not raise_after_talon:
        return Illegal("D-1", "no raising after the talon (option raise_after_talon)")
    if state.raised:
        return Illegal("D-1", "you may raise only once after the talon")
    return None


def raise_floor(state: DealState) -> int:
    """The rank a raise after the talon must beat: the contract's (the normal game 0)."""
    return state.contract.rank if state.contract is not None else 0


# --- the legal actions of each phase, from the predicates' parts -------------------------------
def legal_in_trump(state: DealState, must_be_held: bool) -> list[Action]:
    """B-2: the suits ``trump_problem`` allows, turning up (always open), a redeal if
    ``redeal_problem`` allows it."""
    return [*(TRUMP[s] for s in SUITS if trump_problem(state, s, must_be_held) is None),
            TURNUP, *((REDEAL,) if redeal_problem(state) is None else ())]


def legal_in_auction(state: DealState, contracts: Mapping[str, Contract],
                     bidder: Bidder) -> list[Action]:
    """B-3: pass (always open) and the bids ``bid_problem`` allows."""
    return [PASS, *bids_above(contracts, state.auction.high_rank, bidder)]


def bids_above(contracts: Mapping[str, Contract], above: int, bidder: Bidder) -> list[Action]:
    """The bids ``contract_problem`` allows above rank ``above``: the contracts in force (in
    rank order) that rank higher and that ``bidder_problem`` lets the seat announce."""
    return [BID[name] for name, contract in contracts.items()
            if contract.rank > above and not bidder_problem(contract, *bidder)]


def legal_in_doubling(state: DealState) -> list[Action]:
    """B-6: the next step, as ``double_problem`` allows, or pass."""
    return [DOUBLING[state.doubling.step], PASS]


def marriages(state: DealState, declaring: Collection[int]) -> list[Action]:
    """B-4: the marriages the seat on lead holds, once ``marriage_gate_problem`` allows one."""
    if marriage_gate_problem(state, declaring) is not None:
        return []
    hand = state.hands[state.to_act]
    return [MARRIAGE[s] for s in SUITS if hand & marriage_cards(s) == marriage_cards(s)]


def plays(state: DealState, must_overtrump: bool) -> list[Action]:
    """B-4: the cards ``play_problem`` allows."""
    return [PLAY[card] for card in cards_in(playable(state, must_overtrump))]


def legal_in_talon(state: TalonState, contracts: Mapping[str, Contract], bidder: Bidder,
                   raise_after_talon: bool) -> list[Action]:
    """D-1: every two held cards under the verb ``lay_down_verb_problem`` allows, then the
    raises ``raise_problem`` allows."""
    actions: list[Action] = []
    for normal_game, table in ((True, EXCHANGE_TALON), (False, DISCARD)):
        if lay_down_verb_problem(state, normal_game) is None:
            held = cards_in(state.hands[state.to_act])
            actions += [table[1 << a | 1 << b] for a, b in combinations(held, LAID_DOWN)]
    if raise_gate_problem(state, raise_after_talon) is None:
        actions += bids_above(contracts, raise_floor(state), bidder)
    return actions


# --- the ready-made actions -----------------------------------------------------------------
def _lay_downs(verb: str) -> dict[int, Action]:
    """The action laying down each two cards with ``verb``, by their card set (built once, as
    legal-move lists reuse ``PLAY``'s actions)."""
    return {1 << a | 1 << b: Action(verb, f"{a} {b}")
            for a, b in combinations(cards_in(DECK), LAID_DOWN)}


PASS, TURNUP, REDEAL = Action("pass"), Action("turnup"), Action("redeal")
SUITS = tuple(Suit)
TRUMP = {suit: Action("trump", suit.name) for suit in Suit}
MARRIAGE = {suit: Action("marriage", suit.name) for suit in Suit}
BID = {contract.name: Action("bid", contract.name) for contract in TABLE}
DOUBLING = {verb: Action(verb) for verb in DOUBLING_STEPS.values()}
EXCHANGE_TALON, DISCARD = _lay_downs("exchange-talon"), _lay_downs("discard")


def every_action(talon: bool) -> list[Action]:
    """The action space of both games in its fixed order: trump C D H S,
    turnup, redeal, bid in B-5's rank order, pass, double, redouble, reredouble, marriage C D
    H S, play in card order; with a talon (D-1) then discard and exchange-talon of every two
    cards, pairs in card order."""
    actions = [*TRUMP.values(), TURNUP, REDEAL, *BID.values(), PASS, *DOUBLING.values(),
               *MARRIAGE.values(),
               *(PLAY[card] for card in cards_in(DECK))]
    if talon:
        pairs = list(combinations(cards_in(DECK), 2))
        for verb in ("discard", "exchange-talon"):
            actions += [Action(verb, f"{a} {b}") for a, b in pairs]
    return actions
