"""Bots think in worker processes, never in the server's event loop (docs/web.md).

The actor hands a worker what the bot's seat knows and nothing else: the seat's information
state for bots that read it (``Bot.USES_INFO``), else the seat's observations at each of its
turns in this deal, in order. A bot with memory within a deal (the Jass rules bot counts cards)
is made afresh from its seed and shown the earlier observations again, so a worker holds no
state between calls and any worker can answer any table.

Workers die with their server, however it ends (a ``kill -9`` too): each watches the server's
process and exits when it is gone; the forkserver and the resource tracker end once no process
of theirs is left.
"""

from __future__ import annotations

import multiprocessing
import os
import select
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import cache

from stich.bots import bot_names, make_bot
from stich.bots.base import Bot
from stich.core.game import Observation
from stich.core.knowledge import InfoState

DEFAULT_LEVEL = "rules"
"""The bot that takes the seat of a person who is away."""


def levels(game: str) -> list[str]:
    """The bot levels the registry offers for a game (random, rules, and stronger ones)."""
    return bot_names(game)


@cache
def uses_info(game: str, level: str) -> bool:
    return make_bot(game, level).USES_INFO


@cache
def remembers(game: str, level: str) -> bool:
    """Whether the bot keeps memory within a deal (it overrides ``Bot.new_deal``): only such
    a bot is shown its earlier observations again."""
    return type(make_bot(game, level)).new_deal is not Bot.new_deal


def think(game: str, level: str, seed: int, seat: int, info: InfoState | None,
          observations: Sequence[Observation]) -> str:
    """The bot's action in notation (runs in a worker process)."""
    bot: Bot = make_bot(game, level, seed)
    bot.new_deal(seat)
    if bot.USES_INFO:
        assert info is not None
        return str(bot.choose(info))
    for earlier in observations[:-1]:
        bot.act(earlier)
    return str(bot.act(observations[-1]))


def _warm(server: int) -> None:
    """Watch the server's process, and import the games and bots once per worker, before the
    first request."""
    from stich.games import game_class

    threading.Thread(target=_die_with, args=(server,), name="stich-lifeline",
                     daemon=True).start()
    for name in ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"):
        game_class(name)
        for level in bot_names(name):
            make_bot(name, level)


def bot_pool(workers: int) -> Executor:
    """The worker processes (forkserver: safe beside the server's threads)."""
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_warm,
                               initargs=(os.getpid(),))


def _die_with(pid: int) -> None:
    """Return never; end this process once process ``pid`` has ended (a pidfd on Linux, which
    is ready once the process is gone, reaped or not; elsewhere a look every second)."""
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):
        while _exists(pid):
            time.sleep(1.0)
    else:
        select.select([handle], [], [])
    os._exit(0)


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
