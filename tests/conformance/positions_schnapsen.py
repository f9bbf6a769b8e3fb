"""Schnapsen positions for the conformance corpus (``python -m tests.conformance.generate
schnapsen``): every phase of a deal (S-3 to S-9), both presets and the named options.

Positions are reached by seeded random play from seeded deals, taking the first state that
shows each phase; the perft depth of each is the deepest whose count stays within
``NODES`` action sequences (about a second in Python) and that still adds sequences.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from stich.schnapsen.game import Schnapsen, SchnapsenOptions
from tests.conformance.corpus import entry, perft_depth

NODES = 40_000

Phase = Callable[[Schnapsen], bool]

PHASES: list[tuple[str, str, Phase]] = [
    ("start", "deal start, forehand to lead", lambda g: not g.history),
    ("open-lead", "stock open, on lead after a trick",
     lambda g: g.lead is None and sum(g.tricks) >= 1 and g.stock_open()),
    ("open-follow", "stock open, mid-trick", lambda g: g.lead is not None and g.stock_open()),
    ("exchange", "the trump Jack may be exchanged (S-6)",
     lambda g: any(a.verb == "exchange" for a in g.legal_actions())),
    ("marriage", "a marriage announced, its card to lead (S-5)",
     lambda g: g.announced is not None),
    ("may-close", "closing allowed (S-7)",
     lambda g: any(a.verb == "close" for a in g.legal_actions()) and sum(g.tricks) >= 2),
    ("closed-lead", "stock closed, on lead (S-4, S-7)",
     lambda g: g.closed_by >= 0 and g.lead is None),
    ("closed-follow", "stock closed, mid-trick under strict play (S-4)",
     lambda g: g.closed_by >= 0 and g.lead is not None),
    ("two-left", "two cards left in the stock (S-6, S-7)",
     lambda g: g.stock_size == 2 and g.lead is None),
    ("exhausted-lead", "stock exhausted, on lead (S-4)",
     lambda g: g.drawn == 10 and g.lead is None and not g.final),
    ("exhausted-follow", "stock exhausted, mid-trick (S-4)",
     lambda g: g.drawn == 10 and g.lead is not None),
    ("claim", "a claim allowed after a trick (S-8)",
     lambda g: g.may_claim and g.lead is None and sum(g.tricks) >= 3),
    ("final", "all cards played: claim or pass (S-9)", lambda g: g.final),
]

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("soft", {}), ("sharp", {}), ("soft", {"exchange_at_two": True, "false_claim": "pagat"}),
]


def _find(phase: Phase, preset: str, overrides: dict[str, Any], seed: int) -> Schnapsen | None:
    """The first state of a seeded random deal (claims only when right) in the phase."""
    options = SchnapsenOptions.from_preset(preset, **overrides)
    for attempt in range(200):
        rng = random.Random(seed * 1000 + attempt)
        game = Schnapsen.deal(seed * 1000 + attempt, attempt % 2, options)
        while not game.is_terminal():
            if phase(game):
                return game
            legal = [a for a in game.legal_actions()
                     if a.verb != "claim" or game.score(game.to_act) >= 66]
            game.apply_legal(rng.choice(legal))
    return None


def entries() -> list[dict[str, Any]]:
    out = []
    for option_index, (preset, overrides) in enumerate(OPTIONS):
        tag = preset if not overrides else "options"
        for phase_index, (name, text, phase) in enumerate(PHASES):
            game = _find(phase, preset, overrides, 17 * option_index + phase_index)
            if game is None:
                continue
            out.append(entry(f"schnapsen-{len(out) + 1:02d}-{tag}-{name}", text,
                             Schnapsen.from_position(game.position()), perft_depth(game, NODES)))
    return out
