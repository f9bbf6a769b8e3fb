"""Playing a whole match at the terminal: the person's seat, bots at the others, the record.

The person is a :class:`Bot` like any other: it gets its observation, shows it, and reads a
key. The runner checks the action; an illegal one comes back through ``retry`` with the rule
that forbids it, and the person chooses again. The match record is saved after every deal
(atomically), so quitting or a crash loses at most the deal in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.game import Game, Illegal, Observation
from stich.core.match import Match
from stich.core.records import save_json
from stich.runner import play_deal
from stich.terminal.prompt import HELP_KEYS, Choice, Quit, build_choices, read_choice
from stich.terminal.view import GameView


class TerminalPlayer(Bot):
    """A person at the keyboard."""

    NAME = "you"

    def __init__(self, console: Console, view: GameView, match: Match,
                 read_line: Callable[[str], str]) -> None:
        self.console, self.view, self.match, self.read_line = console, view, match, read_line

    def act(self, observation: Observation) -> Action:
        self.console.print(self.view.table(observation, self.match))
        choices = build_choices(self.view.hand(observation), observation.legal_actions,
                                self.view.action_key)
        self.console.print(self._menu(choices))
        while True:
            try:
                line = self.read_line("> ")
            except EOFError:
                raise Quit from None
            if line.strip().lower() in HELP_KEYS:
                self.console.print(self._help(choices))
                continue
            try:
                return read_choice(line, choices, self.view.deck)
            except ValueError as error:
                self.console.print(Text(str(error), style="yellow"))

    def retry(self, action: Action, why: Illegal) -> bool:
        self.console.print(Text.assemble(("Not allowed: ", "bold red"), str(action), f": {why}"))
        return True

    def _menu(self, choices: Sequence[Choice]) -> Text:
        line = Text()
        for choice in choices:
            if choice.action.verb == "play" and not choice.legal:
                continue
            line.append(f"[{choice.key}] ", style="bold cyan")
            line.append(self.view.action_text(choice.action))
            line.append("   ")
        return line.append("[?] help  [q] quit", style="dim")

    def _help(self, choices: Sequence[Choice]) -> Table:
        table = Table(title="Keys", show_header=True)
        table.add_column("key")
        table.add_column("action")
        table.add_column("now")
        for choice in choices:
            table.add_row(choice.key, self.view.action_text(choice.action),
                          "allowed" if choice.legal else "not allowed")
        table.add_row("text", "a card (HA, 10H, Herz-Ass) or a whole action (play HA)", "")
        table.add_row("q", "quit: finished deals are saved", "")
        return table


def play_match(match: Match, view: GameView, human_seat: int, bots: Sequence[Bot],
               save_path: Path, console: Console, read_line: Callable[[str], str]) -> bool:
    """Play deals until the match ends or the person quits; True if it ended."""
    person = TerminalPlayer(console, view, match, read_line)
    bot_iter = iter(bots)
    players = [person if seat == human_seat else next(bot_iter)
               for seat in range(match.game_class.SEATS)]

    def announce(seat: int, action: Action, game: Game) -> None:
        if seat != human_seat:
            console.print(view.announce(seat, action, game))

    while not match.is_over():
        game = match.new_deal()
        try:
            play_deal(game, players, announce)
        except Quit:
            _save(match, save_path, game)
            console.print(f"Stopped. Finished deals are saved in {save_path}")
            return False
        match.finish_deal(game)
        _save(match, save_path, None)
        console.print(view.deal_summary(game, match))
    console.print(view.match_summary(match))
    console.print(f"Match record saved in {save_path}")
    return True


def _save(match: Match, path: Path, unfinished: Game | None) -> None:
    record = match.to_record()
    if unfinished is not None and unfinished.history:
        record["unfinished_deal"] = unfinished.to_record(match.seats).to_dict()
    save_json(path, record)
