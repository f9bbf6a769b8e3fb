"""Position strings: a whole state on one line, as FEN is for chess (docs/rules/notation.md).

One grammar for every game; each family says only which fields it has and what they mean::

    NAME OPTIONS KEY=VALUE KEY=VALUE ...

- ``NAME``: the game's name; ``OPTIONS``: its preset, then ``;name=value`` for each option that
  differs from the preset (sorted by name; a flag is ``1`` or ``0``, a set of names is joined by
  ``,``);
- then each of the game's fields once, ``key=value``, in the order the game lists them. In a
  value ``-`` is nothing, a seat or count is digits, a flag ``1`` or ``0``, a card list card
  codes joined by ``.`` with :data:`HIDDEN` (``?``) for a card the viewer cannot see, and one
  entry per seat is joined by ``/``.

A position holds every hand and the options but not the history: a game built from one starts
its history there. ``Game.from_position`` reads its own game's positions (the family's module
says what its fields mean), ``stich.from_position`` any game's by the first word.

Old forms still read (as the conformance corpus holds them): options joined by ``,``, flags
``true``/``false`` or ``on``/``off``, card codes run together (``CACT``), ``??`` for a hidden
card and a number for that many hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from stich.core.cards import FULL_DECK, Card, Suit, cards_in
from stich.core.options import OptionsError, RuleOptions

OptionsT = TypeVar("OptionsT", bound=RuleOptions)

NONE = "-"
"""A value that is nothing: no card, no seat, an empty list."""
HIDDEN = "?"
"""A card the viewer cannot see."""
_OLD_HIDDEN = "??"


class PositionError(ValueError):
    """A position string that is malformed or describes an impossible state."""


# --- the line ----------------------------------------------------------------------------------
def join(name: str, options: RuleOptions, fields: Iterable[tuple[str, str]]) -> str:
    """A position: the name, the options word, then ``key=value`` for each field."""
    return " ".join([name, options_text(options), *(f"{key}={value}" for key, value in fields)])


def split(text: str, name: str, keys: Sequence[str]) -> tuple[str, dict[str, str]]:
    """The options word and the fields of a position of game ``name`` with exactly the fields
    ``keys``; PositionError names a missing, unknown or repeated field."""
    words = text.split()
    if len(words) < 2 or words[0] != name:
        raise PositionError(f"a {name} position starts with {name!r} and the options")
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key not in keys:
            raise PositionError(f"{name} position: unexpected field {word!r}; fields are "
                                f"{', '.join(keys)} (key=value)")
        if key in fields:
            raise PositionError(f"{name} position: field {key!r} given twice")
        fields[key] = value
    missing = [key for key in keys if key not in fields]
    if missing:
        raise PositionError(f"{name} position: missing {', '.join(missing)}")
    return words[1], fields


# --- options -----------------------------------------------------------------------------------
def options_text(options: RuleOptions) -> str:
    """The options word: the preset, then ``;name=value`` per override."""
    parts = [options.preset]
    for key, value in sorted(options.overrides().items()):
        parts.append(f"{key}={_option_value(value)}")
    return ";".join(parts)


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return flag_text(value)
    if isinstance(value, list | tuple | set | frozenset):
        return ",".join(sorted(map(str, value)))
    return str(value)


def read_options(options: type[OptionsT], text: str) -> OptionsT:
    """A position's options word (the old form joined by ``,`` too); PositionError names what
    is wrong."""
    # an override always brings a ';', so ',' without one is the old separator
    separator = "," if ";" not in text and "," in text else ";"
    preset, *pairs = text.split(separator)
    overrides: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise PositionError(f"option {pair!r} is not name=value")
        overrides[name] = value
    try:
        return options.from_preset(preset, **overrides)
    except OptionsError as error:
        raise PositionError(str(error)) from None


# --- values ------------------------------------------------------------------------------------
def flag_text(value: bool) -> str:
    return "1" if value else "0"


def read_flag(text: str, what: str) -> bool:
    if text not in ("0", "1"):
        raise PositionError(f"{what} must be 1 or 0, not {text!r}")
    return text == "1"


def read_number(text: str, what: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise PositionError(f"{what} must be a number from {low} to {high}, not {text!r}")
    return int(text)


def read_seat(text: str, what: str, seats: int) -> int:
    if not text.isdigit() or int(text) >= seats:
        raise PositionError(f"{what}: {text!r} is not a seat (0 to {seats - 1})")
    return int(text)


def read_suit(text: str, what: str) -> Suit | None:
    """A suit letter, or None for ``-``."""
    if text == NONE:
        return None
    if text not in Suit.__members__:
        raise PositionError(f"{what}: {text!r} is not a suit (C, D, H, S)")
    return Suit[text]


def read_pair(text: str, what: str) -> tuple[int, int]:
    """Two numbers joined by ``,`` (one per side or team)."""
    parts = text.split(",")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise PositionError(f"{what} must be two numbers a,b, not {text!r}")
    return int(parts[0]), int(parts[1])


def maybe(text: str) -> str | None:
    """None for ``-``, else the text."""
    return None if text == NONE else text


def per_seat(text: str, what: str, seats: int) -> list[str]:
    """One entry per seat, joined by ``/``."""
    parts = text.split("/")
    if len(parts) != seats:
        raise PositionError(f"{what} names {seats} entries, one per seat, joined by '/'; "
                            f"got {len(parts)}")
    return parts


# --- card lists --------------------------------------------------------------------------------
def cards_text(cards: Iterable[Card | None]) -> str:
    """Cards by code joined by ``.``, ``?`` for a hidden one (None), ``-`` for none."""
    return ".".join(HIDDEN if card is None else card.name for card in cards) or NONE


def mask_text(mask: int, known: int = FULL_DECK) -> str:
    """The cards of a set: those in ``known`` by code (card order), then ``?`` for the rest."""
    names = [card.name for card in cards_in(mask & known)]
    names += [HIDDEN] * (mask & ~known).bit_count()
    return ".".join(names) or NONE


def read_cards(text: str, what: str, deck: int = FULL_DECK,
               hidden: bool = False) -> list[Card | None]:
    """A card list (None for each hidden card, allowed if ``hidden``); old forms read too.
    PositionError names a code that is no card of ``deck``."""
    if text == NONE:
        return []
    if text.isdigit():  # old: a count of hidden cards
        codes = [HIDDEN] * int(text)
    elif "." in text or len(text) <= 2:
        codes = text.split(".")
    else:  # old: codes run together
        codes = [text[i:i + 2] for i in range(0, len(text), 2)]
    out: list[Card | None] = []
    for code in codes:
        if code in (HIDDEN, _OLD_HIDDEN):
            if not hidden:
                raise PositionError(f"{what}: hidden cards are not allowed here")
            out.append(None)
        elif code in Card.__members__ and deck >> Card[code] & 1:
            out.append(Card[code])
        else:
            raise PositionError(f"{what}: {code!r} is not a card of this game")
    return out


def read_known(text: str, what: str, deck: int = FULL_DECK) -> list[Card]:
    """A card list with every card shown."""
    return [card for card in read_cards(text, what, deck) if card is not None]


def seated_text(seat: int, cards: Iterable[Card | None]) -> str:
    """A seat and cards, ``seat:cards``: a trick by its leader, a Weis by its declarer."""
    return f"{seat}:{cards_text(cards)}"


def read_seated(text: str, what: str, seats: int, deck: int = FULL_DECK) -> tuple[int, list[Card]]:
    """``seat:cards``, every card shown."""
    seat, sep, cards = text.partition(":")
    if not sep or not cards:
        raise PositionError(f"{what}: expected seat:cards, not {text!r}")
    return read_seat(seat, what, seats), read_known(cards, what, deck)
