"""The work of `stich analyse` and `stich solve`, apart from the command line's wiring: each
returns the lines to print or raises :class:`AnalysisError` with the one line to show."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from stich.core.actions import Action
from stich.core.records import DealRecord, RecordError, load_json

Wording = Callable[[DealRecord], Callable[[Action], str]]
"""How a front end words a deal's actions (cards in its deck, its verbs)."""


class AnalysisError(ValueError):
    """What is wrong with the record, the position or the request, in one line."""


def analyse_record(path: Path, at: int, *, deal: int | None = None, worlds: int = 20,
                   nodes: int | None = None, seed: int = 1, wording: Wording | None = None
                   ) -> list[str]:
    """`stich analyse`: each legal action before action ``at`` of the deal in the record at
    ``path`` (deal number ``deal`` of a match record) with its value for the seat to act
    (``explain``), each action worded by ``wording`` (the notation by default)."""
    from stich.analysis.explain import deal_in, explain

    try:
        dealt, number = deal_in(load_json(path), deal)
        name = wording(dealt) if wording is not None else str
        explanation = explain(dealt, at, deal=number, worlds=worlds, nodes=nodes, seed=seed)
    except (RecordError, ValueError) as error:
        raise AnalysisError(f"{path}: {error}") from None
    return explanation.lines(name)


def solve_position(position: str) -> list[str]:
    """`stich solve`: the position's legal actions with their exact values and the principal
    line (``solve``)."""
    from stich.analysis.solve import SolveError, report, solve_game
    from stich.core.position import PositionError
    from stich.games import from_position

    try:
        game = from_position(position)
        solved = solve_game(game)
    except (PositionError, SolveError, ValueError) as error:
        raise AnalysisError(str(error)) from None
    return report(game, solved)
