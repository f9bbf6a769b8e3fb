"""Schnapsen's observer (``stich.core.observer``): the table, the hand, and what S-11 allows.

Slices, in order (``docs/observer.md``); seats counted from the viewer in a private view:

- private: ``hand`` (the seat's cards); with trick review (S-11 ``soft``) ``my_points`` (its
  score, card points and marriages that count, over 66) and, without perfect recall,
  ``my_tricks`` (the cards it has taken). ``sharp`` and ``tournament`` hold no points: the
  player counts in his head.
- public: ``to_act``, ``dealer``, ``leader``, ``trump`` (the suit), ``trump_card`` (the card
  under the stock while it lies there), ``stock_size`` (over 10), ``closed_by``, ``trick`` (the
  card led, by seat), ``announced`` (the marriage just announced, S-5), ``marriages`` (by
  seat), ``shown`` (cards a seat is known to hold: a marriage shown, the trump card taken by
  exchange or as the last draw), ``hand_sizes`` (over 5), ``tricks_won`` (over 10); with trick
  review and without perfect recall ``last_trick`` (by seat).
- perfect recall adds ``played_by`` and ``won_by`` (each seat's cards played and taken, seen
  as they were played since the history's start).
"""

from __future__ import annotations

from typing import Any

from stich.core.cards import Suit
from stich.core.observer import CardVector, Layout, Observer, Rows, played_by
from stich.schnapsen.family import DECK, WINNING_SCORE, marriage_cards

CARDS = CardVector(DECK)
SUIT_LABELS = tuple(suit.name for suit in Suit)


class _Rows(Rows):
    """Schnapsen's observer's tables, plain or packed (``stich.core.observer.Rows``)."""

    def __init__(self, packed: bool) -> None:
        super().__init__(DECK, packed)
        suits = self.one_hot(4)
        self.suits = suits.rows
        self.suit_flags = tuple(suits.mask(bits) for bits in range(16))
        """The flags of each set of suits (marriages)."""
        self.empty_trick = self.cards.empty * 2
        self.stock_sizes = self.ratios(10)
        self.hand_sizes = self.ratios(5, 20)
        self.tricks_won = self.ratios(10, 20)


PLAIN, PACKED = _Rows(False), _Rows(True)


class SchnapsenObserver(Observer):
    """The observer of :class:`stich.schnapsen.game.Schnapsen` (reads its public state)."""

    def declare(self, layout: Layout) -> None:
        kind, review = self.kind, self.options.trick_review
        seats, cards = self.seat_labels(), CARDS.labels()
        by_seat = CARDS.labels(self.seat_prefixes())
        if kind.private:
            layout.add("hand", "the seat's cards", cards)
            if review:
                layout.add("my_points", "the seat's score (card points and marriages that "
                           "count) over 66 (S-11 soft only)", length=1)
                if not kind.perfect_recall:
                    layout.add("my_tricks", "the cards the seat has taken (S-11 soft only)",
                               cards)
        if kind.public:
            layout.add("to_act", "the seat to act (none once the deal is over)", seats)
            layout.add("dealer", "the dealer", seats)
            layout.add("leader", "the seat on lead", seats)
            layout.add("trump", "the trump suit", SUIT_LABELS)
            layout.add("trump_card", "the trump card under the stock while it lies there",
                       cards)
            layout.add("stock_size", "cards in the stock, the trump card included, over 10",
                       length=1)
            layout.add("closed_by", "the seat that closed the stock (S-7)", seats)
            layout.add("trick", "the card led to the current trick, by seat",
                       by_seat)
            layout.add("announced", "the marriage announced with this lead (S-5)", SUIT_LABELS)
            layout.add("marriages", "the marriages each seat has announced",
                       tuple(f"{p}{s}" for p in self.seat_prefixes() for s in SUIT_LABELS))
            layout.add("shown", "cards a seat is known to hold (marriage shown, trump card "
                       "taken)", by_seat)
            layout.add("hand_sizes", "each seat's cards in hand over 5", length=2)
            layout.add("tricks_won", "each seat's tricks over 10", length=2)
            if review and not kind.perfect_recall:
                layout.add("last_trick", "the last trick's cards by seat (S-11 soft only)",
                           by_seat)
            if kind.perfect_recall:
                layout.add("played_by", "every card each seat has played", by_seat)
                layout.add("won_by", "every card each seat has taken in tricks", by_seat)

    def fill(self, game: Any, seat: int | None, out: list[float]) -> None:
        self._write(game, seat, out, PLAIN)

    def fill_packed(self, game: Any, seat: int | None, out: bytearray) -> None:
        self._write(game, seat, out, PACKED)

    def _write(self, game: Any, seat: int | None, out: Any, rows: _Rows) -> None:
        """``fill`` (``rows`` PLAIN, ``out`` a list) and ``fill_packed`` (PACKED, a
        bytearray): the slices in declared order."""
        kind, review = self.kind, self.options.trick_review
        hands = game.hands
        add, add_by_seat, add_one_by_seat = rows.add, rows.add_by_seat, rows.add_one_by_seat
        if kind.private:
            assert seat is not None
            add(out, hands[seat])
            if review:
                out += rows.numbers((game.score(seat) / WINNING_SCORE,))
                if not kind.perfect_recall:
                    add(out, game.won[seat])
        if not kind.public:
            return
        order, hot, _ = self.seat_view(seat, rows.packed)
        first, second = order
        drawn = game.drawn
        out += hot[game.current_player()]
        out += hot[game.dealer]
        out += hot[game.leader]
        suits = rows.suits
        out += suits[game.trump]
        out += rows.single[game.trump_card if drawn < 10 else -1]
        out += rows.stock_sizes[10 - drawn]
        out += hot[game.closed_by]
        lead = game.lead
        if lead is None:
            out += rows.empty_trick
        else:
            add_one_by_seat(out, (lead, -1) if game.leader == 0 else (-1, lead), order)
        announced = game.announced
        out += suits[-1 if announced is None else announced]
        married = [0, 0]
        known = 0
        for who, suit in game.marriages:
            married[who] |= 1 << suit
            known |= marriage_cards(suit)
        suit_flags = rows.suit_flags
        out += suit_flags[married[first]]
        out += suit_flags[married[second]]
        if game.trump_card != game.first_trump_card:  # S-6: the exchanger took it
            known |= 1 << game.first_trump_card
        if drawn >= 10:  # S-3: the loser of trick 5 took the trump card face up
            known |= 1 << game.trump_card
        add_by_seat(out, (hands[0] & known, hands[1] & known), order)
        tricks, sizes, won = game.tricks, rows.hand_sizes, rows.tricks_won
        out += sizes[hands[first].bit_count()]
        out += sizes[hands[second].bit_count()]
        out += won[tricks[first]]
        out += won[tricks[second]]
        if review and not kind.perfect_recall:
            last = [-1, -1]
            for who, card in game.last_trick or ():
                last[who] = card
            add_one_by_seat(out, last, order)
        if kind.perfect_recall:
            add_by_seat(out, played_by(game.history, self.seats), order)
            add_by_seat(out, game.won, order)
