"""Deal and match records (notation.md, "Deal record"): the format, reading and writing.

A deal record holds the deal as dealt and every action; ``stich.core.replay`` replays it
through the rules. Keys a game or a later version adds are kept, never dropped.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from stich.core.card_names import CardParseError, parse_card
from stich.core.cards import Card

G = TypeVar("G")

DEAL_FORMAT = "stich-deal/1"
MATCH_FORMAT = "stich-match/1"
_DEAL_KEYS = ("format", "game", "preset", "options", "seats", "dealer", "hands", "stock",
              "trump_card", "actions", "result")


class RecordError(ValueError):
    """A record that is malformed or breaks a rule; the message says where and why."""


@dataclasses.dataclass
class DealRecord:
    """One deal, as in notation.md; ``extra`` keeps every key this version does not know."""

    game: str
    preset: str
    seats: list[str]
    dealer: int
    hands: list[list[str]]
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    stock: list[str] = dataclasses.field(default_factory=list)
    trump_card: str | None = None
    actions: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    result: dict[str, Any] | None = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": DEAL_FORMAT, "game": self.game, "preset": self.preset,
                               "options": self.options, "seats": self.seats,
                               "dealer": self.dealer, "hands": self.hands, "stock": self.stock}
        if self.trump_card is not None:
            out["trump_card"] = self.trump_card
        out["actions"] = [[seat, action] for seat, action in self.actions]
        if self.result is not None:
            out["result"] = self.result
        out.update(self.extra)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> DealRecord:
        """Check the shape of a parsed record (types and required keys), not its rules."""
        if not isinstance(data, dict):
            raise RecordError("a deal record is a JSON object")
        fmt = data.get("format", DEAL_FORMAT)
        if fmt != DEAL_FORMAT:
            raise RecordError(f"format {fmt!r} is not {DEAL_FORMAT!r}")
        for key in ("game", "seats", "dealer", "hands"):
            if key not in data:
                raise RecordError(f"missing key {key!r}")
        expect_type(data, "game", str)
        expect_type(data, "preset", str)
        expect_type(data, "options", dict)
        expect_type(data, "seats", list)
        expect_type(data, "dealer", int)
        expect_type(data, "hands", list)
        expect_type(data, "stock", list)
        expect_type(data, "trump_card", str, nullable=True)
        expect_type(data, "actions", list)
        expect_type(data, "result", dict, nullable=True)
        if not all(isinstance(h, list) and all(isinstance(c, str) for c in h)
                   for h in data["hands"]):
            raise RecordError("'hands' must be a list of lists of card codes")
        if not all(isinstance(c, str) for c in data.get("stock", [])):
            raise RecordError("'stock' must be a list of card codes")
        if not all(isinstance(name, str) for name in data["seats"]):
            raise RecordError("'seats' must be a list of names")
        actions = []
        for index, entry in enumerate(data.get("actions", [])):
            if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                    or not isinstance(entry[1], str)):
                raise RecordError(f"action {index}: expected [seat, \"action\"], got {entry!r}")
            actions.append((entry[0], entry[1]))
        return cls(
            game=data["game"], preset=data.get("preset", ""), seats=list(data["seats"]),
            dealer=data["dealer"], hands=data["hands"], options=data.get("options", {}),
            stock=data.get("stock", []), trump_card=data.get("trump_card"), actions=actions,
            result=data.get("result"),
            extra={k: v for k, v in data.items() if k not in _DEAL_KEYS},
        )


def expect_type(data: dict[str, Any], key: str, kind: type, nullable: bool = False) -> None:
    """A key that is present must hold the right JSON type (null only where allowed)."""
    if key not in data or (nullable and data[key] is None):
        return
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"key {key!r} must be {_JSON_NAMES[kind]}, got {value!r}")


_JSON_NAMES = {str: "a string", int: "a whole number", list: "a list", dict: "an object"}


def record_cards(codes: list[str]) -> list[Card]:
    """Cards of a record, each in any accepted spelling."""
    try:
        return [parse_card(code) for code in codes]
    except CardParseError as error:
        raise RecordError(f"deal: {error}") from None


def dealt_from_record(make: Callable[[], G]) -> G:
    """Build a deal from a record's cards; the rules' objection becomes a RecordError."""
    try:
        return make()
    except ValueError as error:
        raise RecordError(f"deal: {error}") from None


def load_json(path: Path) -> Any:
    """Parse a JSON file; RecordError says what is wrong (and where, for a syntax error)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError("no such file") from None
    except IsADirectoryError:
        raise RecordError("is a directory, not a record") from None
    except UnicodeDecodeError:
        raise RecordError("not a UTF-8 text file") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error}") from None


def save_json(path: Path, data: Any) -> None:
    """Write JSON atomically (write a sibling, then rename) so a crash never truncates a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
