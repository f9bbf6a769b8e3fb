"""Test helpers every game shares: cards from text, scripted actions, the legal cards."""

from __future__ import annotations

from stich.core.card_names import parse_card
from stich.core.cards import Card, card_set
from stich.core.game import Game


def cards(text: str) -> list[Card]:
    return [parse_card(code) for code in text.split()]


def mask(text: str) -> int:
    return card_set(cards(text))


def play(game: Game, *actions: str) -> None:
    """Apply actions in order (each checked by the rules)."""
    for action in actions:
        game.apply(action)


def legal_cards(game: Game) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.verb == "play"}
