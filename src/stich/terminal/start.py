"""Starting `stich play`: check everything the person asked for before the first deal.

Every problem (an unknown game, deck, preset or bot, a save path that cannot be written, a
file to resume that is not a match this program saved) becomes one :class:`StartError` line;
nothing is dealt and no file is touched until all is well.
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path
from typing import Any

from stich.core.card_names import Deck
from stich.core.dealing import derive_seed, fresh_seed
from stich.core.match import Match
from stich.core.options import OptionsError, RuleOptions, parse_option_pairs
from stich.core.records import RecordError, load_json
from stich.games import canonical_name, game_class, match_class
from stich.terminal.games import VIEWS
from stich.terminal.words import count


class StartError(Exception):
    """What is wrong with the command line, in one line."""


@dataclasses.dataclass(frozen=True)
class PlayRequest:
    """The options of `stich play`, as typed."""

    game: str | None
    vs: str
    preset: str | None
    options: list[str]
    seed: int | None
    deck: str | None
    name: str
    save: Path | None
    resume: Path | None
    auto_claim: bool
    wait: bool
    records_dir: Path
    nodes: int | None = None
    """Search budget per decision for the bots that search (pimc)."""
    think_ms: float | None = None
    """Thinking time per decision, converted to a node budget (pimc)."""
    names: str | None = None
    """The other players' names, comma-separated, in playing order after the person."""


@dataclasses.dataclass
class Prepared:
    """A match ready to play: where it is saved, and the deal in progress when resumed."""

    game: str
    match: Match
    deck: Deck
    path: Path
    resumed: list[tuple[int, str]] | None = None


def choose_deck(game: str, deck: str | None) -> Deck:
    if deck is None:
        return VIEWS[game][1]
    try:
        return Deck(deck.lower())
    except ValueError:
        raise StartError(f"unknown deck {deck!r}; decks: "
                         f"{', '.join(d.value for d in Deck)}") from None


def playable_game(game: str | None) -> str:
    if game is None:
        raise StartError("name the game to play (schnapsen, jass, bauernschnapsen, "
                         "dreierschnapsen) or --resume a saved match")
    name = canonical_name(game.lower())
    if name not in VIEWS:
        raise StartError(f"no terminal play for {game!r}; playable: {', '.join(sorted(VIEWS))}")
    return name


def new_match(request: PlayRequest) -> Prepared:
    game = playable_game(request.game)
    try:
        options = game_class(game).OPTIONS.from_preset(
            request.preset, **parse_option_pairs(request.options))
    except (OptionsError, ValueError) as error:
        raise StartError(str(error)) from None
    seed = fresh_seed() if request.seed is None else request.seed
    names = seat_names(game, request)
    match = match_class(game)(names, seed, options)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = request.save or fresh_path(request.records_dir, f"{game}-{stamp}-{seed}")
    deck = check_choices(request, game, options)
    check_path(path, resuming=False)
    return Prepared(game, match, deck, path)


def resumed_match(request: PlayRequest, resume: Path) -> Prepared:
    """The saved match in ``resume``, replayed through the rules, with its deal in progress."""
    from stich.terminal.session import resume_actions

    if (request.preset is not None or request.options or request.seed is not None
            or request.names is not None):
        raise StartError("--resume takes the preset, options, seed and names from the saved "
                         "match")
    try:
        data: Any = load_json(resume)
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise RecordError("not a match record saved by stich play")
        game = playable_game(data["game"])
        if request.game is not None and playable_game(request.game) != game:
            raise RecordError(f"it holds a {game} match, not {request.game}")
        match = match_class(game).from_record(data)
        if match.is_over():
            raise RecordError("that match is over; nothing to resume")
        if match.seed is None:
            raise RecordError("it keeps no seed to deal from (resume reads the file play "
                              "saved, not a record shared with others)")
        resumed = resume_actions(match, data.get("unfinished_deal"))
    except RecordError as error:
        raise StartError(f"{resume}: {error}") from None
    path = request.save or resume
    deck = check_choices(request, game, match.options)
    check_path(path, resuming=path == resume)
    return Prepared(game, match, deck, path, resumed)


def seat_names(game: str, request: PlayRequest) -> list[str]:
    """The person's name, then the others': ``--names`` in playing order, or where each sits
    (Partner, Left, Right with four or three; the bot's name with two)."""
    from stich.terminal.games import view_class

    seats = game_class(game).SEATS
    if request.names is None:
        others = list(view_class(game).SEAT_NAMES) or [request.vs.capitalize()]
    else:
        others = [name.strip() for name in request.names.split(",")]
        wanted = seats - 1
        if len(others) != wanted or not all(others):
            raise StartError(f"--names needs {count(wanted, 'name')} for {game}, comma-"
                             f"separated, in playing order after you; got {request.names!r}")
    names = [request.name.strip(), *others]
    if not names[0]:
        raise StartError("--name must not be empty")
    if len(set(names)) < len(names):
        raise StartError(f"every player needs a name of his own; got {', '.join(names)}")
    return names


def fresh_path(folder: Path, stem: str) -> Path:
    """A file name in ``folder`` that no saved match uses yet."""
    path, number = folder / f"{stem}.json", 2
    while path.exists():
        path, number = folder / f"{stem}-{number}.json", number + 1
    return path


def check_path(path: Path, resuming: bool) -> None:
    from stich.terminal.session import check_save_path

    problem = check_save_path(path, resuming)
    if problem is not None:
        raise StartError(f"cannot save there: {problem}")


def check_choices(request: PlayRequest, game: str, options: RuleOptions) -> Deck:
    """The deck to show; StartError for a deck that does not exist or an auto-claim the
    rules do not allow (S-8 allows it as a convenience in soft Schnapsen only, S-11)."""
    deck = choose_deck(game, request.deck)
    if request.auto_claim and (game != "schnapsen" or not getattr(options, "trick_review",
                                                                  False)):
        raise StartError("--auto-claim is for Schnapsen with the soft preset (S-8; never in "
                         "sharp, S-11)")
    return deck


def start_play(request: PlayRequest) -> bool:
    """Check the request, then play the match; True if it was played to its end."""
    from rich.console import Console

    from stich.bots import make_bot
    from stich.terminal.games import view_class
    from stich.terminal.session import play_match

    prepared = (resumed_match(request, request.resume) if request.resume is not None
                else new_match(request))
    game, match = prepared.game, prepared.match
    seed = match.seed if match.seed is not None else 0
    try:
        if (request.nodes or 1) < 1 or (request.think_ms or 1) <= 0:
            raise ValueError("--nodes and --think-ms must be above 0")
        bots = [make_bot(game, request.vs, derive_seed(seed, "bot", seat), nodes=request.nodes,
                         think_ms=request.think_ms)
                for seat in range(1, len(match.seats))]
    except ValueError as error:
        raise StartError(str(error)) from None
    console = Console(highlight=False)
    how = f"resumed from {request.resume}" if request.resume else f"seed {match.seed}"
    console.print(f"{game.capitalize()}, preset {match.options.preset}, {how}. "
                  "Keys: numbers play cards, ? lists every key, q quits. "
                  "Rules: docs/rules/.")
    whose = "the bot's hand" if len(bots) == 1 else "the bots' hands"
    console.print(f"The other seats are {request.vs} bots: {', '.join(match.seats[1:])}. "
                  f"The match is saved in {prepared.path} after every deal and when you stop; "
                  f"the file holds {whose}: opening it spoils the deal.")
    view = view_class(game)(match.seats, prepared.deck)
    for line in view.match_intro(match):
        console.print(line)
    return play_match(match, view, 0, bots, prepared.path, console, console.input,
                      wait=request.wait, auto_claim=request.auto_claim,
                      resumed=prepared.resumed)
