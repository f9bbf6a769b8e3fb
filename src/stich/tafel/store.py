"""A pad's JSON file (docs/tafel.md): its game, names, options and entries, saved atomically
after every entry; every total is recomputed from the entries when the file is read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stich.core.options import OptionsError, RuleOptions
from stich.core.records import RecordError, load_json, save_json
from stich.core.scoring.entry import EntryError
from stich.tafel.games import pad_class
from stich.tafel.pad import Pad

FORMAT = "stich-tafel/1"


class PadFileError(ValueError):
    """A pad file that cannot be read back (one line naming the problem)."""


def pad_data(pad: Pad) -> dict[str, Any]:
    """The file's content: what is needed to rebuild the pad, and its result for readers."""
    return {"format": FORMAT, **pad.to_json(), "result": pad.result_line()}


def save_pad(path: Path, pad: Pad) -> None:
    """Write the pad atomically: a crash leaves the previous version whole."""
    save_json(path, pad_data(pad))


def new_pad(game: str, names: list[str], preset: str | None = None,
            options: dict[str, Any] | None = None) -> Pad:
    """A pad for a game; PadFileError-free: EntryError or OptionsError name what is wrong."""
    try:
        cls = pad_class(game)
    except KeyError as error:
        raise EntryError(str(error.args[0])) from None
    chosen: RuleOptions | None = None
    overrides = dict(options or {})
    if game == "differenzler":
        overrides.setdefault("players", len(names))
    if preset or overrides:
        chosen = cls.OPTIONS.from_preset(preset, **overrides)
    return cls(names, chosen)


def pad_from_data(data: Any) -> Pad:
    """Rebuild a pad from its file's content, replaying every entry through the rules."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PadFileError(f"a pad file is a JSON object with format {FORMAT!r}")
    game, names, entries = data.get("game"), data.get("names"), data.get("entries")
    if not isinstance(game, str) or not isinstance(names, list) or not all(
            isinstance(n, str) for n in names):
        raise PadFileError("a pad file needs a string 'game' and a list of 'names'")
    if not isinstance(entries, list):
        raise PadFileError("a pad file needs a list 'entries'")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PadFileError("'options' must be a JSON object")
    try:
        pad = new_pad(game, names, data.get("preset") or None, options)
        pad.entries = list(entries)
        pad.rebuild()
    except (EntryError, OptionsError) as error:
        raise PadFileError(str(error)) from None
    return pad


def load_pad(path: Path) -> Pad:
    try:
        return pad_from_data(load_json(path))
    except (RecordError, PadFileError) as error:
        raise PadFileError(f"{path}: {error}") from None
