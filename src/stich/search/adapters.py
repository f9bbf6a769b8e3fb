"""A live deal of any game as the kernel reads it: the family's encoder, chosen by
``Game.NAME`` (``stich.search.encoders``), and the kernel's move ids.

Only the card-play phase is read: Schnapsen from the first lead, the contract games once the
contract is fixed and doubled (B-6), Jass once the contract is chosen (J-3). Everything comes
from the engine's own state and tables, so the kernel cannot drift from them: card orders
(``CardOrder.strength``), card points, options. Move ids: layout.py. Jass's Weis of trick 1:
``stich.search.encoders.jass``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.core.actions import PLAY, Action
from stich.core.cards import Suit
from stich.core.game import Game
from stich.search import layout as L
from stich.search.encoders import contract, jass, schnapsen
from stich.search.encoders.base import Encoder, NotCardPlay

__all__ = ["ENCODERS", "NotCardPlay", "contract_sides", "in_card_play", "kernel_state",
           "move_action", "move_id"]

ENCODERS: dict[str, Encoder[Any]] = {
    "schnapsen": schnapsen.ENCODER,
    "bauernschnapsen": contract.ENCODER,
    "dreierschnapsen": contract.ENCODER,
    "jass": jass.ENCODER,
}
"""Each game's kernel encoder, by ``Game.NAME``."""


def kernel_state(game: Game) -> tuple[int, ...]:
    """The kernel's state vector of a deal in card play; NotCardPlay otherwise."""
    encoder = ENCODERS.get(game.NAME)
    if encoder is None:
        raise NotCardPlay(f"{game.NAME}: no kernel for this game")
    return tuple(encoder.state(game))


def in_card_play(game: Game) -> bool:
    """Whether the kernel covers the deal's current phase."""
    encoder = ENCODERS.get(game.NAME)
    return encoder is not None and encoder.in_card_play(game)


def contract_sides(game: Game) -> Sequence[Sequence[int]]:
    """The sides of the deal's contract where it has one, else empty."""
    encoder = ENCODERS.get(game.NAME)
    return () if encoder is None else encoder.sides(game)


# --- move ids and actions ---------------------------------------------------------------------
_VERB_IDS = {"exchange": L.EXCHANGE, "close": L.CLOSE, "claim": L.CLAIM, "pass": L.PASS}
_ID_VERBS = {value: key for key, value in _VERB_IDS.items()}


def move_id(action: Action) -> int:
    """The kernel's id of a card-play action (ValueError for other verbs, such as Weis)."""
    if action.verb == "play":
        return int(action.card)
    if action.verb == "marriage":
        return L.MARRIAGE_BASE + int(Suit[action.arg])
    if action.verb in _VERB_IDS:
        return _VERB_IDS[action.verb]
    raise ValueError(f"{action} is not a card-play move of the kernel")


def move_action(move: int) -> Action:
    """The action of a kernel move id."""
    if 0 <= move < 36:
        return PLAY[move]
    if L.MARRIAGE_BASE <= move < L.MARRIAGE_BASE + 4:
        return Action("marriage", Suit(move - L.MARRIAGE_BASE).name)
    return Action(_ID_VERBS[move])
