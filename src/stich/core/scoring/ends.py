"""The words every game's match end is said with: a subject and its verb, a count, a list.

Each game family says how its own match ends with these, so every front end names the winner
and the reason the same way. Names come from the caller: a player's name, a team's
(``"Anna & Carl"``) or ``"You"``; a team and ``"You"`` take the plural verb.
"""

from __future__ import annotations

from collections.abc import Sequence


def says(subject: str, verb: str) -> str:
    """``Anna wins``, ``Anna & Carl win``, ``You win``; ``Anna reaches``, ``Anna has``."""
    if subject == "You" or " & " in subject or " and " in subject:
        return f"{subject} {verb}"
    if verb == "have":
        return f"{subject} has"
    return f"{subject} {verb}{'es' if verb.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def count(number: int, word: str, plural: str | None = None) -> str:
    """``1 row``, ``2 rows``; ``count(2, "card")`` is ``2 cards``."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def joined(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
