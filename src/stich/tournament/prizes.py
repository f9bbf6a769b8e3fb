"""The prize list (T-4): each prize place, who won it, and the match that decided it.

Places are won by cards (bracket.py); this module turns them into prizes for players. With the
one-prize-per-player option a player keeps only his best place; everyone placed below him moves
up one prize, and prizes nobody is left for are listed as not awarded (the event has no ranking
beyond its placement matches, so inventing one would be arbitrary).
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass

from stich.tournament.bracket import Place


@dataclass(frozen=True)
class PrizeLine:
    """One prize. `player` is None while the prize is open or when it is not awarded."""

    prize: int
    player: int | None
    card: int | None
    match: int | None
    place: int | None  # the card's place in the placement matches (differs after moving up)
    status: str  # "won", "open" or "not awarded"
    note: str = ""
    decided: str = ""  # what decided it when no single match did (Swiss, round robin)


def prize_list(places: Mapping[int, Place], prize_count: int, one_prize: bool,
               open_places: Set[int], sold: int | None = None) -> list[PrizeLine]:
    """Prizes 1..prize_count from the decided places.

    `open_places` are the places cards still play for; any other undecided place can no longer
    be reached (fewer cards than prizes: `sold`) and is not awarded, with a note saying why.
    With `one_prize`, a prize below an open place stays open too, since who moves up is not
    known yet.
    """
    lines: list[PrizeLine] = []
    if not one_prize:
        for p in range(1, prize_count + 1):
            pl = places.get(p)
            if pl is None:
                if p in open_places:
                    lines.append(PrizeLine(p, None, None, None, None, "open"))
                else:
                    why = (f"only {sold} cards were sold" if sold is not None and p > sold
                           else "no card reached this place")
                    lines.append(PrizeLine(p, None, None, None, None, "not awarded", why))
            else:
                lines.append(PrizeLine(p, pl.entry.player, pl.entry.card, pl.match, p, "won"))
        return lines

    awarded: dict[int, int] = {}  # player -> prize
    prize = 1
    blocked = False
    for p in range(1, prize_count + 1):
        if prize > prize_count:
            break
        pl = places.get(p)
        if pl is None:
            if p in open_places:
                blocked = True
                break
            continue
        if pl.entry.player in awarded:
            continue
        notes = [] if p == prize else [f"moved up from place {p}"]
        others = sorted(q for q, other in places.items()
                        if other.entry.player == pl.entry.player and q != p)
        if others:
            notes.append("also reached place " + ", ".join(map(str, others)))
        note = "; ".join(notes) + (" (one prize per player)" if notes else "")
        lines.append(PrizeLine(prize, pl.entry.player, pl.entry.card, pl.match, p, "won", note))
        awarded[pl.entry.player] = prize
        prize += 1
    for q in range(prize, prize_count + 1):
        if blocked:
            lines.append(PrizeLine(q, None, None, None, None, "open"))
        else:
            lines.append(PrizeLine(q, None, None, None, None, "not awarded",
                                   "no placed player left (one prize per player)"))
    return lines

