"""Plays deals between players (bots or people behind a front end) through observations only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stich.bots.base import Bot
from stich.core.actions import Action, ActionParseError, as_action
from stich.core.game import TERMINAL, DealResult, Game, Illegal, IllegalActionError
from stich.core.match import Match

OnAction = Callable[[int, Action, Game], None]


def play_deal(game: Game, players: Sequence[Bot], on_action: OnAction | None = None) -> DealResult:
    """Ask each seat's player for its action until the deal ends.

    A player whose action is illegal is asked again if it wants to retry (a person who mistyped);
    otherwise the deal is forfeited where the game has a rule for it (S-12), else it is an error.
    """
    for seat, player in enumerate(players):
        player.new_deal(seat)
    while (seat := game.current_player()) != TERMINAL:
        player = players[seat]
        raw = (player.choose(game.information_state(seat)) if player.USES_INFO
               else player.act(game.observation(seat)))
        try:
            action = as_action(raw)
            why = game.why_illegal(action)
        except ActionParseError as error:
            action, why = Action("?", str(raw)), Illegal("notation", str(error))
        if why is not None:
            if player.retry(action, why):
                continue
            try:
                game.forfeit(seat, why)
            except NotImplementedError:
                raise IllegalActionError(seat, action, why) from None
            break
        game.apply_legal(action)
        if on_action is not None:
            on_action(seat, action, game)
    result = game.result()
    assert result is not None
    return result


def play_match(match: Match, players: Sequence[Bot]) -> None:
    """Play deals until the match is decided; each finished deal is in ``match.deals``."""
    while not match.is_over():
        deal = match.new_deal()
        play_deal(deal, players)
        match.finish_deal(deal)
