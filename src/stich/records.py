"""Records of any game, read by the name they carry: ``stich.core.replay`` with the classes
found in the registry of games (the core names no game)."""

from __future__ import annotations

from typing import Any

from stich.core import replay as core
from stich.core.game import Game
from stich.core.records import DealRecord, RecordError
from stich.games import game_class, match_class


def replay(record: DealRecord) -> Game:
    """Replay a deal record through the rules of the game it names; RecordError at the first
    broken rule (or for a game unknown here)."""
    try:
        cls = game_class(record.game)
    except KeyError as error:
        raise RecordError(str(error.args[0])) from None
    return core.replay(record, cls)


def verify(data: Any) -> dict[str, Any]:
    """Replay a parsed deal or match record (``core.replay.verify``): its summary as JSON, or
    RecordError saying what is wrong."""
    name = core.record_game(data)
    try:
        game, match = game_class(name), match_class(name)
    except KeyError as error:
        raise RecordError(str(error.args[0])) from None
    return core.verify(data, game, match)
