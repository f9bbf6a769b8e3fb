"""What `stich tafel` does before the pad runs: open a new pad or resume a saved one."""

from __future__ import annotations

import datetime
from pathlib import Path

from stich.core.options import parse_option_pairs
from stich.tafel.games import PADS, pad_class
from stich.tafel.pad import Pad
from stich.tafel.store import load_pad, new_pad


def open_pad(game: str | None, names: list[str], preset: str | None, option: list[str],
             resume: Path | None, file: Path | None, home: Path) -> tuple[Pad, Path]:
    """The pad and the file it saves to; EntryError, OptionsError or PadFileError say why not."""
    if resume is not None:
        if game is not None or names or preset or option:
            raise ValueError("--resume reads game, names and options from the file; give none")
        return load_pad(resume), resume
    if game is None:
        raise ValueError(f"name the game ({', '.join(PADS)}) or --resume a file")
    if not names:
        count = 4 if game == "differenzler" else pad_class(game).PLAYERS[0]
        names = [f"Player {n}" for n in range(1, count + 1)]
    pad = new_pad(game, names, preset, parse_option_pairs(option))
    if file is not None:
        if file.exists():  # a new pad would replace the saved one's entries
            raise ValueError(f"{file} already holds a pad: continue it with "
                             f"`stich tafel --resume {file}`, or give another --file")
        return pad, file
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = home / "tafel" / f"{game}-{stamp}.json"
    number = 1
    while path.exists():  # a second pad started within the same second
        number += 1
        path = home / "tafel" / f"{game}-{stamp}-{number}.json"
    return pad, path
