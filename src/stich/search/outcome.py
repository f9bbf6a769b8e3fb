"""A finished deal's value in the solver's units, for deals that end outside the search (an
auction that ends the deal, a policy's play-out): what ``stich.search.solve`` returns for a
finished card play, for any finished deal."""

from __future__ import annotations

from stich.core.game import Game
from stich.search.adapters import contract_sides


def outcome(game: Game, seat: int) -> int:
    """A finished deal's value for ``seat``'s side, in the solver's units: its game points
    minus the best scoring seat's of the other side (sides of the contract where there is one,
    else the game's teams)."""
    result = game.result()
    assert result is not None
    points = result.game_points
    side = next((s for s in contract_sides(game) if seat in s), None) or next(
        team for team in game.TEAMS if seat in team)
    return points[seat] - max(points[o] for o in range(game.SEATS) if o not in side)
