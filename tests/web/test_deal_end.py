"""The deal-end panel's facts per family (docs/web.md, "Between deals"): the proof of S-7/S-8
is shown for a claim or a close only, never for a deal played out or revoked."""

from __future__ import annotations

import random

import stich
from stich.web.deal_end import deal_end


def finished(seed: int, avoid: tuple[str, ...]) -> stich.Game:
    game = stich.new_game("schnapsen", seed=seed)
    rng = random.Random(seed)
    while not game.is_terminal():
        legal = [a for a in game.legal_actions() if a.verb not in avoid] or game.legal_actions()
        game.apply(rng.choice(legal))
    return game


def test_a_deal_played_out_shows_no_proof_and_a_claim_shows_the_claimers_tricks() -> None:
    played_out = next(g for g in (finished(s, ("claim", "close")) for s in range(60))
                      if g.result() is not None and g.result().reason == "last trick")
    assert deal_end(played_out, 0)["proof"] is None  # S-9: no close, no claim, nothing to prove
    claimed = next(g for g in (finished(s, ("close",)) for s in range(60))
                   if g.history[-1][1].verb == "claim")
    proof = deal_end(claimed, 0)["proof"]
    assert proof is not None and proof["seat"] == claimed.history[-1][0]  # S-8
    assert [row["rule"] for row in deal_end(claimed, 0)["rules"]] in (["S-8"], ["S-9"])
