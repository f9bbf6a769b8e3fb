"""OpenSpiel's ISMCTS against our ``rules`` bot in Schnapsen, through the registration.

``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (random-rollout evaluator, UCT c = 2,
``--simulations`` a move, worlds drawn by ``resample_from_infostate``, i.e. ``sample_world``)
plays ``python_stich_schnapsen``; our ``rules`` bot plays the other seat from its own
information state. Each deal is dealt by chance outcomes from a seeded shuffle and played both
ways round (ISMCTS in seat 0, then in seat 1, the same cards), so the luck of the cards
cancels. Prints ISMCTS's deals won, game points and mean utility per deal, and the wall time.

Run: ``python bench/openspiel_ismcts.py --deals 50 [--simulations 1000] [--preset soft]``
(``pip install -e '.[rl]'``); docs/research.md quotes a run.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from stich.adapters import openspiel
from stich.adapters.episode import bot_action
from stich.bots import make_bot
from stich.core.dealing import derive_seed, shuffled


def play(game: object, cards: list[int], ismcts_seat: int, simulations: int,
         seed: int) -> tuple[float, int, int, bool]:
    """One deal: ISMCTS's utility, its game points and the rules bot's, and whether ISMCTS
    won the deal."""
    rng = np.random.RandomState(seed % 2**32)
    np.random.seed(seed % 2**32)  # resample_from_infostate draws its worlds from NumPy's seed
    searcher = ismcts.ISMCTSBot(
        game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
        max_simulations=simulations, random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    rules = make_bot("schnapsen", "rules", seed)
    rules.new_deal(1 - ismcts_seat)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for card in cards:
        state.apply_action(card)
    while not state.is_terminal():
        if state.current_player() == ismcts_seat:
            state.apply_action(searcher.step(state))
        else:
            state.apply_action(bot_action(rules, state.deal))
    result = state.deal.result()
    return (state.returns()[ismcts_seat], result.game_points[ismcts_seat],
            result.game_points[1 - ismcts_seat], ismcts_seat in result.winner)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--preset", default="soft")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = openspiel.load("schnapsen", preset=args.preset)
    deck = game.dealing.deck
    utility = 0.0
    points = [0, 0]
    won = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for number in range(args.deals):
        deal_seed = derive_seed(args.seed, "ismcts", number)
        cards = [int(card) for card in shuffled(deck, deal_seed)]
        for seat in (0, 1):
            value, mine, theirs, win = play(game, cards, seat, args.simulations,
                                            derive_seed(deal_seed, seat))
            utility += value
            points[0] += mine
            points[1] += theirs
            won += win
        print(f"deal {number + 1}/{args.deals}: ISMCTS {won} deals won, "
              f"mean utility {utility / (2 * (number + 1)):+.3f}", flush=True)
    played = 2 * args.deals
    print(f"ISMCTS ({args.simulations} simulations a move) against rules, Schnapsen "
          f"{args.preset}, {args.deals} deals both ways round: won {won}/{played} deals "
          f"({won / played:.1%}), game points {points[0]} to {points[1]}, mean utility "
          f"{utility / played:+.3f} a deal; wall {time.perf_counter() - start:.0f} s, "
          f"CPU {time.process_time() - cpu:.0f} s")


if __name__ == "__main__":
    main()
