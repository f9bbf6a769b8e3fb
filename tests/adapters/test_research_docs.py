"""docs/research.md stays true: each game's tensor line lists the observer's slices as they
are (its examples run in tests/test_docs_examples.py with every document's)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stich
from stich.adapters.episode import game_class

for module in ("pettingzoo", "gymnasium", "pyspiel"):
    pytest.importorskip(module, reason=f"{module} is not installed (pip install stich[rl])")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"
TITLES = {"schnapsen": "Schnapsen", "bauernschnapsen": "Bauernschnapsen",
          "dreierschnapsen": "Dreierschnapsen", "jass": "Schieber Jass"}


@pytest.mark.parametrize("name", stich.GAMES)
def test_each_game_lists_its_tensor_slices(name: str) -> None:
    text = PAGE.read_text(encoding="utf-8")
    section = text.split(f"## {TITLES[name]} (")[1].split("\n## ")[0]
    cls = game_class(name)
    observer = cls.make_observer("observation", cls.OPTIONS.default())
    listed = " · ".join(f"`{key}` {piece.length}" for key, piece in observer.slices().items())
    line = next(line for line in section.splitlines() if line.startswith("- **Tensor"))
    assert line.endswith(f"**: {listed}") and f"`observation`, {observer.size} floats" in line
    assert f"**Actions ({cls.num_distinct_actions()} ids)**" in section
