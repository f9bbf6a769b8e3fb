"""``bench/kernel_search.py`` builds the Jass positions of the whole-deal figure (docs/search.md):
contracts in turn, or as the ``rules`` bots choose them from their hands."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("stich.search._kernel",
                    reason="the native kernel is not built (no C compiler at install)")

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_the_jass_deals_take_the_contract_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from stich.jass.game import Jass
    from stich.search import _kernel as kernel
    from stich.search.adapters import kernel_state

    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("kernel_search", BENCH / "kernel_search.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    cycle, rules = bench.jass_states(6, 0), bench.jass_states(6, 0, "rules")
    assert cycle != rules
    game = Jass.deal(2)
    bench.choose_contract(game, 2, "cycle")
    assert kernel_state(game) == cycle[2]
    for state in cycle + rules:  # every one is at the first lead of card play
        assert len(kernel.legal(state)) == 9
    value, nodes = kernel.solve(rules[0])  # a lopsided deal: solved at once
    assert nodes > 0 and value != 0
