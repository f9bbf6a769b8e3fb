"""A Schnapsen match: deals alternate dealers and are scored in Bummerl and rubbers (S-10).

Each finished deal is booked by :meth:`BummerlCounter.book`, as score pads book deals entered
by hand.
"""

from __future__ import annotations

from typing import Any

from stich.core.dealing import derive_seed, shuffled
from stich.core.game import Game
from stich.core.match import Match
from stich.schnapsen.family import CARD_POINTS, DECK
from stich.schnapsen.game import Schnapsen, SchnapsenOptions
from stich.schnapsen.scoring import BummerlCounter, SchnapsenDeal


def draw_first_dealer(seed: int) -> int:
    """S-2: both draw a card, the higher deals; equal ranks draw again (seeded)."""
    for attempt in range(100):
        first, second = shuffled(DECK, derive_seed(seed, "lot", attempt))[:2]
        if CARD_POINTS[first] != CARD_POINTS[second]:
            return 0 if CARD_POINTS[first] > CARD_POINTS[second] else 1
    return 0


class SchnapsenMatch(Match):
    """Deals until one player has given the other ``rubber`` Bummerl."""

    GAME_CLASS = Schnapsen
    options: SchnapsenOptions

    def __init__(self, seats: list[str], seed: int | None = None,
                 options: SchnapsenOptions | None = None, first_dealer: int | None = None):
        if first_dealer is None:
            first_dealer = draw_first_dealer(seed) if seed is not None else 0
        super().__init__(seats, seed, options, first_dealer)
        self.bummerl = BummerlCounter(self.options.bummerl_start,
                                      self.options.schneider_bummerl, self.options.rubber)

    def next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer or 0
        return 1 - self.deals[-1].dealer

    def new_deal(self) -> Schnapsen:
        return Schnapsen.deal(self.deal_seed(), self.next_dealer(), self.options)

    def _score(self, game: Game) -> None:
        self.bummerl.book(SchnapsenDeal.from_returns(game.returns()))

    def is_over(self) -> bool:
        return self.bummerl.rubber_winner() is not None

    def unit_winners(self) -> list[tuple[int, ...]]:
        return [(outcome["winner"],) for outcome in self.bummerl.finished]

    def state(self) -> dict[str, Any]:
        return self.bummerl.state()
