"""A match: a sequence of deals with its scoring, and its record (a list of deal records).

Each game subclasses :class:`Match` with its dealer rotation and its score (Bummerl, the race
to 24, the Jass board). A match record replays deal by deal through the rules and must arrive
at the stated match state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from stich.core.dealing import derive_seed
from stich.core.game import Game
from stich.core.options import OptionsError, RuleOptions
from stich.core.records import MATCH_FORMAT, DealRecord, RecordError, expect_type
from stich.core.registry import game_class
from stich.core.replay import replay


class Match(ABC):
    """Deals in order, their records, and the running score."""

    GAME: ClassVar[str]

    def __init__(self, seats: list[str], seed: int | None = None,
                 options: RuleOptions | None = None, first_dealer: int | None = None) -> None:
        """``first_dealer`` None lets the game decide (by lot, by the holder of a card ...)."""
        cls = game_class(self.GAME)
        if len(seats) != cls.SEATS:
            raise ValueError(f"{self.GAME} needs {cls.SEATS} seats, got {len(seats)}")
        self.options = options or cls.OPTIONS.from_preset()
        self.seats = list(seats)
        self.seed = seed
        self.first_dealer = first_dealer
        self.deals: list[DealRecord] = []

    @property
    def game_class(self) -> type[Game]:
        return game_class(self.GAME)

    def deal_seed(self) -> int:
        """The seed of the next deal, derived from the match seed and the deal's number."""
        if self.seed is None:
            raise ValueError("this match has no seed to deal from")
        return derive_seed(self.seed, "deal", len(self.deals))

    @abstractmethod
    def next_dealer(self) -> int:
        """The dealer of the next deal."""

    @abstractmethod
    def new_deal(self) -> Game:
        """The next deal, shuffled from the match seed."""

    @abstractmethod
    def _score(self, game: Game) -> None:
        """Book a finished deal."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the match has been decided."""

    @abstractmethod
    def unit_winners(self) -> list[tuple[int, ...]]:
        """The winning seats of each unit decided so far (each Bummerl, each Jass game)."""

    @abstractmethod
    def state(self) -> dict[str, Any]:
        """The score as JSON (a match record's ``match`` key)."""

    def check_next(self, record: DealRecord) -> None:
        """RecordError if the record cannot be the next deal of this match (its dealer; a game
        may check more, such as the score the deal starts from)."""
        if self.game_class.options_from_record(record) != self.options:
            raise RecordError("the deal's preset and options differ from the match's")
        if record.dealer != self.next_dealer():
            raise RecordError(f"dealer is seat {record.dealer}, "
                              f"the rotation gives seat {self.next_dealer()}")

    def finish_deal(self, game: Game) -> None:
        """Record a finished deal and add it to the score."""
        if not game.is_terminal():
            raise ValueError("the deal is not over")
        self.deals.append(game.to_record(self.seats))
        self._score(game)

    def to_record(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT, "game": self.GAME, "preset": self.options.preset,
            "options": self.options.overrides(), "seats": self.seats, "seed": self.seed,
            "deals": [deal.to_dict() for deal in self.deals], "match": self.state(),
        }

    @classmethod
    def from_record(cls, data: Any) -> Self:
        """Replay a match record deal by deal; RecordError names the deal and the problem."""
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise RecordError(f"a match record is a JSON object with format {MATCH_FORMAT!r}")
        if data.get("game") != cls.GAME:
            raise RecordError(f"this is not a {cls.GAME} match record (game {data.get('game')!r})")
        if not isinstance(data.get("deals"), list) or not all(
                isinstance(deal, dict) for deal in data["deals"]):
            raise RecordError("a match record needs a list 'deals' of deal records")
        expect_type(data, "options", dict)
        expect_type(data, "preset", str)
        expect_type(data, "seats", list)
        expect_type(data, "seed", int, nullable=True)
        try:
            options = game_class(cls.GAME).OPTIONS.from_preset(
                data.get("preset") or None, **data.get("options", {}))
            first = data["deals"][0].get("dealer") if data["deals"] else None
            match = cls(list(data.get("seats", [])), data.get("seed"), options,
                        first if isinstance(first, int) else None)
        except (OptionsError, ValueError) as error:
            raise RecordError(f"match: {error}") from None
        for number, raw in enumerate(data["deals"]):
            try:
                record = DealRecord.from_dict(raw)
                if match.is_over():
                    raise RecordError("the match was already decided")
                match.check_next(record)
                game = replay(record)
                if not game.is_terminal():
                    raise RecordError("the deal is not finished")
            except RecordError as error:
                raise RecordError(f"deal {number}: {error}") from None
            match.deals.append(record)
            match._score(game)
        stated = data.get("match")
        if stated is not None and stated != match.state():
            raise RecordError(f"stated match state {stated} differs from the replay: "
                              f"{match.state()}")
        return match
