"""Letters for suits and ranks in the deck in play, so that keys read as the cards on screen.

A French deck names trump Hearts ``th``; the Swiss deck calls the same suit Rosen, so its key
is ``tr``; the German deck's Laub (spades) is ``tl``. Ranks follow the deck's words too:
Swiss Under ``u``, Banner ``b``; German Daus ``d``, Zehner ``z``.
"""

from __future__ import annotations

from stich.core.card_names import Deck
from stich.core.cards import Card, Rank, Suit

SUIT_KEYS: dict[Deck, dict[Suit, str]] = {
    Deck.FRENCH: {Suit.H: "h", Suit.D: "d", Suit.S: "s", Suit.C: "c"},
    Deck.GERMAN: {Suit.H: "h", Suit.D: "s", Suit.S: "l", Suit.C: "e"},  # Schelle, Laub, Eichel
    Deck.SWISS: {Suit.H: "r", Suit.D: "e", Suit.S: "s", Suit.C: "l"},  # Rosen, Eicheln,
}                                                                      # Schilten, SchelLen
_R = Rank
_SMALL = {_R.NINE: "9", _R.EIGHT: "8", _R.SEVEN: "7", _R.SIX: "6"}
RANK_KEYS: dict[Deck, dict[Rank, str]] = {
    Deck.FRENCH: {_R.ACE: "a", _R.KING: "k", _R.QUEEN: "q", _R.JACK: "j", _R.TEN: "t", **_SMALL},
    Deck.GERMAN: {_R.ACE: "d", _R.KING: "k", _R.QUEEN: "o", _R.JACK: "u", _R.TEN: "z", **_SMALL},
    Deck.SWISS: {_R.ACE: "a", _R.KING: "k", _R.QUEEN: "o", _R.JACK: "u", _R.TEN: "b", **_SMALL},
}


def suit_key(suit: Suit, deck: Deck) -> str:
    return SUIT_KEYS[deck][suit]


def rank_key(rank: Rank, deck: Deck) -> str:
    return RANK_KEYS[deck][rank]


def suit_of_key(letter: str, deck: Deck) -> Suit | None:
    return next((suit for suit, key in SUIT_KEYS[deck].items() if key == letter), None)


def rank_of_key(letter: str, deck: Deck) -> Rank | None:
    return next((rank for rank, key in RANK_KEYS[deck].items() if key == letter), None)


def example_card(deck: Deck) -> str:
    """How to type a card in this deck, for the help: its code and its name."""
    from stich.core.card_names import card_name

    return f"HA, 10H, {card_name(Card.HA, deck)}"
