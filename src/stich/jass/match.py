"""A Schieber game: deals until a team reaches the target, written on each team's Z (J-2, J-8).

The first deal's forehand is the holder of Schellen 7 (C7); after that the forehand of one deal
deals the next. Every deal starts from the score before it, so a record replays only at its
place in the game. Each finished deal is booked by :class:`~stich.jass.scoring.game.JassScore`,
the scoring the score pads use for deals entered by hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from stich.core.cards import Card
from stich.core.game import Game
from stich.core.match import Match
from stich.core.records import DealRecord, RecordError, record_cards
from stich.jass.cards import TOTAL_POINTS, Contract
from stich.jass.game import TEAMS, Jass, JassOptions, seat_holding
from stich.jass.scoring.board import ZBoard
from stich.jass.scoring.game import JassDeal, JassRules, JassScore
from stich.jass.weis import FOUR_POINTS, RUN_POINTS

WEIS_VALUES = frozenset({*RUN_POINTS.values(), *FOUR_POINTS.values(), 100})
"""What one Weis can be worth (J-5): runs, four Jacks, four Nines, other fours 100."""


@lru_cache(maxsize=16)
def jass_rules(options: JassOptions) -> JassRules:
    """The scoring rules under the options in force (J-1, J-5 to J-9)."""
    return JassRules(
        target=options.target,
        factors={contract.word: options.multiplier(contract) for contract in Contract},
        trump_contracts=frozenset(c.word for c in Contract if c.trump is not None),
        deal_points=TOTAL_POINTS, match_bonus=options.match_bonus, weis_values=WEIS_VALUES,
        weis=options.weis, stoeck=options.stoeck)


class JassMatch(Match):
    """One Jass game to the target (a match with one unit)."""

    GAME_CLASS = Jass
    ALIASES = ("schieber",)
    options: JassOptions

    def __init__(self, seats: list[str], seed: int | None = None,
                 options: JassOptions | None = None, first_dealer: int | None = None):
        """The holder of C7 decides the first dealer once the first deal is dealt (J-2); a
        ``first_dealer`` given (a record's) is only checked against that, in check_next."""
        super().__init__(seats, seed, options, first_dealer)
        self.score = JassScore(jass_rules(self.options))

    @property
    def scores(self) -> list[int]:
        return self.score.scores

    def next_dealer(self) -> int:
        if self.deals:
            return (self.deals[-1].dealer + 1) % 4  # J-2: forehand deals the next deal
        if self.first_dealer is None:
            raise ValueError("the first dealer follows from the holder of C7 (J-2): deal first")
        return self.first_dealer

    def new_deal(self) -> Jass:
        dealer = self.next_dealer() if self.deals else None
        game = Jass.deal(self.deal_seed(), dealer, self.options, tuple(self.scores))
        if not self.deals:
            self.first_dealer = game.dealer
        return game

    def check_next(self, record: DealRecord) -> None:
        super().check_next(record)
        if not self.deals:
            holder = seat_holding([record_cards(hand) for hand in record.hands], Card.C7)
            if holder != (record.dealer + 1) % 4:
                raise RecordError(f"the first deal's forehand must hold C7 (J-2), but seat "
                                  f"{holder} holds it and the dealer is seat {record.dealer}")
        before = record.extra.get("scores_before", [0, 0])
        if before != self.scores:
            raise RecordError(f"the deal starts from scores {before}, the game stands at "
                              f"{self.scores} (J-7)")

    def _score(self, game: Game) -> None:
        result = game.result()
        assert result is not None
        self.score.book(JassDeal.from_result(result))

    @property
    def winner(self) -> int | None:
        """The team that reached the target (0: seats 0 and 2)."""
        return self.score.winner

    def is_over(self) -> bool:
        return self.winner is not None

    def unit_winners(self) -> list[tuple[int, ...]]:
        return [] if self.winner is None else [TEAMS[self.winner]]

    def boards(self) -> tuple[ZBoard, ZBoard]:
        """Each team's Z as written so far."""
        return self.score.boards()

    def state(self) -> dict[str, Any]:
        return {"scores": self.scores, "entries": [list(e) for e in self.score.entries],
                "target": self.options.target,
                "winner": None if self.winner is None else list(TEAMS[self.winner])}
