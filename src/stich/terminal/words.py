"""English for the table: "You win" but "Anna wins", "1 card" but "2 cards"."""

from __future__ import annotations

_IRREGULAR = {"have": "has", "be": "is", "do": "does", "go": "goes"}


def singular(verb: str) -> str:
    """The verb after he or she: ``win`` → ``wins``, ``push`` → ``pushes``, ``have`` → ``has``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def subject_verb(subject: str, verb: str, plural: bool) -> str:
    """``You win``, ``Anna wins``, ``Anna & Carl win``: a person called "You" and a party
    of several take the plural."""
    if plural or subject == "You" or " & " in subject or " and " in subject:
        return f"{subject} {'are' if verb == 'be' else verb}"
    return f"{subject} {singular(verb)}"


def count(number: int, word: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 tricks``."""
    return f"{number} {word if number == 1 else plural or word + 's'}"
