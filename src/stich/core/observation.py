"""What a seat may see, as values: card sets, observations, and their JSON.

Kept apart from the ``Game`` interface so that what a seat knows (``stich.core.knowledge``)
and what it sees now (:class:`Observation`) need nothing of the game that makes them.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
from collections.abc import Callable, Iterator
from typing import Any, Self, cast

from stich.core.actions import Action
from stich.core.cards import ALL_CARDS, Card, cards_in, format_cards


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

_CODES: tuple[str, ...] = tuple(card.name for card in ALL_CARDS)
"""Each card's code by its value (an enum's ``name`` is a slow property)."""


def _codes(mask: int) -> list[str]:
    """The codes of a card set's cards, lowest first (as it iterates)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CODES[low.bit_length() - 1])
        mask ^= low
    return out


_CONVERT: dict[type, Callable[[Any], Any]] = {}
"""How each type's values become JSON, chosen once per type (:func:`_converter`)."""


def to_json(value: Any) -> Any:
    """Observation and result values as JSON: cards as codes, card sets as code lists.

    How a value is converted depends on its type alone, so it is chosen once per type
    (:func:`_converter`): a server turns an observation into JSON for every seat after every
    move."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    convert = _CONVERT.get(kind)
    if convert is None:
        convert = _CONVERT[kind] = _converter(kind)
    return convert(value)


def _same(value: Any) -> Any:
    return value


def _items(value: Any) -> list[Any]:
    return [to_json(item) for item in value]


def _text(value: Any) -> str:
    return str(value)


def _mapping(value: Any) -> dict[str, Any]:
    return {str(key): to_json(item) for key, item in value.items()}


def _converter(kind: type) -> Callable[[Any], Any]:
    """The conversion of ``kind``'s values, in this order: sequences, card sets, cards,
    dataclasses (their fields), actions, enums (their notation: H, obenabe, gang ...),
    mappings, sets; anything else as it is."""
    if kind is tuple or kind is list:
        return _items
    if issubclass(kind, CardSet):
        return _codes
    if issubclass(kind, Card):
        return _CODES.__getitem__
    if hasattr(kind, "__dataclass_fields__"):
        names = tuple(field.name for field in dataclasses.fields(cast(Any, kind)))
        if len(names) == 1:
            (name,) = names
            return lambda value: {name: to_json(getattr(value, name))}
        values = operator.attrgetter(*names)
        return lambda value: dict(zip(names, map(to_json, values(value)), strict=True))
    if issubclass(kind, Action):
        return _text
    if issubclass(kind, enum.Enum):
        return _text
    if issubclass(kind, dict):
        return _mapping
    if issubclass(kind, tuple | list | frozenset | set):
        return _items
    return _same


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
