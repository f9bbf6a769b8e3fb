"""Presumed values: card play valued in one sampled world without presuming that the next
player to move on the other side knows our hidden cards, for every game the kernel plays.

Perfect-information Monte Carlo (PIMC, ``stich.bots.pimc``) values each of our actions in a
sampled world by the solver, which lets every player in that world see every card: the
opponent's reply to our action is the best reply against *our* hand, which the opponent in
the real game does not see. Frank and Basin (1998) call the resulting errors strategy fusion
and non-locality; Long, Sturtevant, Buro and Furtak (AAAI 2010) measure them. Wisser's
presumed-value PIMC (IJCAI 2015, the Schnapsen program Doktor Schnaps; built on his error
allowing minimax, "getting over indifference") corrects the opponent's presumed knowledge in
later states: the opponent is presumed to choose what is best across the worlds *it* cannot
tell apart, not what is best in the one world the searcher happens to be in.

This module does that correction at its smallest, one reply deep (docs/search.md, "Presumed
values"): for our action ``a`` in a world ``w`` (all cards known):

1. Apply ``a``. The solver's value of what follows (``search.solve``) stands where there is
   nothing to correct: the deal is over, the same side moves next (our partner or
   ourselves: our side's later moves are left to the solver, as in PIMC), or the
   opponent's reply is forced: one legal move, or only cards the search counts as one
   (the same suit and card points, no card between them outside the mover's hand and the
   cards gone, so alike in every world the mover cannot tell apart).
2. Otherwise the player to move next, ``o``, is on the other side (the kernel's ``maxmask``:
   Schnapsen's two seats; in Jass seats 0 and 2 against 1 and 3; in the contract games the
   declarer, with a partner where the contract has one, against the defenders, B-4, D-1).
   ``replies - 1`` further worlds are drawn from ``o``'s information state in ``w`` after
   ``a`` (``sample_world``: uniformly among the deals ``o`` cannot rule out, every
   constraint it knows honoured; its own hand as in ``w``, every card it cannot see
   redrawn, its partner's included). With ``w`` itself these are ``o``'s presumed worlds.
   If every one of them is ``w`` again (late in a deal ``o`` often knows every card) the
   solver's value stands.
3. Each legal reply ``b`` of ``o`` is valued by the solver in ``w`` after ``a``; if all are
   worth the same there, the solver's value stands. Otherwise each is valued in every
   presumed world (for ``o``'s side) and ``o`` is presumed to play the reply with the best
   total, the first in legal order among equals (as ``pimc`` breaks ties).
4. The value of ``a`` in ``w`` is the solver's value of that reply *in* ``w`` for our side.

Every shortcut in steps 1-3 gives the value the full computation (every reply analysed in
every presumed world) gives (tested). Draw ``k`` of every action's presumed worlds comes
from one seed per world and draw (common random numbers: each action's draws are still
exactly ``sample_world`` of ``o``'s information after that action, so each is uniform, but
the actions are compared on like deals); a presumed world drawn again counts again but is
searched once; and an optional ``cache`` (one per decision: ``pvpimc`` keeps one over the
worlds of a decision) keeps each analysed position's values, so a position met again, in
another world of the decision, is not searched again. Every solve goes through
``stich.search`` (the native kernel, or the Python path with the same values and node
counts), so the values and nodes are the same on both paths for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stich import search
from stich.core.actions import Action
from stich.core.game import Game, sample_world
from stich.search import layout
from stich.search.adapters import kernel_state, move_id
from stich.search.pysearch import equivalent

DEFAULT_REPLIES = 4
"""Presumed worlds for the opponent's reply, the sampled world included."""

Cache = dict[tuple[int, ...], tuple[tuple[Action, int], ...]]
"""Analysed positions (kernel states) and their values for the side to act there."""


def _analyze(game: Game, key: tuple[int, ...], native: bool | None,
             cache: Cache) -> tuple[tuple[tuple[Action, int], ...], int]:
    """The values of every legal action in ``game`` (for the side to act) and the nodes newly
    searched: none where ``cache`` has the position already."""
    if key in cache:
        return cache[key], 0
    analysis = search.analyze(game, native)
    cache[key] = analysis.values
    return analysis.values, analysis.nodes


def presumed_worlds(after: Game, replies: int, seed: int) -> list[Game]:
    """The presumed worlds of the player to move in ``after`` (step 2): ``after`` itself, then
    ``replies - 1`` worlds drawn from that player's information state, draw ``k`` from the
    seed ``presumed:{seed}:{k}``."""
    if replies < 1:
        raise ValueError("presumed values: replies must be 1 or more")
    worlds = [after]
    if replies > 1:
        info = after.information_state(after.current_player())
        worlds += [sample_world(info, random.Random(f"presumed:{seed}:{draw}"))
                   for draw in range(1, replies)]
    return worlds


def presumed_reply(after: Game, replies: int, seed: int, native: bool | None = None,
                   cache: Cache | None = None,
                   worlds: Sequence[Game] | None = None) -> tuple[Action, dict[Action, int], int]:
    """The reply the player to move in ``after`` is presumed to play (steps 2-3 above): the
    reply, every reply's exact value in ``after`` itself for that player's side, and the
    nodes searched. ``worlds``: the presumed worlds if already drawn (``presumed_worlds``)."""
    if worlds is None:
        worlds = presumed_worlds(after, replies, seed)
    cache = {} if cache is None else cache
    own, nodes = _analyze(after, kernel_state(after), native, cache)
    exact = dict(own)
    order = [action for action, _ in own]
    totals = dict(exact)
    if len(set(exact.values())) > 1:  # replies all alike in ``after``: nothing to choose
        for world in worlds[1:]:  # a world drawn again counts again, searched once
            values, used = _analyze(world, kernel_state(world), native, cache)
            nodes += used
            for action, value in values:
                totals[action] += value
    best = max(range(len(order)), key=lambda i: (totals[order[i]], -i))
    return order[best], exact, nodes


def presumed_values(world: Game, legal: Sequence[Action], seat: int,
                    replies: int = DEFAULT_REPLIES, seed: int = 0,
                    native: bool | None = None,
                    cache: Cache | None = None) -> tuple[list[int], int]:
    """Each of ``seat``'s legal card-play actions valued in ``world`` (all cards known) with
    the next opponent's reply presumed from its own information (module docstring), in
    ``search.analyze``'s units for ``seat``'s side; and the nodes searched. ``cache``: the
    decision's analysed positions (module docstring), filled here."""
    if replies < 1:
        raise ValueError("presumed values: replies must be 1 or more")
    cache = {} if cache is None else cache
    values: list[int] = []
    nodes = 0
    for action in legal:
        after = world.clone()
        after.apply(action)
        value, used = _value(after, seat, replies, seed, native, cache)
        values.append(value)
        nodes += used
    return values, nodes


def _value(after: Game, seat: int, replies: int, seed: int, native: bool | None,
           cache: Cache) -> tuple[int, int]:
    """Our action's value (for ``seat``'s side) from the position ``after`` it, and the nodes
    newly searched (steps 1-4 of the module docstring)."""
    if after.is_terminal() or not search.in_card_play(after):
        return search.solve(after, seat, native)
    state = kernel_state(after)
    mover = after.current_player()
    turn = search.side(state, seat) * search.side(state, mover)
    if turn == 1 or replies == 1 or _forced(state, after.legal_actions()):
        # our side moves next, or one presumed world, or the reply is forced: the solver's
        # value stands
        return _solve(after, state, turn, native, cache)
    worlds = presumed_worlds(after, replies, seed)
    if all(kernel_state(other) == state for other in worlds[1:]):
        # the opponent tells no other deal apart from this one: nothing to presume
        return _solve(after, state, turn, native, cache)
    reply, exact, used = presumed_reply(after, replies, seed, native, cache, worlds)
    # the other side's value in ``after``, turned to ``seat``'s (zero-sum, sides +-1)
    return -exact[reply], used


def _forced(state: tuple[int, ...], replies: Sequence[Action]) -> bool:
    """Whether every card-play reply is the same as the first in value in every world the
    mover cannot tell apart: each the search's equivalent of the first
    (``pysearch.equivalent``: the mover's hand and the cards gone are the same in all its
    presumed worlds). One legal reply is the plain case."""
    moves = [move_id(reply) for reply in replies if reply.verb != "weis"]
    first = moves[0]
    if any(move >= 36 for move in moves):  # not a card: a claim, a close, a marriage ...
        return len(moves) == 1
    at = layout.INDEX
    strength = state[at["strength0"]:at["strength0"] + 36]
    points = state[at["cpts0"]:at["cpts0"] + 36]
    return all(equivalent(state, strength, points, first, move) for move in moves[1:])


def _solve(after: Game, state: tuple[int, ...], turn: int, native: bool | None,
           cache: Cache) -> tuple[int, int]:
    """The solver's value of ``after`` for our side (``turn``: +1 if the mover is on it),
    from ``cache`` where the position was analysed already."""
    if state in cache:
        return turn * max(value for _, value in cache[state]), 0
    value, used = search.solve(after, after.current_player(), native)
    return turn * value, used
