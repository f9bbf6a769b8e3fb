"""Replaying records through the rules (``stich record verify``).

Replaying either reproduces the game or stops at the first problem with its action index,
seat and the rule broken. The core names no game: the caller hands over the classes of the
game a record names (``record_game``); ``stich.records`` finds them by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from stich.core.actions import Action, ActionParseError
from stich.core.game import TERMINAL, Game, IllegalActionError
from stich.core.records import MATCH_FORMAT, DealRecord, RecordError


class ReplayedMatch(Protocol):
    """What :func:`verify` reads of a match replayed from its record (``core.match.Match``)."""

    @property
    def deals(self) -> list[DealRecord]: ...

    @property
    def resigned(self) -> int | None: ...

    @property
    def commitment_status(self) -> str: ...

    def state(self) -> dict[str, Any]: ...


class MatchReader(Protocol):
    """A match class: replays a match record deal by deal (``Match.from_record``)."""

    def from_record(self, data: Any) -> ReplayedMatch: ...


def is_match_record(data: Any) -> bool:
    """Whether parsed JSON is a match record (notation.md) rather than a deal record."""
    return isinstance(data, dict) and data.get("format") == MATCH_FORMAT


def record_game(data: Any) -> str:
    """The game a parsed deal or match record names (RecordError if it names none; a deal
    record's shape is checked first, as :func:`verify` checks it)."""
    if is_match_record(data):
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("a match record needs a string 'game'")
        return game
    return DealRecord.from_dict(data).game


def replay(record: DealRecord, cls: type[Game]) -> Game:
    """Replay a record of the game ``cls`` through the rules; raise RecordError at the first
    broken rule."""
    start = record.extra.get("position")
    if start is None:
        game = cls.from_record(record)
    else:  # a deal recorded from a position on
        if not isinstance(start, str):
            raise RecordError("'position' must be a position string")
        try:
            game = cls.from_position(start)
        except ValueError as error:
            raise RecordError(f"position: {error}") from None
    for index, (seat, text) in enumerate(record.actions):
        to_act = game.current_player()
        where = f"action {index} ({text!r}) by seat {seat}"
        if to_act == TERMINAL:
            raise RecordError(f"{where}: the deal is already over")
        if seat != to_act:
            raise RecordError(f"{where}: it is seat {to_act}'s turn, not seat {seat}'s")
        try:
            action = Action.parse(text)
        except ActionParseError as error:
            raise RecordError(f"{where}: {error}") from None
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"{where}: illegal: {error.why}") from None
    game.finish_replay(record)
    if record.result is not None:
        actual = game.result()
        if actual is None:
            raise RecordError("the record states a result but the deal is not over")
        expected = {k: record.result.get(k) for k in actual.to_dict()}
        if expected != actual.to_dict():
            raise RecordError(f"stated result {record.result} differs from the replay: "
                              f"{actual.to_dict()}")
    return game


def verify(data: Any, game: type[Game], match: MatchReader) -> dict[str, Any]:
    """Replay a parsed deal or match record of the game whose classes are ``game`` and
    ``match`` (those of :func:`record_game`); its summary as JSON: a match's deals, score and
    seed commitment, or a deal's result (or who is to act in an unfinished deal). RecordError
    says what is wrong."""
    if is_match_record(data):
        replayed = match.from_record(data)
        out: dict[str, Any] = {"game": game.NAME, "deals": len(replayed.deals),
                               "match": replayed.state(),
                               "seed_commitment": replayed.commitment_status}
        if replayed.resigned is not None:
            out["resigned"] = replayed.resigned
        return out
    deal = replay(DealRecord.from_dict(data), game)
    result = deal.result()
    return result.to_dict() if result else {"result": None, "to_act": deal.current_player()}
