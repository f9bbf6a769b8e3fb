"""The `stich` command line: play, verify records, pit bots against each other, tournaments."""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    name="stich",
    help="Schnapsen, Bauernschnapsen, Dreierschnapsen and Schieber Jass: play, verify, organise.",
    no_args_is_help=True,
    add_completion=False,
)
record_app = typer.Typer(help="Deal and match records (notation.md).", no_args_is_help=True)
app.add_typer(record_app, name="record")

OptionPairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as name=value (repeatable)."),
]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=1)


def _records_dir() -> Path:
    base = os.environ.get("STICH_HOME") or os.environ.get("XDG_DATA_HOME")
    root = Path(base) / "stich" if base else Path.home() / ".local" / "share" / "stich"
    return root / "records"


@app.command()
def play(
    game: Annotated[str, typer.Argument(
        help="schnapsen, jass, bauernschnapsen or dreierschnapsen.")],
    vs: Annotated[str, typer.Option(help="The bot to play against (rules, random).")] = "rules",
    preset: Annotated[str | None, typer.Option(
        help="Rule preset: soft, sharp, tournament (Schnapsen); standard, swisslos, "
             "turnier (Jass); standard, club (Bauern-, Dreierschnapsen).")] = None,
    option: OptionPairs = None,
    seed: Annotated[int | None, typer.Option(help="Deal seed: same seed, same game.")] = None,
    deck: Annotated[str | None, typer.Option(help="Card pictures: french, german, swiss.")] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    save: Annotated[Path | None, typer.Option(help="Where to save the match record.")] = None,
) -> None:
    """Play a whole match against bots in the terminal."""
    from rich.console import Console

    from stich.bots import make_bot
    from stich.core.card_names import Deck
    from stich.core.dealing import derive_seed, fresh_seed
    from stich.core.options import OptionsError, parse_option_pairs
    from stich.core.registry import game_class, match_class
    from stich.terminal.games import VIEWS, view_class
    from stich.terminal.session import play_match

    if game not in VIEWS:
        raise _fail(f"no terminal play for {game!r}; playable: {', '.join(sorted(VIEWS))}")
    try:
        options = game_class(game).OPTIONS.from_preset(preset, **parse_option_pairs(option or []))
        chosen_deck = Deck(deck) if deck else VIEWS[game][1]
    except (OptionsError, ValueError) as error:
        raise _fail(str(error)) from None
    seed = fresh_seed() if seed is None else seed
    seats = game_class(game).SEATS
    try:
        bots = [make_bot(game, vs, derive_seed(seed, "bot", seat)) for seat in range(1, seats)]
    except ValueError as error:
        raise _fail(str(error)) from None
    names = [name] + [f"{vs.capitalize()} {seat}" if seats > 2 else vs.capitalize()
                      for seat in range(1, seats)]
    match = match_class(game)(names, seed, options)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = save or _records_dir() / f"{game}-{stamp}-{seed}.json"
    console = Console(highlight=False)
    console.print(f"{game.capitalize()}, preset {options.preset}, seed {seed}. "
                  "Keys: numbers play cards, ? lists every key, q quits.")
    view = view_class(game)(names, chosen_deck)
    play_match(match, view, 0, bots, path, console, console.input)


@record_app.command("verify")
def verify(path: Annotated[Path, typer.Argument(help="A deal or match record (JSON).")]) -> None:
    """Replay a record through the rules; print its result as JSON or say what is wrong."""
    from stich.core.records import MATCH_FORMAT, DealRecord, RecordError, load_json
    from stich.core.registry import match_class
    from stich.core.replay import replay

    try:
        data = load_json(path)
        if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
            game = data.get("game")
            if not isinstance(game, str):
                raise RecordError("a match record needs a string 'game'")
            try:
                cls = match_class(game)
            except KeyError as error:
                raise RecordError(str(error.args[0])) from None
            match = cls.from_record(data)
            out = {"game": match.GAME, "deals": len(match.deals), "match": match.state(),
                   "seed_commitment": match.commitment_status}
        else:
            replayed = replay(DealRecord.from_dict(data))
            result = replayed.result()
            out = (result.to_dict() if result
                   else {"result": None, "to_act": replayed.current_player()})
    except RecordError as error:
        raise _fail(f"{path}: {error}") from None
    typer.echo(json.dumps(out))


@record_app.command("board")
def board(
    path: Annotated[Path, typer.Argument(help="A Jass game record (JSON).")],
    svg: Annotated[Path | None, typer.Option(help="Write the board as SVG to this file.")] = None,
) -> None:
    """Replay a Jass game record and draw each team's Z (J-8): as text, or as SVG."""
    from stich.core.records import RecordError, load_json
    from stich.core.scoring.jass_board import render_svg, render_text
    from stich.jass.match import JassMatch

    try:
        match = JassMatch.from_record(load_json(path))
    except RecordError as error:
        raise _fail(f"{path}: {error}") from None
    teams = [f"{match.seats[a]} & {match.seats[b]}" for a, b in match.game_class.TEAMS]
    boards = list(zip(teams, match.boards(), strict=True))
    if svg is None:
        for title, z in boards:
            typer.echo(render_text(z, title, match.options.target) + "\n")
        return
    svg.write_text(render_svg(boards, match.options.target), encoding="utf-8")
    typer.echo(f"board written to {svg}")


@app.command()
def arena(
    game: Annotated[str | None, typer.Argument(
        help="The game, e.g. schnapsen (with --resume: the saved run's).")] = None,
    a: Annotated[str | None, typer.Argument(help="Bot A, e.g. rules.")] = None,
    b: Annotated[str | None, typer.Argument(help="Bot B, e.g. random.")] = None,
    matches: Annotated[int | None, typer.Option(
        help="Whole matches to play [default: 200; with --resume: the saved run's].")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed for every deal and bot [default: 1].")] = None,
    preset: Annotated[str | None, typer.Option(help="Rule preset.")] = None,
    option: OptionPairs = None,
    nodes: Annotated[int | None, typer.Option(
        help="Search budget for the bots that take one; results depend only on seed and "
             "budget.")] = None,
    jobs: Annotated[int | None, typer.Option(
        help="Worker processes (Ray: local CPUs) [default: all cores].")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Results folder: each match record is saved there as it ends; rerunning with "
             "it plays only the matches not saved yet.")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Go on with the run saved in this results folder (its game, bots, seed, rules "
             "and budget).")] = None,
    backend: Annotated[str, typer.Option(
        help="processes, or ray (extra dist): same matches, same results.")] = "processes",
    address: Annotated[str | None, typer.Option(
        help="Ray cluster address [default: a local Ray].")] = None,
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress",
        help="Progress bar with running win rates on stderr [default: when a terminal].")] = None,
) -> None:
    """Pit two bots against each other over seeded matches, each played both ways round."""
    from stich.arena.backends import BackendError
    from stich.arena.command import ArenaInterrupted, ArenaRequest, run_request
    from stich.core.options import OptionsError

    request = ArenaRequest(game, a, b, matches, seed, preset, tuple(option or []), nodes, out,
                           resume)
    try:
        report = run_request(request, jobs=jobs, backend=backend, address=address,
                             progress=progress, note=lambda line: typer.echo(line, err=True))
    except (KeyError, OptionsError, ValueError, BackendError) as error:
        message = error.args[0] if isinstance(error, KeyError) else str(error)
        raise _fail(message) from None
    except ArenaInterrupted as stop:
        typer.echo(str(stop), err=True)
        raise typer.Exit(code=130) from None
    for line in report.lines():
        typer.echo(line)


TOURNAMENT_HELP = "Run a Preisschnapsen, Swiss-system or round-robin tournament."


def command_app(argv: list[str]) -> typer.Typer:
    """The app for a command line. `stich tournament` is registered with its real commands only
    when the command line asks for it: its database layer (SQLAlchemy, Alembic) is then
    imported, and every other command starts without it."""
    words = [word for word in argv if not word.startswith("-")]
    if any(group.name == "tournament" for group in app.registered_groups):
        return app
    if words[:1] == ["tournament"]:
        from stich.tournament.cli import app as tournament_app

        app.add_typer(tournament_app, name="tournament")
    else:
        app.add_typer(typer.Typer(help=TOURNAMENT_HELP), name="tournament")
    return app


def main() -> None:
    """Console-script entry point."""
    command_app(sys.argv[1:])()
