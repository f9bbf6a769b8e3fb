"""A rule-based Schnapsen bot: counts cards, keeps trumps, exchanges, closes and claims.

It reads what happened in the deal from its seat's information state (``USES_INFO``: cards
played, tricks won, marriages shown, the trump card the opponent took in an exchange), with
the shared helpers of ``stich.bots.history``, so it plays the same under ``sharp``, where the
observation shows no running totals. Once the stock is exhausted it knows the opponent's hand
exactly and plays the last tricks by search over the remaining cards.
"""

from __future__ import annotations

import dataclasses

from stich.bots.base import Bot
from stich.bots.history import played_cards, tricks
from stich.core.actions import PLAY, Action
from stich.core.cards import SUIT_MASK, SUIT_OF, Card, Rank, Suit, cards_in
from stich.core.game import Observation
from stich.core.knowledge import InfoState
from stich.core.tricks import trick_winner
from stich.schnapsen import position
from stich.schnapsen.family import (
    CARD_POINTS,
    DECK,
    NORMAL_ORDER,
    WINNING_SCORE,
    game_points_by_loser,
    marriage_cards,
    marriage_value,
    points_of,
    strict_follow,
)
from stich.schnapsen.game import SchnapsenObservation

CLAIM, PASS, EXCHANGE, CLOSE = Action("claim"), Action("pass"), Action("exchange"), Action("close")


@dataclasses.dataclass
class Known:
    """What the seat knows beyond its observation, read from its information state."""

    seen: int
    """Cards played in finished tricks or the current one."""
    points: list[int]
    """Card points of the tricks each seat has won."""
    opponent_known: int
    """Cards the opponent is known to hold."""


def known_from(info: InfoState, obs: SchnapsenObservation) -> Known:
    """Cards played, card points per seat and the opponent's known cards: from the events
    (a game built from a position starts from the position's won cards and open trick)."""
    other = 1 - info.seat
    points, seen = [0, 0], 0
    before: tuple[tuple[int, Card], ...] = ()
    first = info.events[0]
    if first.kind == "position":
        start = position.parse(first.arg, hidden=True)
        points = [points_of(start.won[0]), points_of(start.won[1])]
        seen = start.won[0] | start.won[1]
        if start.lead is not None:
            before = ((start.leader, start.lead),)
            seen |= 1 << start.lead
    for trick in tricks(info, 2, before):
        cards = [card for _, card in trick]
        winner = trick[trick_winner(cards, obs.trump, NORMAL_ORDER)][0]
        points[winner] += sum(CARD_POINTS[c] for c in cards)
    seen |= played_cards(info)
    opponent_known = 0
    for event in info.kinds("exchange"):
        if event.seat == other:
            opponent_known |= 1 << event.cards[1]  # he took the trump card (S-6)
    for who, suit in obs.marriages:
        if who == other:
            opponent_known |= marriage_cards(suit)  # shown, held until played (S-5)
    if obs.stock_size == 0 and obs.closed_by is None:
        opponent_known |= DECK & ~obs.hand & ~seen  # everything else is his
    return Known(seen, points, opponent_known & ~seen & ~obs.hand)


class SchnapsenRulesBot(Bot):
    """Plays by the rules of thumb of a careful club player."""

    NAME = "rules"
    USES_INFO = True
    known: Known
    """What the seat knows, read afresh from the information state at each decision."""

    def act(self, observation: Observation) -> Action:
        raise TypeError("the rules bot decides from the whole information state: call "
                        "choose(game.information_state(seat))")

    def _score(self, obs: SchnapsenObservation, seat: int) -> int:
        total = self.known.points[seat]
        if obs.tricks_won[seat]:
            total += sum(marriage_value(s, obs.trump) for who, s in obs.marriages if who == seat)
        return total

    def _unknown(self, obs: SchnapsenObservation) -> int:
        """Cards that may be in the opponent's hand."""
        stock_card = 1 << obs.trump_card if obs.stock_size else 0
        return DECK & ~obs.hand & ~self.known.seen & ~stock_card

    # --- decisions ----------------------------------------------------------------------------
    def choose(self, info: InfoState) -> Action:
        observation = info.observation()
        assert isinstance(observation, SchnapsenObservation)
        obs = observation
        self.known = known_from(info, obs)
        legal = set(obs.legal_actions)
        mine = self._score(obs, obs.seat)
        if CLAIM in legal and mine >= WINNING_SCORE:
            return CLAIM
        if PASS in legal:
            return PASS
        if EXCHANGE in legal:
            return EXCHANGE
        marriages = [a for a in obs.legal_actions if a.verb == "marriage"]
        if marriages:
            best = max(marriages, key=lambda a: marriage_value(a.suit, obs.trump))
            return best
        if CLOSE in legal and self._should_close(obs, mine):
            return CLOSE
        plays = [a.card for a in obs.legal_actions if a.verb == "play"]
        if len(plays) == 1:
            return PLAY[plays[0]]
        if obs.stock_size == 0 and obs.closed_by is None:
            return PLAY[self._solve(obs, plays)]
        if obs.trick:
            return PLAY[self._follow(obs, plays)]
        return PLAY[self._lead(obs, plays)]

    def _masters(self, obs: SchnapsenObservation, hand: int) -> int:
        """Cards in hand that no unplayed card can beat in their suit."""
        out = 0
        unplayed = DECK & ~self.known.seen & ~hand
        above = NORMAL_ORDER.above[obs.trump]
        for card in cards_in(hand):
            if not above[card] & unplayed:
                out |= 1 << card
        return out

    def _should_close(self, obs: SchnapsenObservation, mine: int) -> bool:
        """Close when sure winners and trumps should carry us to 66 before the opponent."""
        trumps = obs.hand & SUIT_MASK[obs.trump]
        masters = self._masters(obs, obs.hand)
        expected = mine + sum(CARD_POINTS[c] + 4 for c in cards_in(masters))
        expected += 6 * (trumps & ~masters).bit_count()
        return obs.tricks_won[obs.seat] > 0 and trumps.bit_count() >= 2 and expected >= 76

    def _keep_value(self, obs: SchnapsenObservation, card: Card) -> int:
        """How much a card is worth keeping: points, trump power, marriage hopes."""
        value = CARD_POINTS[card]
        if SUIT_OF[card] == obs.trump:
            value += 8 + NORMAL_ORDER.strength[obs.trump][card] * 2
        if card.rank in (Rank.KING, Rank.QUEEN):
            partner = Card.of(card.suit, Rank.QUEEN if card.rank == Rank.KING else Rank.KING)
            if obs.hand >> partner & 1:
                value += marriage_value(card.suit, obs.trump)
            elif not self.known.seen >> partner & 1 and obs.stock_size > 2:
                value += 3
        return value

    def _lead(self, obs: SchnapsenObservation, plays: list[Card]) -> Card:
        strict = obs.closed_by is not None or obs.stock_size == 0
        hand = card_mask(plays)
        if strict:
            masters = self._masters(obs, hand)
            trumps_out = self._unknown(obs) & SUIT_MASK[obs.trump]
            master_trumps = masters & SUIT_MASK[obs.trump]
            if master_trumps and trumps_out:
                return _highest_points(master_trumps)
            safe = masters & ~SUIT_MASK[obs.trump] if trumps_out else masters
            if safe:
                return _highest_points(safe)
        return min(plays, key=lambda c: (self._keep_value(obs, c), c))

    def _follow(self, obs: SchnapsenObservation, plays: list[Card]) -> Card:
        lead = obs.trick[0]
        winners = [c for c in plays if trick_winner((lead, c), obs.trump, NORMAL_ORDER) == 1]
        losers = [c for c in plays if c not in winners]
        at_stake = CARD_POINTS[lead]
        cheapest_loser = min(losers, key=lambda c: (self._keep_value(obs, c), c), default=None)
        if winners:
            best = min(winners, key=lambda c: (self._keep_value(obs, c) - CARD_POINTS[c], c))
            gain = at_stake + CARD_POINTS[best]
            cost = self._keep_value(obs, best) - CARD_POINTS[best]
            mine = self._score(obs, obs.seat)
            if cheapest_loser is None or gain >= cost or mine + gain >= WINNING_SCORE:
                return best
            if at_stake >= 10 and SUIT_OF[best] != obs.trump:
                return best
        assert cheapest_loser is not None
        return cheapest_loser

    def _solve(self, obs: SchnapsenObservation, plays: list[Card]) -> Card:
        """Exhausted stock: both hands are known; search the rest of the deal."""
        hands = [0, 0]
        hands[obs.seat], hands[1 - obs.seat] = obs.hand, self.known.opponent_known
        position = _Position(obs.trump, obs.seat, [self._score(obs, 0), self._score(obs, 1)],
                             list(obs.tricks_won),
                             [sum(marriage_value(s, obs.trump) for who, s in obs.marriages
                                  if who == seat and not obs.tricks_won[seat]) for seat in (0, 1)])
        return max(plays,
                   key=lambda card: (position.value(hands, obs.seat, obs.trick, card), -card))


def card_mask(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _highest_points(mask: int) -> Card:
    return max(cards_in(mask), key=lambda c: (CARD_POINTS[c], c))


class _Position:
    """The last tricks with both hands known: minimax, each side claiming at 66."""

    def __init__(self, trump: Suit, me: int, scores: list[int], tricks: list[int],
                 pending: list[int]) -> None:
        self.trump, self.me = trump, me
        self.scores, self.tricks, self.pending = scores, tricks, pending

    def value(self, hands: list[int], seat: int, trick: tuple[Card, ...], card: Card) -> int:
        """Game points for me (negative when lost) after ``seat`` plays ``card``."""
        hands = list(hands)
        hands[seat] &= ~(1 << card)
        if not trick:
            other = 1 - seat
            replies = strict_follow(hands[other], (card,), self.trump, NORMAL_ORDER)
            values = [self.value(hands, other, (card,), c) for c in cards_in(replies)]
            return max(values) if other == self.me else min(values)
        lead = trick[0]
        winner = 1 - seat if trick_winner((lead, card), self.trump, NORMAL_ORDER) == 0 else seat
        saved = (list(self.scores), list(self.tricks), list(self.pending))
        self.scores[winner] += CARD_POINTS[lead] + CARD_POINTS[card] + self.pending[winner]
        self.pending[winner] = 0
        self.tricks[winner] += 1
        try:
            if self.scores[winner] >= WINNING_SCORE:
                loser = 1 - winner
                points = game_points_by_loser(self.scores[loser], self.tricks[loser])
            elif not hands[winner]:
                points = 1
            else:
                values = [self.value(hands, winner, (), c) for c in cards_in(hands[winner])]
                return max(values) if winner == self.me else min(values)
            return points if winner == self.me else -points
        finally:
            self.scores, self.tricks, self.pending = saved
