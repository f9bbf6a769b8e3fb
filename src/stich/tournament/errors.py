"""The error the organiser sees: bad input, or a step the event's state does not allow."""

from __future__ import annotations


class TournamentError(Exception):
    """Refused; the message is one line naming what is wrong, and nothing was changed."""
