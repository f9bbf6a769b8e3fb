"""Card names per deck and the parser for every accepted spelling (notation.md, "Cards").

Output always uses the two-letter code; people type whatever their deck calls the card. The
German (double-German, Schnapsen) and Swiss (Jass) decks map their suits to the French letters
differently (German Eichel is clubs, Swiss Eicheln is diamonds), so a name is read against one
deck when the caller knows it, and against all decks only where that is unambiguous.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from stich.core.cards import (
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    SYMBOL_OF_SUIT,
    Card,
    Rank,
    Suit,
)


class Deck(StrEnum):
    """The pictures a deck shows; the game is the same."""

    FRENCH = "french"
    GERMAN = "german"
    SWISS = "swiss"


class CardParseError(ValueError):
    """Text that names no card, or names different cards in different decks."""


_R = Rank
# Display names: suit word, then rank words by rank.
SUIT_NAMES: dict[Deck, dict[Suit, str]] = {
    Deck.FRENCH: {Suit.C: "Kreuz", Suit.D: "Karo", Suit.H: "Herz", Suit.S: "Pik"},
    Deck.GERMAN: {Suit.C: "Eichel", Suit.D: "Schelle", Suit.H: "Herz", Suit.S: "Laub"},
    Deck.SWISS: {Suit.C: "Schellen", Suit.D: "Eicheln", Suit.H: "Rosen", Suit.S: "Schilten"},
}
RANK_NAMES: dict[Deck, dict[Rank, str]] = {
    Deck.FRENCH: {_R.ACE: "Ass", _R.KING: "König", _R.QUEEN: "Dame", _R.JACK: "Bube",
                  _R.TEN: "Zehn"},
    Deck.GERMAN: {_R.ACE: "Daus", _R.KING: "König", _R.QUEEN: "Ober", _R.JACK: "Unter",
                  _R.TEN: "Zehner"},
    Deck.SWISS: {_R.ACE: "Ass", _R.KING: "König", _R.QUEEN: "Ober", _R.JACK: "Under",
                 _R.TEN: "Banner"},
}
for _names in RANK_NAMES.values():
    _names.update({_R.NINE: "9", _R.EIGHT: "8", _R.SEVEN: "7", _R.SIX: "6"})

# Extra spellings people use, per deck (lower case, without umlauts).
_SUIT_ALIASES: dict[Deck, dict[str, Suit]] = {
    Deck.FRENCH: {"hearts": Suit.H, "heart": Suit.H, "diamonds": Suit.D, "diamond": Suit.D,
                  "spades": Suit.S, "spade": Suit.S, "clubs": Suit.C, "club": Suit.C,
                  "treff": Suit.C},
    Deck.GERMAN: {"gruen": Suit.S, "grun": Suit.S, "gras": Suit.S, "blatt": Suit.S,
                  "herzen": Suit.H},
    Deck.SWISS: {"rose": Suit.H, "schilte": Suit.S},
}
_RANK_ALIASES: dict[Deck, dict[str, Rank]] = {
    Deck.FRENCH: {"ace": _R.ACE, "king": _R.KING, "queen": _R.QUEEN, "jack": _R.JACK,
                  "ten": _R.TEN, "zehner": _R.TEN, "as": _R.ACE},
    Deck.GERMAN: {"ass": _R.ACE, "as": _R.ACE, "sau": _R.ACE, "zehn": _R.TEN, "bauer": _R.JACK},
    Deck.SWISS: {"as": _R.ACE, "zehn": _R.TEN, "zehner": _R.TEN, "nell": _R.NINE,
                 "naell": _R.NINE, "nael": _R.NINE, "bauer": _R.JACK, "buur": _R.JACK},
}


def _fold(word: str) -> str:
    """Lower case with umlauts written out, so König, Koenig and konig all match."""
    word = word.strip().lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    word = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in word if not unicodedata.combining(ch))


def _tables(deck: Deck) -> tuple[dict[str, Suit], dict[str, Rank]]:
    suits = {_fold(name): suit for suit, name in SUIT_NAMES[deck].items()}
    suits.update(_SUIT_ALIASES[deck])
    ranks = {_fold(name): rank for rank, name in RANK_NAMES[deck].items()}
    ranks.update(_RANK_ALIASES[deck])
    ranks["10"] = _R.TEN
    return suits, ranks


_TABLES = {deck: _tables(deck) for deck in Deck}


def card_name(card: Card, deck: Deck = Deck.FRENCH) -> str:
    """The card's name in the deck, such as ``Herz-Ass`` or ``Rosen-Banner``."""
    return f"{SUIT_NAMES[deck][card.suit]}-{RANK_NAMES[deck][card.rank]}"


def card_symbol(card: Card) -> str:
    """A short picture of the card for terminals: rank letter and suit symbol (``A♥``)."""
    rank = "10" if card.rank is Rank.TEN else card.rank.letter
    return f"{rank}{SYMBOL_OF_SUIT[card.suit]}"


def _parse_code(text: str) -> Card | None:
    """Two-letter codes in either order, ``10`` for ``T``, suit symbols, any case."""
    compact = text.replace(" ", "").upper().replace("10", "T")
    for symbol, suit in SUIT_SYMBOLS.items():
        compact = compact.replace(symbol, SUIT_LETTERS[suit])
    if len(compact) != 2:
        return None
    for suit_ch, rank_ch in ((compact[0], compact[1]), (compact[1], compact[0])):
        if suit_ch in SUIT_LETTERS and rank_ch in RANK_LETTERS:
            return Card.of(Suit(SUIT_LETTERS.index(suit_ch)), Rank(RANK_LETTERS.index(rank_ch)))
    return None


def _parse_name(text: str, deck: Deck) -> Card | None:
    suits, ranks = _TABLES[deck]
    words = _fold(text).replace("-", " ").split()
    if len(words) == 3 and words[1] in ("of", "von"):  # "ace of hearts"
        words = [words[2], words[0]]
    if len(words) != 2:
        return None
    for suit_word, rank_word in (words, words[::-1]):
        if suit_word in suits and rank_word in ranks:
            return Card.of(suits[suit_word], ranks[rank_word])
    return None


def parse_card(text: str, deck: Deck | None = None) -> Card:
    """Read a card from its code or any accepted spelling.

    With ``deck`` given, names are read in that deck; without, a name must mean the same card in
    every deck that knows it.
    """
    card = _parse_code(text)
    if card is not None:
        return card
    decks = [deck] if deck is not None else list(Deck)
    found = {d: c for d in decks if (c := _parse_name(text, d)) is not None}
    if not found:
        raise CardParseError(f"not a card: {text!r} (use a code such as HA, ST, C7)")
    if len(set(found.values())) > 1:
        readings = ", ".join(f"{c.name} in the {d.value} deck" for d, c in found.items())
        raise CardParseError(f"ambiguous card {text!r}: {readings}; give the deck")
    return next(iter(found.values()))
