"""The `stich` command line: play, verify records, pit bots against each other, tournaments."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup


class _PlainHelp:
    """Help that shows no ``<bool>`` tag beside a flag: Typer writes each option's type
    (``<int>``, ``<bool>``), which for ``--help`` and ``--progress/--no-progress`` reads as if
    they took a value."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


class _PlainHelpCommand(_PlainHelp, TyperCommand):
    """A command whose help shows no ``<bool>`` tag beside flags."""


class _PlainHelpGroup(_PlainHelp, TyperGroup):
    """A group's own help, likewise."""


def reflow(doc: str | None) -> str | None:
    """A docstring's paragraphs each on one line: Typer's Rich help keeps a docstring's line
    breaks, which then fall mid-sentence once the help is wrapped to the terminal."""
    if doc is None:
        return None
    import inspect

    paragraphs = re.split(r"\n\s*\n", inspect.cleandoc(doc))
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


class _App(typer.Typer):
    """Every group and command with plain flags in the help, and docstrings re-flowed."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cls", _PlainHelpGroup)
        super().__init__(**kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        kwargs.setdefault("cls", _PlainHelpCommand)
        register = super().command(*args, **kwargs)

        def decorator(function: Any) -> Any:
            function.__doc__ = reflow(function.__doc__)
            return register(function)

        return decorator

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        kwargs.setdefault("cls", _PlainHelpGroup)
        register = super().callback(*args, **kwargs)

        def decorator(function: Any) -> Any:
            function.__doc__ = reflow(function.__doc__)
            return register(function)

        return decorator


app = _App(
    name="stich",
    help="Schnapsen, Bauernschnapsen, Dreierschnapsen and Schieber Jass: play, verify, organise.",
    no_args_is_help=True,
    add_completion=False,
)
record_app = _App(help="Deal and match records (notation.md).", no_args_is_help=True)
app.add_typer(record_app, name="record")


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        from stich.search import backend

        typer.echo(f"stich {version('stich')} (search: {backend()})")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True, metavar="",
        help="Print the version and the search path in use (native kernel or python).",
)] = False) -> None:
    """Schnapsen, Bauernschnapsen, Dreierschnapsen and Schieber Jass: play, verify, organise."""

RecordFile = Annotated[Path, typer.Argument(help="A deal or match record (JSON).")]
DealNumber = Annotated[int | None, typer.Option(
    help="The deal of a match record, numbered from 1 as play shows it (needed when it holds "
         "several).")]
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


RULES_DOCS = "docs/rules/ (schnapsen.md, bauernschnapsen.md, schieber.md, notation.md)"
FLAG = ""
"""The metavar of a flag: nothing beside it in the help."""


@app.command(epilog=f"The rules of every game: {RULES_DOCS}.")
def play(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help="schnapsen, jass, bauernschnapsen or dreierschnapsen "
                             "(with --resume: read from the file).", show_default=False)] = None,
    vs: Annotated[str | None, typer.Option(
        metavar="BOT", help="The bot to play against: expert (the default, the strongest), "
                            "pimc, pvpimc, ismcts, rules, random, or engine:COMMAND (an "
                            "outside engine, docs/engine-protocol.md).", show_default=False)
                  ] = None,
    nodes: Annotated[int | None, typer.Option(
        metavar="N", help="Search budget per decision for pimc and expert (nodes).")] = None,
    think_ms: Annotated[float | None, typer.Option(
        metavar="MS", help="Thinking time per decision for pimc and expert, as nodes.")] = None,
    preset: Annotated[str | None, typer.Option(
        metavar="NAME",
        help="Rule preset: soft, sharp, tournament (Schnapsen); standard, swisslos, "
             "turnier (Jass); standard, club (Bauern-, Dreierschnapsen).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help="A rule option (repeatable); see docs/rules/.")] = None,
    seed: Annotated[int | None, typer.Option(
        metavar="N", help="Deal seed: same seed, same game.")] = None,
    deck: Annotated[str | None, typer.Option(
        metavar="DECK", help="Card pictures and names: french, german, swiss.")] = None,
    name: Annotated[str, typer.Option(metavar="NAME", help="Your name at the table.")] = "You",
    names: Annotated[str | None, typer.Option(
        metavar="A,B,C", help="The other players' names, comma-separated, in playing order "
                              "after you (default: where they sit: Partner, Left, Right; "
                              "with two players the bot's name).")] = None,
    save: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Where to save the match record (a new file).")] = None,
    resume: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Go on with a match saved by play (its file is saved again).")
    ] = None,
    auto_claim: Annotated[bool, typer.Option(
        "--auto-claim", metavar=FLAG,
        help="Schnapsen, soft preset: claim for you once you have 66 (S-8).")] = False,
    wait: Annotated[bool, typer.Option(
        "--wait/--no-wait", metavar=FLAG,
        help="After each deal, wait for Enter before the next one.")] = True,
) -> None:
    """Play a whole match against bots in the terminal (? at the prompt lists every key)."""
    from stich.bots import PERSON_BOT
    from stich.terminal.start import PlayRequest, StartError, start_play

    request = PlayRequest(game, vs or PERSON_BOT, preset, option or [], seed, deck, name, save,
                          resume, auto_claim, wait, _records_dir(), nodes=nodes,
                          think_ms=think_ms, names=names)
    try:
        start_play(request)
    except StartError as error:
        raise _fail(str(error)) from None


@record_app.command("verify")
def verify(path: Annotated[Path, typer.Argument(help="A deal or match record (JSON).")]) -> None:
    """Replay a record through the rules; print its result as JSON or say what is wrong."""
    from stich.core.records import RecordError, load_json
    from stich.records import verify as verify_record

    try:
        out = verify_record(load_json(path))
    except RecordError as error:
        raise _fail(f"{path}: {error}") from None
    typer.echo(json.dumps(out))


@record_app.command("position")
def record_position(
    path: RecordFile,
    at: Annotated[int, typer.Option(
        help="The position before this action (0-based, as analyse --at counts).")],
    deal: DealNumber = None,
) -> None:
    """Print the position before an action of a recorded deal, for `stich solve`
    (docs/rules/notation.md)."""
    from stich.analysis.explain import deal_in, position_before
    from stich.core.records import RecordError, load_json

    try:
        dealt, _ = deal_in(load_json(path), deal)
        typer.echo(position_before(dealt, at).position())
    except (RecordError, ValueError) as error:
        raise _fail(f"{path}: {error}") from None


@record_app.command("board")
def board(
    path: Annotated[Path, typer.Argument(help="A Jass game record (JSON).")],
    svg: Annotated[Path | None, typer.Option(help="Write the board as SVG to this file.")] = None,
) -> None:
    """Replay a Jass game record and draw each team's Z (J-8): as text, or as SVG."""
    from stich.core.records import RecordError, load_json
    from stich.drawing import render_svg, render_text
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
    a: Annotated[str | None, typer.Argument(
        help="Bot A, e.g. rules, or expert@1M (a bot with its own node budget).")] = None,
    b: Annotated[str | None, typer.Argument(help="Bot B, e.g. random.")] = None,
    more: Annotated[list[str] | None, typer.Argument(
        metavar="[BOT]...", help="More bots, for a ladder only.", show_default=False)] = None,
    matches: Annotated[int | None, typer.Option(
        help="Whole matches to play (default 200; with --resume: the saved run's).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed for every deal and bot (default 1).")] = None,
    preset: Annotated[str | None, typer.Option(help="Rule preset.")] = None,
    option: OptionPairs = None,
    nodes: Annotated[int | None, typer.Option(
        help="Search budget for the bots that take one; results depend only on seed and "
             "budget.")] = None,
    jobs: Annotated[int | None, typer.Option(
        help="Worker processes (Ray: local CPUs), default all cores.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Results folder: each match record is saved there as it ends; rerunning with "
             "it plays only the matches not saved yet.")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Go on with the run saved in this results folder (its game, bots, seed, rules "
             "and budget).")] = None,
    backend: Annotated[str, typer.Option(
        help="processes, or ray (extra dist): same matches, same results.")] = "processes",
    address: Annotated[str | None, typer.Option(
        help="Ray cluster address (default: a local Ray).")] = None,
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress",
        help="Progress bar with running win rates on stderr (default: when a terminal).")] = None,
    deals: Annotated[int | None, typer.Option(
        help="A ladder's rounds: each pairing plays this many paired deals (default 20; "
             "in a ladder's folder: its own, or more).")] = None,
) -> None:
    """Pit two bots against each other over seeded matches, each played both ways round.

    `stich arena ladder GAME BOT BOT...` rates several bots instead: a round robin of paired
    deals, each bot's rating with its uncertainty (docs/arena.md); --deals rounds, --out keeps
    the results and the ratings, and a later run in the same folder goes on from them."""
    if game == "ladder":
        _ladder(a, [x for x in (b, *(more or [])) if x is not None], deals, seed, preset,
                option, nodes, jobs, out or resume)
        return
    if more:
        raise _fail(f"two bots, A and B; {len(more)} more given (a ladder takes more: "
                    "stich arena ladder GAME BOT...)")
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


def _ladder(game: str | None, bots: list[str], rounds: int | None, seed: int | None,
            preset: str | None, option: list[str] | None, nodes: int | None,
            jobs: int | None, out: Path | None) -> None:
    """`stich arena ladder`: play the pairings not played yet, print the ratings."""
    from stich.arena.backends import all_cores
    from stich.arena.ladder import LadderFolder, LadderPlan, merge_plans, run_ladder
    from stich.core.options import OptionsError, parse_option_pairs
    from stich.games import game_class
    from stich.ratings import RatingsError

    folder = LadderFolder(out) if out is not None else None
    try:
        saved = folder.plan() if folder is not None else None
        if game is None and saved is None:
            raise ValueError("give the game and two bots or more: stich arena ladder GAME "
                             "BOT BOT...")
        cls = game_class(game or (saved.game if saved else ""))
        if len(set(bots)) < 2 and saved is None:
            raise ValueError("a ladder needs two different bots or more")
        for bot in bots:
            if not bot.startswith("engine:"):
                from stich.bots import make_bot

                make_bot(cls.NAME, bot)
        if rounds is not None and rounds < 1:
            raise ValueError("--deals must be 1 or more")
        rounds = rounds or (saved.rounds if saved else 20)
        options = cls.OPTIONS.from_preset(preset, **parse_option_pairs(option or []))
        if saved is not None:  # what is not given again is the folder's
            options = saved.options if preset is None and not option else options
            seed = saved.seed if seed is None else seed
            nodes = saved.nodes if nodes is None else nodes
        asked = LadderPlan(cls.NAME, tuple(dict.fromkeys(bots)),
                           1 if seed is None else seed, options, rounds, nodes)
        plan = merge_plans(saved, asked) if saved is not None else asked
        if folder is None:
            import tempfile

            folder = LadderFolder(Path(tempfile.mkdtemp(prefix="stich-ladder-")))
        ratings = run_ladder(plan, folder, jobs or all_cores())
    except (KeyError, OptionsError, ValueError, RatingsError) as error:
        raise _fail(error.args[0] if isinstance(error, KeyError) else str(error)) from None
    pairs = len(plan.bots) * (len(plan.bots) - 1) // 2
    typer.echo(f"{plan.game}: ladder of {len(plan.bots)} bots, {plan.rounds} rounds of "
               f"{pairs} pairings, each pairing a paired deal (cards the same, seats "
               f"rotated); results and ratings in {folder.path}")
    for line in ratings.lines():
        typer.echo(line)


@app.command()
def analyse(
    record: RecordFile,
    at: Annotated[int, typer.Option(
        help="The action to explain: the position before it (0-based, as verify counts).")],
    deal: DealNumber = None,
    worlds: Annotated[int, typer.Option(
        help="Worlds to sample from what the seat knows (at most, with --nodes).")] = 20,
    nodes: Annotated[int | None, typer.Option(
        help="Stop sampling once the search has used this many nodes (at least one world), "
             "as the web replay's analysis does.")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the sampled worlds.")] = 1,
    deck: Annotated[str | None, typer.Option(
        metavar="DECK", help="Card names: french, german, swiss (default: the game's usual "
                             "deck, as play shows it).")] = None,
) -> None:
    """Each legal action at a position of a recorded deal with its value for the seat to act
    (averaged over sampled worlds, exact when every card is known)."""
    from stich.analysis.commands import AnalysisError, analyse_record
    from stich.games import canonical_name
    from stich.terminal.games import action_names
    from stich.terminal.start import StartError, choose_deck

    try:
        lines = analyse_record(record, at, deal=deal, worlds=worlds, nodes=nodes, seed=seed,
                               wording=lambda dealt: action_names(
                                   dealt.game, dealt.seats,
                                   choose_deck(canonical_name(dealt.game), deck)))
    except (StartError, AnalysisError) as error:
        raise _fail(str(error)) from None
    for line in lines:
        typer.echo(line)


@app.command()
def solve(position: Annotated[str, typer.Argument(
        help="A position string of any game (Game.position(), `stich record position`; "
             "older forms read too), in quotes.")]) -> None:
    """Solve a position with all cards known: each legal action's exact value, the principal
    line."""
    from stich.analysis.commands import AnalysisError, solve_position

    try:
        lines = solve_position(position)
    except AnalysisError as error:
        raise _fail(str(error)) from None
    for line in lines:
        typer.echo(line)


@app.command()
def tafel(
    game: Annotated[str | None, typer.Argument(
        help="schnapsen, bauernschnapsen, dreierschnapsen, jass, coiffeur or differenzler.")
    ] = None,
    names: Annotated[list[str] | None, typer.Argument(
        help="The players' names in seat order (partners sit opposite).")] = None,
    preset: Annotated[str | None, typer.Option(help="Rule preset.")] = None,
    option: OptionPairs = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved pad file.")] = None,
    file: Annotated[Path | None, typer.Option(help="Where to save the pad.")] = None,
    web: Annotated[bool, typer.Option(help="Serve the pad as a phone page.")] = False,
    host: Annotated[str, typer.Option(help="Address for --web.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port for --web.")] = 8024,
    html: Annotated[Path | None, typer.Option(
        help="Write the pad as a printable HTML sheet and stop.")] = None,
) -> None:
    """Score pad for a game played with real cards: Bummerl counter, race to 24, Jass board,
    Coiffeur table, Differenzler sheet. Saved after every entry."""
    from stich.core.options import OptionsError
    from stich.core.scoring.entry import EntryError
    from stich.tafel.command import open_pad
    from stich.tafel.store import PadFileError

    try:
        pad, path = open_pad(game, names or [], preset, option or [], resume, file,
                             _records_dir().parent)
    except (EntryError, OptionsError, PadFileError, ValueError) as error:
        raise _fail(str(error)) from None
    if html is not None:
        from stich.tafel.drawing import sheet_html

        html.write_text(sheet_html(pad), encoding="utf-8")
        typer.echo(f"sheet written to {html}")
        return
    if web:
        try:
            from stich.tafel.web import serve
        except ImportError:
            raise _fail("the phone page needs the web extra: pip install 'stich[web]'") from None
        serve(pad, path, host, port)
        return
    from stich.tafel.terminal import run

    run(pad, path)


@app.command()
def serve(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help="Address to listen on.")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        metavar="URL", help="postgresql://USER@HOST/DB or sqlite:///FILE "
                            "(default: web.db in the data folder).")] = None,
    away_after: Annotated[float, typer.Option(
        metavar="SECONDS", help="A person gone this long is replaced by a marked bot.")] = 60.0,
    bot_delay: Annotated[float, typer.Option(
        metavar="SECONDS", help="A bot's move waits this long, so people can follow.")] = 0.6,
    bot_workers: Annotated[int, typer.Option(
        metavar="N", help="Worker processes in which the bots think.")] = 2,
    deal_wait: Annotated[float, typer.Option(
        metavar="SECONDS", help="A finished deal stays this long unless everybody continues "
                                "(a table's owner may set another).")] = 20.0,
    expire_after: Annotated[float, typer.Option(
        metavar="SECONDS", help="A table that waits this long for its people expires.")
    ] = 86_400.0,
    redis_url: Annotated[str | None, typer.Option(
        metavar="URL", help="redis://HOST:6379: several servers share the lobby and route "
                            "each table to the one that holds it (docs/web.md).")] = None,
    bot_clock: Annotated[float, typer.Option(
        metavar="SECONDS", help="A bot account's time for a move at a table without a move "
                                "clock; then the away bot plays for it.")] = 10.0,
    bot_level: Annotated[str | None, typer.Option(
        metavar="LEVEL", help="The bot a person meets where he does not choose one (the "
                              "lobby's bot seats, the away bot, stand-ins): expert (the "
                              "default, the strongest), or a level every game has (rules, "
                              "pimc, ...).",
        show_default=False)] = None,
) -> None:
    """Play in the browser: tables for people and bots, private links, whole matches."""
    try:
        from stich.web.actor import Settings
        from stich.web.serve import serve as run_server
        from stich.web.store import StoreError
    except ImportError:
        raise _fail("stich serve needs the web extra: pip install -e '.[web]'") from None
    from stich.bots import PERSON_BOT, bot_names
    from stich.games import game_names

    level = bot_level or PERSON_BOT
    if missing := [g for g in game_names() if level not in bot_names(g)]:
        everywhere = set.intersection(*(set(bot_names(g)) for g in game_names()))
        raise _fail(f"--bot-level: no bot {level!r} for {', '.join(missing)}; every game has "
                    f"{', '.join(sorted(everywhere))}")
    settings = Settings(away_after=away_after, bot_delay=bot_delay, deal_wait=deal_wait,
                        expire_after=expire_after, bot_clock=bot_clock, bot_level=level)
    try:
        run_server(host, port, database_url, _records_dir().parent, settings, bot_workers,
                   redis_url)
    except StoreError as error:
        raise _fail(str(error)) from None


@app.command()
def engine(
    what: Annotated[str | None, typer.Argument(
        metavar="connect", help="connect: play as a bot account at the server at URL "
                                  "(docs/web.md, \"Bot accounts\").", show_default=False)
    ] = None,
    url: Annotated[str | None, typer.Argument(
        metavar="URL", help="connect: the server, http://HOST:PORT.", show_default=False)
    ] = None,
    bot: Annotated[str, typer.Option(
        metavar="LEVEL",
        help="The bot to serve: random, rules, pimc, pvpimc, ismcts or expert.")] = "rules",
    token: Annotated[str | None, typer.Option(
        metavar="TOKEN", help="connect: the bot account's API token (POST /api/bot/token); "
                              "else $STICH_BOT_TOKEN.")] = None,
    engine_command: Annotated[str | None, typer.Option(
        "--engine", metavar="COMMAND", help="connect: an outside engine plays instead of "
                                            "--bot (docs/engine-protocol.md).")] = None,
    seek: Annotated[bool, typer.Option(
        help="connect: ask for games at the tables that allow bot accounts.")] = False,
    games: Annotated[str | None, typer.Option(
        metavar="GAME,...", help="connect: only these games.")] = None,
    tables: Annotated[int, typer.Option(
        metavar="N", help="connect: play at up to N tables at once.")] = 1,
    nodes: Annotated[int | None, typer.Option(
        help="Search budget a decision for the bots that take one.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the bot's choices.")] = 0,
    serve_jasskit: Annotated[int | None, typer.Option(
        metavar="PORT", help="Serve every level on jass-kit's HTTP routes instead "
                             "(/LEVEL/action_trump, /LEVEL/action_play_card).")] = None,
    host: Annotated[str, typer.Option(
        metavar="ADDRESS", help="Address for --serve-jasskit.")] = "127.0.0.1",
) -> None:
    """Serve one of our bots over the engine protocol on standard input and output
    (docs/engine-protocol.md), for hosts in any language: `engine:stich engine --bot expert`;
    or, with --serve-jasskit, our Jass bots as a jass-kit player service (HSLU); or, with
    `connect URL --token T`, play as a bot account at a running `stich serve`."""
    from stich.bots import bot_names
    from stich.engine.serve import GAMES
    from stich.engine.serve import serve as run_engine

    if what is not None:
        if what != "connect" or url is None:
            raise _fail("stich engine takes 'connect URL' or no argument")
        _connect(url, token, bot, engine_command, seed, nodes, seek, games, tables)
        return

    if serve_jasskit is not None:
        from stich.engine.jasskit import serve as jasskit_server

        try:
            server = jasskit_server(serve_jasskit, host, seed, nodes)
        except OSError as error:
            raise _fail(f"cannot listen on {host}:{serve_jasskit}: "
                        f"{error.strerror or error}") from None
        typer.echo(f"stich's Jass bots as a jass-kit player service on "
                   f"http://{host}:{server.server_address[1]}/"
                   f"{{{','.join(bot_names('jass'))}}}", err=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
        return

    levels = sorted({level for game in GAMES for level in bot_names(game)})
    if bot not in levels:
        raise _fail(f"no bot {bot!r}; known: {', '.join(levels)}")
    raise typer.Exit(run_engine(bot, sys.stdin.buffer, sys.stdout.buffer, seed, nodes))


def _connect(url: str, token: str | None, bot: str, command: str | None, seed: int,
             nodes: int | None, seek: bool, games: str | None, tables: int) -> None:
    """`stich engine connect`: the bridge until it is stopped (Ctrl-C) or refused."""
    import asyncio

    from stich.bots import bot_names
    from stich.engine.connect import ConnectError, bridge_for
    from stich.engine.serve import GAMES

    token = token or os.environ.get("STICH_BOT_TOKEN")
    if not token:
        raise _fail("stich engine connect needs --token (or $STICH_BOT_TOKEN)")
    levels = sorted({level for game in GAMES for level in bot_names(game)})
    if command is None and bot not in levels:
        raise _fail(f"no bot {bot!r}; known: {', '.join(levels)}")
    wanted = [g.strip() for g in games.split(",") if g.strip()] if games else None
    if wanted and (unknown := [g for g in wanted if g not in GAMES]):
        raise _fail(f"no game {unknown[0]!r}; known: {', '.join(GAMES)}")
    if not 1 <= tables <= 8:
        raise _fail("--tables is 1 to 8")
    try:
        import websockets  # noqa: F401 - the web extra
    except ImportError:
        raise _fail("stich engine connect needs the web extra: pip install 'stich[web]'"
                    ) from None
    try:
        bridge = bridge_for(url, token, None if command else bot, command, seed, nodes, seek,
                            wanted, tables)
    except ConnectError as error:
        raise _fail(str(error)) from None
    try:
        code = asyncio.run(bridge.run())
    except KeyboardInterrupt:
        code = 0
    raise typer.Exit(code)


TOURNAMENT_HELP = "Run a Preisschnapsen, Swiss-system or round-robin tournament."


_TOURNAMENT_STUB = _App(help=TOURNAMENT_HELP)
"""Lists `stich tournament` in the help of other command lines, without its imports."""


def command_app(argv: list[str]) -> typer.Typer:
    """The app for a command line. `stich tournament` is registered with its real commands only
    when the command line asks for it: its database layer (SQLAlchemy, Alembic) is then
    imported, and every other command starts without it."""
    words = [word for word in argv if not word.startswith("-")]
    real = words[:1] == ["tournament"]
    groups = [group for group in app.registered_groups if group.name == "tournament"]
    if groups and (not real or groups[0].typer_instance is not _TOURNAMENT_STUB):
        return app
    app.registered_groups = [g for g in app.registered_groups if g.name != "tournament"]
    if real:
        from stich.tournament.cli import app as tournament_app

        app.add_typer(tournament_app, name="tournament")
    else:
        app.add_typer(_TOURNAMENT_STUB, name="tournament")
    return app


def main() -> None:
    """Console-script entry point."""
    if sys.argv[1:2] == ["tournament"]:
        import gc

        # A tournament command is short and its start-up is imports of long-lived objects:
        # no collections until it is loaded (stich.tournament.cli turns them back on).
        gc.disable()
    command_app(sys.argv[1:])()
