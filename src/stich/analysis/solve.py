"""`stich solve POSITION`: each legal action's exact value and the principal line.

In card play the kernel's solver gives the values (``stich.search.analyze``). Before card play
(trump and push, the auction, the talon, doubling) the position is solved as a game of perfect
information by every seat: each seat to act takes the action best for its own side (max^n over
the seats, ties to the first legal action), with card play solved at the leaves. That tree is
explored up to :data:`MAX_LEAVES` card-play solves; a position further from card play is
refused with a clear error. Values are game points for the seat to act (Jass: the final
difference of the points written in the deal, J-7), as in :mod:`stich.search`.
"""

from __future__ import annotations

import dataclasses

from stich import search
from stich.core.actions import Action
from stich.core.game import Game
from stich.search import outcome
from stich.search.adapters import kernel_state
from stich.search.layout import INDEX

MAX_LEAVES = 50000
"""Card-play solves at most for a position before card play."""


class SolveError(ValueError):
    """A position the solver cannot take on (say why)."""


@dataclasses.dataclass
class Solved:
    """Each legal action's value for the seat to act, the principal line and the effort."""

    seat: int
    values: list[tuple[Action, int]]
    line: list[tuple[int, Action, int]]
    nodes: int
    leaves: int


class _Tree:
    """Max^n over the decisions before card play; card play solved by the kernel."""

    def __init__(self) -> None:
        self.nodes = 0
        self.leaves = 0
        self.known: dict[str, tuple[list[int], list[Action]]] = {}
        """Positions already valued (auctions reach the same contract in many orders)."""

    def values(self, game: Game) -> tuple[list[int], list[Action]]:
        """Each seat's value of the position under best play, and the actions before card play
        that get it."""
        if game.is_terminal():
            return [outcome(game, seat) for seat in range(game.SEATS)], []
        key = game.position()
        if key not in self.known:
            self.known[key] = self._values(game)
        return self.known[key]

    def _values(self, game: Game) -> tuple[list[int], list[Action]]:
        if game.is_terminal():
            return [outcome(game, seat) for seat in range(game.SEATS)], []
        if search.in_card_play(game):
            self.leaves += 1
            if self.leaves > MAX_LEAVES:
                raise SolveError(f"this position is too far from card play to solve exactly "
                                 f"(more than {MAX_LEAVES} card-play solves)")
            value, nodes = search.solve(game, 0)
            self.nodes += nodes
            sides = kernel_state(game)[INDEX["maxmask"]]
            return [value if (sides >> seat & 1) == (sides & 1) else -value
                    for seat in range(game.SEATS)], []
        best: tuple[list[int], list[Action]] | None = None
        seat = game.current_player()
        for action in game.legal_actions():
            values, path = self.after(game, action)
            if best is None or values[seat] > best[0][seat]:
                best = (values, [action, *path])
        assert best is not None
        return best

    def after(self, game: Game, action: Action) -> tuple[list[int], list[Action]]:
        child = game.clone()
        child.apply(action)
        return self.values(child)


def solve_game(game: Game) -> Solved:
    """Solve a deal from its current position (SolveError if it is over or too large)."""
    if game.is_terminal():
        raise SolveError("the deal is over: nothing to solve")
    seat = game.current_player()
    if search.in_card_play(game):
        analysis = search.analyze(game)
        line, nodes = search.line(game)
        return Solved(seat, list(analysis.values), line, analysis.nodes + nodes, 1)
    if game.NAME == "jass":
        raise SolveError("Jass before card play: each contract is a whole deal to solve, which "
                         "takes minutes; give a position once the contract is chosen")
    tree = _Tree()
    values: list[tuple[Action, int]] = []
    best: tuple[int, list[Action]] | None = None
    for action in game.legal_actions():
        outcome_values, path = tree.after(game, action)
        values.append((action, outcome_values[seat]))
        if best is None or outcome_values[seat] > best[0]:
            best = (outcome_values[seat], [action, *path])
    assert best is not None
    steps: list[tuple[int, Action, int]] = []
    replay = game.clone()
    for action in best[1]:
        mover = replay.current_player()
        replay.apply(action)
        steps.append((mover, action, tree.values(replay)[0][mover]))
    if not replay.is_terminal():
        rest, nodes = search.line(replay)
        steps.extend(rest)
        tree.nodes += nodes
    return Solved(seat, values, steps, tree.nodes, tree.leaves)


def report(game: Game, solved: Solved) -> list[str]:
    """The lines `stich solve` prints."""
    unit = "points written (difference)" if game.NAME == "jass" else "game points"
    lines = [f"{game.NAME}: seat {solved.seat} to act; values in {unit} for that seat's side"]
    width = max(len(str(action)) for action, _ in solved.values)
    best = max(value for _, value in solved.values)
    for action, value in solved.values:
        mark = "  <- best" if value == best else ""
        lines.append(f"  {action!s:<{width}}  {value:+d}{mark}")
    lines.append("principal line (seat: action, value for that seat's side):")
    steps = [f"{seat}: {action} ({value:+d})" for seat, action, value in solved.line]
    for start in range(0, len(steps), 4):
        lines.append("  " + ", ".join(steps[start:start + 4]))
    lines.append(f"searched {solved.nodes} nodes, {solved.leaves} card-play solve(s), "
                 f"search path {search.backend()}")
    return lines
