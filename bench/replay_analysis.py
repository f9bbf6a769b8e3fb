"""How long the replay's "how the search values each move here" takes (docs/web.md, replay).

For each game, a seeded match of `rules` bots; every position of its first deals is valued as
the server's analysis worker values it (``stich.web.replay.value_position``: the seat's
information state, at most ``WORLDS`` worlds and ``NODES`` nodes). Prints the slowest and the
median position per game, in wall and CPU seconds (CPU time does not grow with other work on
the machine; wall time does, so run it with `uptime` before and after).
Run: `python bench/replay_analysis.py [deals] [worlds] [nodes]`.
"""

from __future__ import annotations

import sys
import time

from stich.analysis.explain import position_before
from stich.bots import make_bot
from stich.games import game_class, match_class
from stich.web.replay import NODES, SEED, WORLDS, value_position

GAMES = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    worlds = int(sys.argv[2]) if len(sys.argv) > 2 else WORLDS
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else NODES
    print(f"every position of {deals} deals per game, {worlds} worlds, {nodes} nodes at most")
    print(f"{'game':16} {'positions':>9} {'max wall':>9} {'max cpu':>8} {'p50 wall':>9}  slowest")
    for game in GAMES:
        seats = game_class(game).SEATS
        match = match_class(game)([f"P{seat}" for seat in range(seats)], seed=5)
        bots = [make_bot(game, "rules", seat) for seat in range(seats)]
        from stich.play.driver import play_match

        play_match(match, bots)
        timed = []
        for number, record in enumerate(match.deals[:deals], 1):
            for at in range(len(record.actions)):
                before = position_before(record, at)
                info = before.information_state(before.current_player())
                wall, cpu = time.perf_counter(), time.process_time()
                found = value_position(info, worlds, nodes, SEED)
                timed.append((time.perf_counter() - wall, time.process_time() - cpu,
                              f"deal {number} --at {at} ({found['worlds']} worlds)"))
        timed.sort(reverse=True)
        print(f"{game:16} {len(timed):9} {timed[0][0]:9.2f} {max(t[1] for t in timed):8.2f} "
              f"{timed[len(timed) // 2][0]:9.3f}  {timed[0][2]}")


if __name__ == "__main__":
    main()
