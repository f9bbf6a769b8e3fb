"""Keys for actions: numbers for the cards in hand, short letters for everything else.

Every card in the hand gets a number, playable or not, so that choosing an unplayable card
gets the rule that forbids it instead of "unknown key". Other actions get a mnemonic key
(``c`` close, ``g`` claim ("genug"), ``mh`` marriage in hearts ...). People may also type a
card in any accepted spelling or a whole action in the notation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from stich.core.actions import PLAY, Action, ActionParseError
from stich.core.card_names import CardParseError, Deck, parse_card
from stich.core.cards import Card

VERB_KEYS = {
    "exchange": "x", "close": "c", "claim": "g", "pass": "p", "push": "s", "turnup": "u",
    "redeal": "r", "double": "d", "redouble": "d", "reredouble": "d", "marriage": "m",
    "trump": "t", "bid": "b", "weis": "w", "discard": "k", "exchange-talon": "e",
}
QUIT_KEYS = ("q", "quit", "exit")
HELP_KEYS = ("?", "h", "help")


class Quit(Exception):
    """The person asked to stop (``q`` or end of input)."""


@dataclasses.dataclass(frozen=True)
class Choice:
    """One line of the menu: the key, the action and whether the rules allow it now."""

    key: str
    action: Action
    legal: bool


def _arg_key(action: Action) -> str:
    words = action.arg.replace("-", " ").split()
    return "".join(word[0] for word in words).lower() if len(words) > 1 else action.arg.lower()


def build_choices(hand: Sequence[Card], legal: Sequence[Action],
                  key_of: Callable[[Action], str | None] | None = None) -> list[Choice]:
    """Numbered hand cards, then the other legal actions with unique short keys (a game's
    view may name its own through ``key_of``; None falls back to verb and argument)."""
    legal_set = set(legal)
    choices = [Choice(str(n), PLAY[card], PLAY[card] in legal_set)
               for n, card in enumerate(hand, start=1)]
    taken = {c.key for c in choices} | set(QUIT_KEYS) | set(HELP_KEYS)
    for action in legal:
        if action.verb == "play" and action in {c.action for c in choices}:
            continue
        base = VERB_KEYS.get(action.verb, action.verb[0])
        key = (key_of(action) if key_of else None) or (
            base + _arg_key(action) if action.arg else base)
        suffix = 2
        while key in taken:
            key, suffix = f"{base}{_arg_key(action)}{suffix}", suffix + 1
        taken.add(key)
        choices.append(Choice(key, action, True))
    return choices


def read_choice(text: str, choices: Sequence[Choice], deck: Deck) -> Action:
    """The action a line of input means; Quit, or ValueError with a message for people."""
    text = text.strip()
    lowered = text.lower()
    if lowered in QUIT_KEYS:
        raise Quit
    for choice in choices:
        if choice.key == lowered:
            return choice.action
    try:
        return PLAY[parse_card(text, deck)]
    except CardParseError:
        pass
    try:
        return Action.parse(text, deck)
    except ActionParseError as error:
        raise ValueError(f"{text!r}: no such key, card or action ({error}); ? lists them") from None
