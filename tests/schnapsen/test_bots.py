"""Schnapsen bots: the rule-based bot against the random one, through observations only."""

from __future__ import annotations

import pytest

from stich.arena import run_arena
from stich.bots import make_bot
from stich.runner import play_deal
from stich.schnapsen.game import Schnapsen, SchnapsenOptions


@pytest.mark.parametrize("preset", ["soft", "sharp"])
def test_rules_bot_wins_nine_in_ten_bummerl(preset: str) -> None:
    report = run_arena("schnapsen", "rules", "random", matches=40, seed=7,
                       options=SchnapsenOptions.from_preset(preset))
    assert report.units >= 40
    assert report.a_units / report.units >= 0.9


@pytest.mark.slow
def test_rules_bot_wins_nine_in_ten_bummerl_long_run() -> None:
    report = run_arena("schnapsen", "rules", "random", matches=1000, seed=1)
    assert report.a_units / report.units >= 0.9


def test_bots_only_ever_choose_legal_actions() -> None:
    # a bot's illegal action would forfeit the deal (S-12); none may occur
    for seed in range(60):
        game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(
            "sharp" if seed % 3 else "soft"))
        result = play_deal(game, [make_bot("schnapsen", "rules", seed),
                                  make_bot("schnapsen", "random", seed)])
        assert result.reason != "revoke"


def test_same_seed_same_arena() -> None:
    first = run_arena("schnapsen", "rules", "random", matches=5, seed=3)
    assert first == run_arena("schnapsen", "rules", "random", matches=5, seed=3)


def test_a_bot_that_breaks_a_rule_forfeits_the_deal() -> None:  # S-12
    from stich.bots.base import Bot
    from stich.core.actions import PLAY, Action
    from stich.core.cards import cards_in
    from stich.core.game import Observation
    from stich.core.records import DealRecord
    from stich.core.replay import replay
    from stich.schnapsen.family import DECK
    from stich.schnapsen.game import SchnapsenObservation

    class Cheat(Bot):
        NAME = "cheat"

        def act(self, observation: Observation) -> Action:
            assert isinstance(observation, SchnapsenObservation)
            return PLAY[next(c for c in cards_in(DECK) if c not in observation.hand)]

    game = Schnapsen.deal(1, 0)
    result = play_deal(game, [make_bot("schnapsen", "random", 1), Cheat()])
    assert result.reason == "revoke" and result.winner == (0,) and result.game_points == (3, 0)
    record = game.to_record()
    assert record.extra["forfeit"]["seat"] == 1
    assert replay(DealRecord.from_dict(record.to_dict())).result() == result
