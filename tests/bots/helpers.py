"""Shared steps of the bot tests."""

from __future__ import annotations

from typing import Any

from stich.bots import make_bot
from stich.bots.base import Bot


def play_deals(bot: Bot, other: str, deals: int, nodes: int | None = None) -> None:
    """``bot`` at seat 0 against the bot named ``other`` over Schnapsen deals of seeds 0 to
    ``deals - 1`` (dealer alternating), then told of a new deal, so that it learns from the
    last one."""
    from stich.schnapsen.game import Schnapsen

    for seed in range(deals):
        game = Schnapsen.deal(seed, seed % 2)
        bots: list[Any] = [bot, make_bot("schnapsen", other, seed, nodes=nodes)]
        for seat, player in enumerate(bots):
            player.new_deal(seat)
        while not game.is_terminal():
            seat = game.current_player()
            player = bots[seat]
            game.apply(player.choose(game.information_state(seat)) if player.USES_INFO
                       else player.act(game.observation(seat)))
    bot.new_deal(0)
