"""``bench/ismcts_time.py`` (docs/search.md, "Information-set MCTS"): the first card-play
decision of each game, searched on both paths, the same search either way."""

from __future__ import annotations

import pytest

from stich.search import native_available
from stich.search.ismcts import Ismcts
from tests.bench_scripts import bench_script
from tests.search.helpers import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_first_decision_is_card_play(game: str) -> None:
    bench = bench_script("ismcts_time")
    info = bench.first_decision(game, 3)
    assert info.game == game and info.legal_actions()
    iterations, spent = bench.timed(info, False, 3000)
    assert iterations >= 1 and spent >= 0
    if native_available():
        assert bench.timed(info, True, 3000)[0] == iterations
        assert Ismcts(info, 7, native=True).run(3000) == Ismcts(info, 7, native=False).run(3000)
