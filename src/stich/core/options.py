"""Rule options and presets shared by every game.

Each game declares a frozen dataclass of its options (defaults = its default preset) and a
table of presets as overrides. Options are validated by name, type and allowed values, so a
typo in a record or on the command line is reported instead of silently ignored.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any, ClassVar, Self


class OptionsError(ValueError):
    """An unknown option, preset, or value."""


def choice(default: Any, *allowed: Any) -> Any:
    """A dataclass field restricted to the given values (the default among them)."""
    values = (default, *(v for v in allowed if v != default))
    return dataclasses.field(default=default, metadata={"choices": values})


def collection(default: frozenset[str], universe: frozenset[str]) -> Any:
    """A field holding a subset of a fixed universe of names (e.g. allowed contracts)."""
    return dataclasses.field(default=default, metadata={"universe": universe})


@dataclasses.dataclass(frozen=True)
class RuleOptions:
    """Base of every game's options: a preset name plus validated overrides."""

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    GAME: ClassVar[str] = ""

    preset: str = ""

    @classmethod
    @functools.cache
    def default(cls) -> Self:
        """The default preset, built once per class (a game takes it for every deal)."""
        return cls.from_preset()

    @classmethod
    def from_preset(cls, preset: str | None = None, **overrides: Any) -> Self:
        """The named preset (default: the game's first preset) with overrides applied."""
        name = preset or next(iter(cls.PRESETS))
        if name not in cls.PRESETS:
            known = ", ".join(cls.PRESETS)
            raise OptionsError(f"unknown {cls.GAME} preset {name!r}; known: {known}")
        values: dict[str, Any] = dict(cls.PRESETS[name])
        values.update(overrides)
        return cls._validated(name, values)

    @classmethod
    def _validated(cls, preset: str, values: dict[str, Any]) -> Self:
        fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "preset"}
        checked: dict[str, Any] = {}
        for key, value in values.items():
            if key not in fields:
                known = ", ".join(sorted(fields))
                raise OptionsError(f"unknown {cls.GAME} option {key!r}; known: {known}")
            checked[key] = _check_value(cls.GAME, fields[key], value)
        return cls(preset=preset, **checked)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset, JSON-ready (what a record stores)."""
        base = type(self).from_preset(self.preset)
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name != "preset" and value != getattr(base, f.name):
                out[f.name] = sorted(value) if isinstance(value, frozenset) else value
        return out


def _check_value(game: str, field: dataclasses.Field[Any], value: Any) -> Any:
    if "universe" in field.metadata:
        universe: frozenset[str] = field.metadata["universe"]
        words = value.split(",") if isinstance(value, str) else value
        items = frozenset(word.strip() for word in words if word.strip())
        unknown = sorted(items - universe)
        if unknown:
            raise OptionsError(
                f"{game} option {field.name}: unknown {', '.join(unknown)}; "
                f"known: {', '.join(sorted(universe))}"
            )
        return items
    default = field.default
    if isinstance(default, bool):
        value = _as_bool(game, field.name, value)
    elif isinstance(default, int) and not isinstance(value, bool):
        try:
            value = int(value)
        except (TypeError, ValueError):
            message = f"{game} option {field.name} takes a number, got {value!r}"
            raise OptionsError(message) from None
    elif isinstance(default, str) and not isinstance(value, str):
        raise OptionsError(f"{game} option {field.name} takes a word, got {value!r}")
    choices = field.metadata.get("choices")
    if choices is not None and value not in choices:
        allowed = ", ".join(str(c) for c in choices)
        raise OptionsError(f"{game} option {field.name} must be one of {allowed}; got {value!r}")
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise OptionsError(f"{game} option {field.name} must not be negative; got {value}")
    return value


def _as_bool(game: str, name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionsError(f"{game} option {name} is on or off, got {value!r}")


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """``name=value`` strings from the command line as a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise OptionsError(f"option {pair!r} is not of the form name=value")
        out[name.strip()] = value.strip()
    return out
