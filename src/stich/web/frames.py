"""What a table's WebSocket reads: frames, their size limits, the rate limit and the checks
that come before a table hears of a message (``docs/web.md``, robustness).

Every frame gets an answer: a binary one a one-line error, one over ``WS_MAX_SIZE`` a close
with 1009 and the reason, malformed or unknown messages an error with a ``code`` for the
pages' word table (``static/i18n.js``, ``err_<code>``). Shared by the worker that holds a
table (``app.play_socket``) and one that relays to it (``cluster.Cluster.relay``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from stich.core.table import to_text
from stich.web.actor import Settings
from stich.web.chat import ChatLimit

WS_MAX_SIZE = 65_536
"""Bytes of the largest frame a socket may send: a larger one closes it with 1009 and a reason
(the app's own limit on a message, ``Settings.max_message``, is far below: such a message gets
an error and the socket stays open)."""
WS_PROTOCOL_MAX = 4 * WS_MAX_SIZE
"""uvicorn's own ceiling (``ws_max_size``), above ``WS_MAX_SIZE`` so that the app sees a frame
that is too large and closes with its reason; past this the protocol layer closes (1009, with
the websockets library's reason)."""


def frame_text(batch: list[dict[str, Any]]) -> str:
    """The text of one frame for the messages in ``batch``: the message itself when there is
    one, else a JSON array of them in order (docs/events.md: a client reads both)."""
    return to_text(batch[0] if len(batch) == 1 else batch)


def error(message: str, code: str, **args: Any) -> dict[str, Any]:
    """A WebSocket error reply (the protocol of ``LobbyError.to_json``)."""
    return {"type": "error", "error": message, "code": code, "args": args}


class RateLimit:
    """A token bucket: ``burst`` messages at once, ``rate`` a second after that. Only refused
    messages take a token; an action is judged whatever the bucket holds."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens, self.at = float(burst), time.monotonic()
        self.told = -1.0
        self.chat = ChatLimit()
        """The connection's chat messages (web/chat.py), counted apart."""

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def allow(self, cost: int = 1) -> bool:
        """Whether a message may be answered, taking ``cost`` tokens (0: only checks that
        the bucket is not empty)."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= cost
        return True

    def charge(self, reply: dict[str, Any], cost: int = 1) -> dict[str, Any] | None:
        """``reply`` if the bucket allows it, else the "too many messages" notice."""
        return reply if self.allow(cost) else self.refusal()

    def refusal(self) -> dict[str, Any] | None:
        """The "too many messages" error, at most once a second (None: stay silent)."""
        now = time.monotonic()
        if now - self.told < 1.0:
            return None
        self.told = now
        return error("too many messages: slow down", "too_many_messages")


class Oversize(Exception):
    """A frame over ``WS_MAX_SIZE``: the socket is closed with 1009 and this reason."""

    def __init__(self, size: int) -> None:
        super().__init__(f"message of {size} bytes is over the limit of {WS_MAX_SIZE}")


async def receive_frame(socket: WebSocket) -> str | bytes:
    """The next frame's payload, text or binary (``WebSocketDisconnect`` once the socket is
    closed, ``Oversize`` for a frame over ``WS_MAX_SIZE``)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    payload: str | bytes = text if text is not None else message.get("bytes") or b""
    size = _size(payload)
    if size > WS_MAX_SIZE:
        raise Oversize(size)
    return payload


def _size(payload: str | bytes) -> int:
    if isinstance(payload, bytes) or payload.isascii():
        return len(payload)
    return len(payload.encode())


CONTROLS = frozenset({"continue", "rematch", "resign"})
"""Messages about the match rather than a move (docs/events.md): the next deal, a rematch,
giving the match up."""


def check_message(raw: str | bytes, limit: RateLimit, settings: Settings
                  ) -> tuple[str | None, dict[str, Any] | None]:
    """(the action to judge or pass on, the reply to give here). An action always goes on,
    whatever the bucket holds; a ping's pong is free while tokens are left; anything else is
    refused for a token."""
    parsed = _parse(raw, settings)
    if isinstance(parsed, str):
        return parsed, None
    if parsed["type"] == "control":  # judged by the table like an action
        if isinstance(parsed["control"], dict) and not limit.chat.allow():  # chat (chat.py)
            return None, limit.chat.refusal()
        return None, parsed
    return None, limit.charge(parsed, cost=0 if parsed["type"] == "pong" else 1)


def _parse(raw: str | bytes, settings: Settings) -> str | dict[str, Any]:
    """The action in a client's message, or the reply to give it."""
    if isinstance(raw, bytes):
        return error("binary frames are not read: send JSON text", "binary_frame")
    if _size(raw) > settings.max_message:
        return error(f"message larger than {settings.max_message} bytes", "message_too_large",
                     limit=settings.max_message)
    try:
        data = json.loads(raw)
    except ValueError:
        return error("the message is not JSON", "not_json")
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "ping":
        return {"type": "pong"}
    if kind in CONTROLS:
        return {"type": "control", "control": kind}
    if kind == "chat":  # to everybody at the table, judged there (web/chat.py)
        return {"type": "control", "control": {"chat": data.get("text")}}
    if kind != "action":
        return error(f"unknown message type {kind!r}: send {{\"type\": \"action\", "
                     "\"action\": ...}", "unknown_type", type=str(kind))
    action = data.get("action")
    if not isinstance(action, str):
        return error("'action' is an action in notation, e.g. \"play HA\"", "action_not_text")
    return action
