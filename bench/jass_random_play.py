"""Random-play throughput: stich's Schieber Jass against HSLU's `jass-kit` (package `jass`).

The headline is moves per CPU second (every action applied: contract, push, Weis, card), ours
through the bare engine (``legal_actions`` and a checked ``apply``) against theirs (``GameSim``
with ``RuleSchieber.get_valid_cards_from_state``), with the ratio measured in the same run.
Both sides play whole deals with four random players. Also measured:

- through the bot interface: ours asks a RandomBot with a fresh observation for every move
  (play_deal), theirs runs ``Arena.play_game`` with four ``AgentRandomSchieber`` (a fresh
  GameObservation per move, move checks off);
- as a search runs playouts: ``legal_actions`` and ``apply_legal``.

Our random players also choose among the Weis a hand offers, which the peer has no rule for;
those declarations count as moves. The information states cost nothing here: events are
computed only when asked for, from the undo snapshots. Run:
``python bench/jass_random_play.py [deals]`` after ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import random
import sys

from stich.jass.game import Jass
from timing import random_bots, random_play, rates

ours_bots, ours_engine = random_bots(Jass), random_play(Jass)
ours_playouts = random_play(Jass, checked=False)
PEER_MOVES = [0]
"""Moves the peer's bare engine made in its last run (contract choices and cards)."""


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
    moves = 0
    for number in range(deals):
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=number % 4)
        if rng.integers(2):
            sim.action_trump(PUSH)
            moves += 1
        sim.action_trump(int(rng.integers(0, MAX_TRUMP, endpoint=True)))
        moves += 1
        while not sim.is_done():
            valid = rule.get_valid_cards_from_state(sim.state)
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
            moves += 1
    PEER_MOVES[0] = moves


def our_moves(deals: int) -> int:
    """Moves our seeded random play makes in ``deals`` deals (the same deals as timed)."""
    rng, moves = random.Random(1), 0
    for seed in range(deals):
        game = Jass.deal(seed, seed % 4)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
        moves += len(game.history)
    return moves


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    ours_b, theirs_b, ours_e, theirs_e, ours_p = rates(
        [ours_bots, theirs_bots, ours_engine, theirs_engine, ours_playouts], deals, rounds=10)
    ours_per_deal, theirs_per_deal = our_moves(deals) / deals, PEER_MOVES[0] / deals
    headline = ours_e * ours_per_deal
    peer = theirs_e * theirs_per_deal
    print(f"moves per CPU second, random play: stich {headline:,.0f} = {headline / peer:.2f}x "
          f"jass-kit {_version()} ({peer:,.0f}), same run")
    print(f"Schieber Jass, random play, {deals} deals per round, best of 10 rounds (CPU time)")
    print(f"{'':46} {'deals/s':>8} {'moves/s':>9} {'ratio':>6}")
    rows = [("jass-kit bare engine (GameSim, valid cards)", theirs_e, theirs_per_deal, peer),
            ("stich bare engine (legal_actions, apply)", ours_e, ours_per_deal, peer),
            ("stich playouts (legal_actions, apply_legal)", ours_p, ours_per_deal, peer),
            ("jass-kit bots (Arena, AgentRandomSchieber)", theirs_b, theirs_per_deal,
             theirs_b * theirs_per_deal),
            ("stich bots (RandomBot via observations)", ours_b, ours_per_deal,
             theirs_b * theirs_per_deal)]
    for name, rate, per_deal, base in rows:
        print(f"{name:46} {rate:8,.0f} {rate * per_deal:9,.0f} {rate * per_deal / base:5.2f}x")
    print(f"moves per deal: jass-kit {theirs_per_deal:.1f}, stich {ours_per_deal:.1f} "
          f"(bot rows compare with jass-kit's bots)")


def _version() -> str:
    from importlib.metadata import version

    return version("jass-kit")


if __name__ == "__main__":
    main()
