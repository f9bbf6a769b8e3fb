"""`stich tournament ...` commands: thin Typer wrappers around service.Tournament (the use
cases, over the questions of queries.Queries).

Each command opens the database, does one committed step and prints the outcome. Any refusal is
one line on stderr starting with "error:" and exit status 1, and nothing is changed; a mistyped
command line (an unknown option, `--cards abc`) is refused the same way.

Start-up is kept short: this module imports only Typer; the database layer (SQLAlchemy), the
tables (Rich) and the pages are imported inside the command that needs them.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

# Typer carries its own copy of Click: its parser raises these, not click's.
from typer._click.core import Context as ClickContext
from typer._click.exceptions import NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from stich.tournament.errors import TournamentError
from stich.tournament.location import DEFAULT_DB, ENV_VAR, EVENT_ENV_VAR, resolve_url

if TYPE_CHECKING:
    from rich.console import Console

    from stich.tournament.roster import RosterRow
    from stich.tournament.service import Recorded, Tournament
    from stich.tournament.snapshot import Snapshot

T = TypeVar("T")


class OneLineErrors(TyperGroup):
    """Usage mistakes (an unknown option, `--cards abc`, an extra argument) as one `error:` line
    and exit status 1, like every other refusal, instead of a usage box."""

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            if isinstance(exc, NoArgsIsHelpError):
                raise
            message = " ".join(exc.format_message().split())
            command = ctx.invoked_subcommand
            where = f" (stich tournament {command} --help)" if command else ""
            typer.echo(f"error: {message}{where}", err=True)
            raise typer.Exit(1) from None


app = typer.Typer(
    help="Run a Preisschnapsen, Swiss-system or round-robin tournament.",
    no_args_is_help=True,
    cls=OneLineErrors,
)

GroupDbOption = Annotated[
    str | None,
    typer.Option("--db", envvar=ENV_VAR, show_envvar=True,
                 help=f"Database file or SQLAlchemy URL (default: ./{DEFAULT_DB})"),
]
DbOption = Annotated[  # on each command too; it wins over the group's --db and the env var
    str | None,
    typer.Option("--db", help=f"Database file or SQLAlchemy URL (or ${ENV_VAR}) "
                 f"(default: ./{DEFAULT_DB})"),
]
GroupEventOption = Annotated[
    str | None,
    typer.Option("--event", "-e", envvar=EVENT_ENV_VAR, show_envvar=True,
                 help="Event name (default: the newest event)"),
]
EventOption = Annotated[
    str | None,
    typer.Option("--event", "-e", help="Event name (default: the newest event)"),
]
HtmlOption = Annotated[
    Path | None, typer.Option("--html", help="Also write a printable HTML page to this file.")
]
#: Commands taking numbers as arguments read "-5" as a number (and refuse it in one line), not
#: as an unknown option.
NUMBERS = {"ignore_unknown_options": True}


class _Ctx:
    def __init__(self, db: str | None, event: str | None) -> None:
        self.db = db
        self.event = event


@app.callback()
def _main(ctx: typer.Context, db: GroupDbOption = None,
          event: GroupEventOption = None) -> None:
    """Run a Preisschnapsen (T-1..T-4), Swiss-system or round-robin event (T-5).

    Every step is saved at once: stop the program at any time and carry on later.
    """
    ctx.obj = _Ctx(db, event)


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False, markup=False)


@contextmanager
def _tournament(ctx: typer.Context, db: str | None, create: bool = False) -> Iterator[Tournament]:
    """Open the store and turn every refusal into one line on stderr and exit status 1."""
    from stich.tournament.service import Tournament
    from stich.tournament.store import Store, StoreError

    parent: _Ctx = ctx.obj if isinstance(ctx.obj, _Ctx) else _Ctx(None, None)
    store: Store | None = None
    try:
        store = Store(resolve_url(db or parent.db), create=create)
        if not gc.isenabled():  # stich.cli.main held collections off while loading:
            gc.freeze()  # what is loaded lives to the end; collections never look at it
            gc.enable()
        yield Tournament(store)
    except (TournamentError, StoreError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    finally:
        if store is not None:
            store.close()


def _ev(ctx: typer.Context, event: str | None) -> str | None:
    parent: _Ctx | None = ctx.obj if isinstance(ctx.obj, _Ctx) else None
    return event or (parent.event if parent else None)


def _run(ctx: typer.Context, db: str | None, event: str | None,
         step: Callable[[Tournament, str | None], T], create: bool = False) -> T:
    """One step of a command: open the store, do ``step`` for the event (this command's
    --event, else the group's), close it; a refusal is one line on stderr and exit status 1."""
    with _tournament(ctx, db, create) as t:
        return step(t, _ev(ctx, event))


def _write(path: Path | None, page: str) -> None:
    if path is None:
        return
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"error: cannot write {path}: {exc.strerror}", err=True)
        raise typer.Exit(1) from None
    _console().print(f"wrote {path}")


# ------------------------------------------------------------------------------- events


@app.command()
def create(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Event name, e.g. 'Preisschnapsen Gmunden 2026'.")],
    fmt: Annotated[str, typer.Option("--format", help="preis, swiss or roundrobin.")] = "preis",
    cards: Annotated[int | None, typer.Option("--cards", "-n",
                                              help="Entry cards N, a power of two (T-1).")] = None,
    max_cards: Annotated[int, typer.Option("--max-cards", "-k",
                                           help="Cards one player may buy (T-1).")] = 3,
    bummerl: Annotated[int, typer.Option("--bummerl", help="Bummerl to win a match: 1, 2, 3."
                                         )] = 2,
    prizes: Annotated[int | None, typer.Option("--prizes", help="Number of prizes (default: 8)."
                                               )] = None,
    one_prize: Annotated[bool, typer.Option("--one-prize/--several-prizes",
                                            help="May one player win several prizes (T-4)?")
                         ] = False,
    deck: Annotated[str, typer.Option("--deck", help="french or german.")] = "french",
    rounds: Annotated[int | None, typer.Option("--rounds", help="Swiss: rounds to play "
                                               "(default: log2 of the field).")] = None,
    db: DbOption = None,
) -> None:
    """Create an event; it becomes the default event of the database."""
    from stich.tournament import tables

    snap = _run(ctx, db, None, lambda t, _: t.create(
        name, fmt=fmt, n_cards=cards, max_cards=max_cards, match_length=bummerl,
        prize_count=prizes, one_prize=one_prize, deck=deck, rounds=rounds), create=True)
    _console().print(f"created {snap.event.name!r}: {tables.settings_line(snap)}")


@app.command()
def configure(
    ctx: typer.Context,
    cards: Annotated[int | None, typer.Option("--cards", "-n", help="Entry cards N.")] = None,
    max_cards: Annotated[int | None, typer.Option("--max-cards", "-k")] = None,
    bummerl: Annotated[int | None, typer.Option("--bummerl")] = None,
    prizes: Annotated[int | None, typer.Option("--prizes")] = None,
    one_prize: Annotated[bool | None, typer.Option("--one-prize/--several-prizes")] = None,
    deck: Annotated[str | None, typer.Option("--deck")] = None,
    rounds: Annotated[int | None, typer.Option("--rounds")] = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Change an event's settings (only before round 1 is drawn)."""
    from stich.tournament import tables

    done = _run(ctx, db, event, lambda t, ev: t.configure(
        ev, n_cards=cards, max_cards=max_cards, match_length=bummerl, prize_count=prizes,
        one_prize=one_prize, deck=deck, rounds=rounds))
    snap = done.snapshot
    _console().print(f"{snap.event.name!r}: {tables.settings_line(snap)}")
    for warning in done.warnings:
        typer.echo(f"warning: {warning}", err=True)


@app.command()
def events(ctx: typer.Context, db: DbOption = None) -> None:
    """List the events in the database (the newest is the default)."""
    from stich.tournament import tables

    evs = _run(ctx, db, None, lambda t, _: t.events())
    _console().print(tables.events_table(evs))


# ------------------------------------------------------------------------- registration


@app.command()
def register(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Player name.")],
    cards: Annotated[int, typer.Option("--cards", "-c", help="Entry cards bought.")] = 1,
    bot: Annotated[str | None, typer.Option(
        "--bot", help="The entrant is a bot of this level (for `stich tournament play`).")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Register a player and the cards bought (until round 1 is drawn)."""
    from stich.core.scoring.ends import count
    from stich.tournament import tables

    snap = _run(ctx, db, event, lambda t, ev: t.register(ev, name, cards, bot))
    what = f", a {bot} bot" if bot else ""
    _console().print(f"registered {name} with {count(cards, 'card')}{what}; "
                     f"{tables.sold_line(snap)}")


@app.command("import")
def import_players(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(
        metavar="FILE.csv", help="name[,cards[,bot]] per row, with or without a header row "
                                 "(name, cards, bot or Name, Karten, Bot); UTF-8, Windows-1252 "
                                 "or UTF-16 (Unicode-Text), as Excel saves it.")],
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Register every player of a CSV file at once (all or none; until round 1 is drawn)."""
    from stich.core.scoring.ends import count
    from stich.tournament import tables
    from stich.tournament.roster import read_roster

    def step(t: Tournament, ev: str | None) -> tuple[list[RosterRow], Snapshot]:
        rows = read_roster(path)  # read once the store is open, as every step
        return rows, t.register_many(ev, [(r.name, r.cards, r.bot) for r in rows],
                                     [r.where for r in rows])

    rows, snap = _run(ctx, db, event, step)
    _console().print(f"registered {count(len(rows), 'player')} from {path}; "
                     f"{tables.sold_line(snap)}")


@app.command("cards", context_settings=NUMBERS)
def set_cards(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Player name.")],
    count: Annotated[int, typer.Argument(help="New number of cards.")],
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Change how many cards a registered player holds (until round 1 is drawn)."""
    from stich.core.scoring.ends import count as counted
    from stich.tournament import tables

    snap = _run(ctx, db, event, lambda t, ev: t.set_cards(ev, name, count))
    _console().print(f"{tables.registered_name(snap, name)} now holds "
                     f"{counted(count, 'card')}; "
                     f"{tables.sold_line(snap)}")


@app.command()
def withdraw(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Player name.")],
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Withdraw a player and the cards bought (until round 1 is drawn)."""
    from stich.tournament import tables

    snap = _run(ctx, db, event, lambda t, ev: t.withdraw(ev, name))
    _console().print(f"withdrew {tables.registered_name(snap, name)}; "
                     f"{tables.sold_line(snap)}")


@app.command()
def players(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """List the registered players and their cards."""
    from stich.tournament import tables

    snap = _run(ctx, db, event, lambda t, ev: t.snapshot(ev))
    console = _console()
    console.print(tables.players_table(snap))
    console.print(tables.sold_line(snap))


# -------------------------------------------------------------------------------- draws


@app.command()
def draw(
    ctx: typer.Context,
    seed: Annotated[str | None, typer.Option("--seed", help="Seed for the draw, a whole number "
                                             "(default: a fresh one, recorded).")] = None,
    html_path: HtmlOption = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Draw the next round (T-2 for round 1, T-3 and T-4 after) and show its pairings."""
    from stich.core.scoring.ends import count
    from stich.tournament import html, tables

    def step(t: Tournament, ev: str | None) -> Snapshot:
        if seed is not None and not seed.strip().isdigit():
            raise TournamentError(f"seed {seed!r} is not a whole number from 0 up")
        return t.draw(ev, int(seed) if seed is not None else None)

    snap = _run(ctx, db, event, step)
    d = snap.draws[-1]
    extra = ""
    if snap.is_knockout and d.round == 1:
        extra = (f", {count(d.put_backs, 'number')} put back, "
                 f"{count(d.redraws, 'redraw')}")
    console = _console()
    console.print(f"round {d.round} drawn with seed {d.seed}{extra}")
    console.print(tables.pairings_table(snap, d.round))
    _write(html_path, html.pairings_page(snap, d.round))


@app.command(context_settings=NUMBERS)
def pairings(
    ctx: typer.Context,
    round_no: Annotated[int | None, typer.Argument(metavar="ROUND",
                                                   help="Round (default: the latest).")] = None,
    by_player: Annotated[bool, typer.Option(
        "--by-player", help="One line per player, alphabetically: for the wall.")] = False,
    html_path: HtmlOption = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Show (and print) the pairing list of a round, by match or alphabetically by player."""
    from stich.tournament import html, tables

    snap, r = _run(ctx, db, event, lambda t, ev: t.round_shown(ev, round_no))
    if by_player:
        _console().print(tables.by_player_table(snap, r))
        _write(html_path, html.by_player_page(snap, r))
    else:
        _console().print(tables.pairings_table(snap, r))
        _write(html_path, html.pairings_page(snap, r))


@app.command("withdraw-round", context_settings=NUMBERS)
def withdraw_round(
    ctx: typer.Context,
    round_no: Annotated[int | None, typer.Argument(
        metavar="ROUND", help="The latest round (default); it must have no result yet.")] = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Take back the latest draw while it has no result (T-5), e.g. to correct a result.

    Then correct, and draw the round again from a new seed. The withdrawn seed stays in the
    audit."""
    from stich.core.scoring.ends import count

    gone, snap = _run(ctx, db, event, lambda t, ev: t.withdraw_round(ev, round_no))
    console = _console()
    console.print(f"withdrew round {gone.round_no} (seed {gone.seed}, "
                  f"{count(gone.pairings, 'pairing')}); take down its pairing list")
    console.print(f"next: {snap.next_step()}")


@app.command()
def bracket(ctx: typer.Context, html_path: HtmlOption = None, db: DbOption = None,
            event: EventOption = None) -> None:
    """Show (and print) every round with its results."""
    from stich.tournament import html, tables

    snap = _run(ctx, db, event, lambda t, ev: t.snapshot(ev))
    console = _console()
    for r in range(1, snap.rounds + 1):
        console.print(tables.pairings_table(snap, r))
    if not snap.rounds:
        console.print("no round drawn yet")
    _write(html_path, html.bracket_page(snap))


# ------------------------------------------------------------------------------ results


def _pairs(items: list[str] | None) -> list[tuple[int, str]]:
    if not items or len(items) % 2:
        raise TournamentError("give results as pairs: MATCH SCORE [MATCH SCORE ...], e.g. 12 2:1")
    out = []
    for no, score in zip(items[::2], items[1::2], strict=True):
        if no.startswith("-") and no[1:].isdigit():
            raise TournamentError(f"match number {no} is negative: matches are numbered from 1")
        if not no.isdigit():
            raise TournamentError(f"{no!r} is not a match number")
        out.append((int(no), score))
    return out


ResultsArg = Annotated[list[str] | None, typer.Argument(
    metavar="MATCH SCORE",
    help="Match number and Bummerl score, first-named player first, e.g. 12 2:1.")]


@app.command(context_settings=NUMBERS)
def result(ctx: typer.Context, items: ResultsArg = None, db: DbOption = None,
           event: EventOption = None) -> None:
    """Enter match results (all or none are saved)."""
    _results(ctx, items, db, event, correct=False)


@app.command(context_settings=NUMBERS)
def correct(ctx: typer.Context, items: ResultsArg = None, db: DbOption = None,
            event: EventOption = None) -> None:
    """Correct results already entered, while the next round is not drawn."""
    _results(ctx, items, db, event, correct=True)


def _results(ctx: typer.Context, items: list[str] | None, db: str | None, event: str | None,
             correct: bool) -> None:
    def step(t: Tournament, ev: str | None) -> tuple[Recorded, Snapshot]:
        return t.enter_results(ev, _pairs(items), correct=correct), t.snapshot(ev)

    done, snap = _run(ctx, db, event, step)
    console = _console()
    verb = "corrected" if correct else "recorded"
    for m in done.unchanged:
        console.print(f"match {m.no} unchanged: it already has the result {m.score_text()}")
    for m in done.changed:
        winner = m.a if m.winner == m.a.id else m.b
        assert winner is not None
        won = m.result_for(winner.id).removeprefix("won ")  # the winner's Bummerl first
        console.print(f"{verb} match {m.no}: {m.a.label} {m.score_text()} "
                      f"{m.b.label if m.b else ''} - {winner.label} wins {won}")
    console.print(f"next: {snap.next_step()}")


# ---------------------------------------------------------------------------- bot events


@app.command()
def play(
    ctx: typer.Context,
    bot: Annotated[str | None, typer.Option(
        "--bot", help="Bot level for every player registered without one (levels: those of "
                      "`stich.bots` for Schnapsen, e.g. rules, random).")] = None,
    nodes: Annotated[int | None, typer.Option(
        "--nodes", help="Search budget per move for the levels that take one; recorded "
                        "with every result.")] = None,
    play_all: Annotated[bool, typer.Option(
        "--all", help="Draw and play round after round until the event is finished.")] = False,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", help="Play this many rounds, drawing between them.")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed the draws this command makes (default: fresh ones, recorded)."
    )] = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Play a round with bots and write the results as the platform (T-5).

    Plays the open matches, or draws the next round and plays it; --all or --rounds N go on.
    Each match is seeded from its round's recorded draw seed. Knockout, Swiss, round robin."""
    console = _console()
    snap = _run(ctx, db, event, lambda t, ev: t.play(
        ev, level=bot, nodes=nodes, rounds=rounds, play_all=play_all, seed=seed,
        note=console.print))
    console.print(f"next: {snap.next_step()}")


# ------------------------------------------------------------------------------- status


@app.command()
def status(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """Where the event stands: open matches, who holds how many cards, what comes next."""
    from stich.tournament import tables

    snap = _run(ctx, db, event, lambda t, ev: t.snapshot(ev))
    console = _console()
    console.print(f"{snap.event.name}: {tables.settings_line(snap)}", style="bold")
    console.print(f"state: {snap.phase()}")
    if snap.open_matches:
        console.print(tables.open_matches_table(snap))
    if snap.is_knockout:
        console.print(tables.holdings_table(snap))
    elif snap.standings:
        console.print(tables.standings_table(snap))
    console.print(f"next: {snap.next_step()}")


@app.command()
def player(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Player name, or its start if only one name "
                                        "starts so.")],
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """One player's cards, open matches (number, opponent) and results so far."""
    from stich.tournament import tables

    snap, who = _run(ctx, db, event, lambda t, ev: t.player(ev, name))
    console = _console()
    for table in tables.player_tables(snap, who):
        console.print(table)
    console.print(tables.player_line(snap, who))


@app.command()
def prizes(ctx: typer.Context, html_path: HtmlOption = None, db: DbOption = None,
           event: EventOption = None) -> None:
    """The prize list: place, player and the deciding match (T-4)."""
    from stich.tournament import html, tables

    snap = _run(ctx, db, event, lambda t, ev: t.snapshot(ev))
    _console().print(tables.prizes_table(snap))
    _write(html_path, html.prizes_page(snap))


@app.command("standings")
def standings_cmd(ctx: typer.Context, html_path: HtmlOption = None, db: DbOption = None,
                  event: EventOption = None) -> None:
    """Swiss and round-robin standings with tie-breaks."""
    from stich.tournament import html, tables

    snap = _run(ctx, db, event, lambda t, ev: t.standings(ev))
    _console().print(tables.standings_table(snap))
    _write(html_path, html.standings_page(snap))


@app.command("backup")
def backup_cmd(
    ctx: typer.Context,
    target: Annotated[Path, typer.Argument(
        metavar="FILE", help="The copy to make: a new file, or a folder to put a dated copy in "
                             "(a USB stick, say).")],
    db: DbOption = None,
) -> None:
    """Copy the database safely, even while another command runs (SQLite's online backup).

    Make one before the first draw and after every round's results, onto another disk.

    A PostgreSQL database is backed up with pg_dump: the command prints the line to run."""
    from stich.tournament.backup import backup
    from stich.tournament.store import StoreError

    parent: _Ctx = ctx.obj if isinstance(ctx.obj, _Ctx) else _Ctx(None, None)
    try:
        done = backup(resolve_url(db or parent.db), target)
    except StoreError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(done)  # not wrapped: the paths stay whole


@app.command()
def audit(ctx: typer.Context, db: DbOption = None, event: EventOption = None) -> None:
    """Replay every draw from its recorded seed and check it gives the stored pairings."""
    from stich.core.scoring.ends import count

    lines = _run(ctx, db, event, lambda t, ev: t.audit(ev))
    console = _console()
    for line in lines:
        verdict = "withdrawn" if line.withdrawn else "ok" if line.ok else "MISMATCH"
        console.print(f"round {line.round}: {verdict}: {line.text}")
    bad = [line for line in lines if not line.ok]
    if bad:
        typer.echo(f"error: audit failed in {count(len(bad), 'place')}", err=True)
        raise typer.Exit(1)
    replayed = sum(1 for line in lines if not line.withdrawn)
    console.print(f"audit passed: {count(replayed, 'draw')} replayed identically")
