"""Chat at a table and in the lobby (docs/web.md, "Chat").

People's text only: a message is ``{"type": "chat", "id", "at", "name", "seat", "text"}``,
the name and seat the server knows of the writer and the text he typed, cleaned
(:func:`clean_text`: one line, no control or text-direction characters, at most
``MAX_TEXT`` characters). Nothing the server knows of the cards is ever in it. Each message is
stored (``web_chat``) before anybody hears of it, so a client that connects or reconnects gets
the last ``KEEP`` of its room (``chat_history``). A connection may send ``RATE[0]`` messages in
``RATE[1]`` seconds (:class:`ChatLimit`); at a table only the players write (spectators read),
and the table's owner may turn the chat off. A report of a message is logged for the
operator (logger ``stich.web.reports``) and stored (``web_reports``).
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, Engine

from stich.web import models
from stich.web.store import Store, StoreFault, Write

MAX_TEXT = 300
"""Characters a message may have (after cleaning)."""
KEEP = 50
"""Messages of a room a client gets when it connects (the newest)."""
RATE = (5, 10.0)
"""A connection may send 5 messages in any 10 seconds."""
LOBBY = "lobby"
"""The lobby's room (a table's room is its id, never this word: ids are 22 characters)."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""Characters that turn the direction of the text around them: dropped (they could make the
messages after one read backwards)."""


def chat_error(message: str, code: str, **args: Any) -> dict[str, Any]:
    """A refusal of a chat message, for the writer only (the pages word it as ``err_<code>``)."""
    return {"type": "error", "error": message, "code": code, "args": args}


class ChatRefused(ValueError):
    """A message the chat refuses: ``reply`` is the one line for its writer."""

    def __init__(self, reply: dict[str, Any]) -> None:
        super().__init__(reply["error"])
        self.reply = reply


def clean_text(text: Any) -> str:
    """The message as it is shown: control and text-direction characters dropped (a line
    break or tab becomes a space), runs of spaces made one, trimmed; refused when empty or
    longer than ``MAX_TEXT``."""
    if not isinstance(text, str):
        raise ChatRefused(chat_error("a chat message is text", "chat_not_text"))
    kept = []
    for char in text[:MAX_TEXT * 4]:
        category = unicodedata.category(char)
        if char in BIDI_CONTROLS or category in ("Cs", "Co"):
            continue
        if category in ("Cc", "Zl", "Zp"):
            char = " "
        kept.append(char)
    cleaned = " ".join("".join(kept).split())
    if not cleaned:
        raise ChatRefused(chat_error("the message is empty", "chat_empty"))
    if len(cleaned) > MAX_TEXT or len(text) > MAX_TEXT * 4:
        raise ChatRefused(chat_error(f"a chat message has at most {MAX_TEXT} characters",
                                     "chat_long", max=MAX_TEXT))
    return cleaned


class ChatLimit:
    """``RATE[0]`` messages in any ``RATE[1]`` seconds on one connection; the refusal is said
    at most once a second."""

    def __init__(self, count: int = RATE[0], seconds: float = RATE[1]) -> None:
        self.count, self.seconds = count, seconds
        self.sent: deque[float] = deque()
        self.told = -1.0

    def allow(self) -> bool:
        now = time.monotonic()
        while self.sent and now - self.sent[0] >= self.seconds:
            self.sent.popleft()
        if len(self.sent) >= self.count:
            return False
        self.sent.append(now)
        return True

    def refusal(self) -> dict[str, Any] | None:
        now = time.monotonic()
        if now - self.told < 1.0:
            return None
        self.told = now
        return chat_error(f"too many chat messages: at most {self.count} in {self.seconds:g} "
                          "seconds", "chat_too_fast", count=self.count,
                          seconds=round(self.seconds))


def message(row: dict[str, Any]) -> dict[str, Any]:
    """A stored message as clients get it: only what the person wrote and who he is."""
    return {"type": "chat", "id": row["id"], "at": row["at"], "name": row["name"],
            "seat": row["seat"], "text": row["text"]}


def insert(room: str, seat: int | None, name: str, text: str, at: float) -> Write:
    """Store a message; the write's result is its id."""
    def work(conn: Connection) -> int:
        result = conn.execute(models.chat.insert().values(room=room, seat=seat, name=name,
                                                          text=text, at=at))
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])
    return work


def recent(engine: Engine, room: str, limit: int = KEEP) -> list[dict[str, Any]]:
    """The room's newest ``limit`` messages, oldest first (a blocking read)."""
    with engine.connect() as conn:
        rows = conn.execute(sa.select(models.chat).where(models.chat.c.room == room)
                            .order_by(models.chat.c.id.desc()).limit(limit)).mappings().all()
    return [message(dict(row)) for row in reversed(rows)]


def find(engine: Engine, room: str, message_id: int) -> dict[str, Any] | None:
    with engine.connect() as conn:
        row = conn.execute(sa.select(models.chat).where(
            models.chat.c.room == room, models.chat.c.id == message_id)).mappings().first()
    return None if row is None else dict(row)


def store_report(row: dict[str, Any], reporter: str) -> Write:
    def work(conn: Connection) -> None:
        conn.execute(models.reports.insert().values(
            at=time.time(), room=row["room"], message_id=row["id"], name=row["name"],
            text=row["text"], reporter=reporter))
    return work


def reported(engine: Engine) -> list[dict[str, Any]]:
    """Every report, oldest first (for the operator, and tests)."""
    with engine.connect() as conn:
        rows = conn.execute(sa.select(models.reports).order_by(models.reports.c.id)
                            ).mappings().all()
    return [dict(row) for row in rows]


UNSTORED = "the server cannot store this just now: try again in a moment"


async def say(store: Store, room: str, seat: int | None, name: str, text: Any
              ) -> dict[str, Any]:
    """Store a message and return it as clients get it (``ChatRefused`` when refused)."""
    cleaned = clean_text(text)
    at = round(time.time(), 3)
    try:
        number = await store.write(insert(room, seat, name, cleaned, at))
    except StoreFault:
        raise ChatRefused(chat_error(UNSTORED, "store_unavailable")) from None
    return message({"id": number, "at": at, "name": name, "seat": seat, "text": cleaned})


class TableChat:
    """A table's chat: its newest messages (kept for those who connect) and whether it is on."""

    def __init__(self, room: str, store: Store, on: bool = True) -> None:
        self.room, self.store, self.on = room, store, on
        self.recent: deque[dict[str, Any]] = deque(maxlen=KEEP)

    def load(self, messages: list[dict[str, Any]]) -> None:
        self.recent.extend(messages)

    def history(self) -> dict[str, Any]:
        """What a connecting client is told: the newest messages and whether chat is on."""
        return {"type": "chat_history", "on": self.on, "messages": list(self.recent)}

    def state(self) -> dict[str, Any]:
        return {"type": "chat_state", "on": self.on}

    async def say(self, seat: int, name: str, request: dict[str, Any]) -> dict[str, Any]:
        """A player's message as everybody at the table gets it, or the refusal for him."""
        if not self.on:
            return chat_error("the table's owner has turned the chat off", "chat_off")
        try:
            said = await say(self.store, self.room, seat, name, request.get("chat"))
        except ChatRefused as refusal:
            return refusal.reply
        self.recent.append(said)
        return said
