"""Information-set Monte Carlo tree search over card play (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), for every game the kernel covers
(docs/search.md, "Information-set MCTS"): multiple-observer (MO-ISMCTS, ``OBSERVERS`` =
``"multiple"``: a tree for each seat, each seat's moves chosen in its own tree from what it
knows) or single-observer (SO-ISMCTS, ``"single"``: the searching seat's tree for every move).

The trees are shared by all determinizations. Each iteration:

1. takes the next world of a pool drawn once from the root information state
   (``stich.core.game.sample_world``, ``worlds(nodes)`` of them, round robin);
2. descends in that world: the seat that acts (the searching seat, a partner, an opponent)
   chooses in its own tree (one observer: in the searching seat's); the edges of the moves
   legal in this world there are "available" once more, and the move with the best UCB
   value among them is taken (``mean + C sqrt(ln available / visits)``, the mean for the
   side of the seat that acts); a move not tried yet is tried first; every other tree
   follows the move;
3. the node after a move is each tree's seat's next information set: the move and that
   seat's own hand after it (a Schnapsen draw it sees), never a card it does not see;
4. the first move never tried in the chooser's tree (expansion) ends the descent; the leaf
   is valued in the world by the kernel: exactly by the solver where the rest of the deal is
   small (Schnapsen with the stock closed or exhausted, Jass with at most
   ``JASS_EXACT_CARDS`` cards a hand, the contract games always, as ``pimc`` solves them),
   otherwise by ``LEAVES``: ``"rollout"`` plays random moves (no claims or closes) until it
   is small, then solves; ``"playouts"`` averages ``PLAYOUTS`` random kernel playouts to the
   end;
5. the value (the solver's units for the max side, less what was already written at the
   root; divided by the family's scale for UCB, or read from a ``utility`` table where the
   search is given one: what each result is worth in the match) is backed up along every
   tree's path.

The budget is in NODES, counted as ``pimc`` counts them: solver nodes, playout steps, the
random moves of a rollout and every move applied in the tree's descent (one node each); a
search stops before the iteration that would start at or past the budget, so it spends at
most the budget plus one iteration. All randomness comes from the seed: the pool's worlds
from ``random.Random(seed + i)``, the tree's choices, rollouts and playout seeds from one
SplitMix64 stream. The native kernel runs the whole search in one call (``_kernel.ismcts``);
the Python path (``stich.search.pysearch``) takes the same steps, so visits, values and node
counts are the same on either and a seed and a budget give the same choice.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from types import ModuleType
from typing import ClassVar

from stich import search
from stich.core.actions import Action
from stich.core.dealing import splitmix64
from stich.core.game import Game, sample_world
from stich.core.knowledge import InfoState
from stich.search import JASS_EXACT_CARDS, side
from stich.search import layout as L
from stich.search.adapters import NotCardPlay, kernel_state, move_action
from stich.search.pysearch import TT_MAX_ENTRIES, EngineWorld, running
from stich.search.pysearch import playouts as py_playouts
from stich.search.pysearch import solve as py_solve

EXPLORATION = 0.7
"""UCB's constant C on rewards scaled to about -1..1."""
LEAVES = {L.SCHNAPSEN: "rollout", L.CONTRACT: "rollout", L.JASS: "playouts"}
"""How a leaf too big to solve is valued, by family (``"rollout"`` or ``"playouts"``; the
contract games' leaves are always solved); chosen on tuning runs (docs/search.md)."""
PLAYOUTS = 8
"""Random kernel playouts a leaf where the leaf is ``"playouts"``."""
MAX_ITERATIONS = 100_000
"""Iterations at most per search, as ``pimc`` stops at ``MAX_SAMPLES`` worlds (where leaves
cost next to nothing, the contract games' small solves, the tree would grow without bound)."""
OBSERVERS = "multiple"
"""Whose information the trees follow: ``"multiple"``, one tree a seat, each move chosen in
its mover's tree from what the mover knows (MO-ISMCTS), or ``"single"``, the searching seat's
tree for every move (SO-ISMCTS); chosen on paired runs (docs/search.md)."""
MAX_WORLDS = 512
"""The most worlds in a search's pool."""
NODES_A_WORLD = 4000
"""A pool holds one world for every this many nodes of the budget (at least ``MIN_WORLDS``,
at most ``MAX_WORLDS``): drawing a world costs about as much as a few thousand nodes."""
MIN_WORLDS = 16
_LEAF_CODES = {"rollout": 0, "playouts": 1}
_NO_ROLLOUT = frozenset({L.CLAIM, L.CLOSE})
_I = L.INDEX
_HAND = [_I[f"hand{i}"] for i in range(4)]


# --- a world walked by kernel moves, on either path ------------------------------------------
class _Walk:
    """A world from the root of a search, moved by kernel move ids: the kernel's state vector
    on the native path, the engine (``pysearch.EngineWorld``) on the Python path."""

    def __init__(self, world: Game, kernel: ModuleType | None) -> None:
        self.kernel = kernel
        self.engine = None if kernel is not None else EngineWorld(world)
        self.state = kernel_state(world)

    def legal(self) -> list[int]:
        if self.kernel is not None:
            moves: list[int] = self.kernel.legal(self.state)
            return moves
        assert self.engine is not None
        return self.engine.legal()

    def apply(self, move: int) -> None:
        if self.kernel is not None:
            self.state = self.kernel.apply(self.state, move)[0]
        else:
            assert self.engine is not None
            self.engine.apply(move)
            self.state = self.engine.state()

    def solve(self) -> tuple[int, int]:
        """The value from here on for the max side (the kernel's), and the nodes searched."""
        if self.kernel is not None:
            value, nodes = self.kernel.solve(self.state, -1, TT_MAX_ENTRIES)
            return value, nodes
        assert self.engine is not None
        return py_solve(self.engine.game)

    def playouts(self, seed: int, count: int) -> tuple[int, int]:
        """``count`` random playouts from here (one SplitMix64 stream, as the kernel's
        ``playouts``): the moves played and the sum of their values for the max side."""
        if self.kernel is not None:
            played, total = self.kernel.playouts(self.state, seed, count)
            return played, total
        assert self.engine is not None
        return py_playouts(self.engine, seed, count)


def worlds(nodes: int) -> int:
    """The worlds in the pool of a search with budget ``nodes``."""
    return max(MIN_WORLDS, min(MAX_WORLDS, nodes // NODES_A_WORLD))


def small(state: tuple[int, ...]) -> bool:
    """Whether the solver takes the rest of the deal from here: Schnapsen with the stock
    closed or exhausted, Jass with at most ``JASS_EXACT_CARDS`` cards a hand (``pimc``'s
    threshold), the contract games always."""
    fam = state[_I["fam"]]
    if fam == L.SCHNAPSEN:
        return state[_I["closed_by"]] >= 0 or state[_I["drawn"]] >= 10
    if fam == L.JASS:
        return max(state[i].bit_count() for i in _HAND) <= JASS_EXACT_CARDS
    return True


def _scale(state: tuple[int, ...]) -> float:
    """What a deal's value can change by, about (rewards are divided by it for UCB)."""
    fam = state[_I["fam"]]
    if fam == L.SCHNAPSEN:
        return 3.0
    if fam == L.CONTRACT:
        return float(max(state[_I["cvalue"]], 3 * state[_I["factor"]]))
    return 157.0 * max(1, state[_I["factor"]])


# --- the tree ---------------------------------------------------------------------------------
@dataclasses.dataclass(slots=True)
class Edge:
    """A move from an information set: its visits, the sum of its values for the side of the
    seat that moves (scaled), how often it was available, and the information sets after it
    by what the searching seat sees."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    after: dict[int, Node] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True)
class Node:
    """An information set of the searching seat: its moves' edges by kernel move id."""

    edges: dict[int, Edge] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Result:
    """A search's root moves (actions, in legal order) with their visits and mean values (for
    the root seat's side, in the solver's units from the root, or the utility's where the
    search was given one), the iterations and nodes."""

    actions: tuple[Action, ...]
    visits: tuple[int, ...]
    means: tuple[float, ...]
    iterations: int
    nodes: int

    @property
    def best(self) -> Action:
        """The most visited root move (then the best mean, then the first in legal order)."""
        index = max(range(len(self.actions)),
                    key=lambda i: (self.visits[i], self.means[i], -i))
        return self.actions[index]


class Ismcts:
    """A search from one information state; :meth:`run` spends a node budget (on the Python
    path, :meth:`prepare` then :meth:`iterate` take its steps one by one)."""

    EXPLORATION: ClassVar[float] = EXPLORATION

    def __init__(self, info: InfoState, seed: int, native: bool | None = None,
                 exploration: float | None = None, leaf: str | None = None,
                 playouts: int | None = None, observers: str | None = None,
                 utility: Sequence[float] | None = None) -> None:
        self.info = info
        self.seat = info.seat
        self.seed = seed
        self.kernel = search._KERNEL if search._native(native) else None
        self.exploration = EXPLORATION if exploration is None else exploration
        if leaf not in (None, "rollout", "playouts"):
            raise ValueError(f"ismcts: leaf must be 'rollout' or 'playouts', not {leaf!r}")
        self.playouts = PLAYOUTS if playouts is None else playouts
        self.observers = OBSERVERS if observers is None else observers
        if self.observers not in ("single", "multiple"):
            raise ValueError("ismcts: observers must be 'single' or 'multiple', not "
                             f"{self.observers!r}")
        if utility is not None and (len(utility) % 2 == 0 or not 0 < len(utility) <= 63):
            raise ValueError("ismcts: utility must hold an odd number of values, at most 63 "
                             "(values -k..k)")
        self.utility: tuple[float, ...] | None = None
        """A leaf's value ``v`` for the max side (rounded, clamped to -k..k) is worth
        ``utility[v + k]`` to the max side (already on UCB's scale); None: ``v`` divided by
        the scale. Given for the searching seat's results, it is turned to the max side's."""
        self.stream = next(splitmix64(seed))
        """The seed of the search's SplitMix64 stream (the kernel's ``rng``)."""
        self.numbers = splitmix64(self.stream)
        self.iterations = 0
        self.nodes = 0
        self.pool: list[Game] = [self._world(0)]
        if not search.in_card_play(self.pool[0]):
            raise NotCardPlay(f"{info.game}: information-set search covers card play only")
        state = kernel_state(self.pool[0])
        if utility is not None:  # zero-sum: the max side's worth of v is minus ours of -v
            mine = tuple(float(u) for u in utility)
            self.utility = mine if side(state, self.seat) == 1 else tuple(-u for u in mine[::-1])
        self.base = running(state)
        self.scale = _scale(state)
        self.leaf = LEAVES[state[_I["fam"]]] if leaf is None else leaf
        self.trees = [Node() for _ in range(
            1 if self.observers == "single" else state[_I["nseats"]])]
        """The trees' roots: the searching seat's alone (single observer), or one a seat."""
        self.root = self.trees[0 if self.observers == "single" else self.seat]
        """The searching seat's tree."""

    def _world(self, index: int) -> Game:
        return sample_world(self.info, random.Random(self.seed + index))

    def prepare(self, nodes: int) -> None:
        """Draw the pool of worlds for a search with budget ``nodes``."""
        self.pool += [self._world(i) for i in range(len(self.pool), worlds(nodes))]

    def run(self, nodes: int) -> Result:
        """Iterate until ``nodes`` are spent (at least one iteration, at most
        ``MAX_ITERATIONS``)."""
        self.prepare(nodes)
        if self.kernel is not None and self.iterations == 0:
            root, self.iterations, self.nodes = self.kernel.ismcts(
                [kernel_state(world) for world in self.pool], self.seat, self.stream, nodes,
                MAX_ITERATIONS, self.exploration, self.scale, self.base,
                _LEAF_CODES[self.leaf], self.playouts, JASS_EXACT_CARDS,
                self.observers == "multiple", self.utility)
            for move, visits, total in root:
                self.root.edges[move] = Edge(visits, total)
            return self.result()
        while self.iterations == 0 or (self.nodes < nodes
                                       and self.iterations < MAX_ITERATIONS):
            self.iterate()
        return self.result()

    def result(self) -> Result:
        walk = _Walk(self.pool[0], self.kernel)
        moves = walk.legal()
        edges = [self.root.edges.get(move, Edge()) for move in moves]
        unit = self.scale if self.utility is None else 1.0
        return Result(tuple(move_action(move) for move in moves),
                      tuple(edge.visits for edge in edges),
                      tuple(unit * edge.total / edge.visits if edge.visits
                            else -math.inf for edge in edges),
                      self.iterations, self.nodes)

    def iterate(self) -> None:
        """One iteration on the Python path: the pool's next world, descent, leaf value and
        backup (the kernel's ``ismcts`` takes the same steps)."""
        walk = _Walk(self.pool[self.iterations % len(self.pool)], None)
        self.iterations += 1
        single = len(self.trees) == 1
        nodes = list(self.trees)
        paths: list[list[Edge]] = [[] for _ in nodes]
        signs: list[int] = []
        while moves := walk.legal():
            actor = walk.state[_I["to_act"]]
            chooser = 0 if single else actor
            edge, move = self._select(nodes[chooser], moves)
            fresh = edge.visits == 0
            for k, node in enumerate(nodes):
                paths[k].append(edge if k == chooser else node.edges.setdefault(move, Edge()))
            walk.apply(move)
            self.nodes += 1
            signs.append(side(walk.state, actor))
            if fresh:
                break
            for k, path in enumerate(paths):
                seen = walk.state[_HAND[self.seat if single else k]]
                after = path[-1].after
                child = after.get(seen)
                if child is None:
                    child = after[seen] = Node()
                nodes[k] = child
        value = self._worth(self._leaf(walk))
        for path in paths:
            for edge, sign in zip(path, signs, strict=True):
                edge.visits += 1
                edge.total += sign * value

    def _select(self, node: Node, moves: list[int]) -> tuple[Edge, int]:
        edges = node.edges
        for move in moves:
            edge = edges.get(move)
            if edge is None:
                edge = edges[move] = Edge()
            edge.available += 1
        fresh = [move for move in moves if edges[move].visits == 0]
        if fresh:
            move = fresh[next(self.numbers) % len(fresh)]
            return edges[move], move
        c = self.exploration
        best, best_score = moves[0], -math.inf
        for move in moves:
            edge = edges[move]
            score = edge.total / edge.visits + c * math.sqrt(
                math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = move, score
        return edges[best], best

    def _worth(self, value: float) -> float:
        """A leaf's value on UCB's scale: divided by the scale, or the utility table's entry
        (the value rounded half away from zero, as C's ``lround``, and clamped)."""
        if self.utility is None:
            return value / self.scale
        span = len(self.utility) // 2
        rounded = int(math.copysign(math.floor(abs(value) + 0.5), value))
        return self.utility[max(-span, min(span, rounded)) + span]

    def _leaf(self, walk: _Walk) -> float:
        """The leaf's value for the max side, from the root's written points on."""
        if self.leaf == "playouts" and not small(walk.state):
            played, total = walk.playouts(next(self.numbers), self.playouts)
            self.nodes += played
            return running(walk.state) - self.base + total / self.playouts
        while not small(walk.state):
            moves = walk.legal()
            if not moves:
                break
            moves = [move for move in moves if move not in _NO_ROLLOUT] or moves
            walk.apply(moves[next(self.numbers) % len(moves)])
            self.nodes += 1
        if not walk.legal():
            return float(running(walk.state) - self.base)
        value, nodes = walk.solve()
        self.nodes += nodes
        return float(running(walk.state) - self.base + value)
