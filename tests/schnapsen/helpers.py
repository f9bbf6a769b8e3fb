"""Building Schnapsen positions for tests."""

from __future__ import annotations

from typing import Any

from stich.core.card_names import parse_card
from stich.core.cards import Card
from stich.schnapsen.game import Schnapsen, SchnapsenOptions
from tests.game_helpers import cards, legal_cards, mask, play


def deal(hand0: str, hand1: str, talon: str, trump_card: str, dealer: int = 0,
         preset: str = "soft", **options: Any) -> Schnapsen:
    """A deal with chosen cards: seat 0's and seat 1's hands, the talon top first."""
    return Schnapsen([cards(hand0), cards(hand1)], cards(talon), parse_card(trump_card), dealer,
                     SchnapsenOptions.from_preset(preset, **options))


def position(preset: str = "soft", trump_card: str = "HJ", **state: Any) -> Schnapsen:
    """A mid-deal position set directly (hands as card text), for rules about one moment.

    Starts from a real deal (so every other attribute is consistent) and overrides the given
    state; used where playing up to the moment would hide the rule under test.
    """
    game = Schnapsen.deal(0, 0, SchnapsenOptions.from_preset(preset))
    game.trump_card = parse_card(trump_card)
    game.trump = game.trump_card.suit
    game.trump_jack = Card.of(game.trump, Card.HJ.rank)
    for key, value in state.items():
        if key == "hands":
            value = tuple(mask(hand) for hand in value)
        elif key == "lead" and isinstance(value, str):
            value = parse_card(value)
        setattr(game, key, value)
    return game


__all__ = ["cards", "deal", "legal_cards", "mask", "play", "position"]
