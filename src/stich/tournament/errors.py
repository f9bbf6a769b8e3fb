"""The error the organiser sees: bad input, or a step the event's state does not allow."""

from __future__ import annotations


class TournamentError(Exception):
    """Refused; the message is one line naming what is wrong, and nothing was changed."""


class InconsistentEvent(TournamentError):
    """The stored facts do not fit together: tampered with, or read from a damaged file (the
    store then says which, after SQLite's integrity check)."""
