"""Schieber Jass for four players, rules J-1 to J-9 (``../shared/rules/schieber.md``).

Seats 0 and 2 play against seats 1 and 3; seat ``i + 1`` plays after seat ``i`` (the table turns
counter-clockwise, which only the display shows). A deal knows the game score before it and the
target, because points are written as they happen and the game ends the moment a team reaches
the target, even in the middle of a deal (J-7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Self

from stich.core.action_space import ActionSpace
from stich.core.actions import Action, play_actions
from stich.core.cards import FULL_DECK, Card, card_set, cards_in
from stich.core.dealing import check_deal, shuffled
from stich.core.game import CardSet, DealResult, Game, Illegal, Observation
from stich.core.position import PositionError
from stich.core.records import DealRecord, RecordError, dealt_from_record
from stich.core.worlds import replay
from stich.jass import events, position, worlds
from stich.jass.actions import PUSH, TRUMP
from stich.jass.cards import (
    DECK,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    POINTS,
    STOECK_PAIR,
    TOTAL_POINTS,
    TRICKS,
    Contract,
    explain_play,
    playable,
    winner_index,
)
from stich.jass.observer import JassObserver
from stich.jass.options import JassOptions as JassOptions  # re-exported: the game's options
from stich.jass.options import factors
from stich.jass.weis import (
    Declared,
    best,
    every_weis,
    held_weis,
    in_a_row,
    is_four,
    weis_action,
)

if TYPE_CHECKING:
    import random

    from stich.core.knowledge import Event, InfoState

TEAMS = ((0, 2), (1, 3))
"""Partners sit opposite (J-2); team ``seat % 2``."""
STOECK_POINTS = 20
"""J-6."""


@dataclasses.dataclass(frozen=True)
class WeisView:
    """A declared Weis as one seat sees it: its cards only once shown (J-5)."""

    seat: int
    points: int
    cards: CardSet | None


@dataclasses.dataclass(frozen=True)
class JassObservation(Observation):
    """A seat's view: its hand, the table, the last trick, Weis as shown, Stöck and the scores."""

    hand: CardSet
    dealer: int
    forehand: int
    contract: Contract | None
    chosen_by: int | None
    pushed: bool
    multiplier: int | None
    factors: tuple[int, ...]
    """Each contract's factor under the options in force, in :class:`Contract` order."""
    leader: int
    trick: tuple[Card, ...]
    tricks_played: int
    last_trick: tuple[tuple[int, Card], ...] | None
    weis: tuple[WeisView, ...]
    weis_team: int | None
    stoeck: int | None
    tricks_won: tuple[int, int]
    points: tuple[int, int]
    scores: tuple[int, int]
    target: int


class Jass(Game):
    """One deal of Schieber Jass. Forehand (the seat after the dealer) chooses or pushes."""

    NAME = "jass"
    SEATS = 4
    TEAMS = TEAMS
    OPTIONS = JassOptions
    OBSERVER = JassObserver
    _STATE = ("hands", "contract", "factor", "chooser", "pushed", "to_act", "leader", "trick",
              "tricks_played", "card_points", "tricks_won", "declared", "weis_team",
              "weis_raw", "stoeck_holder", "stoeck_seat", "written", "last_trick", "_result",
              "_plays", "_forfeit")

    options: JassOptions

    def __init__(self, hands: Sequence[Sequence[Card]], dealer: int = 0,
                 options: JassOptions | None = None, scores_before: Sequence[int] = (0, 0),
                 seed: int | None = None) -> None:
        self.options = options or JassOptions.default()
        check_deal(hands, (), seats=4, hand_size=HAND_SIZE, rest_size=0, deck=DECK,
                   dealer=dealer, rule="J-2")
        _check_scores(scores_before, self.options.target)
        masks = tuple(card_set(hand) for hand in hands)
        self.dealer = dealer
        self.forehand = (dealer + 1) % 4
        self.seed = seed
        self.dealt = tuple(tuple(hand) for hand in hands)
        self.scores_before: tuple[int, int] = (scores_before[0], scores_before[1])
        self.hands: tuple[int, ...] = masks
        self.factors = factors(self.options)
        self.contract: Contract | None = None
        self.factor = 0
        """The contract's multiplier (J-9), once chosen."""
        self.chooser: int | None = None
        self.pushed = False
        self.to_act = self.forehand
        self.leader = self.forehand
        self.trick: tuple[Card, ...] = ()
        self.tricks_played = 0
        self.card_points: tuple[int, int] = (0, 0)
        self.tricks_won: tuple[int, int] = (0, 0)
        self.declared: tuple[Declared, ...] = ()
        self.weis_team: int | None = None
        self.weis_raw: tuple[int, int] = (0, 0)
        self.stoeck_holder = -1
        """The seat holding trump King and Queen (J-6), once the contract is known."""
        self.stoeck_seat: int | None = None
        self.written: tuple[int, int] = (0, 0)
        self.last_trick: tuple[tuple[int, Card], ...] | None = None
        self._result: DealResult | None = None
        self._plays = -1
        """The cards the seat to act may play, once asked (-1: not yet)."""
        self._forfeit: tuple[int, Illegal] | None = None
        self._start_history()

    @classmethod
    def deal(cls, seed: int, dealer: int | None = None, options: JassOptions | None = None,
             scores_before: Sequence[int] = (0, 0)) -> Self:
        """Shuffle with the seed and deal three cards at a time from forehand on (J-2).

        ``dealer`` None is the first deal of a game: the holder of C7 becomes forehand.
        """
        cards = shuffled(DECK, seed)
        forehand = 0 if dealer is None else (dealer + 1) % 4
        hands: list[list[Card]] = [[], [], [], []]
        for turn in range(4):  # packets of three, round the table three times
            first = 3 * turn
            hands[(forehand + turn) % 4] = (cards[first:first + 3] + cards[first + 12:first + 15]
                                            + cards[first + 24:first + 27])
        if dealer is None:
            dealer = (seat_holding(hands, Card.C7) - 1) % 4
        return cls(hands, dealer, options, scores_before, seed)

    # --- state queries -------------------------------------------------------------------
    @property
    def multiplier(self) -> int | None:
        return None if self.contract is None else self.factor

    def scores(self) -> tuple[int, int]:
        """The game score now: before the deal plus what this deal has written."""
        return (self.scores_before[0] + self.written[0], self.scores_before[1] + self.written[1])

    def _held_weis(self, seat: int) -> tuple[int, ...]:
        """Every Weis the seat's hand holds (asked in the first trick, before the seat plays,
        so its hand is still the hand as dealt), from the hand alone: nothing cached here."""
        return held_weis(self.hands[seat], self.options.four_of_a_kind_low)

    def _weis_options(self) -> tuple[int, ...] | list[int]:
        """The Weis the seat to act may still declare (J-5), in the first trick."""
        seat = self.to_act
        found = self._held_weis(seat)
        done = [weis.cards for weis in self.declared if weis.seat == seat]
        return [mask for mask in found if mask not in done] if done else found

    # --- legality: one predicate per verb, shared by legal_actions and why_illegal -------
    def legal_actions(self) -> list[Action]:
        if self._result is not None:
            return []
        if self.contract is None:
            actions = [TRUMP[contract] for contract in Contract]
            if not self.pushed:
                actions.append(PUSH)
            return actions
        playable_cards = self._plays
        if playable_cards < 0:
            playable_cards = self._playable()
        made = _PLAYS.get(playable_cards)
        if made is None:
            if len(_PLAYS) > MAX_PLAY_LISTS:
                _PLAYS.clear()
            made = _PLAYS[playable_cards] = tuple(play_actions(playable_cards))
        plays = list(made)
        if self.tricks_played == 0 and self.options.weis:
            return [weis_action(mask) for mask in self._weis_options()] + plays
        return plays

    def apply(self, action: Action | str) -> None:
        """As ``Game.apply``; a card the seat may play goes straight on (the hot path)."""
        if type(action) is Action and action.verb == "play" and self._result is None \
                and self.contract is not None:
            playable_cards = self._plays
            if playable_cards < 0:
                playable_cards = self._playable()
            if playable_cards >> _CARD[action.arg] & 1:
                self._push(self.to_act, action)
                return
        super().apply(action)

    def why_illegal(self, action: Action) -> Illegal | None:
        verb = action.verb
        if verb == "play" and self.contract is not None and self._result is None:
            return self._play_problem(action.card)
        if self._result is not None:
            return Illegal("end", "the deal is over")
        if verb in ("trump", "push"):
            return self._choice_problem(action)
        if self.contract is None:
            who = "partner" if self.pushed else "forehand"
            return Illegal("J-3", f"first the {who} chooses the contract")
        if verb == "weis":
            return self._weis_problem(card_set(action.cards))
        return Illegal("notation", f"{verb!r} is not an action in Jass")

    def _choice_problem(self, action: Action) -> Illegal | None:
        if self.contract is not None:
            if self.contract.trump is not None:  # the suit as a value, for the deck's name
                return Illegal.naming("J-3", "the contract is already chosen ({})",
                                      self.contract.trump)
            return Illegal("J-3", f"the contract is already chosen ({self.contract})")
        if action.verb == "push":
            if self.pushed:
                return Illegal("J-3", "the partner must choose; the choice cannot be pushed back")
            return None
        try:
            Contract.from_word(action.arg)
        except ValueError as error:
            return Illegal("J-3", str(error))
        return None

    def _weis_problem(self, cards: int) -> Illegal | None:
        if not self.options.weis:
            return Illegal("J-9", "Weis are switched off (option weis=off)")
        if self.tricks_played:
            return Illegal("J-5", "Weis are declared with the first card, in the first trick")
        seat = self.to_act
        hand = self.hands[seat]
        if cards & ~hand:
            return Illegal.naming("J-5", "you do not hold {}", tuple(cards_in(cards & ~hand)))
        if any(weis.seat == seat and weis.cards == cards for weis in self.declared):
            return Illegal("J-5", "you have already declared this Weis")
        found = self._held_weis(seat)
        if cards in found:
            return None
        if is_four(cards):
            return Illegal("J-9", "four 8s, 7s or 6s do not count (option four_of_a_kind_low)")
        whole = [mask for mask in found if cards & mask == cards and not is_four(mask)]
        if whole and in_a_row(cards):  # a piece of a longer run
            return Illegal.naming("J-5", "a run counts whole: declare {}",
                                  tuple(cards_in(whole[0])))
        return Illegal("J-5", "not a Weis: three or more in a row in one suit, or four of a kind")

    def _playable(self) -> int:
        """J-4's playable cards for the seat to act, computed once per position."""
        if self._plays < 0:
            assert self.contract is not None
            self._plays = playable(self.hands[self.to_act], self.trick, self.contract)
        return self._plays

    def _play_problem(self, card: Card) -> Illegal | None:
        if self._playable() >> card & 1:
            return None
        hand = self.hands[self.to_act]
        assert self.contract is not None
        if not hand >> card & 1:
            return Illegal.naming("J-4", "you do not hold {}", card)
        return explain_play(hand, self.trick, self.contract, card)

    # --- carrying out actions -------------------------------------------------------------
    def _do(self, action: Action) -> None:
        seat = self.to_act
        verb = action.verb
        self._plays = -1
        if verb == "play":
            self._play(seat, _CARD[action.arg])
        elif verb == "weis":
            order = len(self.declared)
            self.declared = (*self.declared, Declared(seat, card_set(action.cards), order))
        elif verb == "push":
            self.pushed = True
            self.to_act = (seat + 2) % 4
        else:
            self.contract = contract = Contract.from_word(action.arg)
            self.factor = self.factors[contract]
            self.chooser = seat
            self.to_act = self.leader = self.forehand  # J-3: forehand leads in either case
            pair = STOECK_PAIR[contract]
            if pair and self.options.stoeck:
                hands = self.hands  # the contract comes before any card: the hands as dealt
                self.stoeck_holder = next((s for s in range(4) if hands[s] & pair == pair), -1)

    def _play(self, seat: int, card: Card) -> None:
        a, b, c, d = self.hands
        bit = 1 << card
        self.hands = ((a ^ bit, b, c, d) if seat == 0 else (a, b ^ bit, c, d) if seat == 1
                      else (a, b, c ^ bit, d) if seat == 2 else (a, b, c, d ^ bit))
        self.trick = trick = (*self.trick, card)
        if seat == self.stoeck_holder and self._stoeck_completed(seat, card) and self._write(
                seat % 2, STOECK_POINTS):
            return
        if len(trick) < 4:
            self.to_act = (seat + 1) % 4
        else:
            self._end_trick(trick)

    def _end_trick(self, trick: tuple[Card, ...]) -> None:
        """J-4, J-5, J-7: the trick goes to its winner; Weis after the first, then its points."""
        contract = self.contract
        assert contract is not None
        leader = self.leader
        winner = (leader + winner_index(trick, contract)) % 4
        team = winner % 2
        self.last_trick = ((leader, trick[0]), ((leader + 1) % 4, trick[1]),
                           ((leader + 2) % 4, trick[2]), ((leader + 3) % 4, trick[3]))
        self.trick = ()
        self.tricks_played += 1
        if self.tricks_played == 1 and self._score_weis():
            return
        table = POINTS[contract]
        raw = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        last = self.tricks_played == TRICKS
        if last:
            raw += LAST_TRICK_BONUS
        (p0, p1), (t0, t1) = self.card_points, self.tricks_won
        if team:
            p1 += raw
            t1 += 1
        else:
            p0 += raw
            t0 += 1
        self.card_points, self.tricks_won = (p0, p1), (t0, t1)
        bonus = self.options.match_bonus if last and (t1 if team else t0) == TRICKS else 0
        if self._write(team, raw + bonus):
            return
        if last:
            self._finish("all tricks played")
        else:
            self.leader = self.to_act = winner

    def _stoeck_completed(self, seat: int, card: Card) -> bool:
        """J-6: the holder of trump King and Queen plays the second of them."""
        assert self.contract is not None
        pair = STOECK_PAIR[self.contract]
        if not pair >> card & 1 or self.hands[seat] & pair:
            return False
        self.stoeck_seat = seat
        return True

    def _score_weis(self) -> bool:
        """J-5: after the first trick the best Weis's team scores all its players declared."""
        assert self.contract is not None
        top = best(self.declared, self.contract)
        if top is None:
            return False
        team = top.seat % 2
        self.weis_team = team
        raw = sum(weis.points for weis in self.declared if weis.seat % 2 == team)
        weis_raw = [0, 0]
        weis_raw[team] = raw
        self.weis_raw = (weis_raw[0], weis_raw[1])
        return self._write(team, raw)

    def _write(self, team: int, raw: int) -> bool:
        """Write points as they happen (J-7); True if the team thereby reached the target."""
        w0, w1 = self.written
        if team:
            w1 += raw * self.factor
        else:
            w0 += raw * self.factor
        self.written = (w0, w1)
        if self.scores_before[team] + (w1 if team else w0) >= self.options.target:
            self._finish("target reached", team)
            return True
        return False

    def _finish(self, reason: str, game_winner: int | None = None) -> None:
        assert self.contract is not None
        written = self.written
        winner = () if written[0] == written[1] else TEAMS[0 if written[0] > written[1] else 1]
        match = [team for team in (0, 1) if self.tricks_won[team] == TRICKS]
        stoeck = [0, 0]
        if self.stoeck_seat is not None:
            stoeck[self.stoeck_seat % 2] = STOECK_POINTS
        extra = {
            "contract": self.contract.word, "chosen_by": self.chooser, "pushed": self.pushed,
            "multiplier": self.factor, "weis": list(self.weis_raw),
            "stoeck": stoeck, "match": list(TEAMS[match[0]]) if match else None,
            "scores": list(self.scores()), "game_over": game_winner is not None,
            "game_winner": list(TEAMS[game_winner]) if game_winner is not None else None,
        }
        self._result = DealResult(winner, _per_seat(written), _per_seat(self.card_points),
                                  reason, extra)

    def forfeit(self, seat: int, why: Illegal) -> None:
        """An illegal move from outside the engine (a bot's, an external engine's) ends the deal
        as clubs rule it (docs/knowledge/jass.md): the other team scores all 157 card points,
        the Match bonus, its Weis and Stöck scored so far, times the factor (the smallest
        factor before a contract); the offending team scores nothing in this deal."""
        other = 1 - seat % 2
        contract = self.contract
        if contract is None:
            contract = min(Contract, key=lambda c: (self.factors[c], c))
        factor = self.factors[contract]
        stoeck = STOECK_POINTS if self.stoeck_seat is not None and self.stoeck_seat % 2 == other \
            else 0
        weis = self.weis_raw[other]
        card_points = [0, 0]
        card_points[other] = TOTAL_POINTS
        written = [0, 0]
        written[other] = (TOTAL_POINTS + self.options.match_bonus + weis + stoeck) * factor
        weis_raw = [0, 0]
        weis_raw[other] = weis
        stoecks = [0, 0]
        stoecks[other] = stoeck
        self._forfeit = (seat, why)
        self._plays = -1
        self.written = (written[0], written[1])
        scores = self.scores()
        game_over = scores[other] >= self.options.target
        extra = {
            "contract": contract.word, "chosen_by": self.chooser, "pushed": self.pushed,
            "multiplier": factor, "weis": weis_raw, "stoeck": stoecks,
            "match": list(TEAMS[other]), "scores": list(scores), "game_over": game_over,
            "game_winner": list(TEAMS[other]) if game_over else None,
        }
        self._result = DealResult(TEAMS[other], _per_seat(self.written),
                                  _per_seat((card_points[0], card_points[1])), "forfeit", extra)

    # --- what each seat knows (stich.jass.events, stich.jass.worlds) -----------------------
    def _start_events(self, seat: int, state: Any) -> Iterable[Event]:
        return events.start_events(seat, state.hands[seat], self.position_at(state, seat))

    def _events(self, seat: int, actor: int, action: Action, before: Any,
                after: Any) -> Iterable[Event]:
        return events.action_events(seat, actor, action, before, after)

    @classmethod
    def _propose_world(cls, info: InfoState, rng: random.Random) -> Self | None:
        """The first of the proposal's deals that replays the history (and, where the Weis
        seen by their points allow several, gives the seat's events)."""
        proposal = worlds.propose(info, rng)
        if proposal is None:
            return None
        for deal in proposal.deals:
            try:
                world = (cls(deal.hands, deal.dealer, deal.options, deal.scores)
                         if deal.position is None else cls.from_position(deal.position))
            except PositionError:
                continue
            replayed = replay(world, ((None, action) for action in deal.actions),
                              proposal.forfeit)
            if replayed is not None and (not proposal.several or tuple(
                    replayed.seat_events(info.seat)) == info.events):
                return replayed
        return None

    # --- positions (stich.jass.position) ----------------------------------------------------
    def position_at(self, state: Any, viewer: int | None = None) -> str:
        return position.write(self.options, self.dealer, self.scores_before, state, viewer)

    @classmethod
    def from_position(cls, text: str) -> Self:
        start = position.read(text)
        game = cls.__new__(cls)
        game.options = start.options
        game.dealer = start.dealer
        game.forehand = (start.dealer + 1) % 4
        game.seed = None
        game.scores_before = start.scores_before
        game.factors = factors(start.options)
        game.__dict__.update(start.state)
        game.dealt = tuple(tuple(cards_in(hand)) for hand in game.hands)
        game._start_history()
        game.start_position = game.position()
        return game

    # --- observations -----------------------------------------------------------------------
    def observation(self, seat: int) -> JassObservation:
        to_act = self.current_player()
        return JassObservation.make(
            game=self.NAME, seat=seat, to_act=to_act,
            legal_actions=tuple(self.legal_actions()) if to_act == seat else (),
            hand=CardSet(self.hands[seat]), dealer=self.dealer, forehand=self.forehand,
            contract=self.contract, chosen_by=self.chooser, pushed=self.pushed,
            multiplier=self.multiplier, factors=self.factors, leader=self.leader,
            trick=self.trick, tricks_played=self.tricks_played, last_trick=self.last_trick,
            weis=self._weis_views(seat) if self.declared else (), weis_team=self.weis_team,
            stoeck=self.stoeck_seat, tricks_won=self.tricks_won, points=self.written,
            scores=self.scores(), target=self.options.target,
        )

    def _weis_views(self, seat: int) -> tuple[WeisView, ...]:
        """J-5: a seat sees its own Weis; others' by their points, their cards only once shown
        (after the first trick, the team with the best Weis)."""
        shown = self.tricks_played > 0
        return tuple(
            WeisView(w.seat, w.points,
                     CardSet(w.cards) if w.seat == seat or (shown and w.seat % 2 == self.weis_team)
                     else None)
            for w in self.declared)

    # --- records ------------------------------------------------------------------------------
    def _deal_fields(self) -> dict[str, Any]:
        return {"scores_before": list(self.scores_before)}

    @classmethod
    def from_record(cls, record: DealRecord) -> Self:
        options, hands, seed = cls.read_record(record)
        if record.stock:
            raise RecordError("Jass deals every card: 'stock' must be empty (J-2)")
        scores = record.extra.get("scores_before", [0, 0])
        if (not isinstance(scores, list) or len(scores) != 2
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
            raise RecordError("'scores_before' must be two whole numbers (team 0+2, team 1+3)")
        return dealt_from_record(lambda: cls(hands, record.dealer, options, scores, seed))


def seat_holding(hands: Sequence[Sequence[Card]], card: Card) -> int:
    """The seat whose hand holds the card (-1 if no hand does)."""
    return next((seat for seat, hand in enumerate(hands) if card in hand), -1)


def _per_seat(team_values: tuple[int, int]) -> tuple[int, ...]:
    return tuple(team_values[seat % 2] for seat in range(4))


def _check_scores(scores_before: Sequence[int], target: int) -> None:
    """J-7: a deal starts from two scores of a game not yet decided."""
    if len(scores_before) != 2 or any(score < 0 for score in scores_before):
        raise ValueError("scores before the deal must be two numbers, not negative")
    if max(scores_before) >= target:
        raise ValueError(f"the game is already decided: {list(scores_before)} with target {target}")


_PLAYS: dict[int, tuple[Action, ...]] = {}
"""The play actions of each playable mask, made once (emptied when it grows past
MAX_PLAY_LISTS, so a long run's memory stays bounded)."""
MAX_PLAY_LISTS = 1 << 16
_CARD = {card.name: card for card in Card}
Jass.ACTION_SPACE = ActionSpace("jass", [*TRUMP.values(), PUSH, *play_actions(FULL_DECK),
                                         *map(weis_action, every_weis())])
"""Jass's action ids: the six contracts (C D H S obenabe undenufe), push, the 36 cards to play
(C6 to SA), then every Weis (:func:`stich.jass.weis.every_weis`): 164 in all."""
