"""Worker processes for bots to think in, away from a server's event loop (docs/web.md).

A bot is sent to a worker with what its seat is shown (its information state or its
observation, nothing else) and comes back with its choice and itself, pickled: what it
remembers and its random state, so a bot chooses the same whether it thinks here or there
(:meth:`stich.play.driver.Driver.think`), and any worker can answer any table.

Workers die with the process that started them, however it ends (a ``kill -9`` too): each
watches that process and exits when it is gone; the forkserver and the resource tracker end
once no process of theirs is left.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import select
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from stich.bots import bot_names, make_bot
from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.game import Observation
from stich.core.knowledge import InfoState

Shown = InfoState | Observation
"""What a bot is shown at its turn."""


def decide(bot: Bot, shown: Shown) -> Action:
    """The bot's choice: from the information state for a bot that reads it, else from the
    observation."""
    if isinstance(shown, InfoState):
        return bot.choose(shown)
    return bot.act(shown)


def think_elsewhere(packed: bytes, shown: Shown) -> tuple[str, bytes]:
    """The pickled bot's choice in notation, and the bot as it is after choosing, pickled
    again (runs in a worker: the server handles the bot only as bytes)."""
    bot: Bot = pickle.loads(packed)
    return str(decide(bot, shown)), pickle.dumps(bot)


def _warm(parent: int) -> None:
    """Watch the parent process, and import the games and bots once per worker, before the
    first request."""
    from stich.games import game_class

    threading.Thread(target=_die_with, args=(parent,), name="stich-lifeline",
                     daemon=True).start()
    for name in ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"):
        game_class(name)
        for level in bot_names(name):
            make_bot(name, level)


def bot_pool(workers: int) -> Executor:
    """The worker processes (forkserver: safe beside a server's threads)."""
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
