"""What the benchmarks share: interleaved rounds timed in CPU seconds, and our random play."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable

from stich.bots.random_bot import RandomBot
from stich.core.game import Game
from stich.core.knowledge import InfoState
from stich.play.driver import play_deal


def rates(runs: list[Callable[[int], None]], deals: int, rounds: int = 5) -> list[float]:
    """Deals per CPU second of each run: best of several rounds, the runs interleaved so that
    a busy machine slows them alike."""
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for index, run in enumerate(runs):
            start = time.process_time()
            run(deals)
            best[index] = min(best[index], time.process_time() - start)
    return [deals / seconds for seconds in best]


def random_play(cls: type[Game], checked: bool = True) -> Callable[[int], None]:
    """Our engine playing ``deals`` deals at random, seeded: ``apply`` checks every action,
    ``apply_legal`` (a search's playouts) trusts those taken from legal_actions."""

    def run(deals: int) -> None:
        rng = random.Random(1)
        for seed in range(deals):
            game = cls.deal(seed, seed % cls.SEATS)
            apply = game.apply if checked else game.apply_legal
            while not game.is_terminal():
                apply(rng.choice(game.legal_actions()))

    return run


def random_bots(cls: type[Game]) -> Callable[[int], None]:
    """Our random bots playing ``deals`` deals through observations (the bot interface)."""

    def run(deals: int) -> None:
        bots = [RandomBot(seat) for seat in range(cls.SEATS)]
        for seed in range(deals):
            play_deal(cls.deal(seed, seed % cls.SEATS), bots)

    return run


def sampling_report(title: str, cases: Iterable[tuple[Game, InfoState]],
                    replay: Callable[[Game], None], calls: int) -> None:
    """Median CPU time of ``sample_world`` over positions: the first call of a fresh info state
    (the sampler reads it), later calls, and replaying the history alone."""
    rng = random.Random(1)
    first: list[float] = []
    later: list[float] = []
    replays: list[float] = []
    for game, info in cases:
        fresh = InfoState.from_dict(info.to_dict(), type(game))  # not yet read by the sampler
        start = time.process_time_ns()
        fresh.sample_world(rng)
        first.append(time.process_time_ns() - start)
        start = time.process_time_ns()
        for _ in range(calls):
            info.sample_world(rng)
        later.append((time.process_time_ns() - start) / calls)
        start = time.process_time_ns()
        for _ in range(calls):
            replay(game)
        replays.append((time.process_time_ns() - start) / calls)
    print(f"{title.format(count=len(first))}, CPU time per call, median over positions")
    print(f"  sample_world, following calls ({calls} per position): "
          f"{statistics.median(later) / 1000:7.1f} us")
    print(f"  sample_world, first call (reads the info state):  "
          f"{statistics.median(first) / 1000:7.1f} us")
    print(f"  replaying the history alone (deal + apply):       "
          f"{statistics.median(replays) / 1000:7.1f} us")


def schnapsen_peer_moves_per_deal(deals: int) -> float:
    """Decisions per deal of the `schnapsen` package's RandBot against itself (it ends a deal
    at 66 by itself, so its deals are longer than ours: compare moves, not deals)."""
    from schnapsen.bots import RandBot
    from schnapsen.game import Move, PlayerPerspective, SchnapsenGamePlayEngine

    class Counting(RandBot):  # type: ignore[misc]
        moves = 0

        def get_move(self, perspective: PlayerPerspective, leader_move: Move | None) -> Move:
            Counting.moves += 1
            return super().get_move(perspective, leader_move)

    engine, rng = SchnapsenGamePlayEngine(), random.Random(1)
    for _ in range(deals):
        engine.play_game(Counting(random.Random(2), "a"), Counting(random.Random(3), "b"), rng)
    return Counting.moves / deals
