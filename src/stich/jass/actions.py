"""Schieber Jass's verbs and its ready-made actions (J-2, J-3, J-5, notation.md).

Beside ``play``: name the trump or a way to play (``trump H``, ``trump obenabe``, J-2), push
the choice to the partner (J-2), and show a Weis (``weis D6 D7 D8``, J-5).
"""

from __future__ import annotations

from stich.core.actions import Action, Verbs, declare
from stich.jass.cards import Contract

VERBS = declare(Verbs(cards=frozenset({"weis"}), words=frozenset({"trump"}),
                      bare=frozenset({"push"})))

TRUMP = {contract: Action("trump", contract.word) for contract in Contract}
PUSH = Action("push")
