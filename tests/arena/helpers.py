"""Running `stich arena` in-process, and reading a results folder's match files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from stich.cli import command_app

__all__ = ["arena", "match_files", "verify_record"]

_app = command_app(["arena"])
_runner = CliRunner()


def arena(*args: str) -> Result:
    """`stich arena ARGS` in this process; stdout and stderr apart."""
    return _runner.invoke(_app, ["arena", *args])


def verify_record(path: Path) -> Result:
    """`stich record verify PATH`."""
    return _runner.invoke(_app, ["record", "verify", str(path)])


def match_files(out: Path) -> dict[str, Any]:
    """Each saved match record of a results folder by file name, without the random salt of
    its seed commitment (core/match.py: random on purpose, not derived from the seed)."""
    records = {}
    for path in sorted((out / "matches").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        records[path.name] = {key: value for key, value in record.items()
                              if key not in ("salt", "seed_commitment")}
    return records
