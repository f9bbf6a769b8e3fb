"""Jass positions for the conformance corpus: every phase (contract choice, push, Weis in the
first trick, card play early and late, each contract), from seeded random play."""

from __future__ import annotations

import random
from typing import Any

from stich.jass.game import Jass, JassOptions
from tests.conformance.corpus import entry, perft

MAX_LEAVES = 30_000
"""Each position's perft goes as deep as stays within this many sequences (about a second)."""

PLAN = [
    # (seed, moves of random play (-1: forehand pushes), preset, phase)
    (1, 0, "standard", "contract choice"), (2, 0, "turnier", "contract choice"),
    (3, -1, "standard", "contract choice"), (4, -1, "swisslos", "contract choice"),
    (5, 2, "standard", "weis"), (6, 2, "standard", "weis"), (7, 3, "standard", "weis"),
    (8, 3, "turnier", "weis"), (9, 4, "standard", "weis"), (10, 5, "standard", "weis"),
    (11, 8, "standard", "card play"), (12, 10, "standard", "card play"),
    (13, 12, "swisslos", "card play"), (14, 14, "standard", "card play"),
    (15, 17, "standard", "card play"), (16, 19, "turnier", "card play"),
    (17, 21, "standard", "card play"), (18, 23, "standard", "card play"),
    (19, 25, "standard", "card play"), (20, 26, "standard", "card play"),
    (21, 27, "turnier", "card play"), (22, 28, "standard", "card play"),
    (23, 29, "standard", "card play"), (24, 30, "standard", "card play"),
]


def position(seed: int, moves: int, preset: str) -> Jass:
    game = Jass.deal(seed, seed % 4, JassOptions.from_preset(preset), (seed * 37 % 900, 0))
    rng = random.Random(seed)
    if moves < 0:
        game.apply("push")
    for _ in range(moves):
        if game.is_terminal():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def entries() -> list[dict[str, Any]]:
    out = []
    for seed, moves, preset, phase in PLAN:
        game = position(seed, moves, preset)
        if game.is_terminal():
            raise ValueError(f"seed {seed}: the deal ended within {moves} moves")
        depth = 1
        # no deal lasts longer than its cards, the choice and the Weis of the first trick
        longest = (sum(hand.bit_count() for hand in game.hands) + 2 * (game.contract is None)
                   + 12 * (not game.tricks_played))
        while depth < longest and perft(game.clone(), depth + 1) <= MAX_LEAVES:
            depth += 1
        contract = game.contract.word if game.contract is not None else "none"
        out.append(entry(f"jass-{seed:02d}-{contract}", phase, game, depth))
    return out
