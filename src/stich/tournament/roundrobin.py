"""Round-robin schedule by the circle method (T-5); pure, for people and bots alike."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stich.tournament.standings import P


def schedule(players: Sequence[P], rng: random.Random) -> list[list[tuple[P, P | None]]]:
    """All rounds: everyone meets everyone once; with an odd field each sits out once (bye).

    The seating is drawn by lot, then the circle method: the first seat stays, the others turn
    one place per round. Byes come last in each round.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    seats: list[P | None] = list(sorted(players))
    rng.shuffle(seats)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[tuple[P, P | None]]] = []
    for r in range(n - 1):
        games: list[tuple[P, P | None]] = []
        bye: P | None = None
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a  # the fixed seat alternates who is named first
            if a is None:
                bye = b
            elif b is None:
                bye = a
            else:
                games.append((a, b))
        if bye is not None:
            games.append((bye, None))
        rounds.append(games)
        seats.insert(1, seats.pop())  # the last seat moves next to the fixed one
    return rounds
