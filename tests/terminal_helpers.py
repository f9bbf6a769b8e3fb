"""Driving `stich play` through a pseudo-terminal, as a person at the keyboard would."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

PROMPT = "> "
KEY = re.compile(r"\[(\w+)\] ")


def spawn(tmp_path: Path, game: str, *args: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="dumb", COLUMNS="160", STICH_HOME=str(tmp_path))
    return pexpect.spawn(sys.executable, ["-m", "stich", "play", game, *args],
                         env=env, encoding="utf-8", timeout=30, dimensions=(60, 160))


def keys_offered(screen: str) -> list[str]:
    """The keys of the menu under the last hand shown (the menu may wrap over lines)."""
    menu = screen.rsplit("Your hand:", 1)[-1]
    return [k for k in KEY.findall(menu) if k not in ("?", "q")]


def play_to_the_end(child: pexpect.spawn, prefer: tuple[str, ...] = ()) -> str:
    """Answer every prompt with a preferred key if offered, else the first one offered."""
    transcript = ""
    while True:
        index = child.expect([PROMPT, "Match record saved in (.*)\r\n", pexpect.EOF])
        transcript += child.before or ""
        if index == 1:
            return transcript + child.match.group(0)
        assert index == 0, f"the program ended early:\n{transcript[-3000:]}"
        keys = keys_offered(child.before)
        child.sendline(next((k for k in prefer if k in keys), keys[0]))
