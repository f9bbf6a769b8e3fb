"""What a seat may see, as values: card sets, observations, and their JSON.

Kept apart from the ``Game`` interface so that what a seat knows (``stich.core.knowledge``)
and what it sees now (:class:`Observation`) need nothing of the game that makes them.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from typing import Any, Self

from stich.core.actions import Action
from stich.core.cards import Card, cards_in, format_cards


class CardSet(int):
    """A card bitmask that iterates, counts and prints as cards (used in observations)."""

    def __iter__(self) -> Iterator[Card]:
        return cards_in(self)

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and bool(self >> card & 1)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"CardSet({format_cards(self)!r})"


_PLAIN = frozenset({int, str, float, bool, type(None)})


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each dataclass's field names, looked up once."""


def to_json(value: Any) -> Any:
    """Observation and result values as JSON: cards as codes, card sets as code lists.

    The exact plain types come first and a dataclass's fields are looked up once per class:
    a server turns an observation into JSON for every seat after every move."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [to_json(v) for v in value]
    if kind is CardSet:
        return [card.name for card in value]
    if kind is Card:
        return value.name
    if hasattr(kind, "__dataclass_fields__"):
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        return {name: to_json(getattr(value, name)) for name in names}
    if isinstance(value, CardSet):
        return [card.name for card in value]
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value)  # every enum here prints as its notation (H, obenabe, gang ...)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [to_json(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may know; games extend it with their public and private fields."""

    game: str
    seat: int
    to_act: int
    legal_actions: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = to_json(self)
        return result

    @classmethod
    def make(cls, **fields: Any) -> Self:
        """The observation from all its fields, without the frozen dataclass's per-field
        ``object.__setattr__`` (a game builds one per move: a hot path)."""
        if fields.keys() != cls.__dataclass_fields__.keys():
            wrong = sorted(fields.keys() ^ cls.__dataclass_fields__.keys())
            raise TypeError(f"{cls.__name__}: missing or unknown fields {wrong}")
        observation = object.__new__(cls)
        observation.__dict__.update(fields)
        return observation
