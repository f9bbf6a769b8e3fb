"""Property tests over random Bauernschnapsen deals (B-1 to B-6)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stich.contract.bauernschnapsen import Bauernschnapsen
from tests.bauernschnapsen.properties import (
    check_replay,
    check_result,
    check_undo,
    random_deal,
)

OPTIONS: list[dict[str, Any]] = [
    {}, {"bettler_partner_sits_out": True}, {"plauderer": "opponents_open_after_first"},
    {"plauderer": "opponents_confer"}, {"schnapser_with_partner": True},
    {"must_overtrump": False, "trump_must_be_held": False}, {"assenbettler": "must_hold_ace"},
    {"contracts": "schnapser,gang"}, {"contracts": frozenset()}, {"contracts": "plauderer"},
    {"contracts": "plauderer", "plauderer": "opponents_confer"},
]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 2**40), st.sampled_from(OPTIONS))
def test_random_deals_keep_the_invariants(seed: int, choices: int,
                                          options: dict[str, Any]) -> None:
    game = random_deal(Bauernschnapsen, seed, choices, options)
    check_result(game)
    check_replay(game)
    check_undo(game)
