"""`stich tournament ...` commands."""

from __future__ import annotations

import typer

app = typer.Typer(help="Run a Preisschnapsen, Swiss-system or round-robin tournament.", no_args_is_help=True)
