"""Driving `stich play` through a pseudo-terminal, as a person at the keyboard would."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

PROMPT = "> "
WAIT = r"Press Enter for the next deal \(q stops\): "
KEY = re.compile(r"\[(\w+)\] ")


def spawn(tmp_path: Path, game: str | None, *args: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="dumb", COLUMNS="160", STICH_HOME=str(tmp_path))
    words = ["-m", "stich", "play", *([game] if game else []), *args]
    return pexpect.spawn(sys.executable, words, env=env, encoding="utf-8", timeout=30,
                         dimensions=(60, 160))


def keys_offered(screen: str) -> list[str]:
    """The keys of the menu under the last hand shown (the menu may wrap over lines)."""
    menu = screen.rsplit("Your hand:", 1)[-1]
    return [k for k in KEY.findall(menu) if k not in ("?", "q")]


def play_to_the_end(child: pexpect.spawn, prefer: tuple[str, ...] = ()) -> str:
    """Answer every prompt with a preferred key if offered, else the first one offered; Enter
    after each deal."""
    transcript = ""
    while True:
        index = child.expect([PROMPT, WAIT, "Match record saved in (.*)\r\n", pexpect.EOF])
        transcript += child.before or ""
        if index == 2:
            return transcript + child.match.group(0)
        assert index < 2, f"the program ended early:\n{transcript[-3000:]}"
        if index == 1:
            transcript += "<next deal>"
            child.sendline("")
            continue
        keys = keys_offered(child.before)
        if "Lay down two cards" in child.before and not any(k in keys for k in prefer):
            child.sendline("12")  # both talon cards at once (one at a time is tested apart)
            continue
        child.sendline(next((k for k in prefer if k in keys), keys[0]))
