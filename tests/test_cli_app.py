"""`stich tournament` is registered lazily (issue 9, item 16) but always really there when asked
for, whatever command line built the app before (several in one process: the tests)."""

from __future__ import annotations

from typer.testing import CliRunner

from stich.cli import command_app


def test_tournament_commands_after_another_command_line() -> None:
    first = command_app(["play", "--help"])
    listed = CliRunner().invoke(first, ["--help"])
    assert "tournament" in listed.output
    app = command_app(["tournament", "--help"])
    shown = CliRunner().invoke(app, ["tournament", "--help"])
    assert shown.exit_code == 0 and "withdraw-round" in shown.output
    again = command_app(["play"])  # the real commands stay once loaded
    assert "withdraw-round" in CliRunner().invoke(again, ["tournament", "--help"]).output
