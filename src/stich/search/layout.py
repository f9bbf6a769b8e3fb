"""The kernel's state vector: one flat tuple of ints that both search paths read.

The native kernel (``_kernel.c``) and the Python path agree on this layout; the kernel checks
its own field list against :data:`FIELDS` when it is imported. A state holds the constants of
the deal being searched (card orders and points from the engine's own tables, options, the
contract) and the dynamic state of card play (hands, trick, points, stock, written points).
Cards are the core's 36 card ids; a hand is a bitmask.
"""

from __future__ import annotations

SCHNAPSEN, CONTRACT, JASS = 0, 1, 2
"""Game families (``fam``)."""

GOAL_NORMAL, GOAL_NO_TRICK, GOAL_ALL_TRICKS, GOAL_SCHNAPSER = 0, 1, 2, 3
"""Contract goals (``goal``): the normal game (66) and B-5's three played goals."""

# Schnapsen option bits (``sopts``), S-5 to S-8 and S-11.
(KING_LEAD, MARRIAGE_FIRST, EXCHANGE_FIRST, EXCHANGE_AT_TWO, CLOSE_AT_TWO, PAGAT, NO_CLOSE,
 CLAIM_66) = (1, 2, 4, 8, 16, 32, 64, 128)

MARRIAGE_BASE = 36
"""Move ids: 0-35 play that card; 36 + suit announces a marriage; then the Schnapsen verbs."""
EXCHANGE, CLOSE, CLAIM, PASS = 40, 41, 42, 43


def _numbered(name: str, count: int) -> tuple[str, ...]:
    return tuple(f"{name}{i}" for i in range(count))


FIELDS: tuple[str, ...] = (
    "fam", "nseats", "active", "maxmask", "trump", "must_overtrump",
    "to_act", "leader", "ntrick", *_numbered("trick", 4), *_numbered("tseat", 4),
    *_numbered("hand", 4), "gone", *_numbered("points", 4), *_numbered("tricks", 4),
    *_numbered("marr", 4), "announced", "done", "payoff", "factor",
    # Schnapsen (S-3 to S-9)
    *_numbered("talon", 9), "trump_card", "trump_jack", "drawn", "closed_by",
    "cscore0", "cscore1", "ctricks0", "ctricks1", "may_claim", "final", "sopts",
    # contract games (B-4, B-5, D-1)
    "goal", "cvalue", "declaring", "side0", "side1", "total_tricks", "deadline", "marseats",
    # Schieber Jass (J-4 to J-7)
    "sb0", "sb1", "target", "match_bonus", "stoeck_holder", "stoeck_pair", "weis_team",
    "weis_raw", "written0", "written1", "key_written",
    # tables from the engine: trick strength within a suit, card points
    *_numbered("strength", 36), *_numbered("cpts", 36),
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(FIELDS)}

ROOT_ONLY: tuple[str, ...] = ("weis_team", "weis_raw", "key_written")
"""Fields fixed at the root of a search (Jass: the Weis of trick 1 and whether the game target
is in reach); the engine's reading of a later position may differ from the kernel's there."""
