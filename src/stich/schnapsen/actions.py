"""Schnapsen's verbs and its ready-made actions (S-5 to S-8, notation.md).

Beside ``play`` a player may exchange the trump jack (S-5), meld a marriage (S-6), close the
talon (S-7), claim 66 (S-8), or pass when a claim is his only other choice.
"""

from __future__ import annotations

from stich.core.actions import Action, Verbs, declare
from stich.core.cards import Suit

VERBS = declare(Verbs(words=frozenset({"marriage"}),
                      bare=frozenset({"exchange", "close", "claim", "pass"})))

EXCHANGE, CLOSE, CLAIM, PASS = Action("exchange"), Action("close"), Action("claim"), Action("pass")
MARRIAGE = {suit: Action("marriage", suit.name) for suit in Suit}
