"""The phone page's big buttons for each pad: fields that compose the same one-line entry the
terminal reads, so both go through one parser (``Pad.parse``).

A field is ``{"name", "label", "choices": [[value, label], ...], "number": bool,
"optional": bool, "prefix": str, "alone": [values]}``; the page joins the chosen values (each
after its prefix) in field order; a value listed in ``alone`` is sent by itself.
"""

from __future__ import annotations

from typing import Any

from stich.contract.race import NORMAL, REDEAL
from stich.tafel.jass_pads import CONTRACT_TITLES, CoiffeurPad, DifferenzlerPad, JassPad
from stich.tafel.pad import Pad
from stich.tafel.schnapsen_pads import RacePad, SchnapsenPad

Field = dict[str, Any]


def _players(pad: Pad) -> list[list[str]]:
    return [[str(seat + 1), name] for seat, name in enumerate(pad.names)]


def _teams(pad: Pad) -> list[list[str]]:
    return [["1", pad.team_name(0)], ["2", pad.team_name(1)]]


def fields_for(pad: Pad) -> list[Field]:
    """The entry form of a pad."""
    if isinstance(pad, SchnapsenPad):
        return [{"name": "who", "label": "Winner", "choices": _players(pad)},
                {"name": "points", "label": "Game points",
                 "choices": [["1", "1"], ["2", "2"], ["3", "3"]]}]
    if isinstance(pad, RacePad):
        contracts = [[NORMAL, "Normal"], *([c, c.capitalize()] for c in pad.rules.contracts),
                     [REDEAL, "Redeal"]]
        return [{"name": "contract", "label": "Game", "choices": contracts, "alone": [REDEAL]},
                {"name": "who", "label": "Declarer (normal: caller)", "choices": _players(pad)},
                {"name": "made", "label": "Outcome", "choices": [["won", "won"],
                                                                 ["lost", "lost"]]},
                {"name": "factor", "label": "Doubling", "optional": True,
                 "choices": [["x2", "×2"], ["x4", "×4"], ["x8", "×8"]]},
                {"name": "points", "label": "Normal game: points", "optional": True,
                 "choices": [["1", "1"], ["2", "2"], ["3", "3"]]}]
    if isinstance(pad, JassPad):
        contracts = [[word, CONTRACT_TITLES[word]] for word in pad.rules.factors]
        return [{"name": "contract", "label": "Contract", "choices": contracts},
                {"name": "team", "label": "Team", "choices": _teams(pad)},
                {"name": "points", "label": "Its card points", "number": True,
                 "choices": [["match", "Match"]]},
                {"name": "weis_team", "label": "Weis", "optional": True, "prefix": "w",
                 "choices": _teams(pad)},
                {"name": "weis", "label": "Weis points", "optional": True, "number": True,
                 "choices": [["20", "20"], ["50", "50"], ["100", "100"], ["150", "150"],
                             ["200", "200"]]},
                {"name": "stoeck", "label": "Stöck", "optional": True, "prefix": "st",
                 "choices": _teams(pad)}]
    if isinstance(pad, CoiffeurPad):
        rows = [[str(n), pad.row_title(n).strip()] for n in range(1, len(pad.rules.rows) + 1)]
        out: list[Field] = [
            {"name": "team", "label": "Declaring team", "choices": _teams(pad)},
            {"name": "row", "label": "Row", "choices": rows},
            {"name": "points", "label": "Its card points", "number": True,
             "choices": [["match", "Match"], ["kontermatch", "Match against"]]},
            {"name": "contract", "label": "Joker row: contract", "optional": True,
             "choices": [[word, CONTRACT_TITLES[word]] for word in pad.rules.plain]}]
        if pad.rules.stoeck:
            out.append({"name": "stoeck", "label": "Stöck", "optional": True, "prefix": "st",
                        "choices": _teams(pad)})
        return out
    if isinstance(pad, DifferenzlerPad):
        return [{"name": f"taken{seat}", "label": f"{name} took", "number": True,
                 "prefix": "t" if seat == 0 else "", "choices": []}
                for seat, name in enumerate(pad.names)]
    raise TypeError(f"no buttons for {type(pad).__name__}")
