"""Random-play throughput: stich's Schnapsen against the VU Amsterdam `schnapsen` package.

The headline is moves per CPU second (deals per second misleads: our random players claim at
random, and a false claim ends a deal early), ours through the bare engine (legal_actions and
a checked apply: the peer's engine also offers the valid moves and checks the one chosen),
with the ratio to the peer measured in the same run. Both sides play whole deals random
against random. Ours is also measured through the bot interface (each move asks a RandomBot
with a fresh observation, as the peer's bots get a fresh PlayerPerspective) and as a search
would run playouts (legal_actions and apply_legal, which skips re-checking an action taken
from legal_actions). The information states cost nothing here: events are computed only when
asked for, from the undo snapshots.
Run: `python bench/schnapsen_random_play.py [deals]` after `pip install -e '.[bench]'`.
"""

from __future__ import annotations

import random
import sys

from stich.bots.random_bot import RandomBot
from stich.play.driver import play_deal
from stich.schnapsen.game import Schnapsen
from timing import random_bots, random_play, rates, schnapsen_peer_moves_per_deal

ours_bots, ours_engine = random_bots(Schnapsen), random_play(Schnapsen)
ours_playouts = random_play(Schnapsen, checked=False)


def theirs(deals: int) -> None:
    from schnapsen.bots import RandBot
    from schnapsen.game import SchnapsenGamePlayEngine

    engine = SchnapsenGamePlayEngine()
    rng = random.Random(1)
    bot1, bot2 = RandBot(random.Random(2), "a"), RandBot(random.Random(3), "b")
    for _ in range(deals):
        engine.play_game(bot1, bot2, rng)


def moves_per_deal(deals: int) -> tuple[float, float]:
    """Average decisions per deal on each side (our random players end deals sooner: a random
    claim is usually false and ends the deal; the peer ends a deal at 66 by itself)."""
    peer = schnapsen_peer_moves_per_deal(deals)
    ours = 0
    bots = [RandomBot(1), RandomBot(2)]
    for seed in range(deals):
        game = Schnapsen.deal(seed, seed % 2)
        play_deal(game, bots)
        ours += len(game.history)
    return peer, ours / deals


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    peer, bots, engine, playouts = rates([theirs, ours_bots, ours_engine, ours_playouts], deals)
    peer_moves, our_moves = moves_per_deal(deals)
    print(f"moves per CPU second, random play: stich {engine * our_moves:.0f} "
          f"= {engine * our_moves / (peer * peer_moves):.2f}x schnapsen {_version()} "
          f"({peer * peer_moves:.0f}), same run")
    print(f"random play, {deals} deals per round, best of 5 rounds, per CPU second")
    print(f"{'':44} {'deals/s':>9} {'ratio':>6} {'moves/s':>9} {'ratio':>6}")
    rows = [(f"schnapsen {_version()} RandBot vs RandBot", peer, peer_moves),
            ("stich RandomBot via observations", bots, our_moves),
            ("stich bare engine (legal_actions, apply)", engine, our_moves),
            ("stich playouts (legal_actions, apply_legal)", playouts, our_moves)]
    for name, rate_, moves in rows:
        print(f"{name:44} {rate_:9.0f} {rate_ / peer:5.1f}x {rate_ * moves:9.0f} "
              f"{rate_ * moves / (peer * peer_moves):5.1f}x")
    print(f"moves per deal: schnapsen {peer_moves:.1f}, stich {our_moves:.1f}")


def _version() -> str:
    from importlib.metadata import version

    return version("schnapsen")


if __name__ == "__main__":
    main()
