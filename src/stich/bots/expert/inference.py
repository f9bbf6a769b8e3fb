"""Inference: how likely each sampled world makes the other side's earlier choices.

A uniformly sampled world honours every hard constraint (cards seen, proven voids), but not
what a choice says softly: a player who pushes in Jass has a weak hand, one who bids a
Bettel holds low cards, one who leads a trump Ace early rarely holds only small trumps.
The expert weights each world by the likelihood of the opponents' recorded choices under a
cheap policy model, the ``rules`` bot of the game, asked in that world at each such choice:
a choice the model would have made there keeps the weight, any other multiplies it by
:data:`MISMATCH` or :data:`MISMATCH_PLAY` (people and other bots do not play like the
model, so no world is ruled out). The world's deal is replayed from its start through the
rules (``Game.undo`` back to the first action, then forwards), so the model sees exactly the
information state the opponent had.

Only the choices that say something and are cheap to model are asked (``informative``):
every choice before card play (trump, push, bids, talon and discard, doubling, Weis, the
Schnapsen exchange and close), leads, and in Schnapsen every card while the stock is open
(once the stock is exhausted every card is known to both players and a choice there says
nothing about hidden cards).
"""

from __future__ import annotations

from collections.abc import Callable

from stich.bots.base import Bot
from stich.core.actions import Action
from stich.core.game import Game

MISMATCH = 0.02
"""The weight factor of a choice before card play (trump, push, bid, discard, doubling, Weis,
exchange, close) that the model would not have made in the world: such choices are few and
say much, and the worlds that explain them are often rare among the drawn ones, so a softer
factor would let the many unexplaining worlds outweigh them."""
MISMATCH_PLAY = 0.25
"""The factor for a card played that the model would not have played: cards are many, and
people and other bots choose among them less like the model."""

Informative = Callable[[Game, Action], bool]


def informative(game: Game, action: Action) -> bool:
    """Whether the choice ``action`` (about to be taken in ``game``) is worth modelling."""
    if action.verb != "play":
        return True
    if game.NAME == "schnapsen":  # S-6: with the stock exhausted, nothing is hidden
        return int(getattr(game, "stock_size", 0)) > 0
    return not getattr(game, "trick", ())


def likelihood(world: Game, models: dict[int, Bot],
               asks: Informative = informative) -> float:
    """The weight of ``world``: the product of :data:`MISMATCH` (:data:`MISMATCH_PLAY` for a
    card) over the modelled choices of the seats in ``models`` that their model would not
    have made there."""
    replay = world.clone()
    steps = list(replay.history)
    for _ in steps:
        replay.undo()
    weight = 1.0
    for actor, action in steps:
        model = models.get(actor)
        if model is not None and asks(replay, action) and len(replay.legal_actions()) > 1:
            predicted = model.choose(replay.information_state(actor)) if model.USES_INFO \
                else model.act(replay.observation(actor))
            if predicted != action:
                weight *= MISMATCH_PLAY if action.verb == "play" else MISMATCH
        replay.apply_legal(action)
    return weight
