"""The observer of Schieber Jass (``stich.core.observer``; J-1 to J-9).

Slices, in order (``docs/observer.md``); seats counted from the viewer in a private view, and
teams too (the viewer's team first):

- private: ``hand`` (the seat's cards).
- public: ``to_act``, ``dealer``, ``leader``, ``contract`` (a trump suit, Obenabe or Undenufe,
  J-3), ``chooser`` (who chose it), ``pushed`` (1 if forehand pushed to his partner),
  ``factor`` (the contract's multiplier, J-9, as a number), ``trick`` (by seat),
  ``tricks_played`` (over 9), ``last_trick`` (by seat), ``weis_points`` (each seat's declared
  Weis points over 100, J-5), ``weis_cards`` (declared Weis cards this view sees: the viewer's
  own, and after the first trick those of the team with the best Weis), ``weis_team``, ``stoeck``
  (who announced Stöck, J-6), ``tricks_won``, ``points`` (written this deal, over the target)
  and ``scores`` (the game score, over the target), by team.
- perfect recall adds ``played_by`` (each seat's cards played).
"""

from __future__ import annotations

from typing import Any

from stich.core.actions import Action
from stich.core.cards import card_set
from stich.core.observer import CardVector, Layout, Observer, Rows
from stich.jass.cards import DECK, TRICKS, Contract
from stich.jass.weis import weis_points

CARDS = CardVector(DECK)
WEIS_SCALE = 100


class _Rows(Rows):
    """The Jass observer's tables, plain or packed (``stich.core.observer.Rows``)."""

    def __init__(self, packed: bool) -> None:
        super().__init__(DECK, packed)
        self.contracts = self.one_hot(len(Contract)).rows
        self.teams = self.one_hot(2).rows
        self.tricks_played = self.ratios(TRICKS)


PLAIN, PACKED = _Rows(False), _Rows(True)


class JassObserver(Observer):
    """The observer of :class:`stich.jass.game.Jass` (reads its public state)."""

    def declare(self, layout: Layout) -> None:
        kind = self.kind
        seats, cards = self.seat_labels(), CARDS.labels()
        by_seat = CARDS.labels(self.seat_prefixes())
        teams = ("us", "them") if kind.private else ("0+2", "1+3")
        if kind.private:
            layout.add("hand", "the seat's cards", cards)
        if not kind.public:
            return
        layout.add("to_act", "the seat to act (none once the deal is over)", seats)
        layout.add("dealer", "the dealer", seats)
        layout.add("leader", "the seat on lead", seats)
        layout.add("contract", "the contract chosen (J-3)", tuple(c.word for c in Contract))
        layout.add("chooser", "the seat that chose it", seats)
        layout.add("pushed", "1 if forehand pushed the choice to his partner (J-3)", length=1)
        layout.add("factor", "the contract's multiplier (J-9), 0 before the choice", length=1)
        layout.add("trick", "the current trick's cards by seat", by_seat)
        layout.add("tricks_played", "tricks played over 9", length=1)
        layout.add("last_trick", "the last trick's cards by seat", by_seat)
        layout.add("weis_points", "each seat's declared Weis points over 100 (J-5)",
                   length=self.seats)
        layout.add("weis_cards", "declared Weis cards this view sees, by seat (J-5)", by_seat)
        layout.add("weis_team", "the team whose Weis count (J-5)", teams)
        layout.add("stoeck", "the seat that announced Stöck (J-6)", seats)
        layout.add("tricks_won", "each team's tricks over 9", length=2)
        layout.add("points", "each team's points written this deal over the target (J-7)",
                   length=2)
        layout.add("scores", "each team's game score over the target (J-7)", length=2)
        if kind.perfect_recall:
            layout.add("played_by", "every card each seat has played", by_seat)

    def public_action(self, action: Action) -> str:
        """A Weis is announced by its points; its cards are shown later, if at all (J-5)."""
        if action.verb == "weis":
            return f"weis {weis_points(card_set(action.cards))}"
        return str(action)

    def fill(self, game: Any, seat: int | None, out: list[float]) -> None:
        self._write(game, seat, out, PLAIN)

    def fill_packed(self, game: Any, seat: int | None, out: bytearray) -> None:
        self._write(game, seat, out, PACKED)

    def _write(self, game: Any, seat: int | None, out: Any, rows: _Rows) -> None:
        """``fill`` (``rows`` PLAIN, ``out`` a list) and ``fill_packed`` (PACKED, a
        bytearray): the slices in declared order."""
        kind, seats = self.kind, self.seats
        if kind.private:
            assert seat is not None
            rows.add(out, game.hands[seat])
        if not kind.public:
            return
        order, hot, _ = self.seat_view(seat, rows.packed)
        numbers, add_one_by_seat = rows.numbers, rows.add_one_by_seat
        out += hot[game.current_player()]
        out += hot[game.dealer]
        leader = game.leader
        out += hot[leader]
        contract = game.contract
        out += rows.contracts[-1 if contract is None else contract]
        chooser = game.chooser
        out += hot[-1 if chooser is None else chooser]
        out += numbers((1.0 if game.pushed else 0.0,
                        float(game.factor) if contract is not None else 0.0))
        trick = [-1] * seats
        for index, card in enumerate(game.trick):
            trick[(leader + index) % seats] = card
        add_one_by_seat(out, trick, order)
        tricks_played = game.tricks_played
        out += rows.tricks_played[tricks_played]
        last = [-1] * seats
        for who, card in game.last_trick or ():
            last[who] = card
        add_one_by_seat(out, last, order)
        weis_team = game.weis_team
        points = [0] * seats
        seen = [0] * seats
        for weis in game.declared:
            points[weis.seat] += weis.points
            if (weis.seat == seat and kind.private) or (
                    tricks_played and weis.seat % 2 == weis_team):
                seen[weis.seat] |= weis.cards
        out += numbers([points[other] / WEIS_SCALE for other in order])
        rows.add_by_seat(out, seen, order)
        first = seat % 2 if seat is not None and kind.private else 0
        out += rows.teams[-1 if weis_team is None else (weis_team - first) % 2]
        stoeck = game.stoeck_seat
        out += hot[-1 if stoeck is None else stoeck]
        second = 1 - first
        target = game.options.target
        won, written, scores = game.tricks_won, game.written, game.scores()
        out += numbers((won[first] / TRICKS, won[second] / TRICKS,
                        written[first] / target, written[second] / target,
                        scores[first] / target, scores[second] / target))
        if kind.perfect_recall:  # a card leaves a hand only by being played (J-4)
            dealt = self._dealt_masks(game.dealt)
            hands = game.hands
            rows.add_by_seat(out, [dealt[other] & ~hands[other] for other in range(seats)],
                             order)

    _dealt: tuple[tuple[Any, ...], tuple[int, ...]] = ((), ())

    def _dealt_masks(self, dealt: tuple[Any, ...]) -> tuple[int, ...]:
        """Each seat's cards as dealt (or where the history starts), as bitmasks, read once
        per deal: clones share the ``dealt`` tuple (kept as one pair, so threads agree)."""
        cached = self._dealt
        if cached[0] is not dealt:
            cached = (dealt, tuple(card_set(hand) for hand in dealt))
            self._dealt = cached
        return cached[1]
