"""The observer of Bauern- and Dreierschnapsen (``stich.core.observer``; B-1 to B-6, D-1).

Slices, in order (``docs/observer.md``); seats counted from the viewer in a private view:

- private: ``hand`` (the seat's cards: before trump is named its first packet, B-2); in
  Dreierschnapsen ``talon_seen`` (the talon as its taker took it up) and ``laid_down`` (the
  two cards he laid face down, D-1).
- public: ``phase``, ``to_act``, ``dealer``, ``caller``, ``named_trump`` (the caller's trump,
  B-2), ``turned_up`` (the card he turned up), the auction (B-3): ``high_bid``,
  ``high_bidder``, ``out`` (seats that passed); once it is over ``contract`` (``normal`` or a
  B-5 contract), ``declarer``, ``trump`` (in force in play), ``ten_high`` (T K Q J A),
  ``sitting_out``; doubling (B-6): ``factor`` (x1, x2, x4, x8) and ``doubled_by``; ``open_hands``
  (Plauderer's open hands, B-5: those the viewer sees, or in a public view those every seat
  sees); ``leader``, ``trick`` (by seat), ``announced`` and ``marriages`` (S-5 as B-4),
  ``hand_sizes`` (over the hand size plus 2), ``tricks_won`` (over the tricks of a deal),
  ``points`` (card points taken, over 120), ``played`` (every card played), ``last_trick``
  (by seat); in Dreierschnapsen ``talon_size`` (over 2) and ``talon_taker``.
- perfect recall adds ``played_by`` (each seat's cards played) and ``bids`` (the contracts each
  seat has announced).
"""

from __future__ import annotations

from typing import Any

from stich.contract.contracts import TABLE
from stich.contract.legality import Phase
from stich.core.cards import Suit
from stich.core.observer import (
    CardVector,
    Layout,
    ObservationType,
    Observer,
    Rows,
    played_by,
)
from stich.schnapsen.family import DECK, TOTAL_CARD_POINTS

CARDS = CardVector(DECK)
SUIT_LABELS = tuple(suit.name for suit in Suit)
PHASES = tuple(Phase)
CONTRACTS = tuple(contract.name for contract in TABLE)
"""The B-5 contracts in rank order (the slices' order, whatever the options allow)."""
CONTRACT_INDEX = {name: index for index, name in enumerate(CONTRACTS)}
FACTOR_INDEX = {1: 0, 2: 1, 4: 2, 8: 3}
LAY_DOWN_VERBS = frozenset({"discard", "exchange-talon"})
"""D-1: the cards laid face down are seen by their owner only."""


class _Rows(Rows):
    """The contract observer's tables, plain or packed (``stich.core.observer.Rows``)."""

    def __init__(self, packed: bool) -> None:
        super().__init__(DECK, packed)
        self.suits = self.one_hot(4).rows
        self.phases = dict(zip(PHASES, self.one_hot(len(PHASES)).rows[:-1], strict=True))
        self.contracts = self.one_hot(len(CONTRACTS)).rows
        self.fixed = self.one_hot(1 + len(CONTRACTS)).rows
        """``normal`` first, then the contracts."""
        self.factors = self.one_hot(4).rows
        self.flag = self.one_hot(1).rows[::-1]
        """One entry: ``flag[0]`` 0.0, ``flag[1]`` 1.0."""
        self.suit_flags = tuple(self.one_hot(4).mask(bits) for bits in range(16))
        empty = self.cards.empty
        self.no_cards_by_seat = {seats: empty * seats for seats in (3, 4)}
        """``open_hands`` outside Plauderer: no cards for any seat (3 or 4 players)."""
        self.no_talon = empty * 2
        """``talon_seen`` and ``laid_down`` of a seat that did not take the talon up."""
        self.bids = self.one_hot(len(CONTRACTS))
        self.unfixed = {seats: self.row((0.0,) * (len(CONTRACTS) + 2 * seats + 6))
                        for seats in (3, 4)}
        """``contract`` to ``sitting_out`` before the contract is fixed: all zeros."""


PLAIN, PACKED = _Rows(False), _Rows(True)


class ContractObserver(Observer):
    """The observer of :class:`stich.contract.deal.ContractSchnapsen` games (reads their
    public state and ``visible_hands``)."""

    _memo: tuple[Any, int, list[int]] | None = None
    """The last ``_tricks_done``: the tricks asked about (held, so compared by identity) and
    the answer."""

    def __init__(self, game: type[Any], options: Any,
                 kind: str | ObservationType = "observation") -> None:
        super().__init__(game, options, kind)
        hand = game.HAND_SIZE
        self._ratios = {rows.packed: (rows.ratios(hand + 2), rows.ratios(hand),
                                      rows.ratios(TOTAL_CARD_POINTS), rows.ratios(2))
                        for rows in (PLAIN, PACKED)}
        """``hand_sizes``, ``tricks_won``, ``points`` and ``talon_size`` by count."""

    def declare(self, layout: Layout) -> None:
        kind, game = self.kind, self.game
        seats, cards = self.seat_labels(), CARDS.labels()
        prefixes = self.seat_prefixes()
        by_seat = CARDS.labels(prefixes)
        talon = game.TALON_SIZE > 0
        if kind.private:
            layout.add("hand", "the seat's cards (its first packet before trump is named)",
                       cards)
            if talon:
                layout.add("talon_seen", "the talon as the seat took it up (D-1)", cards)
                layout.add("laid_down", "the cards the seat laid face down (D-1)", cards)
        if not kind.public:
            return
        layout.add("phase", "the phase of the deal", tuple(map(str, PHASES)))
        layout.add("to_act", "the seat to act (none once the deal is over)", seats)
        layout.add("dealer", "the dealer", seats)
        layout.add("caller", "the caller, left of the dealer (B-2)", seats)
        layout.add("named_trump", "the trump the caller named or turned up (B-2)", SUIT_LABELS)
        layout.add("turned_up", "the card the caller turned up (B-2)", cards)
        layout.add("high_bid", "the highest contract announced so far (B-3)", CONTRACTS)
        layout.add("high_bidder", "who announced it", seats)
        layout.add("out", "seats out of the auction (B-3)", seats)
        layout.add("contract", "the game played once the auction is over (B-5)",
                   ("normal", *CONTRACTS))
        layout.add("declarer", "the declarer once the auction is over", seats)
        layout.add("trump", "the trump in force in play (none in contracts without)",
                   SUIT_LABELS)
        layout.add("ten_high", "1 if the order T K Q J A is in force (B-5)", length=1)
        layout.add("sitting_out", "a seat that sits the deal out (B-5)", seats)
        layout.add("factor", "the doubling factor (B-6)", ("x1", "x2", "x4", "x8"))
        layout.add("doubled_by", "seats that doubled, redoubled or re-redoubled (B-6)", seats)
        layout.add("open_hands", "hands laid open (Plauderer, B-5) that this view sees",
                   by_seat)
        layout.add("leader", "the seat on lead", seats)
        layout.add("trick", "the current trick's cards by seat", by_seat)
        layout.add("announced", "the marriage announced with this lead", SUIT_LABELS)
        layout.add("marriages", "the marriages each seat has announced",
                   tuple(f"{p}{s}" for p in prefixes for s in SUIT_LABELS))
        layout.add("hand_sizes", "each seat's cards in hand over the hand size plus 2",
                   length=self.seats)
        layout.add("tricks_won", "each seat's tricks over the tricks of a deal",
                   length=self.seats)
        layout.add("points", "each seat's card points taken over 120", length=self.seats)
        layout.add("played", "every card played so far", cards)
        layout.add("last_trick", "the last trick's cards by seat", by_seat)
        if talon:
            layout.add("talon_size", "cards in the talon over 2 (D-1)", length=1)
            layout.add("talon_taker", "the seat that took up the talon (D-1)", seats)
        if kind.perfect_recall:
            layout.add("played_by", "every card each seat has played", by_seat)
            layout.add("bids", "the contracts each seat has announced",
                       tuple(f"{p}{c}" for p in prefixes for c in CONTRACTS))

    def public_action(self, action: Any) -> str:
        return action.verb if action.verb in LAY_DOWN_VERBS else str(action)

    def fill(self, game: Any, seat: int | None, out: list[float]) -> None:
        self._write(game, seat, out, PLAIN)

    def fill_packed(self, game: Any, seat: int | None, out: bytearray) -> None:
        self._write(game, seat, out, PACKED)

    def _write(self, game: Any, seat: int | None, out: Any, rows: _Rows) -> None:
        """``fill`` (``rows`` PLAIN, ``out`` a list) and ``fill_packed`` (PACKED, a
        bytearray): the slices in declared order."""
        kind, seats = self.kind, self.seats
        talon = game.TALON_SIZE > 0
        hands = game.hands
        add = rows.add
        if kind.private:
            assert seat is not None
            add(out, hands[seat])
            if talon and seat == game.talon_taker:
                add(out, sum(1 << card for card in game.dealt_talon))
                add(out, game.talon if game.phase is not Phase.TALON else 0)
            elif talon:
                out += rows.no_talon
        if not kind.public:
            return
        packed = rows.packed
        order, hot, flags = self.seat_view(seat, packed)
        suits = rows.suits
        out += rows.phases[game.phase]
        out += hot[game.current_player()]
        out += hot[game.dealer]
        out += hot[game.caller]
        trump = game.trump
        out += suits[-1 if trump is None else trump]
        turned = game.turned_up
        out += rows.single[-1 if turned is None else turned]
        auction = game.auction
        high = auction.high
        out += rows.contracts[-1 if high is None else CONTRACT_INDEX[high]]
        out += hot[auction.high_seat]
        out += flags[auction.out]
        contract = game.contract
        if game.sides[0]:  # the contract is fixed
            out += rows.fixed[0 if contract is None else 1 + CONTRACT_INDEX[contract.name]]
            out += hot[game.declarer]
            play_trump = game.play_trump
            out += suits[-1 if play_trump is None else play_trump]
            out += rows.flag[1 if contract is not None and contract.ten_high else 0]
            out += flags[~game.active & (len(flags) - 1)]
        else:
            out += rows.unfixed[seats]
        out += rows.factors[FACTOR_INDEX[game.doubling.factor]]
        doubled = 0
        for who, call in game.doubles:
            if call != "pass":
                doubled |= 1 << who
        out += flags[doubled]
        if contract is not None and contract.name == "plauderer":  # only Plauderer shows (B-5)
            rows.add_by_seat(out, self._open_hands(game, seat), order)
        else:
            out += rows.no_cards_by_seat[seats]
        out += hot[game.leader]
        trick = [-1] * seats
        played = 0
        for who, card in game.trick:
            trick[who] = card
            played |= 1 << card
        rows.add_one_by_seat(out, trick, order)
        announced = game.announced
        out += suits[-1 if announced is None else announced]
        married = [0] * seats
        for who, suit in game.marriages:
            married[who] |= 1 << suit
        suit_flags = rows.suit_flags
        for other in order:
            out += suit_flags[married[other]]
        sizes, won, taken, talon_sizes = self._ratios[packed]
        for other in order:
            out += sizes[hands[other].bit_count()]
        winners = game.winners
        for other in order:
            out += won[winners.count(other)]
        points = game.points
        for other in order:
            out += taken[points[other]]
        done, last = self._tricks_done(game.tricks)
        add(out, played | done)
        rows.add_one_by_seat(out, last, order)
        if talon:
            out += talon_sizes[game.talon.bit_count()]
            out += hot[game.talon_taker]
        if kind.perfect_recall:
            rows.add_by_seat(out, played_by(game.history, seats), order)
            bids = [0] * seats
            for who, call in game.calls:
                if call.startswith("bid "):
                    bids[who] |= 1 << CONTRACT_INDEX[call[4:]]
            bid_flags = rows.bids
            for other in order:
                out += bid_flags.mask(bids[other])

    def _tricks_done(self, tricks: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[
            int, list[int]]:
        """The cards of the finished tricks (a bitmask) and each seat's card in the last trick
        it played (-1: none), by seat; the last answer kept, as a game's ``tricks`` is an
        immutable tuple replaced when a trick ends (the seats in turn ask about the same)."""
        memo = self._memo
        if memo is not None and memo[0] is tricks:
            return memo[1], memo[2]
        played, last = 0, [-1] * self.seats
        for trick in tricks:
            for who, card in trick:
                played |= 1 << card
                last[who] = card
        self._memo = (tricks, played, last)
        return played, last

    def _open_hands(self, game: Any, seat: int | None) -> list[int]:
        """Plauderer's open hands in this view (B-5; ``fill`` asks only in Plauderer), by seat:
        those ``seat`` sees in a private view (``game.visible_hands``), in a public one those
        every other seat sees."""
        shown = [0] * self.seats
        if self.kind.private:
            for other, hand in game.visible_hands(seat):
                shown[other] = int(hand)
            return shown
        seen = [{other for other, _ in game.visible_hands(viewer)}
                for viewer in range(self.seats)]
        for other in range(self.seats):
            if all(other in seen[viewer] for viewer in range(self.seats) if viewer != other):
                shown[other] = game.hands[other]
        return shown
