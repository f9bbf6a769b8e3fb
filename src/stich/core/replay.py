"""Replaying a deal record through the rules (``stich record verify``).

Replaying either reproduces the game or stops at the first problem with its action index,
seat and the rule broken.
"""

from __future__ import annotations

from stich.core.actions import Action, ActionParseError
from stich.core.game import TERMINAL, Game, IllegalActionError
from stich.core.records import DealRecord, RecordError
from stich.games import game_class


def replay(record: DealRecord) -> Game:
    """Replay a record through the rules; raise RecordError at the first broken rule."""
    try:
        cls = game_class(record.game)
    except KeyError as error:
        raise RecordError(str(error.args[0])) from None
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
