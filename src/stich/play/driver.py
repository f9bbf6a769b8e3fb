"""One driver for the players at a table, for every front end (the terminal, the arena,
tournament bot play, the web server): who is told a deal begins, what a bot is shown at its
turn (its seat's observation, or the whole information state for bots that read it), where
it thinks (here, or in a worker process where the caller asks), and the one rule for a
refused move: a person may try again, a bot's illegal move forfeits the deal where the game
says what that costs (S-12, B-8, J-10), else it is an error.

A bot lives for as long as the caller keeps it at its seat (the arena: a whole match; the
web: a deal). A bot that thinks in a worker is sent there with what it is shown and comes
back with its answer, its memory and its random state: it chooses exactly as it would here.
A bot seated after its deal began (a restart, an away person's stand-in, a resumed match) is
shown its seat's earlier turns first (:func:`watch`).

    table = Table(match, streams=False)
    run_table(table, bots)                     # a plain loop: the arena, the terminal
    driver = Driver(table, [None, bot], pool)  # the web: seat 0 is a person's
    answer = await driver.think(1)             # in a worker process (a quick bot: here)
    taken = driver.take(1, answer)             # taken.refused: the deal was forfeited
"""

from __future__ import annotations

import asyncio
import dataclasses
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from stich.bots.base import Bot, BotFailure
from stich.core.actions import Action, ActionParseError, as_action
from stich.core.game import TERMINAL, DealResult, Game, Illegal, IllegalActionError
from stich.core.match import Match
from stich.core.table import Table, TableError
from stich.play.workers import Shown, decide, think_elsewhere

OnAction = Callable[[int, Action, Game], None]
Messages = list[tuple[int, dict[str, Any]]]


@dataclasses.dataclass
class Taken:
    """What became of a seat's move."""

    action: Action
    """The move (``Action("?", text)`` when it was not notation)."""
    messages: Messages
    """The table's new messages, per seat."""
    refused: Illegal | None = None
    """Why the rules refused the move; then the deal was forfeited, unless ``again``."""
    again: bool = False
    """A person asked to choose again: nothing happened."""


class Driver:
    """The players at one :class:`Table`: a :class:`Bot` per seat, or None for a seat played
    from outside (a person at a web page)."""

    def __init__(self, table: Table, players: Sequence[Bot | None],
                 pool: Executor | None = None) -> None:
        """``pool``: worker processes for the bots to think in (:meth:`think`); None: they
        think here."""
        if len(players) != table.seats:
            raise ValueError(f"{len(players)} players for a table of {table.seats} seats")
        self.table, self.pool = table, pool
        self.players: list[Bot | None] = list(players)
        self._deal = -1
        """The deal whose start the players have been told of."""
        self._joined: set[int] = set()
        """The seats whose player knows of this deal."""
        self._packed: list[bytes | None] = [None] * table.seats
        """A bot as it came back from its last turn in a worker, pickled: it goes out again
        as it is (the server neither unpickles nor pickles it at each turn), and is unpacked
        here only to be told of a new deal."""

    def seat(self, seat: int, player: Bot | None) -> None:
        """Put ``player`` at ``seat`` (None: played from outside); it is told of the deal, and
        shown the seat's earlier turns in it, before it is first asked."""
        self.players[seat] = player
        self._packed[seat] = None
        self._joined.discard(seat)

    def _live(self, seat: int) -> Bot | None:
        """The seat's player as an object, unpacked if it came back from a worker."""
        packed = self._packed[seat]
        if packed is not None:
            self.players[seat], self._packed[seat] = pickle.loads(packed), None
        return self.players[seat]

    def ready(self, seat: int) -> Bot:
        """The seat's player, told of the deal in play (when a deal begins, every player is,
        in seat order: ``new_deal``, then the match's score)."""
        table = self.table
        if table.deal_number != self._deal:
            self._deal = table.deal_number
            self._joined = set()
            for other in range(table.seats):
                if (joining := self._live(other)) is not None:
                    self._join(other, joining)
        player = self.players[seat]
        if player is None:
            raise ValueError(f"seat {seat} is played from outside: no player here to ask")
        if seat not in self._joined:
            player = self._live(seat)
            assert player is not None
            self._join(seat, player)
        return player

    def _join(self, seat: int, player: Bot) -> None:
        player.new_deal(seat)
        if self.table.match is not None:
            player.see_match(self.table.match.state())
        watch(self.table.game, seat, player)
        self._joined.add(seat)

    def _shown(self, seat: int, player: Bot) -> Shown:
        """What the seat's player is shown now: its information state if it reads one (a
        ``Bot.USES_INFO`` bot), else its observation; never another seat's hidden cards."""
        game = self.table.game
        return game.information_state(seat) if player.USES_INFO else game.observation(seat)

    def ask(self, seat: int) -> Action:
        """The seat's player's choice, made here (the caller's process and thread)."""
        player = self.ready(seat)
        return decide(player, self._shown(seat, player))

    def think(self, seat: int) -> asyncio.Future[Action | str]:
        """The seat's bot's choice (in notation when it comes from a worker), thought in a
        worker process when the driver has a pool, else here at once (a ``Bot.QUICK`` bot
        always here: its choice costs less than the trip). The bot comes back
        from the worker with what it remembers, so it chooses as it would here. Call from
        an event loop; a failing bot fails the future."""
        loop = asyncio.get_running_loop()
        player = self.ready(seat)
        shown = self._shown(seat, player)
        answer: asyncio.Future[Action | str] = loop.create_future()
        if self.pool is None or player.QUICK:
            try:
                answer.set_result(decide(player, shown))
            except Exception as error:
                answer.set_exception(error)
            return answer

        def back(sent: asyncio.Future[tuple[str, bytes]]) -> None:
            if answer.cancelled():
                return
            error = sent.exception()
            if error is not None:
                answer.set_exception(error)
                return
            action, thought = sent.result()
            if self.players[seat] is player:  # still seated: it goes on from where it is
                self._packed[seat] = thought
            answer.set_result(action)

        packed = self._packed[seat]
        if packed is None:
            packed = pickle.dumps(player)
        asyncio.wrap_future(self.pool.submit(think_elsewhere, packed, shown)).add_done_callback(
            back)
        return answer

    def take(self, seat: int, choice: Action | str | BotFailure) -> Taken:
        """Submit the seat's choice to the table. The rules refuse it: a person (a player
        whose ``retry`` says so) chooses again; otherwise the deal is forfeited where the game
        has a rule for it (S-12, B-8, J-10), else IllegalActionError. A bot that gave no
        action at all (``BotFailure``: an outside engine that exited, hung or sent garbage)
        forfeits likewise. Out of turn or after the end is the caller's mistake
        (TableError)."""
        table = self.table
        if isinstance(choice, BotFailure):
            action, why = Action("?", "-"), choice.why
        else:
            try:
                action = as_action(choice)
            except ActionParseError as error:
                action, why = Action("?", str(choice)), Illegal("notation", str(error))
            else:
                try:
                    return Taken(action, table.submit(seat, action))
                except TableError as error:
                    if error.why is None:
                        raise
                    why = error.why
        return self._refused(seat, action, why)

    def _refused(self, seat: int, action: Action, why: Illegal) -> Taken:
        """The one forfeit rule: a person retries, a bot's deal is forfeited."""
        table = self.table
        player = self.players[seat]
        if player is not None and player.retry(action, why):
            return Taken(action, [], why, again=True)
        try:
            return Taken(action, table.forfeit(seat, why), why)
        except NotImplementedError:
            raise IllegalActionError(seat, action, why) from None


def watch(game: Game, seat: int, player: Bot) -> None:
    """Show a bot that takes its seat after the deal began the seat's earlier turns, as it
    would have seen them (its answers unused), so that it remembers what it would have and
    its random choices go on as they would have; a bot that reads the information state
    (``USES_INFO``) and a person (``PERSON``) need not."""
    if player.USES_INFO or player.PERSON or all(actor != seat for actor, _ in game.history):
        return
    replay = game.clone()
    while replay.history:
        replay.undo()
    for actor, action in game.history:
        if actor == seat:
            player.act(replay.observation(seat))
        replay.apply_legal(action)


def run_table(table: Table, players: Sequence[Bot], on_action: OnAction | None = None) -> None:
    """Play the table to its end in this process, asking whoever is to act;
    ``on_action(seat, action, game)`` after each move taken (not after a forfeit)."""
    driver = Driver(table, players)
    while (seat := table.to_act) != TERMINAL:
        game = table.game
        choice: Action | str | BotFailure
        try:
            choice = driver.ask(seat)
        except BotFailure as failure:
            choice = failure
        taken = driver.take(seat, choice)
        if taken.refused is None and on_action is not None:
            on_action(seat, taken.action, game)
    if table.match is not None and table.match.is_over():
        for player in players:
            player.match_over(table.match.state())


def play_deal(game: Game, players: Sequence[Bot], on_action: OnAction | None = None) -> DealResult:
    """Play one deal to its end (a deal that has begun: the bots are shown their seats'
    earlier turns first, :func:`watch`)."""
    run_table(Table(game=game, streams=False), players, on_action)
    result = game.result()
    assert result is not None
    return result


def play_match(match: Match, players: Sequence[Bot], on_action: OnAction | None = None) -> None:
    """Play deals until the match is decided; each finished deal is in ``match.deals``."""
    if not match.is_over():
        run_table(Table(match, streams=False), players, on_action)
