"""The Schnapsen actions beyond playing a card (S-5 to S-9). What each seat learns is
``stich.schnapsen.events``; the worlds consistent with it, ``stich.schnapsen.worlds``."""

from __future__ import annotations

from stich.core.actions import Action
from stich.core.cards import Suit

EXCHANGE, CLOSE, CLAIM, PASS = Action("exchange"), Action("close"), Action("claim"), Action("pass")
MARRIAGE = {suit: Action("marriage", suit.name) for suit in Suit}
