"""The pads by game name, imported on first use."""

from __future__ import annotations

import importlib

from stich.tafel.pad import Pad

PADS = {
    "schnapsen": "stich.tafel.schnapsen_pads:SchnapsenPad",
    "bauernschnapsen": "stich.tafel.schnapsen_pads:BauernschnapsenPad",
    "dreierschnapsen": "stich.tafel.schnapsen_pads:DreierschnapsenPad",
    "jass": "stich.tafel.jass_pads:JassPad",
    "coiffeur": "stich.tafel.jass_pads:CoiffeurPad",
    "differenzler": "stich.tafel.jass_pads:DifferenzlerPad",
}


def pad_class(game: str) -> type[Pad]:
    """The pad for a game; KeyError naming the games with a pad otherwise."""
    if game not in PADS:
        raise KeyError(f"no score pad for {game!r}; pads: {', '.join(PADS)}")
    module, _, attr = PADS[game].partition(":")
    cls: type[Pad] = getattr(importlib.import_module(module), attr)
    return cls
