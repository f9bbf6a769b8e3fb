"""Property tests over random Dreierschnapsen deals (D-1)."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stich.contract.dreierschnapsen import Dreierschnapsen
from tests.bauernschnapsen.properties import (
    check_replay,
    check_result,
    check_undo,
    random_deal,
)

OPTIONS: list[dict[str, Any]] = [
    {}, {"raise_before_talon": True}, {"raise_after_talon": True},
    {"plauderer": "opponents_open_after_first"}, {"plauderer": "opponents_confer"},
    {"must_overtrump": False, "trump_must_be_held": False}, {"contracts": "plauderer"},
    {"contracts": frozenset()},
]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 2**40), st.sampled_from(OPTIONS))
@example(36_899_273_245, 56, {})  # B-2: the caller asks for a redeal on three Jacks
def test_random_deals_keep_the_invariants(seed: int, choices: int,
                                          options: dict[str, Any]) -> None:
    game = random_deal(Dreierschnapsen, seed, choices, options)
    check_result(game)
    check_replay(game)
    check_undo(game)
