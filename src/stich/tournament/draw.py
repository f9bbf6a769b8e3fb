"""Pure knockout draws (T-2, T-3): who plays whom, decided by a seeded `random.Random` only.

Everything here is a function of its inputs and the random generator, so a draw made from a
recorded seed can be replayed exactly (`stich tournament audit`). Inputs are sorted before any
random choice, so the caller's ordering never matters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import Literal

Kind = Literal["match", "bye", "self"]

#: A first-round draw that gets stuck is repeated; this many times at most (T-2).
MAX_REDRAWS = 10_000


class DrawError(ValueError):
    """The inputs admit no draw (too few cards, a player holding too many, ...)."""


@dataclass(frozen=True, order=True)
class Entry:
    """One entry card in play: the card's id and its holder's id."""

    card: int
    player: int


@dataclass(frozen=True)
class Pairing:
    """One line of a pairing list: `a` against `b`.

    `b` is None for a bye (Freilos). When both cards belong to the same player it is a
    self-meeting (T-3): the player gives up `b` and goes on with `a` without playing.
    """

    a: Entry
    b: Entry | None

    @property
    def kind(self) -> Kind:
        if self.b is None:
            return "bye"
        if self.a.player == self.b.player:
            return "self"
        return "match"


@dataclass(frozen=True)
class Holding:
    """A player and the ids of the entry cards he bought (T-1)."""

    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class FirstRound:
    """The T-2 draw: `pairings[i]` is number i+1 (left-pot holder first, right-pot holder second).

    `redraws` counts how often the draw got stuck (a player left only with his own numbers) and
    was repeated; `put_backs` counts numbers drawn and put back because the drawer held them.
    """

    pairings: tuple[Pairing, ...]
    redraws: int
    put_backs: int


class _Stuck(Exception):
    """Only the drawer's own numbers are left in the right pot."""

    def __init__(self, put_backs: int) -> None:
        super().__init__(put_backs)
        self.put_backs = put_backs


def first_round(holdings: Sequence[Holding], n_cards: int, rng: random.Random) -> FirstRound:
    """Draw round 1 with the two pots of T-2.

    Players draw in an order drawn by lot, each one number per card, from the left pot while it
    has numbers, then from the right pot. A player never draws a number he already holds: he
    puts it back and draws again. If only his own numbers are left, the whole draw is repeated
    (the generator runs on, so the repetition is reproducible) and counted in `redraws`.
    """
    half = n_cards // 2
    if n_cards < 2 or n_cards & (n_cards - 1):
        raise DrawError(f"the number of entry cards must be a power of two, not {n_cards}")
    ordered = sorted((Holding(h.player, tuple(sorted(h.cards))) for h in holdings),
                     key=lambda h: h.player)
    _check_unique(ordered)
    sold = sum(len(h.cards) for h in ordered)
    if sold > n_cards:
        raise DrawError(f"{sold} cards sold but only {n_cards} exist")
    if sold <= half:
        raise DrawError(
            f"only {sold} cards sold; a draw with {n_cards} cards needs more than {half}"
        )
    for h in ordered:
        if len(h.cards) > half:
            raise DrawError(
                f"player {h.player} holds {len(h.cards)} cards; with {n_cards} cards nobody "
                f"may hold more than {half} or he must meet himself"
            )
    redraws = 0
    put_backs = 0
    while True:
        try:
            pairings, backs = _first_round_attempt(ordered, half, rng)
        except _Stuck as stuck:
            put_backs += stuck.put_backs
            redraws += 1
            if redraws > MAX_REDRAWS:
                raise DrawError("the first-round draw got stuck too often") from None
            continue
        return FirstRound(pairings, redraws, put_backs + backs)


def _first_round_attempt(
    ordered: list[Holding], half: int, rng: random.Random
) -> tuple[tuple[Pairing, ...], int]:
    order = list(ordered)
    rng.shuffle(order)
    left = list(range(1, half + 1))
    right = list(range(1, half + 1))
    left_of: dict[int, Entry] = {}
    right_of: dict[int, Entry] = {}
    put_backs = 0
    for holding in order:
        mine: set[int] = set()
        for card in holding.cards:
            entry = Entry(card, holding.player)
            if left:
                number = left.pop(rng.randrange(len(left)))
                left_of[number] = entry
                mine.add(number)
                continue
            if all(n in mine for n in right):
                raise _Stuck(put_backs)
            while True:
                i = rng.randrange(len(right))
                if right[i] not in mine:
                    break
                put_backs += 1
            right_of[right.pop(i)] = entry
    pairings = tuple(Pairing(left_of[n], right_of.get(n)) for n in range(1, half + 1))
    return pairings, put_backs


def later_round(entries: Sequence[Entry], rng: random.Random, had_bye: Set[int]) -> list[Pairing]:
    """Draw a later round (T-3), or one placement group (T-4), from the cards still in it.

    With an odd number of cards one card gets a bye first, by lot among the cards that have
    not had a bye before (among all if every card has). The others are paired with two pots:
    players with more cards draw first, ties in an order drawn by lot; nobody puts a number
    back, so a player may meet himself, which T-3 resolves (he gives up one card).
    Returns the pairings by drawn number, the bye (if any) last.
    """
    cards = sorted(entries)
    _check_unique([Holding(e.player, (e.card,)) for e in cards], by_card=True)
    if len(cards) < 2:
        raise DrawError("a round needs at least two cards")
    bye: Entry | None = None
    if len(cards) % 2:
        eligible = [e for e in cards if e.card not in had_bye] or cards
        bye = eligible[rng.randrange(len(eligible))]
        cards.remove(bye)
    by_player: dict[int, list[Entry]] = {}
    for e in cards:
        by_player.setdefault(e.player, []).append(e)
    players = sorted(by_player)
    rng.shuffle(players)
    players.sort(key=lambda p: -len(by_player[p]))  # stable: ties keep the drawn order
    half = len(cards) // 2
    left = list(range(1, half + 1))
    right = list(range(1, half + 1))
    left_of: dict[int, Entry] = {}
    right_of: dict[int, Entry] = {}
    for p in players:
        for e in by_player[p]:
            pot, holders = (left, left_of) if left else (right, right_of)
            holders[pot.pop(rng.randrange(len(pot)))] = e
    pairings = [Pairing(left_of[n], right_of[n]) for n in range(1, half + 1)]
    if bye is not None:
        pairings.append(Pairing(bye, None))
    return pairings


def _check_unique(holdings: Sequence[Holding], by_card: bool = False) -> None:
    seen_cards: set[int] = set()
    seen_players: set[int] = set()
    for h in holdings:
        if not by_card:
            if h.player in seen_players:
                raise DrawError(f"player {h.player} is listed twice")
            seen_players.add(h.player)
        for c in h.cards:
            if c in seen_cards:
                raise DrawError(f"card {c} is listed twice")
            seen_cards.add(c)
