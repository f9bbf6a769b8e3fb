"""Keys for actions: numbers for the cards in hand, short letters for everything else.

Every card in the hand gets a number, playable or not, and every action of the game gets its
key whether the rules allow it now or not: choosing something not allowed gets the rule that
forbids it instead of "unknown key". Keys are read in the current phase's sense first: a key
the rules allow now wins, then (while cards are played) a card's spelling, then any other key
of the game. People may also type a card in any accepted spelling or a whole action in the
notation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from stich.core.actions import PLAY, Action, ActionParseError
from stich.core.card_names import CardParseError, Deck, parse_card
from stich.core.cards import Card
from stich.terminal.words import count

VERB_KEYS = {
    "exchange": "x", "close": "c", "claim": "g", "pass": "p", "push": "s", "turnup": "u",
    "redeal": "r", "double": "d", "redouble": "d", "reredouble": "d", "marriage": "m",
    "trump": "t", "bid": "b", "weis": "w", "discard": "k", "exchange-talon": "e",
}
LAY_DOWN = ("discard", "exchange-talon")
"""Verbs that lay two cards down; the person picks them one at a time (D-1)."""
DOUBLING = ("double", "redouble", "reredouble")
"""One key ``d`` for the doubling step due now (B-6)."""
QUIT_KEYS = ("q", "quit", "exit")
HELP_KEYS = ("?", "h", "help")


class Quit(Exception):
    """The person asked to stop (``q``, end of input or Ctrl-C)."""


@dataclasses.dataclass(frozen=True)
class Choice:
    """One key: the action it stands for and whether the rules allow it now."""

    key: str
    action: Action
    legal: bool


def _arg_key(action: Action) -> str:
    words = action.arg.replace("-", " ").split()
    return "".join(word[0] for word in words).lower() if len(words) > 1 else action.arg.lower()


def default_key(action: Action) -> str:
    """The verb's letter and the argument's initials."""
    base = VERB_KEYS.get(action.verb, action.verb[0])
    return base + _arg_key(action) if action.arg else base


def build_choices(hand: Sequence[Card], legal: Sequence[Action],
                  offered: Iterable[Action] = (),
                  key_of: Callable[[Action], str | None] | None = None) -> list[Choice]:
    """Numbered hand cards, then every action of the game (``offered``, plus any legal one
    not among them) with its key; a game's view names its keys through ``key_of``. Two
    actions may share a key when at most one of them is allowed at a time (``d`` doubles,
    answers and re-answers); laying cards down is chosen card by card and gets no key here."""
    legal_set = set(legal)
    choices = [Choice(str(n), PLAY[card], PLAY[card] in legal_set)
               for n, card in enumerate(hand, start=1)]
    seen = {choice.action for choice in choices}
    reserved = set(QUIT_KEYS) | set(HELP_KEYS)

    def clash(key: str, action: Action) -> bool:
        return key in reserved or key.isdigit() or any(
            c.key == key and not (c.action.verb in DOUBLING and action.verb in DOUBLING)
            for c in choices)

    for action in [*offered, *legal]:
        if action in seen or action.verb in LAY_DOWN:
            continue
        seen.add(action)
        key = (key_of(action) if key_of else None) or default_key(action)
        suffix = 2
        while clash(key, action):
            key, suffix = f"{default_key(action)}{suffix}", suffix + 1
        choices.append(Choice(key, action, action in legal_set))
    return choices


def read_choice(text: str, choices: Sequence[Choice], deck: Deck) -> Action:
    """The action a line of input means; Quit, or ValueError with a message for people.

    A key allowed now comes first; while cards are played a card's spelling comes next (``td``
    is the ten of diamonds then, but trump in diamonds while trump is named); then any key of
    the game, so that the rules say why it is not allowed now."""
    text = text.strip()
    lowered = text.lower()
    if not text:
        raise ValueError("nothing typed: type a key from the menu (a card's number, a letter), "
                         "or ? for every key")
    if lowered in QUIT_KEYS:
        raise Quit
    for choice in choices:
        if choice.key == lowered and choice.legal:
            return choice.action
    playing = any(c.legal and c.action.verb == "play" for c in choices)
    card = _card(text, deck)
    if playing and card is not None:
        return PLAY[card]
    for choice in choices:
        if choice.key == lowered:
            return choice.action
    if card is not None:
        return PLAY[card]
    if text.isdigit():
        held = sum(choice.key.isdigit() for choice in choices)
        numbers = f"numbered 1 to {held}" if held > 1 else "numbered 1" if held else "none"
        raise ValueError(f"{text}: no card has that number; you hold "
                         f"{count(held, 'card')}, {numbers}")
    try:
        return Action.parse(text, deck)
    except ActionParseError as error:
        raise ValueError(f"{text!r}: no such key, card or action ({error}); ? lists them") from None


def _card(text: str, deck: Deck) -> Card | None:
    try:
        return parse_card(text, deck)
    except CardParseError:
        return None
