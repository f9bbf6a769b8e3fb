"""Actions in the shared notation: one line of text, a verb and its arguments (notation.md).

An :class:`Action` is an immutable pair of verb and argument text; ``str(action)`` is its
notation. Card arguments are always stored as two-letter codes, whatever spelling was parsed.
The core knows one verb, ``play`` (a card to the trick, in every game); each game family
declares its own verbs in its ``actions`` module (:func:`declare`, as OpenSpiel's games
register themselves), and ``Action.parse`` reads every verb declared so far.
"""

from __future__ import annotations

from typing import NamedTuple

from stich.core.card_names import CardParseError, Deck, parse_card
from stich.core.cards import ALL_CARDS, Card, Suit


class Verbs(NamedTuple):
    """A family's verbs by what they take: cards, one word (a suit, a contract), nothing."""

    cards: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    bare: frozenset[str] = frozenset()


_CARDS, _WORD, _BARE = "cards", "word", "bare"
_KIND: dict[str, str] = {"play": _CARDS}
"""Every declared verb and what it takes; ``play`` is the core's own."""


def declare(verbs: Verbs) -> Verbs:
    """Make a family's verbs known to ``Action.parse`` (a family's ``actions`` module calls it
    once as it loads); ValueError if a verb is already declared to take something else."""
    for kind, names in ((_CARDS, verbs.cards), (_WORD, verbs.words), (_BARE, verbs.bare)):
        for verb in names:
            if _KIND.setdefault(verb, kind) != kind:
                raise ValueError(f"verb {verb!r} is declared to take {_KIND[verb]}, not {kind}")
    return verbs


def takes_cards(verb: str) -> bool:
    """Whether a verb's arguments are cards (``play``, ``weis`` ...)."""
    return _KIND.get(verb) == _CARDS


_CARD_BY_CODE = {card.name: card for card in ALL_CARDS}


class ActionParseError(ValueError):
    """Text that is not an action in the notation."""


class Action(NamedTuple):
    """A verb and its argument text, e.g. ``Action("play", "HA")`` for ``play HA``."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    @property
    def card(self) -> Card:
        """The single card of a ``play`` action."""
        return _CARD_BY_CODE[self.arg]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of a card verb (``weis``, ``discard``, ...)."""
        return tuple(_CARD_BY_CODE[code] for code in self.arg.split())

    @property
    def suit(self) -> Suit:
        """The suit of ``marriage H`` or ``trump H``."""
        return Suit[self.arg]

    @classmethod
    def parse(cls, text: str, deck: Deck | None = None) -> Action:
        """Read an action, accepting every card spelling; raise ActionParseError if malformed."""
        words = text.split()
        if not words:
            raise ActionParseError("empty action")
        verb, args = words[0].lower(), words[1:]
        kind = _KIND.get(verb)
        if kind is None:
            raise ActionParseError(f"unknown verb {verb!r} in {text!r}")
        if kind == _BARE:
            if args:
                raise ActionParseError(f"{verb!r} takes no argument, got {' '.join(args)!r}")
            return cls(verb)
        if not args:
            raise ActionParseError(f"{verb!r} needs an argument")
        if kind == _WORD:
            if len(args) != 1:
                raise ActionParseError(f"{verb!r} takes one argument, got {' '.join(args)!r}")
            word = args[0]
            return cls(verb, word.upper() if word.upper() in Suit.__members__ else word.lower())
        try:
            cards = [parse_card(arg, deck) for arg in args]
        except CardParseError as error:
            raise ActionParseError(f"{error} in {text!r}") from None
        if verb == "play" and len(cards) != 1:
            raise ActionParseError(f"'play' takes one card, got {len(cards)}")
        return cls(verb, " ".join(card.name for card in cards))


PLAY: tuple[Action, ...] = tuple(Action("play", card.name) for card in ALL_CARDS)
"""``PLAY[card]`` is the ready-made action that plays the card (legal-move lists reuse them)."""

_PLAYS_BY_SUIT: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(PLAY[suit * 9 + r] for r in range(9) if bits >> r & 1) for bits in range(512))
    for suit in range(4)
)


def play_actions(mask: int) -> list[Action]:
    """``play`` actions for every card of a mask, in card order (table lookups per suit)."""
    table = _PLAYS_BY_SUIT
    return [*table[0][mask & 511], *table[1][mask >> 9 & 511], *table[2][mask >> 18 & 511],
            *table[3][mask >> 27 & 511]]


def as_action(action: Action | str) -> Action:
    """Accept an Action or its notation text."""
    return action if isinstance(action, Action) else Action.parse(action)
