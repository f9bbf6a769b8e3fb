"""Running `stich record verify` on a record the test builds."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stich.cli import command_app

app = command_app(["tournament"])


def verify(tmp_path: Path, data: object) -> tuple[int, str]:
    """Write ``data`` (a record, or raw text) to a file and verify it: exit code and output."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    result = CliRunner().invoke(app, ["record", "verify", str(path)])
    return result.exit_code, result.output
