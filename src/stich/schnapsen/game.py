"""Schnapsen for two players, rules S-1 to S-12 (``docs/rules/schnapsen.md``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Any, Self

from stich.core.action_space import ActionSpace
from stich.core.actions import PLAY, Action, play_actions
from stich.core.cards import SUIT_OF, Card, Rank, Suit, card_set, cards_in
from stich.core.dealing import check_deal, shuffled
from stich.core.game import CardSet, DealResult, Game, Illegal, Observation, forfeit_event
from stich.core.knowledge import Event, InfoState
from stich.core.records import DealRecord, RecordError, dealt_from_record, record_cards
from stich.core.worlds import replay
from stich.schnapsen import events, position, worlds
from stich.schnapsen.actions import CLAIM, CLOSE, EXCHANGE, MARRIAGE, PASS
from stich.schnapsen.family import (
    CARD_POINTS,
    DECK,
    KINGS,
    NORMAL_ORDER,
    STRENGTH,
    WINNING_SCORE,
    explain_follow,
    follow_lead,
    game_points_by_loser,
    marriage_cards,
    marriage_value,
    marriages_in,
)
from stich.schnapsen.observer import SchnapsenObserver
from stich.schnapsen.options import SchnapsenOptions as SchnapsenOptions  # re-exported
from stich.schnapsen.position import Fields as PositionFields


@dataclasses.dataclass(frozen=True)
class SchnapsenObservation(Observation):
    """A seat's view: its hand and what lies open on the table (S-11 decides the review)."""

    hand: CardSet
    hand_sizes: tuple[int, int]
    trump: Suit
    trump_card: Card
    stock_size: int
    closed_by: int | None
    leader: int
    trick: tuple[Card, ...]
    announced: Suit | None
    marriages: tuple[tuple[int, Suit], ...]
    tricks_won: tuple[int, int]
    last_trick: tuple[tuple[int, Card], ...] | None
    my_points: int | None
    my_tricks: CardSet | None


TRUMP_JACKS = tuple(Card.of(suit, Rank.JACK) for suit in Suit)
_FRESH: dict[str, Any] = {
    "drawn": 0, "closed_by": -1, "closed_scores": (0, 0), "closed_tricks": (0, 0), "lead": None,
    "announced": None, "may_claim": False, "final": False, "won": (0, 0), "points": (0, 0),
    "tricks": (0, 0), "marriages": (), "last_trick": None, "_result": None, "_forfeit": None}
"""The state values every deal starts with (S-2, S-3)."""


class Schnapsen(Game):
    """One deal of Schnapsen. Seats are 0 and 1; forehand is the seat after the dealer."""

    NAME = "schnapsen"
    SEATS = 2
    TEAMS = ((0,), (1,))
    OPTIONS = SchnapsenOptions
    OBSERVER = SchnapsenObserver
    _STATE = ("hands", "trump_card", "drawn", "closed_by", "closed_scores", "closed_tricks",
              "leader", "to_act", "lead", "announced", "may_claim", "final", "won", "points",
              "tricks", "marriages", "last_trick", "_result", "_forfeit")

    options: SchnapsenOptions
    hands: tuple[int, int]
    trump_card: Card
    drawn: int
    closed_by: int
    closed_scores: tuple[int, int]
    closed_tricks: tuple[int, int]
    leader: int
    to_act: int
    lead: Card | None
    announced: Suit | None
    may_claim: bool
    final: bool
    won: tuple[int, int]
    points: tuple[int, int]
    tricks: tuple[int, int]
    marriages: tuple[tuple[int, Suit], ...]
    last_trick: tuple[tuple[int, Card], ...] | None
    _result: DealResult | None
    _forfeit: tuple[int, Illegal] | None

    def __init__(self, hands: Sequence[Sequence[Card]], talon: Sequence[Card], trump_card: Card,
                 dealer: int = 0, options: SchnapsenOptions | None = None,
                 seed: int | None = None) -> None:
        check_deal(hands, [*talon, trump_card], seats=2, hand_size=5, rest_size=10, deck=DECK,
                   dealer=dealer, rule="S-2")
        self._setup(hands, talon, trump_card, dealer, options or SchnapsenOptions.default(), seed)

    def _setup(self, hands: Sequence[Sequence[Card]], talon: Sequence[Card], trump_card: Card,
               dealer: int, options: SchnapsenOptions, seed: int | None) -> None:
        """The state at the start of a deal (the deal already checked)."""
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.dealt = (tuple(hands[0]), tuple(hands[1]))
        self.talon = tuple(talon)
        """The nine face-down stock cards, top first (S-2); ``drawn`` of them are gone."""
        self.first_trump_card = trump_card
        self.started_at_position = False
        """True for a game built by :meth:`from_position` (its history starts there)."""
        self.trump = trump = SUIT_OF[trump_card]
        self.trump_jack = TRUMP_JACKS[trump]
        self.hands = (card_set(hands[0]), card_set(hands[1]))
        self.trump_card = trump_card
        self.leader = self.to_act = 1 - dealer
        self.__dict__.update(_FRESH)  # the rest of the state as every deal starts it
        self._start_history()


    @classmethod
    def deal(cls, seed: int, dealer: int | None = None,
             options: SchnapsenOptions | None = None) -> Self:
        """Shuffle with the seed and deal as S-2: 3, 3, the trump card, 2, 2, talon of 9
        (``dealer`` None: seat 0)."""
        dealer = 0 if dealer is None else dealer
        cards = tuple(shuffled(DECK, seed))
        first, second = cards[0:3] + cards[7:9], cards[3:6] + cards[9:11]
        hands = (second, first) if dealer == 0 else (first, second)  # forehand gets 3 first
        game = cls.__new__(cls)  # a shuffled deck is a whole deal: nothing to check
        game._setup(hands, cards[11:], cards[6], dealer, options or SchnapsenOptions.default(),
                    seed)
        return game

    # --- state queries -------------------------------------------------------------------
    @property
    def stock_size(self) -> int:
        """Cards left in the stock, the trump card included (10 at the start)."""
        return 10 - self.drawn

    def stock_open(self) -> bool:
        return self.closed_by < 0 and self.drawn < 10

    def score(self, seat: int) -> int:
        """Card points plus the marriages that count (their owner has won a trick: S-5)."""
        total = self.points[seat]
        if self.tricks[seat]:
            total += sum(marriage_value(s, self.trump) for who, s in self.marriages if who == seat)
        return total

    # --- legality: one predicate per verb, shared by legal_actions and why_illegal -------
    def _playable(self) -> int:
        if self.final:
            return 0
        hand = self.hands[self.to_act]
        lead = self.lead
        if lead is not None:
            if self.closed_by < 0 and self.drawn < 10:  # S-3: any card while the stock is open
                return hand
            return follow_lead(hand, lead, self.trump)
        if self.announced is not None:
            if self.options.marriage_lead == "king":
                return hand & (1 << Card.of(self.announced, Rank.KING))
            return hand & marriage_cards(self.announced)
        return hand

    def _on_lead(self, verb: str) -> Illegal | None:
        if self.final:
            return Illegal("S-9", "all cards are played: claim or pass")
        if self.lead is not None:
            return Illegal("S-6", f"only the player on lead may {verb}, before leading")
        return None

    def _exchange_problem(self) -> Illegal | None:
        seat = self.to_act
        if problem := self._on_lead("exchange"):
            return problem
        if not self.stock_open():
            return Illegal("S-6", "the trump Jack may be exchanged only while the stock is open")
        if self.announced is not None:
            return Illegal("S-6", "exchange comes before announcing a marriage")
        if not self.hands[seat] >> self.trump_jack & 1:
            return Illegal.naming("S-6", "you do not hold the trump Jack ({})", self.trump_jack)
        if self.stock_size == 2 and not self.options.exchange_at_two:
            return Illegal("S-6", "no exchange when the stock holds only 2 cards")
        if sum(self.tricks) == 0 and not self.options.exchange_before_first_trick:
            return Illegal("S-6", "no exchange before the first trick in this preset")
        return None

    def _close_problem(self) -> Illegal | None:
        if problem := self._on_lead("close"):
            return problem
        if not self.options.closing:
            return Illegal("S-7", "this preset has no closing")
        if self.closed_by >= 0:
            return Illegal("S-7", "the stock is already closed")
        if self.drawn >= 10:
            return Illegal("S-7", "the stock is exhausted")
        if self.announced is not None:
            return Illegal("S-6", "closing comes before announcing a marriage")
        if self.stock_size == 2 and not self.options.close_at_two:
            return Illegal("S-7", "no closing when the stock holds only 2 cards in this preset")
        return None

    def _marriage_problem(self, suit: Suit) -> Illegal | None:
        seat = self.to_act
        if problem := self._on_lead("announce a marriage"):
            return problem
        if self.announced is not None:
            return Illegal.naming("S-5", "a marriage in {} is already announced", self.announced)
        if self.hands[seat] & marriage_cards(suit) != marriage_cards(suit):
            return Illegal.naming("S-5", "you do not hold King and Queen of {}", suit)
        if not self.tricks[seat] and not self.options.marriage_before_first_trick:
            return Illegal("S-5", "in this preset a marriage needs a trick won first")
        return None

    def _claim_problem(self) -> Illegal | None:
        if not self.may_claim:
            return Illegal("S-8", "claim only right after winning a trick or announcing a marriage")
        if not self._may_claim_below_66():
            return Illegal("S-8", "in this preset a claim needs 66")
        return None

    def _may_claim_below_66(self) -> bool:
        """False where ``false_claim = "none"`` forbids a claim below 66 (S-8, ``vu``)."""
        return self.options.false_claim != "none" or self.score(self.to_act) >= WINNING_SCORE

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order: exchange, close, marriages, claim, then the
        cards (the verbs' predicates above, unrolled: this runs once per move)."""
        if self._result is not None:
            return []
        if self.final:
            return [CLAIM, PASS] if self._may_claim_below_66() else [PASS]
        lead = self.lead
        if lead is not None:
            hand = self.hands[self.to_act]
            if self.closed_by < 0 and self.drawn < 10:  # S-3: any card while the stock is open
                return play_actions(hand)
            return play_actions(follow_lead(hand, lead, self.trump))
        if self.announced is not None:
            plays = play_actions(self._playable())
            return [CLAIM, *plays] if self.may_claim and self._may_claim_below_66() else plays
        seat = self.to_act
        hand = self.hands[seat]
        options = self.options
        actions: list[Action] = []
        if self.closed_by < 0 and self.drawn < 10:
            at_two = self.drawn == 8  # S-6, S-7: one face-down card and the trump card
            if hand >> self.trump_jack & 1 and (not at_two or options.exchange_at_two) and (
                    options.exchange_before_first_trick or self.tricks != (0, 0)):
                actions.append(EXCHANGE)
            if options.closing and (not at_two or options.close_at_two):
                actions.append(CLOSE)
        if hand & KINGS and (self.tricks[seat] or options.marriage_before_first_trick):
            actions.extend(MARRIAGE[suit] for suit in marriages_in(hand))
        if self.may_claim and self._may_claim_below_66():
            actions.append(CLAIM)
        actions.extend(play_actions(hand))
        return actions

    def why_illegal(self, action: Action) -> Illegal | None:
        verb = action.verb
        if verb == "play":
            if self._playable() >> action.card & 1:
                return None
            return self._play_problem(action)
        if verb == "exchange":
            return self._exchange_problem()
        if verb == "close":
            return self._close_problem()
        if verb == "marriage":
            if action.arg not in Suit.__members__:
                return Illegal("notation", f"{action.arg!r} is not a suit")
            return self._marriage_problem(action.suit)
        if verb == "claim":
            return self._claim_problem()
        if verb == "pass":
            if not self.final:
                return Illegal("S-8", "pass only declines the claim after the last trick")
            return None
        return Illegal("notation", f"{verb!r} is not an action in Schnapsen")

    def _play_problem(self, action: Action) -> Illegal | None:
        card = action.card
        hand = self.hands[self.to_act]
        if self.final:
            return Illegal("S-9", "all cards are played: claim or pass")
        if not hand >> card & 1:
            return Illegal.naming("S-3", "you do not hold {}", card)
        if self._playable() >> card & 1:
            return None
        if self.announced is not None:
            which = "King" if self.options.marriage_lead == "king" else "King or Queen"
            return Illegal("S-5", f"after announcing the marriage you must lead its {which}")
        assert self.lead is not None
        return explain_follow("S-4", hand, (self.lead,), self.trump, NORMAL_ORDER)

    # --- carrying out actions -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._result is not None

    def apply(self, action: Action | str) -> None:
        """``Game.apply`` with the usual case first: a legal ``Action`` while the deal goes
        on (the base class parses text and raises the refusals)."""
        if isinstance(action, Action) and self._result is None and (
                self._playable() >> action.card & 1 if action.verb == "play"
                else self.why_illegal(action) is None):
            self._push(self.to_act, action)
        else:
            super().apply(action)

    def _do(self, action: Action) -> None:
        seat = self.to_act
        verb = action.verb
        if verb == "play":
            self._play(seat, action.card)
        elif verb == "exchange":
            hands = list(self.hands)
            hands[seat] ^= (1 << self.trump_jack) | (1 << self.trump_card)
            self.hands = (hands[0], hands[1])
            self.trump_card = self.trump_jack
        elif verb == "close":
            self.closed_by = seat
            self.closed_scores = (self.score(0), self.score(1))
            self.closed_tricks = self.tricks
        elif verb == "marriage":
            self.marriages = (*self.marriages, (seat, action.suit))
            self.announced = action.suit
            self.may_claim = True
        elif verb == "claim":
            self._result = self._claim_result(seat)
        else:  # pass after the last trick
            self._result = self._end_result()

    def _play(self, seat: int, card: Card) -> None:
        bit = 1 << card
        hand0, hand1 = self.hands
        if seat:
            hand1 ^= bit
        else:
            hand0 ^= bit
        lead = self.lead
        if lead is None:
            self.hands = (hand0, hand1)
            self.lead = card
            self.announced = None
            self.may_claim = False
            self.to_act = 1 - seat
            return
        # S-3: the higher card of the suit led, or a trump on another suit
        if SUIT_OF[card] == SUIT_OF[lead]:
            winner = seat if STRENGTH[card] > STRENGTH[lead] else self.leader
        else:
            winner = seat if SUIT_OF[card] == self.trump else self.leader
        gained = CARD_POINTS[lead] + CARD_POINTS[card]
        taken = bit | (1 << lead)
        won0, won1 = self.won
        points0, points1 = self.points
        tricks0, tricks1 = self.tricks
        if winner:
            won1, points1, tricks1 = won1 | taken, points1 + gained, tricks1 + 1
        else:
            won0, points0, tricks0 = won0 | taken, points0 + gained, tricks0 + 1
        self.won, self.points, self.tricks = (won0, won1), (points0, points1), (tricks0, tricks1)
        self.last_trick = ((self.leader, lead), (seat, card))
        self.lead = None
        drawn = self.drawn
        if self.closed_by < 0 and drawn < 10:  # S-3: winner draws first, trump card last
            first = 1 << self.talon[drawn]
            second = 1 << (self.talon[drawn + 1] if drawn < 8 else self.trump_card)
            if winner:
                hand1, hand0 = hand1 | first, hand0 | second
            else:
                hand0, hand1 = hand0 | first, hand1 | second
            self.drawn = drawn + 2
        self.hands = (hand0, hand1)
        self.leader = self.to_act = winner
        self.may_claim = True
        if not hand0 and not hand1:
            self.final = True

    # --- scoring (S-8, S-9, S-12) -----------------------------------------------------------
    def _claim_result(self, claimer: int) -> DealResult:
        other = 1 - claimer
        correct = self.score(claimer) >= WINNING_SCORE
        closer = self.closed_by
        if closer < 0:
            if correct:
                return self._deal_won(claimer, self._by_table(other), "claim")
            return self._deal_won(other, self._false_claim_points(other), "false claim")
        if closer == claimer:
            if correct:
                points = game_points_by_loser(self.closed_scores[other], self.closed_tricks[other])
                return self._deal_won(claimer, points, "claim after closing")
            return self._deal_won(other, self._closer_failed_points(), "false claim")
        if correct:
            return self._deal_won(claimer, self._closer_failed_points(), "claim against closer")
        return self._deal_won(other, self._false_claim_points(other), "false claim")

    def _end_result(self) -> DealResult:
        if self.closed_by >= 0:
            return self._deal_won(1 - self.closed_by, self._closer_failed_points(), "closer failed")
        return self._deal_won(self.leader, 1, "last trick")

    def _by_table(self, loser: int) -> int:
        return game_points_by_loser(self.score(loser), self.tricks[loser])

    def _false_claim_points(self, opponent: int) -> int:
        """S-8: what the claimer would have scored, judged on the opponent (or `pagat`)."""
        if self.options.false_claim == "pagat":
            return 2 if self.tricks[opponent] else 3
        return self._by_table(opponent)

    def _closer_failed_points(self) -> int:
        """S-9: 2, or 3 if the closer's opponent had no trick when the stock was closed."""
        return 2 if self.closed_tricks[1 - self.closed_by] else 3

    def _deal_won(self, winner: int, game_points: int, reason: str) -> DealResult:
        scores = [0, 0]
        scores[winner] = game_points
        marriages = [self.score(seat) - self.points[seat] for seat in (0, 1)]
        return DealResult((winner,), (scores[0], scores[1]), self.points, reason,
                          {"marriage_points": marriages})

    def forfeit(self, seat: int, why: Illegal) -> None:
        """S-12: a revoke (an illegal move from outside the engine) loses the deal for 3."""
        self._forfeit = (seat, why)
        self._result = self._deal_won(1 - seat, 3, "revoke")

    # --- observations -----------------------------------------------------------------------
    def observation(self, seat: int) -> SchnapsenObservation:
        review = self.options.trick_review
        to_act = self.current_player()
        return SchnapsenObservation.make(
            game=self.NAME, seat=seat, to_act=to_act,
            legal_actions=tuple(self.legal_actions()) if to_act == seat else (),
            hand=CardSet(self.hands[seat]),
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            trump=self.trump, trump_card=self.trump_card,
            stock_size=self.stock_size, closed_by=self.closed_by if self.closed_by >= 0 else None,
            leader=self.leader, trick=(self.lead,) if self.lead is not None else (),
            announced=self.announced, marriages=self.marriages, tricks_won=self.tricks,
            last_trick=self.last_trick,
            my_points=self.score(seat) if review else None,
            my_tricks=CardSet(self.won[seat]) if review else None,
        )

    # --- what each seat knows (stich.schnapsen.events, stich.schnapsen.worlds) -------------
    def _start_events(self, seat: int, state: Any) -> Iterable[Event]:
        public = self.position_at(state, seat) if self.started_at_position else None
        return events.start_events(seat, state, self.dealer, public)

    def _events(self, seat: int, actor: int, action: Action, before: Any,
                after: Any) -> Iterable[Event]:
        return events.events(seat, actor, action, before, after)

    def _forfeit_events(self, forfeit: tuple[int, Illegal]) -> Iterable[Event]:
        """S-12: the revoke by its rule alone (its sentence may name cards the other seat
        cannot see), then the end of the deal."""
        assert self._result is not None
        return (forfeit_event(forfeit, reason=False), events.end_event(self._result))

    @classmethod
    def _propose_world(cls, info: InfoState, rng: random.Random) -> Self | None:
        deal = worlds.propose(info, rng)
        if deal.fields is None:
            assert deal.turnup is not None
            world = cls.__new__(cls)
            world._setup(deal.hands, [card for card in deal.talon if card is not None],
                         deal.turnup, deal.dealer, info.options,  # type: ignore[arg-type]
                         None)
        else:
            world = cls.from_fields(deal.fields)
        return replay(world, ((None, action) for action in deal.actions), deal.forfeit)

    # --- positions (stich.schnapsen.position) ------------------------------------------------
    def position_at(self, state: Any, viewer: int | None = None) -> str:
        return position.write(position.fields_of(self.options, self.dealer, self.talon, state,
                                                 viewer))

    @classmethod
    def from_position(cls, text: str) -> Self:
        game = cls.from_fields(position.parse(text))
        game.start_position = game.position()
        return game

    @classmethod
    def from_fields(cls, fields: PositionFields) -> Self:
        """The game in the state ``fields`` describe (every card known), its history starting
        there; PositionError if the state is impossible."""
        start = position.start(fields)
        game = cls.__new__(cls)
        game._setup(start.hands, start.talon, start.trump_card, start.dealer, start.options,
                    None)
        game.started_at_position = True
        game.__dict__.update(start.state)
        return game

    # --- records ------------------------------------------------------------------------------
    def _deal_fields(self) -> dict[str, Any]:
        return {"stock": [card.name for card in self.talon],
                "trump_card": self.first_trump_card.name}

    @classmethod
    def from_record(cls, record: DealRecord) -> Self:
        options, hands, seed = cls.read_record(record)
        if record.trump_card is None:
            raise RecordError("missing key 'trump_card'")
        talon, (trump_card,) = record_cards(record.stock), record_cards([record.trump_card])
        return dealt_from_record(
            lambda: cls(hands, talon, trump_card, record.dealer, options, seed))


Schnapsen.ACTION_SPACE = ActionSpace("schnapsen", [
    *(PLAY[card] for card in cards_in(DECK)), *(MARRIAGE[suit] for suit in Suit),
    EXCHANGE, CLOSE, CLAIM, PASS])
"""Ids 0-19 play a card (cards in card order: CJ CQ CK CT CA, then D, H, S as ``Card``
numbers them), 20-23 announce a marriage in C, D, H, S, then 24 exchange, 25 close, 26 claim,
27 pass."""
