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
from stich.core.observer import CardVector, Layout, Observer, OneHot, played_by
from stich.schnapsen.family import DECK, TOTAL_CARD_POINTS

CARDS = CardVector(DECK)
add, add_by_seat, add_one_by_seat = CARDS.add, CARDS.add_by_seat, CARDS.add_one_by_seat
SINGLE = CARDS.single
SUIT_LABELS = tuple(suit.name for suit in Suit)
SUIT_ROWS = OneHot(4).rows
PHASES = tuple(Phase)
PHASE_ROWS = OneHot(len(PHASES)).rows
PHASE_INDEX = {phase: index for index, phase in enumerate(PHASES)}
CONTRACTS = tuple(contract.name for contract in TABLE)
"""The B-5 contracts in rank order (the slices' order, whatever the options allow)."""
CONTRACT_INDEX = {name: index for index, name in enumerate(CONTRACTS)}
CONTRACT_ROWS = OneHot(len(CONTRACTS)).rows
FIXED_ROWS = OneHot(1 + len(CONTRACTS)).rows
"""``normal`` first, then the contracts."""
FACTOR_ROWS = OneHot(4).rows
FACTOR_INDEX = {1: 0, 2: 1, 4: 2, 8: 3}
LAY_DOWN_VERBS = frozenset({"discard", "exchange-talon"})
"""D-1: the cards laid face down are seen by their owner only."""


class ContractObserver(Observer):
    """The observer of :class:`stich.contract.deal.ContractSchnapsen` games (reads their
    public state and ``visible_hands``)."""

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
        kind, seats = self.kind, self.seats
        talon = game.TALON_SIZE > 0
        hands = game.hands
        if kind.private:
            assert seat is not None
            add(out, hands[seat])
            if talon:
                taker = seat == game.talon_taker
                add(out, sum(1 << card for card in game.dealt_talon) if taker else 0)
                laid = taker and game.phase is not Phase.TALON
                add(out, game.talon if laid else 0)
        if not kind.public:
            return
        order = self.seat_order(seat)
        hot = self.seat_rows(seat)
        out += PHASE_ROWS[PHASE_INDEX[game.phase]]
        out += hot[game.current_player()]
        out += hot[game.dealer]
        out += hot[game.caller]
        trump = game.trump
        out += SUIT_ROWS[-1 if trump is None else trump]
        turned = game.turned_up
        out += SINGLE[-1 if turned is None else turned]
        auction = game.auction
        high = auction.high
        out += CONTRACT_ROWS[-1 if high is None else CONTRACT_INDEX[high]]
        out += hot[auction.high_seat]
        out += _seat_flags(order, auction.out)
        fixed = bool(game.sides[0])
        contract = game.contract
        if fixed:
            out += FIXED_ROWS[0 if contract is None else 1 + CONTRACT_INDEX[contract.name]]
            out += hot[game.declarer]
            play_trump = game.play_trump
            out += SUIT_ROWS[-1 if play_trump is None else play_trump]
            out.append(1.0 if contract is not None and contract.ten_high else 0.0)
            out += _seat_flags(order, ~game.active)
        else:
            out += FIXED_ROWS[-1]
            out += hot[-1]
            out += SUIT_ROWS[-1]
            out.append(0.0)
            out += hot[-1]
        out += FACTOR_ROWS[FACTOR_INDEX[game.doubling.factor]]
        doubled = 0
        for who, call in game.doubles:
            if call != "pass":
                doubled |= 1 << who
        out += _seat_flags(order, doubled)
        if contract is not None and contract.name == "plauderer":  # only Plauderer shows (B-5)
            add_by_seat(out, self._open_hands(game, seat), order)
        else:
            out += NO_CARDS_BY_SEAT[seats]
        out += hot[game.leader]
        trick = [-1] * seats
        played = 0
        for who, card in game.trick:
            trick[who] = card
            played |= 1 << card
        add_one_by_seat(out, trick, order)
        announced = game.announced
        out += SUIT_ROWS[-1 if announced is None else announced]
        married = [0] * seats
        for who, suit in game.marriages:
            married[who] |= 1 << suit
        for other in order:
            out += SUIT_FLAGS[married[other]]
        full = game.HAND_SIZE + 2
        out += [hands[other].bit_count() / full for other in order]
        winners = game.winners
        out += [winners.count(other) / game.HAND_SIZE for other in order]
        points = game.points
        out += [points[other] / TOTAL_CARD_POINTS for other in order]
        last = [-1] * seats
        for done in game.tricks:
            for who, card in done:
                played |= 1 << card
                last[who] = card
        add(out, played)
        add_one_by_seat(out, last, order)
        if talon:
            out.append(game.talon.bit_count() / 2)
            out += hot[game.talon_taker]
        if kind.perfect_recall:
            add_by_seat(out, played_by(game.history, seats), order)
            bids = [0] * seats
            for who, call in game.calls:
                if call.startswith("bid "):
                    bids[who] |= 1 << CONTRACT_INDEX[call[4:]]
            for other in order:
                out += BID_FLAGS.mask(bids[other])

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


SUIT_FLAGS = tuple(OneHot(4).mask(bits) for bits in range(16))
NO_CARDS_BY_SEAT = {seats: CARDS.empty * seats for seats in (3, 4)}
"""``open_hands`` outside Plauderer: no cards for any seat (3 or 4 players)."""
BID_FLAGS = OneHot(len(CONTRACTS))


def _seat_flags(order: tuple[int, ...], bits: int) -> list[float]:
    """Flags of a set of seats (bit ``s`` for seat ``s``) in the view's seat ``order``."""
    return [1.0 if bits >> seat & 1 else 0.0 for seat in order]
