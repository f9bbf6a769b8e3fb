"""Bauernschnapsen positions for the conformance corpus (``python -m tests.conformance.generate
bauernschnapsen``): every phase of a deal (B-2 to B-6), the contracts of B-5 and the named
options. Dreierschnapsen (D-1) uses the same phases with its talon (``contract_entries``).

Positions are reached by seeded random play from seeded deals (bids and doubling preferred
half the time, so contracts get played), taking the first state that shows each phase; the
perft depth of each is the deepest whose count stays within ``NODES`` action sequences (about
a second in Python) and that still adds sequences.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from tests.conformance.corpus import entry, perft_depth

NODES = 20_000

Phase = Callable[[ContractSchnapsen], bool]


def _contract(*names: str) -> Phase:
    return lambda g: (g.phase == "play" and g.contract is not None
                      and g.contract.name in names and bool(g.tricks))


PHASES: list[tuple[str, str, Phase]] = [
    ("trump", "the caller names trump from three cards (B-2)", lambda g: not g.history),
    ("auction", "the auction opens (B-3)", lambda g: g.phase == "auction" and len(g.calls) == 1),
    ("auction-bid", "the auction after an announcement (B-3, B-5)",
     lambda g: g.phase == "auction" and g.auction.high is not None),
    ("talon", "the talon taken up, two cards to lay down (D-1)", lambda g: g.phase == "talon"),
    ("double", "the other side may double (B-6)",
     lambda g: g.phase == "double" and g.doubling.factor == 1),
    ("redouble", "doubled: the declaring side may answer (B-6)",
     lambda g: g.phase == "double" and g.doubling.factor == 2),
    ("normal-lead", "the normal game, on lead after a trick (B-4)",
     lambda g: g.phase == "play" and g.contract is None and bool(g.tricks) and not g.trick),
    ("normal-follow", "the normal game, mid-trick under the play duties (B-4)",
     lambda g: g.phase == "play" and g.contract is None and len(g.trick) >= 2),
    ("marriage", "a marriage announced, its card to lead (B-4)",
     lambda g: g.announced is not None),
    ("no-trick", "Bettler or Assenbettler in play (B-5)", _contract("bettler", "assenbettler")),
    ("plauderer", "Plauderer after the first trick, the declarer's hand open (B-5)",
     _contract("plauderer")),
    ("all-tricks", "Gang or Zehnergang in play, no trump (B-5)", _contract("gang", "zehnergang")),
    ("schnapser", "a Schnapser in play (B-5)", _contract("schnapser", "kontraschnapser")),
    ("trump-all", "an all-tricks contract with trump (B-5)",
     _contract("bauernschnapser", "bauernloch", "kontrabauernschnapser", "farbenringerl")),
]


QUIET = {"normal-lead", "normal-follow", "marriage"}
"""Phases of the normal game: everybody passes the auction (B-3)."""


def _find(cls: type[ContractSchnapsen], phase: Phase, options: Any, seed: int,
          quiet: bool = False) -> ContractSchnapsen | None:
    """The first state of a seeded random deal in the phase (``quiet``: all pass)."""
    for attempt in range(300):
        rng = random.Random(seed * 1000 + attempt)
        game = cls.deal(seed * 1000 + attempt, attempt % cls.SEATS, options)
        while not game.is_terminal():
            if phase(game):
                return game
            legal = game.legal_actions()
            if quiet and game.phase in ("auction", "double"):
                game.apply_legal(legal[-1] if game.phase == "double" else legal[0])
                continue
            eager = [a for a in legal if a.verb in ("bid", "double", "redouble", "reredouble")]
            game.apply_legal(rng.choice(eager if eager and rng.random() < 0.5 else legal))
    return None


def contract_entries(cls: type[ContractSchnapsen],
                     option_sets: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    out = []
    for option_index, (preset, overrides) in enumerate(option_sets):
        tag = preset if not overrides else "options"
        options = cls.OPTIONS.from_preset(preset, **overrides)
        for phase_index, (name, text, phase) in enumerate(PHASES):
            if name == "talon" and not cls.TALON_SIZE:
                continue
            game = _find(cls, phase, options, 17 * option_index + phase_index, name in QUIET)
            if game is None:
                continue
            out.append(entry(f"{cls.NAME}-{len(out) + 1:02d}-{tag}-{name}", text,
                             cls.from_position(game.position()), perft_depth(game, NODES)))
    return out


OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}), ("club", {}),
    ("standard", {"bettler_partner_sits_out": True, "plauderer": "opponents_confer",
                  "must_overtrump": False, "assenbettler": "must_hold_ace"}),
]


def entries() -> list[dict[str, Any]]:
    return contract_entries(Bauernschnapsen, OPTIONS)
