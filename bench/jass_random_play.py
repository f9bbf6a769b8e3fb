"""Random-play throughput: stich's Schieber Jass against HSLU's `jass-kit` (package `jass`).

Both sides play whole deals with four random players, measured in the same run, as ratios.

- Through the bot interface: ours asks a RandomBot with a fresh observation for every move
  (play_deal), theirs runs ``Arena.play_game`` with four ``AgentRandomSchieber`` (a fresh
  GameObservation per move, move checks off).
- Bare engine: ours ``legal_actions`` and a checked ``apply``; theirs ``GameSim`` with
  ``RuleSchieber.get_valid_cards_from_state``.

Our random players also choose among the Weis a hand offers, which the peer has no rule for,
so ours does more work per deal. Run: ``python bench/jass_random_play.py [deals]`` after
``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import sys

from stich.jass.game import Jass
from timing import random_bots, random_play, rates

ours_bots, ours_engine = random_bots(Jass), random_play(Jass)


def theirs_bots(deals: int) -> None:
    import numpy as np
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.arena.arena import Arena

    np.random.seed(1)
    arena = Arena(nr_games_to_play=deals, print_every_x_games=deals + 1,
                  check_move_validity=False)
    agents = [AgentRandomSchieber() for _ in range(4)]
    for seat, agent in enumerate(agents):
        agent._rng = np.random.default_rng(seat)  # seeded, as ours
    arena.set_players(*agents)
    for number in range(deals):
        arena.play_game(dealer=number % 4)


def theirs_engine(deals: int) -> None:
    import numpy as np
    from jass.game.const import MAX_TRUMP, PUSH
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    np.random.seed(1)
    rng = np.random.default_rng(1)
    rule = RuleSchieber()
    for number in range(deals):
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=number % 4)
        if rng.integers(2):
            sim.action_trump(PUSH)
        sim.action_trump(int(rng.integers(0, MAX_TRUMP, endpoint=True)))
        while not sim.is_done():
            valid = rule.get_valid_cards_from_state(sim.state)
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    ours_b, theirs_b, ours_e, theirs_e = rates(
        [ours_bots, theirs_bots, ours_engine, theirs_engine], deals, rounds=10)
    print(f"Schieber Jass, random play, {deals} deals per round, best of 10 (CPU time)")
    print(f"bot interface: stich {ours_b:,.0f} deals/s, jass-kit {theirs_b:,.0f} deals/s, "
          f"ratio {ours_b / theirs_b:.1f}x")
    print(f"bare engine:   stich {ours_e:,.0f} deals/s, jass-kit {theirs_e:,.0f} deals/s, "
          f"ratio {ours_e / theirs_e:.1f}x")


if __name__ == "__main__":
    main()
