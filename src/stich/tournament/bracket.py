"""Where a knockout event stands (T-3, T-4), computed from its draws and results alone.

The main competition and the placement matches are one recursion over place ranges: a group
of cards plays for places lo..hi; its winners play on for the upper part of the range, its
losers for the lower part. The main draw is the group 1..S (S cards sold); the losing
semi-finalists become the group 3..4, the losing quarter-finalists 5..8, which splits into
5..6 and 7..8, exactly as T-4 describes. A group is played only while its best place is a
prize; a group of one card has its place. Nothing here touches storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stich.tournament.draw import Entry, Kind, Pairing

Range = tuple[int, int]


class BracketError(ValueError):
    """The recorded draws do not fit together (a corrupt or tampered event)."""


@dataclass(frozen=True)
class Played:
    """A drawn pairing with its match number and, once known, the winning card."""

    no: int
    round: int
    group: Range
    pairing: Pairing
    winner: int | None

    @property
    def kind(self) -> Kind:
        return self.pairing.kind

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def entries(self) -> tuple[Entry, ...]:
        p = self.pairing
        return (p.a,) if p.b is None else (p.a, p.b)

    def winner_entry(self) -> Entry:
        return next(e for e in self.entries if e.card == self.winner)

    def loser_entry(self) -> Entry | None:
        return next((e for e in self.entries if e.card != self.winner), None)


def decided_at_draw(pairing: Pairing) -> int | None:
    """The winner fixed by the draw itself: a bye goes through, a self-meeting keeps `a`."""
    return None if pairing.kind == "match" else pairing.a.card


@dataclass(frozen=True)
class Place:
    """A final place: the card, and the match whose result put it there."""

    place: int
    entry: Entry
    match: int


@dataclass
class Progress:
    """Everything the event's history implies.

    `next_groups` are the groups the next draw must make (empty while a match is open or when
    the event is over); `live` maps each card still playing to its group; `out` maps each card
    that left without a prize place to the match it lost.
    """

    rounds: int
    open: list[Played] = field(default_factory=list)
    next_groups: dict[Range, list[Entry]] = field(default_factory=dict)
    places: dict[int, Place] = field(default_factory=dict)
    live: dict[int, Range] = field(default_factory=dict)
    out: dict[int, int] = field(default_factory=dict)
    had_bye: set[int] = field(default_factory=set)
    finished: bool = False


def child_ranges(group: Range, plays: Sequence[Played]) -> tuple[Range, Range]:
    """The places the winners and the losers of a group play for next.

    Known from the draw alone: every pairing has one winner, every pairing but a bye one loser.
    """
    lo = group[0]
    w = len(plays)
    losers = sum(1 for p in plays if p.kind != "bye")
    return (lo, lo + w - 1), (lo + w, lo + w + losers - 1)


def progress(entries: Sequence[Entry], prize_count: int,
             history: Sequence[Sequence[Played]]) -> Progress:
    """Replay the rounds in order and say where every card is and what comes next.

    `entries` are the cards of the first-round draw; `history[r-1]` the pairings of round r.
    """
    pending: dict[Range, list[Entry]] = {}
    if entries:
        pending[(1, len(entries))] = sorted(entries)
    state = Progress(rounds=len(history))
    state.live = {e.card: (1, len(entries)) for e in entries}
    for r, plays in enumerate(history, 1):
        if state.open:
            raise BracketError(f"round {r} was drawn while round {r - 1} had open matches")
        groups: dict[Range, list[Played]] = {}
        for p in plays:
            if p.round != r:
                raise BracketError(f"match {p.no} is listed in round {r} but says {p.round}")
            groups.setdefault(p.group, []).append(p)
        if set(groups) != set(pending):
            raise BracketError(
                f"round {r} drew groups {sorted(groups)}, expected {sorted(pending)}"
            )
        state.live = {}
        new_pending: dict[Range, list[Entry]] = {}
        for g in sorted(groups):
            gplays = sorted(groups[g], key=lambda p: p.no)
            if sorted(e for p in gplays for e in p.entries) != pending[g]:
                raise BracketError(f"round {r}, places {g[0]}-{g[1]}: drawn cards differ")
            state.had_bye.update(p.pairing.a.card for p in gplays if p.kind == "bye")
            wins, losses = child_ranges(g, gplays)
            for p in gplays:
                if not p.decided:
                    state.open.append(p)
                    state.live.update((e.card, g) for e in p.entries)
                    continue
                for child, entry in ((wins, p.winner_entry()), (losses, p.loser_entry())):
                    if entry is None:
                        continue
                    if child[0] > prize_count:
                        state.out[entry.card] = p.no
                    elif child[0] == child[1]:
                        state.places[child[0]] = Place(child[0], entry, p.no)
                    else:
                        state.live[entry.card] = child
                        new_pending.setdefault(child, []).append(entry)
        pending = {g: sorted(es) for g, es in new_pending.items()}
    if not state.open:
        state.next_groups = pending
        state.finished = bool(history) and not pending
    return state


def open_places(state: Progress) -> set[int]:
    """Places some card still plays for: those covered by the group of a live card."""
    return {p for lo, hi in set(state.live.values()) for p in range(lo, hi + 1)}


def group_label(group: Range, round_no: int) -> str:
    """How an organiser names a group: final, semi-finals, places 5-8, match for 3rd/4th."""
    lo, hi = group
    size = hi - lo + 1
    if lo == 1:
        if round_no == 1:
            return "First round"
        return {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(size, f"Last {size}")
    if size == 2:
        return f"Match for places {lo} and {hi}"
    return f"Places {lo}-{hi}"
