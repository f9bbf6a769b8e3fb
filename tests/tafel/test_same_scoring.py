"""Engines and pads book deals through one scoring: matches played by bots,
their deals entered into a pad as typed outcomes, arrive at the same score."""

from __future__ import annotations

import pytest

from stich.bots import make_bot
from stich.contract.race import RaceDeal
from stich.games import match_class
from stich.play.driver import play_match
from stich.schnapsen.scoring import SchnapsenDeal
from stich.tafel.store import new_pad

NAMES = {"schnapsen": ["A", "B"], "bauernschnapsen": ["A", "B", "C", "D"],
         "dreierschnapsen": ["A", "B", "C"], "jass": ["A", "B", "C", "D"]}


@pytest.mark.parametrize("game", sorted(NAMES))
@pytest.mark.parametrize("seed", [3, 11])
def test_a_bot_match_entered_by_hand_scores_the_same(game: str, seed: int) -> None:
    names = NAMES[game]
    match = match_class(game)(names, seed)
    play_match(match, [make_bot(game, "random", seed + seat) for seat in range(len(names))])
    pad = new_pad(game, names)
    for record in match.deals:
        result = record.result
        assert result is not None
        if game == "schnapsen":
            deal = SchnapsenDeal.from_returns(result["game_points"])
            pad.add({"kind": "deal", "winner": deal.winner, "game_points": deal.game_points})
        elif game == "jass":
            entry = {"kind": "deal", "contract": result["contract"],
                     "card_points": result["card_points"][:2],
                     "match": result["match"][0] % 2 if result["match"] else None,
                     "weis": result["weis"],
                     "stoeck": next((t for t in (0, 1) if result["stoeck"][t]), None)}
            pad.add(entry)
        else:
            if result["reason"] == "redeal":
                pad.add({"kind": "deal", "contract": "redeal"})
                continue
            winners = result["winner"]
            declarer = result["declarer"]
            race = RaceDeal(result["contract"], declarer, declarer in winners, result["factor"],
                            result["game_points"][winners[0]])
            pad.add({"kind": "deal", **race.to_dict()})
    state = match.state()
    if game == "jass":
        assert pad.scores()["scores"] == state["scores"]
        assert pad.scores()["entries"] == state["entries"]
        assert pad.is_over()
    else:
        assert pad.scores()["bummerl"] == state["bummerl"] and pad.is_over()
