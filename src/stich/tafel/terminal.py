"""The pad in the terminal: one short line per deal, the board redrawn, undo, history; the file
saved after every change, so a killed process loses nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from stich.core.scoring.entry import EntryError
from stich.tafel.pad import Pad
from stich.tafel.store import save_pad

PROMPT = "> "


def run(pad: Pad, path: Path, read: Callable[[str], str] = input,
        write: Callable[[str], None] = print) -> None:
    """Read lines until 'q' or the end of input; save after every entry and undo."""
    write(f"{pad.TITLE} — {', '.join(pad.names)}. Saving to {path}")
    write(pad.help())
    save_pad(path, pad)
    redraw(pad, write)
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
            write(pad.help())
            continue
        if command in ("h", "history"):
            write("\n".join(pad.history()) or "no entries yet")
            continue
        if command in ("u", "undo"):
            dropped = pad.undo()
            if dropped is None:
                write("nothing to undo")
                continue
            save_pad(path, pad)
            write(f"undone: {pad.describe(dropped)}")
            redraw(pad, write)
            continue
        try:
            entry = pad.enter(line)
        except EntryError as error:
            write(f"error: {error}")
            continue
        save_pad(path, pad)
        write(f"{len(pad.entries)}. {pad.describe(entry)}")
        redraw(pad, write)
    write(f"Saved in {path}; continue with: stich tafel --resume {path}")


def redraw(pad: Pad, write: Callable[[str], None]) -> None:
    write("")
    write(pad.board_text())
    write(pad.result_line())
