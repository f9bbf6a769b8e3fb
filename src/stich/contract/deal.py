"""The engine Bauernschnapsen and Dreierschnapsen share (B-1 to B-6, D-1).

A deal runs through phases: the caller names trump from his first three cards (B-2), the
auction (B-3), in Dreierschnapsen the talon (D-1), doubling (B-6), then play under the normal
game (B-4) or a contract (B-5) until its outcome is certain. The two games differ in seats,
sides and the talon; they subclass :class:`ContractSchnapsen` and fill in those hooks.
What may be done is judged by the predicates of ``stich.contract.legality``, functions of the
deal's state values: ``why_illegal`` and ``legal_actions`` pass them the deal and the facts
they need.

Records keep each hand in dealing order, the caller's first three cards first; ``turnup``
turns up the caller's fourth card (the first of his second packet), so a record fixes it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Self

from stich.contract import events, legality, position, worlds
from stich.contract.actions import VERBS as VERBS  # declared as the game loads
from stich.contract.auction import DOUBLING_STEPS, Auction, Doubling, clockwise_from
from stich.contract.contracts import (
    Contract,
    Goal,
    contract_table,
    schnapser_deadline,
    verdict,
)
from stich.contract.legality import FIRST_PACKET, Bidder, Phase
from stich.contract.observer import ContractObserver
from stich.contract.options import ContractOptions as ContractOptions  # re-exported
from stich.contract.position import Fields as PositionFields
from stich.contract.view import ContractObservation, observe, shown_seats
from stich.core.actions import Action
from stich.core.cards import Card, Suit, card_set
from stich.core.dealing import check_deal, shuffled
from stich.core.game import CardSet, DealResult, Game, Illegal
from stich.core.knowledge import Event, InfoState
from stich.core.position import PositionError
from stich.core.records import DealRecord, dealt_from_record, record_cards
from stich.core.tricks import CardOrder, trick_winner
from stich.core.worlds import replay
from stich.schnapsen.family import (
    CARD_POINTS,
    DECK,
    NORMAL_ORDER,
    WINNING_SCORE,
    game_points_by_loser,
    marriage_value,
)

DOUBLING_VERBS = frozenset(DOUBLING_STEPS.values())
"""double, redouble, reredouble (B-6)."""
FORFEIT_NORMAL = 3
"""What an illegal move costs in the normal game: its highest value (B-4), as S-12's revoke."""

class ContractSchnapsen(Game):
    """One deal of a Schnapsen game with a caller, an auction and contracts."""

    HAND_SIZE: ClassVar[int]
    TALON_SIZE: ClassVar[int] = 0
    OBSERVATION: ClassVar[type[ContractObservation]] = ContractObservation
    OBSERVER = ContractObserver
    _STATE: ClassVar[tuple[str, ...]] = (
        "phase", "hands", "trump", "turned_up", "calls", "doubles", "auction", "contract",
        "declarer", "sides", "active", "play_trump", "order", "doubling", "to_act", "leader",
        "trick", "announced", "marriages", "points", "winners", "tricks", "_result", "_forfeit")

    options: ContractOptions
    hands: tuple[int, ...]
    """Each seat's cards (a card set); before phase auction the first packets (B-2)."""

    def __init__(self, hands: Sequence[Sequence[Card]], talon: Sequence[Card] = (),
                 dealer: int = 0, options: ContractOptions | None = None,
                 seed: int | None = None) -> None:
        check_deal(hands, talon, seats=self.SEATS, hand_size=self.HAND_SIZE,
                   rest_size=self.TALON_SIZE, deck=DECK, dealer=dealer, rule="B-2, D-1")
        self.setup(dealer, options, seed, tuple(tuple(hand) for hand in hands), tuple(talon))
        self.hands = tuple(card_set(h[:FIRST_PACKET]) for h in hands)

    def setup(self, dealer: int, options: ContractOptions | None, seed: int | None,
              dealt: tuple[tuple[Card, ...], ...], dealt_talon: tuple[Card, ...]) -> None:
        """The fixed facts of a deal and the state before the caller names trump."""
        self.options = options or self.OPTIONS.default()  # type: ignore[assignment]
        self.dealer = dealer
        self.caller = (dealer + 1) % self.SEATS
        self.seed = seed
        self.dealt = dealt
        self.dealt_talon = dealt_talon
        self.starts_at_position = False
        """Whether this game's history starts at a position (``from_position``)."""
        self.contracts = contract_table(self.SEATS, self.options.contracts,
                                        self.options.assenbettler)
        self.phase = Phase.TRUMP
        self.hands = (0,) * self.SEATS
        self.trump: Suit | None = None
        self.turned_up: Card | None = None
        self.calls: tuple[tuple[int, str], ...] = ()
        self.doubles: tuple[tuple[int, str], ...] = ()
        self.auction = Auction.start(self.caller, self.SEATS)
        self.contract: Contract | None = None
        self.declarer = self.caller
        self.sides: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.active = (1 << self.SEATS) - 1
        self.play_trump: Suit | None = None
        self.order: CardOrder = NORMAL_ORDER
        self.doubling = Doubling(1, (), (), ())
        self.to_act = self.caller
        self.leader = self.caller
        self.trick: tuple[tuple[int, Card], ...] = ()
        self.announced: Suit | None = None
        self.marriages: tuple[tuple[int, Suit], ...] = ()
        self.points: tuple[int, ...] = (0,) * self.SEATS
        self.winners: tuple[int, ...] = ()
        self.tricks: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self._result: DealResult | None = None
        self._forfeit = None
        self._start_history()

    # --- the deal (B-2, D-1) ---
    @classmethod
    def deal(cls, seed: int, dealer: int | None = None,
             options: ContractOptions | None = None) -> Self:
        """Shuffle with the seed; 3 each from the caller, the talon, then the rest each
        (``dealer`` None: seat 0)."""
        dealer = 0 if dealer is None else dealer
        cards = shuffled(DECK, seed)
        seats, second = cls.SEATS, cls.HAND_SIZE - FIRST_PACKET
        first_end = FIRST_PACKET * seats
        talon = cards[first_end:first_end + cls.TALON_SIZE]
        rest = cards[first_end + cls.TALON_SIZE:]
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for i in range(seats):
            seat = (dealer + 1 + i) % seats
            hands[seat] = (cards[FIRST_PACKET * i:FIRST_PACKET * (i + 1)]
                           + rest[second * i:second * (i + 1)])
        return cls(hands, talon, dealer, options, seed)

    # --- what the two games fill in ---
    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that play together with ``seat`` once the contract is fixed."""
        raise NotImplementedError

    def opponent_of_caller(self, seat: int) -> bool:
        """Whether ``seat`` plays against the caller (Kontra contracts, B-5)."""
        raise NotImplementedError

    def sitting_out(self, contract: Contract | None, declarer: int) -> int | None:
        """A seat that lays its cards aside for this contract (``bettler_partner_sits_out``)."""
        return None

    def declaring_seats(self) -> tuple[int, ...]:
        """The seats whose tricks fulfil the contract: the declarer alone (B-5)."""
        return (self.declarer,)

    def _after_auction(self) -> None:
        """Where the deal goes once the auction is over: straight to doubling (B-6)."""
        self._start_doubling()

    # --- queries ---
    @property
    def total_tricks(self) -> int:
        return self.HAND_SIZE

    def score(self, seats: Sequence[int]) -> int:
        """Card points of these seats plus their marriages, once one of them has a trick."""
        total = sum(self.points[s] for s in seats)
        if any(w in seats for w in self.winners):
            total += sum(marriage_value(suit, self.play_trump)
                         for who, suit in self.marriages if who in seats)
        return total

    def tricks_of(self, seats: Sequence[int]) -> int:
        return sum(1 for w in self.winners if w in seats)

    def _seat_after(self, seat: int) -> int:
        for step in range(1, self.SEATS + 1):
            other = (seat + step) % self.SEATS
            if self.active >> other & 1:
                return other
        raise AssertionError("no active seat")

    # --- legality: one predicate per verb (stich.contract.legality), of the state values ---
    def why_illegal(self, action: Action) -> Illegal | None:
        """The refusal of the predicate of the action's verb, or None."""
        if self._result is not None:
            return Illegal("end", "the deal is over")
        verb = action.verb
        if verb == "play":
            return legality.play_problem(self, action.card, self.options.must_overtrump)
        if verb == "pass":
            return legality.pass_problem(self)
        if verb == "bid":
            return legality.bid_problem(self, self.contracts, action.arg, self._bidder())
        if verb in DOUBLING_VERBS:
            return legality.double_problem(self, verb)
        if verb in ("marriage", "trump"):
            if action.arg not in Suit.__members__:
                return Illegal("notation", f"{action.arg!r} is not a suit")
            if verb == "trump":
                return legality.trump_problem(self, action.suit,
                                              self.options.trump_must_be_held)
            return legality.marriage_problem(self, self.declaring_seats(), action.suit)
        if verb == "turnup":
            return legality.turnup_problem(self)
        if verb == "redeal":
            return legality.redeal_problem(self)
        return Illegal("notation", f"{verb!r} is not an action in {self.NAME}")

    def legal_actions(self) -> list[Action]:
        """The legal actions of the phase, from the parts of the same predicates
        (``tests/bauernschnapsen/properties.py`` checks them against ``why_illegal`` of every
        action of the space)."""
        if self._result is not None:
            return []
        phase = self.phase
        if phase is Phase.PLAY:
            plays = legality.plays(self, self.options.must_overtrump)
            if self.trick or self.announced is not None:  # a marriage only on lead (B-4)
                return plays
            return legality.marriages(self, self.declaring_seats()) + plays
        if phase is Phase.AUCTION:
            return legality.legal_in_auction(self, self.contracts, self._bidder())
        if phase is Phase.DOUBLE:
            return legality.legal_in_doubling(self)
        if phase is Phase.TRUMP:
            return legality.legal_in_trump(self, self.options.trump_must_be_held)
        return []

    def _bidder(self) -> Bidder:
        """What B-5's ``bidder_problem`` asks of the seat to act, after the contract."""
        seat = self.to_act
        return (seat, self.caller, self.opponent_of_caller(seat), self.hands[seat], self.trump,
                self.options.assenbettler)

    # --- carrying out actions ---
    def _do(self, action: Action) -> None:
        seat, verb = self.to_act, action.verb
        if verb == "play":
            self._play(seat, action.card)
        elif verb == "marriage":
            self.marriages = (*self.marriages, (seat, action.suit))
            self.announced = action.suit
            self._settle()
        elif verb in ("trump", "turnup"):
            self.turned_up = self.dealt[seat][FIRST_PACKET] if verb == "turnup" else None
            self.trump = self.turned_up.suit if self.turned_up is not None else action.suit
            self.calls = (*self.calls, (seat, str(action)))
            self.hands = tuple(card_set(hand) for hand in self.dealt)
            self.phase = Phase.AUCTION
        elif verb == "redeal":
            self.calls = (*self.calls, (seat, str(action)))
            self._finish((), 0, "redeal")
        elif verb == "bid" and self.phase is Phase.AUCTION:
            self._bid(seat, self.contracts[action.arg])
        elif verb == "pass" and self.phase is Phase.AUCTION:
            self.calls = (*self.calls, (seat, str(action)))
            self.auction = self.auction.passed(seat)
            self._next_speaker()
        elif self.phase is Phase.DOUBLE:
            self.doubles = (*self.doubles, (seat, str(action)))
            self.doubling = self.doubling.passed() if verb == "pass" else self.doubling.doubled()
            self._next_doubler()
        else:
            self._do_more(seat, action)

    def _do_more(self, seat: int, action: Action) -> None:
        """Verbs a subclass adds (the Dreierschnapsen talon)."""
        raise AssertionError(f"unhandled action {action}")

    def _bid(self, seat: int, contract: Contract) -> None:
        self.calls = (*self.calls, (seat, f"bid {contract.name}"))
        self.auction = self.auction.bid(seat, contract.name, contract.rank, self._drop_outbid())
        self._next_speaker()

    def _drop_outbid(self) -> bool:
        """Whether a bidder who is outbid is out of the auction (D-1 without raising)."""
        return False

    def _next_speaker(self) -> None:
        if not self.auction.over:
            self.to_act = self.auction.to_speak
            return
        high = self.auction.high
        if high is None:
            self._fix_contract(None, self.caller)
        else:
            self._fix_contract(self.contracts[high], self.auction.high_seat)
        if self.contract is not None and self.contract.goal is Goal.SHOWN:
            # B-5: shown and won at once, without play, once nobody has bid higher (B-3)
            self._finish(self.sides[0], self.contract.value, "shown")
            return
        self._after_auction()

    def _fix_contract(self, contract: Contract | None, declarer: int) -> None:
        self.contract, self.declarer = contract, declarer
        mine = self.side_of(declarer)
        others = [s for s in range(self.SEATS) if s not in mine]
        self.sides = (clockwise_from(mine, declarer, self.SEATS),
                      clockwise_from(others, declarer, self.SEATS))
        out = self.sitting_out(contract, declarer)
        everyone = (1 << self.SEATS) - 1
        self.active = everyone if out is None else everyone & ~(1 << out)
        self.play_trump = self.trump if contract is None or contract.trump else None
        self.order = NORMAL_ORDER if contract is None else contract.order

    def _start_doubling(self) -> None:
        self.phase = Phase.DOUBLE
        self.doubling = Doubling.start(*self.sides)
        self._next_doubler()

    def _next_doubler(self) -> None:
        if not self.doubling.over:
            self.to_act = self.doubling.asking[0]
            return
        self.phase = Phase.PLAY
        caller_leads = self.contract is None or self.contract.caller_leads
        self.leader = self.to_act = self.caller if caller_leads else self.declarer

    def _play(self, seat: int, card: Card) -> None:
        hands = list(self.hands)
        hands[seat] ^= 1 << card
        self.hands = tuple(hands)
        self.trick = (*self.trick, (seat, card))
        if len(self.trick) < self.active.bit_count():
            self.to_act = self._seat_after(seat)
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards, self.play_trump, self.order)][0]
        points = list(self.points)
        points[winner] += sum(CARD_POINTS[c] for c in cards)
        self.points = tuple(points)
        self.winners = (*self.winners, winner)
        self.tricks = (*self.tricks, self.trick)
        self.trick = ()
        self.announced = None
        self.leader = self.to_act = winner
        self._settle()

    # --- ending and scoring (B-4, B-5, D-1) ---
    def _settle(self) -> None:
        """End the deal as soon as its outcome is certain."""
        if self.contract is None:
            self._settle_normal()
            return
        declaring = self.declaring_seats()
        made = verdict(self.contract.goal, self.winners, declaring, self.score(declaring),
                       self.total_tricks, schnapser_deadline(self.SEATS))
        if made is not None:
            winner = self.sides[0] if made else self.sides[1]
            self._finish(winner, self.contract.value, "made" if made else "failed")

    def _settle_normal(self) -> None:
        """B-4: 66 after a trick or a marriage wins 1, 2 or 3; else the last trick wins 1."""
        for index, side in enumerate(self.sides):
            if self.score(side) >= WINNING_SCORE:
                losers = self.sides[1 - index]
                points = game_points_by_loser(self.score(losers), self.tricks_of(losers))
                self._finish(side, points, "66")
                return
        if len(self.winners) == self.total_tricks:
            last = self.winners[-1]
            self._finish(next(s for s in self.sides if last in s), 1, "last trick")

    def _finish(self, winners: Sequence[int], value: int, reason: str) -> None:
        """Book the deal: each winning seat carries ``value`` times the doubling factor."""
        factor = self.doubling.factor
        team_of = {seat: team for team in self.TEAMS for seat in team}
        self._result = DealResult(
            tuple(sorted(winners)),
            tuple(value * factor if seat in winners else 0 for seat in range(self.SEATS)),
            tuple(sum(self.points[s] for s in team_of[seat]) for seat in range(self.SEATS)),
            reason,
            {"contract": self.contract.name if self.contract else
             (None if reason == "redeal" else "normal"),
             "declarer": self.declarer if reason != "redeal" else None,
             "factor": factor,
             "marriage_points": [self.score(team_of[s]) - sum(self.points[t] for t in team_of[s])
                                 for s in range(self.SEATS)]},
        )
        self.phase = Phase.OVER

    # --- observations ---
    def visible_hands(self, seat: int) -> tuple[tuple[int, CardSet], ...]:
        """Other seats' hands that ``seat`` may see: Plauderer's open hands (B-5)."""
        return tuple((s, CardSet(self.hands[s]))
                     for s in shown_seats(self.options.plauderer, self, seat))

    def observation(self, seat: int) -> ContractObservation:
        return self.OBSERVATION(**self._observed(seat))

    def _observed(self, seat: int) -> dict[str, Any]:
        """The fields of ``seat``'s observation that both games share (``view.observe``)."""
        to_act = self.current_player()
        return observe(self.State(*type(self)._snapshot(self)), seat, to_act,
                       tuple(self.legal_actions()) if to_act == seat else (),
                       name=self.NAME, teams=self.TEAMS, dealer=self.dealer,
                       caller=self.caller, plauderer=self.options.plauderer)

    # --- what each seat knows (stich.contract.events, stich.contract.worlds) ---
    def _start_events(self, seat: int, state: Any) -> Iterator[Event]:
        seen = self.position_at(state, seat) if self.starts_at_position else None
        return events.start_events(seat, self.dealt, self.dealer, seen)

    def _events(self, seat: int, actor: int, action: Action, before: Any,
                after: Any) -> Iterator[Event]:
        return events.action_events(seat, actor, action, before, after, self.dealt,
                                    self.options.plauderer)

    @classmethod
    def _world_shape(cls) -> worlds.Shape:
        """What ``stich.contract.worlds`` needs of this class to read an info state."""
        return worlds.Shape(cls.NAME, cls.SEATS, cls.HAND_SIZE, cls.TALON_SIZE,
                            lambda text: position.parse(cls, text),
                            cls.from_fields)

    @classmethod
    def _propose_world(cls, info: InfoState, rng: random.Random) -> Self | None:
        deal = worlds.propose(info, rng, cls._world_shape())
        if deal is None:
            return None
        fields = deal.fields
        world: Self
        if deal.fresh:
            world = cls(fields["hands"], fields["talon"] if cls.TALON_SIZE else (),
                        fields["dealer"], fields["options"])
        else:
            world = cls.from_fields(fields)
        return replay(world, deal.steps, deal.forfeit)

    # --- positions (stich.contract.position) ---
    def position_at(self, state: Any, viewer: int | None = None) -> str:
        shown = shown_seats(self.options.plauderer, state, viewer) if viewer is not None else ()
        return position.write(self.NAME, position.fields_of(
            self.options, self.dealer, self.dealt, self.dealt_talon, state, viewer, shown))

    @classmethod
    def from_position(cls, text: str) -> Self:
        game = cls.from_fields(position.parse(cls, text))
        game.start_position = game.position()
        return game

    @classmethod
    def from_fields(cls, fields: PositionFields) -> Self:
        """The game in the state the fields describe (no hidden cards), its history starting
        there; PositionError if the state is impossible."""
        start = position.start(fields)
        if start.phase is Phase.TRUMP:
            game = cls(start.dealt, start.dealt_talon, start.dealer,
                       start.options)  # type: ignore[arg-type]
        else:
            game = cls.__new__(cls)
            game.setup(start.dealer, start.options,  # type: ignore[arg-type]
                       None, start.dealt, start.dealt_talon)
            game.__dict__.update(start.state)
            game._restore_talk()
            game._restore_play(start.tricks, start.trick)
        game.starts_at_position = True
        return game

    def _restore_talk(self) -> None:
        """The auction, the contract and the doubling, from what was said (B-3, B-6, D-1)."""
        phase = self.phase
        auction = Auction.start(self.caller, self.SEATS)
        raised = None
        for seat, text in self.calls[1:]:
            action = Action.parse(text)
            if auction.over:
                raised = (seat, action.arg)
                continue
            if action.verb == "bid":
                contract = self.contracts.get(action.arg)
                if contract is None:
                    raise PositionError(f"{action.arg!r} is not a contract in this game")
                auction = auction.bid(seat, contract.name, contract.rank, self._drop_outbid())
            elif action.verb == "pass":
                auction = auction.passed(seat)
            else:
                raise PositionError(f"{text!r} is not a call in the auction")
        self.auction = auction
        if phase is Phase.AUCTION:
            if auction.over:
                raise PositionError("the calls end the auction, but the phase is auction")
            self.to_act = auction.to_speak
            return
        if not auction.over:
            raise PositionError(f"the calls leave the auction open in phase {phase}")
        if auction.high is None:
            self._fix_contract(None, self.caller)
        else:
            self._fix_contract(self.contracts[auction.high], auction.high_seat)
        if raised is not None:
            self._fix_contract(self.contracts[raised[1]], raised[0])
        if phase is Phase.TALON:
            self.to_act = getattr(self, "talon_taker", -1)
            if self.to_act < 0:
                raise PositionError("phase talon needs the talon's taker")
            return
        doubling = Doubling.start(*self.sides)
        for _, text in self.doubles:
            if doubling.over:
                raise PositionError("more doubling calls than B-6 allows")
            doubling = doubling.passed() if text == "pass" else doubling.doubled()
        self.doubling = doubling
        if phase is Phase.DOUBLE:
            if doubling.over:
                raise PositionError("the doubling calls are over, but the phase is double")
            self.to_act = doubling.asking[0]
        elif not doubling.over:
            raise PositionError("doubling is still open in phase play")

    def _restore_play(self, tricks: list[tuple[int, list[Card]]],
                      trick: tuple[int, list[Card]] | None) -> None:
        """Tricks, their winners and points, the trick on the table, who leads and acts
        (B-4)."""
        if self.phase is not Phase.PLAY:
            if tricks or trick:
                raise PositionError(f"no tricks before phase play (phase {self.phase})")
            return
        caller_leads = self.contract is None or self.contract.caller_leads
        leader = self.caller if caller_leads else self.declarer
        points = [0] * self.SEATS
        size = self.active.bit_count()
        for lead, cards in tricks:
            if len(cards) != size or lead != leader:
                raise PositionError(f"a trick of {size} cards led by seat {leader} expected")
            seated = self._seated(lead, cards)
            winner = seated[trick_winner(cards, self.play_trump, self.order)][0]
            points[winner] += sum(CARD_POINTS[c] for c in cards)
            self.winners = (*self.winners, winner)
            self.tricks = (*self.tricks, seated)
            leader = winner
        self.points = tuple(points)
        self.leader = self.to_act = leader
        if trick is not None:
            lead, cards = trick
            if lead != leader or len(cards) >= size:
                raise PositionError(f"the trick on the table is led by seat {leader}, "
                                    f"with fewer than {size} cards")
            self.trick = self._seated(lead, cards)
            self.to_act = self._seat_after(self.trick[-1][0])

    def _seated(self, lead: int, cards: list[Card]) -> tuple[tuple[int, Card], ...]:
        out, seat = [], lead
        for card in cards:
            out.append((seat, card))
            seat = self._seat_after(seat)
        return tuple(out)

    # --- illegal moves ---
    def forfeit(self, seat: int, why: Illegal) -> None:
        """An illegal move by ``seat`` (a bot's or an outside engine's): its side loses the
        deal at the value of the contract, or 3 in the normal game or before the contract is
        fixed, times the doubling factor (docs/knowledge/contract.md: like S-12's revoke)."""
        self._forfeit = (seat, why)
        if self.sides[0]:
            winners = self.sides[1] if seat in self.sides[0] else self.sides[0]
        else:
            winners = tuple(s for s in range(self.SEATS) if s not in self.side_of(seat))
        value = self.contract.value if self.contract is not None else FORFEIT_NORMAL
        self._finish(winners, value, "revoke")

    # --- records ---
    def _deal_fields(self) -> dict[str, Any]:
        return {"stock": [card.name for card in self.dealt_talon]}

    @classmethod
    def from_record(cls, record: DealRecord) -> Self:
        options, hands, seed = cls.read_record(record)
        talon = record_cards(record.stock)
        return dealt_from_record(
            lambda: cls(hands, talon, record.dealer, options, seed))


