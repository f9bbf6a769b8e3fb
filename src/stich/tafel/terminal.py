"""The pad in the terminal: one short line per deal, the board redrawn, undo, history; the file
saved after every change, so a killed process loses nothing. Long lines are wrapped at word
boundaries to the terminal's width, never inside a word."""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path

from stich.core.scoring.entry import EntryError
from stich.tafel.pad import Pad
from stich.tafel.store import save_pad

PROMPT = "> "
QUOTED = re.compile(r"(?<!\w)'[^'\n]{1,30}'(?!\w)|\[[^\]\n]{1,60}\]$")
"""A short quoted example ('gang anna lost x2') stays on one line, and so does the line in
brackets that ends a history entry ([gang 1 lost x2]: typed again, it gives the same entry).
An apostrophe inside a word (team's) opens and closes no quote."""
KEEP = "\0"


def fit(text: str, width: int) -> str:
    """Each line of ``text`` wrapped at word boundaries to ``width`` columns; a numbered line
    (the history's) goes on under its text, and a short quoted example and the history's
    bracketed line are kept whole. A word longer than the width (a path) stands alone on its
    line rather than being cut."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = re.match(r"\s*(\d+\.\s+)?", line)
        indent = " " * (lead.end() if lead else 0)
        kept = QUOTED.sub(lambda quoted: quoted.group().replace(" ", KEEP), line)
        out.extend(part.replace(KEEP, " ") for part in textwrap.wrap(
            kept, width, subsequent_indent=indent, break_long_words=False,
            break_on_hyphens=False))
    return "\n".join(out)


def run(pad: Pad, path: Path, read: Callable[[str], str] = input,
        write: Callable[[str], None] = print, width: int | None = None) -> None:
    """Read lines until 'q' or the end of input; save after every entry and undo. Output is
    wrapped to ``width`` columns (the terminal's when None)."""
    columns = width or shutil.get_terminal_size().columns

    def say(text: str) -> None:
        write(fit(text, columns))

    say(f"{pad.TITLE} — {', '.join(pad.names)}. Saving to {path}")
    say(pad.help())
    save_pad(path, pad)
    redraw(pad, say)
    while True:
        try:
            line = read(PROMPT).strip()
        except (EOFError, KeyboardInterrupt):
            break
        if not line:
            continue
        command = line.lower()
        if command in ("q", "quit"):
            break
        if command in ("?", "help"):
            say(pad.help())
            continue
        if command in ("h", "history"):
            say("\n".join(pad.history()) or "no entries yet")
            continue
        if command in ("u", "undo"):
            dropped = pad.undo()
            if dropped is None:
                say("nothing to undo")
                continue
            save_pad(path, pad)
            say(f"undone: {pad.describe(dropped)}")
            redraw(pad, say)
            continue
        try:
            entry = pad.enter(line)
        except EntryError as error:
            say(f"error: {error}")
            continue
        save_pad(path, pad)
        end = pad.end_note(len(pad.entries) - 1)
        say(f"{len(pad.entries)}. {pad.describe(entry)}." + (f" {end}" if end else ""))
        redraw(pad, say)
    say(f"Saved in {path}; continue with:")
    write(f"  stich tafel --resume {path}")  # a command to copy: on its own line, never wrapped


def redraw(pad: Pad, write: Callable[[str], None]) -> None:
    write("")
    write(pad.board_text())
    write(pad.result_line())
