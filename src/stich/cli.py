"""The `stich` command line: one Typer app that mounts each front end's sub-app."""

from __future__ import annotations

import typer

from stich.tournament.cli import app as tournament_app

app = typer.Typer(
    name="stich",
    help="Schnapsen, Bauernschnapsen, Dreierschnapsen and Schieber Jass: play, verify, organise.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tournament_app, name="tournament")


def main() -> None:
    """Console-script entry point."""
    app()
