"""stich: the Austrian and Swiss trick-taking card games.

The rules core (cards, games, scoring, records) uses only the standard library; the terminal,
tournament manager and other front ends build on it.
"""

__version__ = "0.1.0"
