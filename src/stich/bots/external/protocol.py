"""The engine protocol's messages (``docs/engine-protocol.md``): one JSON object a line.

Both sides use these: :mod:`stich.bots.external.engine` runs an engine as a player, and
``stich engine`` (:mod:`stich.engine.serve`) serves our bots to a host. Only the standard
library and the core are used, so a host and an engine need nothing else of ours.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from stich.core.actions import Action
from stich.core.knowledge import Event

VERSION = 1
"""The protocol's version; a host and an engine say theirs in ``hello``."""

DEFAULT_TIME_MS = 2000
"""Wall-clock milliseconds an engine has for one decision unless the host says otherwise."""

MAX_LINE = 65536
"""The longest line either side must accept (bytes, newline included)."""

MAX_LINES_PER_ANSWER = 100
"""An engine may send ``info`` lines before its answer; more than this many is a flood."""


class ProtocolError(ValueError):
    """A line that is not a message of this protocol; the text says what is wrong with it."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line (compact JSON, UTF-8, newline-terminated)."""
    return (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def decode(line: bytes | str) -> dict[str, Any]:
    """The message of one line; ProtocolError says why a line is not one."""
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    if len(text.encode()) > MAX_LINE:
        raise ProtocolError(f"a line of {len(text.encode())} bytes (at most {MAX_LINE})")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"not JSON ({error.msg}): {_clip(text)}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f"not an object with a 'type': {_clip(text)}")
    return message


def _clip(text: str, width: int = 60) -> str:
    text = text.strip()
    return repr(text if len(text) <= width else text[:width] + "...")


# --- what a host sends ---------------------------------------------------------------------
def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": VERSION}


def new_match(game: str, preset: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    return {"type": "match", "game": game, "preset": preset, "options": options,
            "seats": seats}


def new_deal(number: int, seat: int, score: dict[str, Any] | None) -> dict[str, Any]:
    return {"type": "deal", "deal": number, "seat": seat, "score": score}


def event(item: Event) -> dict[str, Any]:
    return {"type": "event", "event": item.to_dict()}


def act(legal: Sequence[tuple[int, Action]], time_ms: int) -> dict[str, Any]:
    return {"type": "act", "legal": [{"id": index, "action": str(action)}
                                     for index, action in legal],
            "time_ms": time_ms}


def match_end(score: dict[str, Any]) -> dict[str, Any]:
    return {"type": "match_end", "score": score}


def quit_() -> dict[str, Any]:
    return {"type": "quit"}


# --- what an engine sends ------------------------------------------------------------------
def engine_hello(name: str, author: str, games: Sequence[str]) -> dict[str, Any]:
    return {"type": "hello", "protocol": VERSION, "name": name, "author": author,
            "games": list(games)}


def answer(action: Action) -> dict[str, Any]:
    return {"type": "action", "action": str(action)}
