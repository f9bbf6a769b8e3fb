"""The solver: exact values (checked against plain minimax over the engine), the same values
and node counts on the native and the Python path, the principal line."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich import search
from stich.search.adapters import kernel_state, move_id
from stich.search.pysearch import EngineWorld, running
from tests.search.helpers import GAMES, PRESETS, card_play, new_deal

pytest.importorskip("stich.search._kernel",
                    reason="the native kernel is not built (no C compiler at install)")

DEPTH = {"schnapsen": 12, "bauernschnapsen": 9, "dreierschnapsen": 9, "jass": 22}
"""Card-play moves made before solving: late enough for plain minimax in a test."""

late = st.sampled_from(GAMES).flatmap(
    lambda game: st.tuples(st.just(game), st.sampled_from(PRESETS[game]),
                           st.integers(0, 2**32), st.integers(0, 2**32)))


def late_position(deal: tuple[str, str, int, int], extra: int = 0):  # type: ignore[no-untyped-def]
    game_name, preset, seed, choices = deal
    return card_play(new_deal(game_name, seed, preset), random.Random(choices),
                     DEPTH[game_name] + extra)


def minimax(world: EngineWorld) -> int:
    """Plain minimax over the engine: the value for the max side from here on."""
    game = world.game
    if game.is_terminal():
        return 0
    maxing = world.maxmask >> game.current_player() & 1
    values = []
    for move in world.legal():
        reward = world.apply(move)
        values.append(reward + minimax(world))
        world.undo()
    return max(values) if maxing else min(values)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late)
def test_values_are_exact(deal: tuple[str, str, int, int]) -> None:
    game = late_position(deal, extra=2)
    if game.is_terminal():
        return
    analysis = search.analyze(game, native=True)
    state = kernel_state(game)
    sign = 1 if state[3] >> game.current_player() & 1 else -1
    world = EngineWorld(game)
    for action, value in analysis.values:
        reward = world.apply(move_id(action))
        exact = reward + minimax(world)
        world.undo()
        assert value == sign * (running(state) + exact), str(action)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late)
def test_native_and_python_paths_agree(deal: tuple[str, str, int, int]) -> None:
    """Same values, same best action, same number of nodes: the same search."""
    game = late_position(deal)
    if game.is_terminal():
        return
    native = search.analyze(game, native=True)
    python = search.analyze(game, native=False)
    assert native == python
    assert native.best == python.best


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late)
def test_principal_line(deal: tuple[str, str, int, int]) -> None:
    """The line ends the deal, each step keeps the value, and both paths give it."""
    game = late_position(deal, extra=2)
    if game.is_terminal():
        return
    line, nodes = search.line(game, native=True)
    assert (line, nodes) == search.line(game, native=False)
    first_seat, _, value = line[0]
    assert value == search.analyze(game).value
    replay = game.clone()
    state = kernel_state(game)
    for seat, action, step_value in line:
        same_side = (state[3] >> seat & 1) == (state[3] >> first_seat & 1)
        assert step_value == (value if same_side else -value)
        for weis in [a for a in replay.legal_actions() if a.verb == "weis"]:
            replay.apply_legal(weis)
        replay.apply(action)
    assert replay.is_terminal()


def test_whole_schnapsen_deal_is_solved() -> None:
    """From the first lead, hands, stock order and trump known: a value in game points."""
    game = new_deal("schnapsen", 3, "soft")
    analysis = search.analyze(game, native=True)
    assert analysis.value in (-3, -2, -1, 1, 2, 3)
    assert {str(a) for a, _ in analysis.values} == {str(a) for a in game.legal_actions()}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late, st.integers(1, 40))
def test_small_table_drops_deepest_positions_alike(deal: tuple[str, str, int, int],
                                                   size: int) -> None:
    """A table too small for the search drops its deepest positions (the same on both
    paths, node counts included) and the values stay those of a full-size table."""
    game = late_position(deal)
    if game.is_terminal():
        return
    small = search.analyze(game, native=True, table=size)
    assert small == search.analyze(game, native=False, table=size)
    assert small.values == search.analyze(game, native=True).values


def test_table_size_is_checked() -> None:
    game = new_deal("schnapsen", 3, "soft")
    for native in (True, False):
        with pytest.raises(ValueError, match="table size"):
            search.analyze(game, native=native, table=0)


def test_tables_kept_between_searches_change_no_search() -> None:
    """The kernel keeps its tables for the next search (no zeroed pages to fault in again);
    entries of an earlier search are empty slots to a later one, so every search returns
    what it returns in a fresh process: value, moves and nodes."""
    from stich.search import _kernel as kernel

    game = late_position(("jass", PRESETS["jass"][0], 7, 7))
    small, whole = kernel_state(game), kernel_state(new_deal("schnapsen", 3, "soft"))
    first = kernel.analyze(small)
    deal = kernel.analyze(whole)
    _, kept = kernel.tables()
    assert kept and min(kept) == 12
    assert kernel.analyze(small) == first
    assert kernel.analyze(whole) == deal
    assert search.analyze(game, native=True, table=3) == search.analyze(game, native=False,
                                                                        table=3)


def test_table_stamps_wrap_round() -> None:
    """Each search stamps its entries; when the stamp wraps round 2**32 the kept tables are
    cleared, so a search after the wrap cannot read an entry written before it under the
    same stamp."""
    from stich.search import _kernel as kernel

    state = kernel_state(new_deal("schnapsen", 3, "soft"))
    kernel.tables(0)
    first = kernel.analyze(state)  # stamp 1
    kernel.tables(2**32 - 1)
    assert kernel.analyze(state) == first  # 2**32 - 1 + 1 wraps round to stamp 1 again
    assert kernel.tables()[0] == 1
    with pytest.raises(ValueError, match="stamp"):
        kernel.tables(2**32)


def test_searches_in_threads_share_no_table() -> None:
    """Searches run without the GIL; each takes its tables from those kept and gives them back
    with the GIL held, so searches in parallel threads return what they return alone."""
    from concurrent.futures import ThreadPoolExecutor

    from stich.search import _kernel as kernel

    states = [kernel_state(new_deal("schnapsen", seed, "soft")) for seed in range(8)]
    alone = [kernel.analyze(state) for state in states]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            assert list(pool.map(kernel.analyze, states)) == alone
