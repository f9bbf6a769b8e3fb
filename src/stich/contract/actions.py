"""The contract games' verbs (B-2 to B-6, D-1, notation.md).

Beside ``play``: name trump or turn up the talon's card (B-2), redeal (B-2), bid a contract or
pass in the auction (B-3, B-5), double, redouble, reredouble (B-6), meld a marriage (B-4); in
Dreierschnapsen also exchange two cards with the talon or discard two (D-1). The ready-made
actions are made beside the rules that list them (``legality.py``).
"""

from __future__ import annotations

from stich.core.actions import Verbs, declare

VERBS = declare(Verbs(
    cards=frozenset({"discard", "exchange-talon"}),
    words=frozenset({"trump", "bid", "marriage"}),
    bare=frozenset({"pass", "turnup", "redeal", "double", "redouble", "reredouble"}),
))
