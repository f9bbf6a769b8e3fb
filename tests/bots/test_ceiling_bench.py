"""``bench/schnapsen_ceiling.py``: the seers' worlds are the real deal (``all``) or the real
deal with only the stock's order shuffled (``hand``), and a seer of everything plays the
solver's best move in the real deal (the bounds docs/search.md quotes for the expert's
strength against ``pimc``)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

import stich
from stich import search
from stich.core.table import Table

BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("schnapsen_ceiling",
                                                  BENCH / "schnapsen_ceiling.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def played(seed: int, moves: int) -> stich.Game:
    game = stich.new_game("schnapsen", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice([a for a in game.legal_actions() if a.verb == "play"]))
    return game


def test_a_hand_seer_sees_the_hands_and_not_the_stock_order() -> None:
    ceiling = bench()
    game = played(3, 4)
    orders = set()
    for seed in range(20):
        world = ceiling.seen_world(game, "hand", random.Random(seed))
        assert world.hands == game.hands and world.trump_card == game.trump_card
        assert world.talon[:game.drawn] == game.talon[:game.drawn]
        assert sorted(world.talon[game.drawn:]) == sorted(game.talon[game.drawn:])
        orders.add(world.talon)
    assert len(orders) > 1
    assert ceiling.seen_world(game, "all", random.Random(0)).position() == game.position()


def test_a_seer_of_everything_plays_the_solvers_best_move_in_the_real_deal() -> None:
    ceiling = bench()
    for seed in range(4):
        game = played(seed, 2)
        table = Table(game=game, streams=False)
        seer = ceiling.SeerBot(table, "all", seed, 10**9)
        seat = game.current_player()
        choice = seer.choose(game.information_state(seat))
        values = dict(search.analyze(game).values)
        assert values[choice] == max(values.values())


@pytest.mark.parametrize("seer", ["all", "hand", pytest.param("model", marks=pytest.mark.slow)])
def test_a_seer_plays_whole_bummerl_against_pimc(seer: str) -> None:
    won, units, deals_won, deals = bench().play((0, seer, 20_000, 5))
    assert units >= 1 and 0 <= won <= units and 0 <= deals_won <= deals and deals >= units
