"""One digest of everything the contract rules answer, to compare two checkouts after a speed-up.

Seeded random deals of Bauern- and Dreierschnapsen under several option sets; in every
position the legal list and ids, the position, and (in a third of the deals and every fifth
position) ``why_illegal`` of every action of the action space, refusal, rule, template and
values; clones, undo and redo, forfeits by an illegal action; at the end the result, the
record, every seat's observation and events. Run ``python bench/contract_answers.py [deals]``
from each checkout (``PYTHONPATH=src``): the digests must be equal (docs/research.md, Speed).
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import stich
from stich.core.actions import Action
from stich.core.game import Game

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "bauernschnapsen": [
        {}, {"preset": "club"},
        {"bettler_partner_sits_out": True, "schnapser_with_partner": True,
         "assenbettler": "must_hold_ace", "trump_must_be_held": False,
         "must_overtrump": False, "plauderer": "opponents_confer"}],
    "dreierschnapsen": [
        {}, {"preset": "club"}, {"raise_before_talon": True, "raise_after_talon": True},
        {"raise_after_talon": True, "assenbettler": "must_hold_ace",
         "trump_must_be_held": False, "must_overtrump": False,
         "plauderer": "opponents_open_after_first"}],
}


def refusal(game: Game, action: Action) -> str:
    why = game.why_illegal(action)
    return "-" if why is None else f"{why!r}|{why}"


def play(name: str, options: dict[str, Any], seed: int, rng: random.Random,
         digest: Any) -> int:
    """One deal played at random into ``digest``; the positions seen."""
    options = dict(options)
    preset = options.pop("preset", None)
    game = stich.new_game(name, preset, seed=seed, dealer=seed % (3 if name[0] == "d" else 4),
                          **options)
    space = game.ACTION_SPACE.actions
    seen = 0
    while True:
        legal = game.legal_actions()
        digest.update(repr([str(a) for a in legal]).encode())
        digest.update(repr(game.legal_action_ids()).encode())
        if seed % 3 == 0 or seen % 5 == 0:
            for action in space:
                digest.update(refusal(game, action).encode())
        if legal:
            digest.update(game.position().encode())
        digest.update(repr(game.current_player()).encode())
        seen += 1
        if not legal:
            break
        if rng.random() < 0.03:  # an illegal action forfeits the deal
            bad = rng.choice([a for a in space if game.why_illegal(a) is not None])
            why = game.why_illegal(bad)
            assert why is not None
            game.forfeit(game.current_player(), why)
            continue
        action = rng.choice(legal)
        if rng.random() < 0.1:
            twin = game.clone()
            twin.apply(action)
            digest.update(repr(twin.legal_actions()).encode())
        game.apply(action)
        if rng.random() < 0.1:
            game.undo()
            digest.update(game.position().encode())
            game.apply_legal(action)
    digest.update(repr((game.result(), game.returns(), game.to_record())).encode())
    for seat in range(game.SEATS):
        digest.update(repr(game.observation(seat)).encode())
        digest.update(repr(list(game.seat_events(seat))).encode())
    return seen


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    digest = hashlib.sha256()
    positions = 0
    for name, sets in OPTION_SETS.items():
        for index, options in enumerate(sets):
            for seed in range(deals):
                positions += play(name, options, seed, random.Random(seed * 7 + index), digest)
    print(f"{digest.hexdigest()}  {positions} positions, {deals} deals per option set")


if __name__ == "__main__":
    main()
