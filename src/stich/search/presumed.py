"""Presumed values: card play valued in one sampled world without presuming that the next
player to move on the other side knows our hidden cards.

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

1. Apply ``a``. If the deal is over, or the same side moves next (our own later moves are
   left to the solver, as in PIMC), the value is the solver's value of what follows.
2. Otherwise the player to move next, ``o``, is on the other side. Its information state in
   ``w`` after ``a`` gives ``replies - 1`` further worlds drawn uniformly among the deals
   ``o`` cannot rule out (its own hand as in ``w``; our hand and the stock redrawn), seeded
   from ``seed``; with ``w`` itself these are ``o``'s presumed worlds.
3. Each legal reply ``b`` of ``o`` is valued by the solver in every presumed world
   (``stich.search.analyze``, for ``o``'s side); ``o`` is presumed to play the reply with the
   best total, the first in legal order among equals (as ``pimc`` breaks ties).
4. The value of ``a`` in ``w`` is the solver's value of that reply *in* ``w`` (already known
   from step 3's analysis of ``w``) for our side.

A reply forced by the rules (a single legal move) needs no presumed worlds; a presumed world
drawn again (late in a deal the opponent often knows our hand) counts again but is searched
once. Every solve goes
through ``stich.search`` (the native kernel, or the Python path with the same values and node
counts), so the values and nodes are the same on both paths for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stich import search
from stich.core.actions import Action
from stich.core.game import Game, sample_world
from stich.search import layout
from stich.search.adapters import kernel_state

DEFAULT_REPLIES = 4
"""Presumed worlds for the opponent's reply, the sampled world included."""


def _side(game: Game, seat: int) -> int:
    """+1 if ``seat`` is on the side the search maximises for, else -1."""
    state = kernel_state(game)
    return 1 if state[layout.INDEX["maxmask"]] >> seat & 1 else -1


def presumed_reply(after: Game, replies: int, seed: int,
                   native: bool | None = None) -> tuple[Action, dict[Action, int], int]:
    """The reply the player to move in ``after`` is presumed to play (steps 2-3 above): the
    reply, every reply's exact value in ``after`` itself for that player's side, and the
    nodes searched."""
    if replies < 1:
        raise ValueError("presumed values: replies must be 1 or more")
    mover = after.current_player()
    own = search.analyze(after, native)
    exact = dict(own.values)
    order = [action for action, _ in own.values]
    nodes = own.nodes
    totals = dict(exact)
    if len(order) > 1 and replies > 1:
        info = after.information_state(mover)
        seen = {kernel_state(after): own.values}
        for draw in range(1, replies):
            world = sample_world(info, random.Random(f"presumed:{seed}:{draw}"))
            key = kernel_state(world)
            if key not in seen:  # a world drawn again counts again, searched once
                analysis = search.analyze(world, native)
                seen[key] = analysis.values
                nodes += analysis.nodes
            for action, value in seen[key]:
                totals[action] += value
    best = max(range(len(order)), key=lambda i: (totals[order[i]], -i))
    return order[best], exact, nodes


def presumed_values(world: Game, legal: Sequence[Action], seat: int,
                    replies: int = DEFAULT_REPLIES, seed: int = 0,
                    native: bool | None = None) -> tuple[list[int], int]:
    """Each of ``seat``'s legal card-play actions valued in ``world`` (all cards known) with
    the next opponent's reply presumed from its own information (module docstring), in
    ``search.analyze``'s units for ``seat``'s side; and the nodes searched."""
    values: list[int] = []
    nodes = 0
    for index, action in enumerate(legal):
        after = world.clone()
        after.apply(action)
        if (after.is_terminal() or not search.in_card_play(after)
                or _side(after, after.current_player()) == _side(after, seat)):
            value, used = search.solve(after, seat, native)
            values.append(value)
            nodes += used
            continue
        reply, exact, used = presumed_reply(after, replies, seed * 64 + index, native)
        # the other side's value in ``after``, turned to ``seat``'s (zero-sum, sides +-1)
        values.append(-exact[reply])
        nodes += used
    return values, nodes
