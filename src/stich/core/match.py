"""A match: a sequence of deals with its scoring, and its record (a list of deal records).

Each game subclasses :class:`Match` with its dealer rotation and its score (its family's
scoring). A match record replays deal by deal through the rules and must arrive
at the stated match state.

Secrets (docs/rules/notation.md): every deal is shuffled from a seed derived from the match seed, so
the match seed must not be shown before the match ends. A record for others
(``to_record()``) holds the seeds of finished deals only and a SHA-256 commitment to the match
seed with a random salt; the seed and salt are added once the match is over, and
``stich record verify`` then checks the commitment and that every deal was dealt from it. A
player's own save file (``to_record(private=True)``) keeps the seed to resume the match.
"""

from __future__ import annotations

import hashlib
import secrets
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from stich.core.dealing import derive_seed
from stich.core.game import Game
from stich.core.options import OptionsError, RuleOptions
from stich.core.records import MATCH_FORMAT, DealRecord, RecordError, expect_type
from stich.core.replay import replay


class Match(ABC):
    """Deals in order, their records, and the running score."""

    GAME_CLASS: ClassVar[type[Game]]
    """The rules of every deal (each game's match names its class)."""
    GAME: ClassVar[str]
    """The game's name as records write it: ``GAME_CLASS.NAME``."""
    ALIASES: ClassVar[tuple[str, ...]] = ()
    """Other names a match record may give the game (those of ``stich.games.ALIASES``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "GAME_CLASS" in vars(cls):
            cls.GAME = cls.GAME_CLASS.NAME

    def __init__(self, seats: list[str], seed: int | None = None,
                 options: RuleOptions | None = None, first_dealer: int | None = None) -> None:
        """``first_dealer`` None lets the game decide (by lot, by the holder of a card ...)."""
        cls = self.GAME_CLASS
        if len(seats) != cls.SEATS:
            raise ValueError(f"{self.GAME} needs {cls.SEATS} seats, got {len(seats)}")
        self.options = options or cls.OPTIONS.from_preset()
        self.seats = list(seats)
        self.seed = seed
        self.salt = secrets.token_hex(16)
        """Hides a small seed inside its commitment (random, not derived: see the module)."""
        self.first_dealer = first_dealer
        self.deals: list[DealRecord] = []

    @property
    def game_class(self) -> type[Game]:
        return self.GAME_CLASS

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
        """The winning seats of each unit decided so far (each unit the game's scoring plays
        out: a Bummerl, a game to the target)."""

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

    def commitment(self) -> str | None:
        """SHA-256 of the salt and the match seed, hex (None without a seed)."""
        return None if self.seed is None else seed_commitment(self.salt, self.seed)

    def to_record(self, private: bool = False) -> dict[str, Any]:
        """The match record. Shown to others it reveals the match seed (and its salt) only
        once the match is over; ``private`` (the player's own save file) keeps them."""
        record: dict[str, Any] = {
            "format": MATCH_FORMAT, "game": self.GAME, "preset": self.options.preset,
            "options": self.options.overrides(), "seats": self.seats,
        }
        if self.seed is not None:
            record["seed_commitment"] = self.commitment()
            if private or self.ended():
                record["seed"], record["salt"] = self.seed, self.salt
        record["deals"] = [deal.to_dict() for deal in self.deals]
        record["match"] = self.state()
        if self.resigned is not None:
            record["resigned"] = self.resigned
        return record

    def check_commitment(self, stated: Any) -> str:
        """'verified' if the seed is known and matches the stated commitment, 'sealed' if the
        seed is not revealed yet, 'none' if the record makes no commitment."""
        if stated is None:
            return "none"
        if not isinstance(stated, str):
            raise RecordError("'seed_commitment' must be a hex string")
        if self.seed is None:
            return "sealed"
        if seed_commitment(self.salt, self.seed) != stated:
            raise RecordError("the seed and salt do not match 'seed_commitment': the record "
                              "was altered")
        return "verified"

    resigned: int | None = None
    """The seat that resigned the match (its side loses it; the deal it was playing is not
    booked): the match is over without its scoring having decided it (docs/rules/notation.md,
    "Resigning")."""

    def resign(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} to resign")
        if self.ended():
            raise ValueError("the match is already over")
        self.resigned = seat

    def ended(self) -> bool:
        """Decided by its scoring (``is_over``) or by a resignation."""
        return self.resigned is not None or self.is_over()

    commitment_status = "none"
    """After ``from_record``: 'verified', 'sealed' or 'none' (see check_commitment)."""

    def check_dealt(self, record: DealRecord) -> None:
        """RecordError unless the record's cards are those its match seed deals next."""
        expected = self.new_deal()
        seed = record.extra.get("seed")
        if seed is not None and seed != expected.seed:
            raise RecordError(f"deal seed {seed} is not the one the match seed gives "
                              f"({expected.seed})")
        if [[card.name for card in hand] for hand in expected.dealt] != record.hands:
            raise RecordError("the cards are not the ones the match seed deals")

    @classmethod
    def from_record(cls, data: Any) -> Self:
        """Replay a match record deal by deal; RecordError names the deal and the problem."""
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise RecordError(f"a match record is a JSON object with format {MATCH_FORMAT!r}")
        if data.get("game") not in (cls.GAME, *cls.ALIASES):
            raise RecordError(f"this is not a {cls.GAME} match record (game {data.get('game')!r})")
        if not isinstance(data.get("deals"), list) or not all(
                isinstance(deal, dict) for deal in data["deals"]):
            raise RecordError("a match record needs a list 'deals' of deal records")
        expect_type(data, "options", dict)
        expect_type(data, "preset", str)
        expect_type(data, "seats", list)
        expect_type(data, "seed", int, nullable=True)
        expect_type(data, "salt", str, nullable=True)
        committed = data.get("seed_commitment")
        try:
            options = cls.GAME_CLASS.OPTIONS.from_preset(
                data.get("preset") or None, **data.get("options", {}))
            first = data["deals"][0].get("dealer") if data["deals"] else None
            match = cls(list(data.get("seats", [])), data.get("seed"), options,
                        first if isinstance(first, int) else None)
        except (OptionsError, ValueError) as error:
            raise RecordError(f"match: {error}") from None
        if committed is not None and match.seed is not None:
            if data.get("salt") is None:
                raise RecordError("a revealed seed needs its 'salt'")
            match.salt = data["salt"]
        match.commitment_status = match.check_commitment(committed)
        for number, raw in enumerate(data["deals"]):
            try:
                record = DealRecord.from_dict(raw)
                if match.is_over():
                    raise RecordError("the match was already decided")
                match.check_next(record)
                if match.commitment_status == "verified":
                    match.check_dealt(record)
                game = replay(record, match.game_class)
                if not game.is_terminal():
                    raise RecordError("the deal is not finished")
            except RecordError as error:
                raise RecordError(f"deal {number}: {error}") from None
            match.deals.append(record)
            match._score(game)
        resigned = data.get("resigned")
        if resigned is not None:
            if (not isinstance(resigned, int) or isinstance(resigned, bool)
                    or not 0 <= resigned < len(match.seats)):
                raise RecordError("'resigned' is the number of the seat that resigned")
            if match.is_over():
                raise RecordError("'resigned': the match was already decided")
            match.resigned = resigned
        stated = data.get("match")
        if stated is not None and stated != match.state():
            raise RecordError(f"stated match state {stated} differs from the replay: "
                              f"{match.state()}")
        return match


def seed_commitment(salt: str, seed: int) -> str:
    """The published commitment: SHA-256 of ``salt:seed`` as hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()
