"""Cards as people see them in a terminal: symbols and colours, or the deck's own names."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from stich.core.card_names import SUIT_NAMES, Deck, card_name, card_symbol
from stich.core.cards import SYMBOL_OF_SUIT, Card, Suit

_FRENCH_STYLE = {Suit.H: "bold red", Suit.D: "bold red", Suit.S: "bold", Suit.C: "bold"}
_PICTURE_STYLE = {  # German and Swiss pictures: hearts/roses red, bells yellow, leaves green
    Deck.GERMAN: {Suit.H: "bold red", Suit.D: "bold yellow", Suit.S: "bold green",
                  Suit.C: "bold dark_orange3"},
    Deck.SWISS: {Suit.H: "bold red", Suit.D: "bold dark_orange3", Suit.S: "bold cyan",
                 Suit.C: "bold yellow"},
}


def card_text(card: Card, deck: Deck) -> Text:
    """``A♥`` in colour for the French deck, the card's name for the German and Swiss."""
    if deck is Deck.FRENCH:
        return Text(card_symbol(card), style=_FRENCH_STYLE[card.suit])
    return Text(card_name(card, deck), style=_PICTURE_STYLE[deck][card.suit])


def cards_text(cards: Iterable[Card], deck: Deck, empty: str = "-") -> Text:
    """Cards side by side."""
    parts = [card_text(card, deck) for card in cards]
    return Text("  ").join(parts) if parts else Text(empty, style="dim")


def suit_text(suit: Suit, deck: Deck) -> Text:
    """A suit's symbol (French) or name (German, Swiss), in its colour."""
    if deck is Deck.FRENCH:
        return Text(SYMBOL_OF_SUIT[suit], style=_FRENCH_STYLE[suit])
    return Text(SUIT_NAMES[deck][suit], style=_PICTURE_STYLE[deck][suit])
