"""Playing a whole match at the terminal: the person's seat, bots at the others, the record.

The person is a :class:`Bot` like any other: it gets its observation, shows it, and reads a
key. After every action the person is told what his seat saw of it: its events
(docs/knowledge/), worded by the view. An action the rules allow but that is likely to cost
the deal (soft Schnapsen: a claim below 66, a close that cannot reach 66; S-7, S-8, S-11) is
asked about once before it is taken. The driver (``stich.play.driver``) checks the action; an
illegal one comes back through ``retry`` with the rule that forbids it, and the person chooses
again. The match
record is saved after every deal (atomically) and when the person stops (``q``, Ctrl-D or
Ctrl-C), with the deal in progress, so that ``stich play --resume`` goes on where it stopped;
that file holds the bots' hands in plain text (resuming needs them), as the start says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.cards import Card
from stich.core.game import Game, Illegal, IllegalActionError, Observation
from stich.core.match import Match
from stich.core.records import DealRecord, RecordError, save_json
from stich.play.driver import play_deal
from stich.terminal.prompt import (
    HELP_KEYS,
    LAY_DOWN,
    Choice,
    Quit,
    build_choices,
    read_choice,
)
from stich.terminal.view import GameView

WAIT_PROMPT = "Press Enter for the next deal (q stops): "
LAY_DOWN_KEY = re.compile(r"^[ke]?\s*(\d)\s*(\d)$")
"""``k12``/``e78``: both cards to lay down at once, by their numbers (a shortcut)."""


class TerminalPlayer(Bot):
    """A person at the keyboard."""

    NAME = "you"
    PERSON = True

    def __init__(self, console: Console, view: GameView, match: Match,
                 read_line: Callable[[str], str], auto_claim: bool = False) -> None:
        super().__init__()
        self.console, self.view, self.match, self.read_line = console, view, match, read_line
        self.auto_claim = auto_claim
        self._refused = False
        """The last action was refused: ask again without drawing the table anew."""
        self.game: Game | None = None
        """The deal in play, for the one check that asks before a costly action (its
        predicate reads only what the person may know: S-11)."""

    def read(self, prompt: str) -> str:
        """A line from the person; Quit on end of input (Ctrl-D) or an interrupt (Ctrl-C)."""
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def act(self, observation: Observation) -> Action:
        if not self._refused:
            self.console.print(self.view.table(observation, self.match))
        self._refused = False
        if self.auto_claim and self.view.auto_claim(observation):
            self.console.print(Text("Auto-claim: you have 66 (option --auto-claim, S-8)",
                                    style="bold green"))
            return Action("claim")
        hand = self.view.hand(observation)
        choices = build_choices(hand, observation.legal_actions, self.view.offered(),
                                self.view.action_key)
        laying = next((a.verb for a in observation.legal_actions if a.verb in LAY_DOWN), None)
        self.console.print(self._menu(choices, laying))
        picked: Card | None = None
        while True:
            line = self.read("> ")
            if line.strip().lower() in HELP_KEYS:
                self.console.print(self._help(choices, laying))
                continue
            if laying and (both := LAY_DOWN_KEY.match(line.strip().lower())):
                numbers = [int(n) for n in both.groups()]
                if all(1 <= n <= len(hand) for n in numbers):
                    return Action(laying, " ".join(hand[n - 1].name for n in numbers))
            try:
                action = read_choice(line, choices, self.view.deck)
            except ValueError as error:
                self.console.print(Text(str(error), style="yellow"))
                continue
            if laying is None or action.verb != "play" or action.card not in hand:
                if self._confirmed(action):
                    return action
                self.console.print(self._menu(choices, laying))
                continue
            if picked is None:
                picked = action.card
                self.console.print(Text("First card to lay down: ").append_text(
                    self.view.value_text(picked)).append(
                    "; now the second (the same number takes it back)", style="cyan"))
            elif action.card == picked:
                picked = None
                self.console.print(Text("Taken back: choose the first card again", style="cyan"))
            else:
                return Action(laying, f"{picked.name} {action.card.name}")

    def _confirmed(self, action: Action) -> bool:
        """Whether to take the action: asked once where the view warns of it."""
        warning = self.view.caution(self.game, action) if self.game is not None else None
        if warning is None:
            return True
        self.console.print(Text(f"Careful: {warning}", style="bold yellow"))
        return self.read(f"{action.verb.capitalize()} all the same? (y/N) ").strip().lower() in (
            "y", "yes", "j", "ja")

    def retry(self, action: Action, why: Illegal) -> bool:
        what = Text("play ") if action.verb == "play" else Text()
        self.console.print(Text.assemble(("Not allowed: ", "bold red"),
                                         what.append_text(self.view.action_text(action)), ": ",
                                         self.view.why_text(why)))
        self._refused = True
        return True

    def _menu(self, choices: Sequence[Choice], laying: str | None) -> Text:
        line = Text()
        if laying is not None:
            line.append("Lay down two cards face down: type their numbers one at a time "
                        "(or both, e.g. 12)   ", style="cyan")
        for choice in choices:
            if not choice.legal or (laying is not None and choice.action.verb == "play"):
                continue
            line.append(f"[{choice.key}] ", style="bold cyan")
            line.append_text(self.view.action_text(choice.action))
            line.append("   ")
        return line.append("[?] help  [q] quit", style="dim")

    def _help(self, choices: Sequence[Choice], laying: str | None) -> Table:
        """Every key of the game, marked where it applies now, then how to type cards and
        actions and what the game's words mean."""
        rows: dict[str, tuple[list[Text], bool]] = {}
        for choice in choices:  # a key several actions share (d: each doubling step) once
            now = choice.legal and not (laying and choice.action.verb == "play")
            texts, before = rows.get(choice.key, ([], False))
            rows[choice.key] = ([*texts, self.view.action_text(choice.action)], before or now)
        notes = []
        for key, text in self.view.help_notes():
            if key in rows:  # the note says more than the action's name: in its key's row
                rows[key] = ([Text(text)], rows[key][1])
            else:
                notes.append((key, text))
        table = Table(title="Keys", show_header=True)
        table.add_column("key")
        table.add_column("action")
        table.add_column("now")
        for key, (texts, now) in rows.items():
            table.add_row(key, Text(" / ").join(texts),
                          Text("✓ now", style="green") if now else Text("-", style="dim"))
        if laying is not None:
            table.add_row("1 … 8", f"{laying}: pick the two cards one at a time", "✓ now")
        table.add_row(*self.view.typing_help(), "")
        table.add_row("q", "quit: the match so far is saved (also Ctrl-D, Ctrl-C)", "")
        for key, text in notes:
            table.add_row(key, text, "")
        return table


def check_save_path(path: Path, resuming: bool = False) -> str | None:
    """What is wrong with saving the match record at ``path``, or None: checked before the
    first deal, so that nothing is played that could not be saved. An existing record is kept
    unless the match resumes from it."""
    if path.is_dir():
        return f"{path} is a folder; give a file name, e.g. {path / 'match.json'}"
    if path.exists() and not resuming:
        return (f"{path} already exists; go on with it (--resume {path}) or choose another "
                "file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"cannot make the folder {path.parent}: {error.strerror or error}"
    probe = path.with_name(path.name + ".tmp")
    try:
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as error:
        return f"cannot write in {path.parent}: {error.strerror or error}"
    return None


def resume_actions(match: Match, data: object) -> list[tuple[int, str]] | None:
    """The actions of a saved match's deal in progress (its ``unfinished_deal``), checked by
    replaying them on the match's next deal, which must be the same deal; None if there is
    none. RecordError if it is another deal or an action is illegal."""
    if data is None:
        return None
    record = DealRecord.from_dict(data)
    game = match.new_deal()
    expected = game.to_record(match.seats)
    if (record.hands, record.stock, record.dealer, record.trump_card) != (
            expected.hands, expected.stock, expected.dealer, expected.trump_card):
        raise RecordError("unfinished_deal is not this match's next deal")
    for number, (seat, action) in enumerate(record.actions):
        if seat != game.current_player():
            raise RecordError(f"unfinished_deal action {number} ({action}): seat {seat} is "
                              f"not to act")
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"unfinished_deal action {number}: {error}") from None
    return list(record.actions)


def play_match(match: Match, view: GameView, human_seat: int, bots: Sequence[Bot],
               save_path: Path, console: Console, read_line: Callable[[str], str],
               wait: bool = True, auto_claim: bool = False,
               resumed: Sequence[tuple[int, str]] | None = None) -> bool:
    """Play deals until the match ends or the person quits; True if it ended.

    ``wait``: after each deal, show how it ended and wait for Enter. ``resumed``: a deal in
    progress to finish first (``--resume``)."""
    person = TerminalPlayer(console, view, match, read_line, auto_claim)
    bot_iter = iter(bots)
    players = [person if seat == human_seat else next(bot_iter)
               for seat in range(match.game_class.SEATS)]

    def announce(seat: int, action: Action, game: Game) -> None:
        """What the person's seat saw of the action just taken: its events (docs/knowledge/),
        worded by the view with the person's observation, never from other seats' cards."""
        events = game.seat_events(human_seat, start=len(game.history) - 1)
        for line in view.announce(events, game.observation(human_seat)):
            console.print(line)

    while not match.is_over():
        game = match.new_deal()
        person.game = game
        view.new_deal()
        for player in players:
            player.see_match(match.state())  # the score, for bots that play to it
        if resumed is not None:  # the driver shows the bots their earlier turns (watch)
            for _seat, action in resumed:
                game.apply(action)
            resumed = None
        try:
            play_deal(game, players, announce)
        except (Quit, KeyboardInterrupt):
            _save(match, save_path, game, console)
            console.print(f"\nStopped. The match so far is saved in {save_path}; "
                          f"go on with: stich play {match.GAME} --resume {save_path}")
            return False
        match.finish_deal(game)
        _save(match, save_path, None, console)
        console.print(view.deal_summary(game, match, human_seat))
        if wait and not match.is_over():
            try:
                stop = person.read(WAIT_PROMPT).strip().lower() in ("q", "quit", "exit")
            except Quit:
                stop = True
            if stop:
                console.print(f"Stopped. The match so far is saved in {save_path}; "
                              f"go on with: stich play {match.GAME} --resume {save_path}")
                return False
    console.print(view.match_summary(match))
    console.print(f"Match record saved in {save_path}")
    return True


def _save(match: Match, path: Path, unfinished: Game | None, console: Console) -> None:
    record = match.to_record(private=True)  # the player's own save file keeps the seed
    if unfinished is not None and unfinished.history:
        record["unfinished_deal"] = unfinished.to_record(match.seats).to_dict()
    try:
        save_json(path, record)
    except OSError as error:
        console.print(Text(f"error: cannot save the match to {path}: "
                           f"{error.strerror or error}", style="bold red"))
