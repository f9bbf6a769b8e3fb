"""A rule-based Schieber bot: hand valuation for the contract or a push, Weis choice, and card
play that counts cards and trumps and plays with its partner.

It reads what happened in the deal from its seat's information state (``USES_INFO``): the
cards played and what each player's plays proved he lacks (J-4), with no memory of its own.
"""

from __future__ import annotations

import dataclasses

from stich.bots.base import Bot
from stich.bots.history import tricks
from stich.core.actions import PLAY, Action
from stich.core.cards import SUIT_MASK, SUIT_OF, Card, Rank, Suit, card_set, cards_in
from stich.core.game import Observation
from stich.core.knowledge import InfoState
from stich.jass.actions import PUSH, TRUMP
from stich.jass.cards import DECK, POINTS, Contract, strength, stronger, winner_index
from stich.jass.game import JassObservation
from stich.jass.position import parse_cards, parse_fields
from stich.jass.weis import weis_points
from stich.jass.worlds import excluded

# Hand valuation (points the hand is worth towards the deal, roughly): per rank, as trump and
# in a plain suit with no trump; Obenabe and Undenufe value the top (bottom) of each suit.
_TRUMP_VALUE = {Rank.JACK: 25, Rank.NINE: 18, Rank.ACE: 12, Rank.KING: 8, Rank.QUEEN: 7,
                Rank.TEN: 7, Rank.EIGHT: 5, Rank.SEVEN: 5, Rank.SIX: 5}
_SIDE_ACE = 10
_PUSH_BELOW = 62
"""Forehand pushes when no contract values at least this much (a partner who must choose
cannot push)."""


def _run_from(bits: int, ranks: list[int]) -> int:
    """How many of the suit's cards, from the top in ``ranks`` order, the hand holds unbroken."""
    run = 0
    for rank in ranks:
        if not bits >> rank & 1:
            break
        run += 1
    return run


def _no_trump_value(hand: int, ranks: list[int]) -> int:
    """Obenabe (ranks A..6) or Undenufe (6..A): sure tricks from the top plus guarded cards."""
    value = 0
    for suit in range(4):
        bits = hand >> (suit * 9) & 0x1FF
        length = bits.bit_count()
        run = _run_from(bits, ranks)
        value += 15 * run
        if run and length > run:  # length behind the top cards usually runs too
            value += 4 * (length - run)
        elif not run and bits >> ranks[1] & 1 and length >= 2:
            value += 4  # the second card guarded
    return value


def contract_values(hand: int) -> dict[Contract, int]:
    """Each contract's rough value for this hand (bigger is better)."""
    values: dict[Contract, int] = {}
    for suit in Suit:
        trumps = hand & SUIT_MASK[suit]
        value = sum(_TRUMP_VALUE[card.rank] for card in cards_in(trumps))
        for other in Suit:
            if other == suit:
                continue
            side = hand & SUIT_MASK[other]
            if side >> Card.of(other, Rank.ACE) & 1:
                value += _SIDE_ACE + (4 if side >> Card.of(other, Rank.KING) & 1 else 0)
            elif not side and trumps.bit_count() >= 3:
                value += 4  # a void lets the trumps take tricks
        values[Contract(suit)] = value
    natural = [int(rank) for rank in reversed(Rank)]
    values[Contract.OBENABE] = _no_trump_value(hand, natural)
    values[Contract.UNDENUFE] = _no_trump_value(hand, natural[::-1])
    return values


@dataclasses.dataclass(frozen=True)
class Known:
    """What the seat knows beyond its observation, read from its information state."""

    played: int
    """Every card played so far (finished tricks and the open one)."""
    void: tuple[int, ...]
    """Per seat, a bit per suit he is proven to lack (J-4): every card of it still out is one
    his plays ruled out."""


def known_from(info: InfoState, obs: JassObservation) -> Known:
    """The cards played and the voids his plays prove (``stich.jass.worlds.excluded``); a
    game built from a position starts from the position's open trick."""
    start = info.events[0]
    _, fields = parse_fields(start.arg)
    leader = int(fields["leader"])
    before = tuple(((leader + i) % 4, card)
                   for i, card in enumerate(parse_cards(fields["trick"], "trick")))
    played, ruled_out = 0, [0, 0, 0, 0]
    done = tricks(info, 4, before)
    open_plays = [*before, *((e.seat or 0, e.cards[0]) for e in info.kinds("play"))]
    open_plays = open_plays[4 * len(done):]
    for trick in [*done, tuple(open_plays)]:
        cards: list[int] = []
        for seat, card in trick:
            if obs.contract is not None:
                ruled_out[seat] |= excluded(obs.contract, cards, card)
            cards.append(card)
            played |= 1 << card
    out = DECK & ~played & ~obs.hand
    void = tuple(sum(1 << suit for suit in range(4) if not out & SUIT_MASK[suit] & ~ruled_out[seat])
                 for seat in range(4))
    return Known(played, void)


class JassRulesBot(Bot):
    """Plays Schieber by rules of thumb; deterministic apart from ties broken by its seed."""

    NAME = "rules"
    USES_INFO = True
    known: Known
    """What the seat knows, read afresh from the information state at each decision."""

    @property
    def played(self) -> int:
        return self.known.played

    @property
    def void(self) -> tuple[int, ...]:
        return self.known.void

    def act(self, observation: Observation) -> Action:
        raise TypeError("the rules bot decides from the whole information state: call "
                        "choose(game.information_state(seat))")

    # --- decisions ------------------------------------------------------------------------
    def choose(self, info: InfoState) -> Action:
        observation = info.observation()
        assert isinstance(observation, JassObservation)
        obs = observation
        self.seat = info.seat
        self.known = known_from(info, obs)
        if obs.contract is None:
            return self._choose(obs)
        for action in obs.legal_actions:
            if action.verb == "weis" and self._declare(obs, action):
                return action
        return PLAY[self._card(obs)]

    def _choose(self, obs: JassObservation) -> Action:
        """J-3: the contract worth most, weighed by its factor, or push a weak hand."""
        values = contract_values(obs.hand)
        best = max(Contract, key=lambda c: ((values[c] - 50) * obs.factors[c], values[c]))
        if PUSH in obs.legal_actions and values[best] < _PUSH_BELOW:
            return PUSH
        return TRUMP[best]

    def _declare(self, obs: JassObservation, action: Action) -> bool:
        """J-5: declare, unless an opponent has already announced more than our team can."""
        mine = weis_points(card_set(action.cards))
        partner = (self.seat + 2) % 4
        partner_done = obs.tricks_played > 0 or self._has_played_first(obs, partner)
        ours = max([mine] + [w.points for w in obs.weis if w.seat == partner])
        theirs = max([0] + [w.points for w in obs.weis if w.seat % 2 != self.seat % 2])
        return not (partner_done and theirs > ours)

    @staticmethod
    def _has_played_first(obs: JassObservation, seat: int) -> bool:
        return any((obs.leader + i) % 4 == seat for i in range(len(obs.trick)))

    # --- card play ------------------------------------------------------------------------
    def _card(self, obs: JassObservation) -> Card:
        assert obs.contract is not None
        legal = [a.card for a in obs.legal_actions if a.verb == "play"]
        if len(legal) == 1:
            return legal[0]
        if not obs.trick:
            return self._lead(obs, legal)
        return self._follow(obs, legal)

    def _unseen(self, obs: JassObservation) -> int:
        """Cards neither played nor in this hand: somewhere in the other three hands."""
        return DECK & ~self.played & ~obs.hand

    def _is_boss(self, card: Card, contract: Contract, unseen: int) -> bool:
        """No card still out can beat it within its suit."""
        return not stronger(contract, card) & unseen

    def _keep(self, card: Card, contract: Contract, unseen: int) -> int:
        """How much a card is worth keeping for later tricks."""
        if SUIT_OF[card] == contract.trump:
            return 12 + 2 * strength(contract)[card]
        return 9 if self._is_boss(card, contract, unseen) else 0

    def _lead(self, obs: JassObservation, legal: list[Card]) -> Card:
        contract = obs.contract
        assert contract is not None
        unseen = self._unseen(obs)
        trump = contract.trump
        points = POINTS[contract]
        opponents = ((self.seat + 1) % 4, (self.seat + 3) % 4)
        if trump is not None:
            out = unseen & SUIT_MASK[trump]
            opp_trumps = out and not all(self.void[o] >> trump & 1 for o in opponents)
            my_trumps = [c for c in legal if SUIT_OF[c] == trump]
            ours = obs.chosen_by is not None and obs.chosen_by % 2 == self.seat % 2
            if opp_trumps and my_trumps:  # count trumps: pull them while we hold the top one
                top = max(my_trumps, key=strength(contract).__getitem__)
                if self._is_boss(top, contract, unseen) and (ours or len(my_trumps) >= 3):
                    return top
            safe_side = not opp_trumps
        else:
            safe_side = True
        bosses = [c for c in legal if SUIT_OF[c] != trump and self._is_boss(c, contract, unseen)
                  and (safe_side or (unseen & SUIT_MASK[SUIT_OF[c]]).bit_count() >= 3)]
        if bosses:
            return max(bosses, key=lambda c: points[c])
        plain = [c for c in legal if SUIT_OF[c] != trump] or legal
        return min(plain, key=lambda c: (self._keep(c, contract, unseen) + points[c],
                                         -(obs.hand & SUIT_MASK[SUIT_OF[c]]).bit_count(),
                                         self.rng.random()))

    def _follow(self, obs: JassObservation, legal: list[Card]) -> Card:
        contract = obs.contract
        assert contract is not None
        trick = obs.trick
        position = len(trick)
        unseen = self._unseen(obs)
        points = POINTS[contract]
        order = strength(contract)
        best = winner_index(trick, contract)
        partner_wins = best == position - 2
        trick_points = sum(points[c] for c in trick)
        last_trick = obs.tricks_played == 8

        def beats(card: Card) -> bool:
            return winner_index((*trick, card), contract) == position

        def holds(card: Card) -> bool:
            return self._holds_trick(card, trick, contract, unseen, position, obs)

        if partner_wins and holds(trick[best]):  # schmieren: give points to the partner
            return max(legal, key=lambda c: (points[c] - self._keep(c, contract, unseen),
                                             -order[c]))
        winners = [c for c in legal if beats(c) and holds(c)]
        if winners:
            cheapest = min(winners, key=lambda c: (SUIT_OF[c] == contract.trump,
                                                   self._keep(c, contract, unseen), order[c]))
            worth = trick_points + points[cheapest] >= 10 or last_trick
            if worth or SUIT_OF[cheapest] != contract.trump or position == 3:
                return cheapest
        return min(legal, key=lambda c: (points[c] + self._keep(c, contract, unseen), order[c]))

    def _holds_trick(self, card: Card, trick: tuple[Card, ...], contract: Contract,
                     unseen: int, position: int, obs: JassObservation) -> bool:
        """Whether ``card`` (played now, or already in the trick) should take the trick: only
        the players still to come could beat it, and none of their possible cards does."""
        if position == 3:
            return True
        lead = SUIT_OF[trick[0]]
        trump = contract.trump
        later = [(self.seat + k) % 4 for k in range(1, 4 - position)]
        opponents = [seat for seat in later if seat % 2 != self.seat % 2]
        if not opponents:
            return True
        suit = SUIT_OF[card]
        if suit == trump:
            return not stronger(contract, card) & unseen
        if suit != lead:
            return False
        if stronger(contract, card) & unseen and not all(
                self.void[o] >> lead & 1 for o in opponents):
            return False
        if trump is None:
            return True
        trumps_out = unseen & SUIT_MASK[trump]
        if not trumps_out or all(self.void[o] >> trump & 1 for o in opponents):
            return True
        # an opponent who still holds the suit rarely trumps the first round of it
        return (unseen & SUIT_MASK[lead]).bit_count() >= 3 and not any(
            self.void[o] >> lead & 1 for o in opponents)
