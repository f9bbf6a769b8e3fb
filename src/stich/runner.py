"""Plays deals and matches between players (bots, or people behind a front end): a thin loop
over the steppable :class:`~stich.core.table.Table`, each player asked with its seat's view
only (the observation, or the whole information state for bots that use it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stich.bots.base import Bot, BotFailure
from stich.core.actions import Action, ActionParseError, as_action
from stich.core.game import TERMINAL, DealResult, Game, Illegal, IllegalActionError
from stich.core.match import Match
from stich.core.table import Table, TableError

OnAction = Callable[[int, Action, Game], None]


def play_deal(game: Game, players: Sequence[Bot], on_action: OnAction | None = None) -> DealResult:
    """Ask each seat's player for its action until the deal ends.

    A player whose action is illegal is asked again if it wants to retry (a person who mistyped);
    otherwise the deal is forfeited where the game has a rule for it (S-12), else it is an error.
    """
    run_table(Table(game=game, streams=False), players, on_action)
    result = game.result()
    assert result is not None
    return result


def play_match(match: Match, players: Sequence[Bot], on_action: OnAction | None = None) -> None:
    """Play deals until the match is decided; each finished deal is in ``match.deals``."""
    if not match.is_over():
        run_table(Table(match, streams=False), players, on_action)


def run_table(table: Table, players: Sequence[Bot], on_action: OnAction | None = None) -> None:
    """Play the table to its end, asking whoever is to act."""
    started = -1
    while (seat := table.to_act) != TERMINAL:
        if table.deal_number != started:
            started = table.deal_number
            for index, player in enumerate(players):
                player.new_deal(index)
                if table.match is not None:
                    player.see_match(table.match.state())
        game, player = table.game, players[seat]
        try:
            raw = (player.choose(game.information_state(seat)) if player.USES_INFO
                   else player.act(game.observation(seat)))
        except BotFailure as failure:  # an outside engine gave no action at all
            _refused(table, player, seat, Action("?", "-"), failure.why)
            continue
        try:
            action = as_action(raw)
            table.submit(seat, action)
        except ActionParseError as error:
            _refused(table, player, seat, Action("?", str(raw)), Illegal("notation", str(error)))
            continue
        except TableError as error:
            assert error.why is not None
            _refused(table, player, seat, action, error.why)
            continue
        if on_action is not None:
            on_action(seat, action, game)


def _refused(table: Table, player: Bot, seat: int, action: Action, why: Illegal) -> None:
    """A person may try again; a bot's illegal move forfeits the deal where the game says
    what that costs, else it is an error."""
    if player.retry(action, why):
        return
    try:
        table.forfeit(seat, why)
    except NotImplementedError:
        raise IllegalActionError(seat, action, why) from None
