"""Bots for both games: legal, seeded, and clearly stronger than random (B-3 to B-6, D-1)."""

from __future__ import annotations

import pytest

from stich.arena import run_arena
from stich.bots import make_bot
from stich.games import game_class
from stich.play.driver import play_deal

GAMES = ["bauernschnapsen", "dreierschnapsen"]


@pytest.mark.parametrize("game", GAMES)
def test_rules_bot_plays_legal_whole_deals(game: str) -> None:
    cls = game_class(game)
    for seed in range(60):  # the runner raises if a bot ever picks an illegal action
        deal = cls.deal(seed, seed % cls.SEATS)
        result = play_deal(deal, [make_bot(game, "rules", s) for s in range(cls.SEATS)])
        assert result.reason in ("66", "last trick", "made", "failed", "shown", "redeal")


@pytest.mark.parametrize("game", GAMES)
def test_rules_bot_beats_random(game: str) -> None:
    report = run_arena(game, "rules", "random", matches=30, seed=5)
    assert report.a_units >= 24
    # D-1: a random declarer's failure pays both others, so a random seat scores too.
    factor = 2 if game == "bauernschnapsen" else 1.5
    assert report.a_points / report.a_shares > factor * report.b_points / report.b_shares


@pytest.mark.parametrize("game", GAMES)
def test_rules_bot_plays_the_normal_game_better(game: str) -> None:  # B-4, D-1
    options = game_class(game).OPTIONS.from_preset(None, contracts=frozenset())
    report = run_arena(game, "rules", "random", matches=20, seed=2, options=options)
    assert report.a_points / report.a_shares > report.b_points / report.b_shares


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_arena(game: str) -> None:
    assert run_arena(game, "rules", "random", 3, 9) == run_arena(game, "rules", "random", 3, 9)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_rules_bot_strength_over_many_matches(game: str) -> None:
    report = run_arena(game, "rules", "random", matches=1000, seed=1)
    assert report.a_units / report.units > 0.95
    # D-1: a random declarer's failure pays both others, so a random seat scores too.
    factor = 5 if game == "bauernschnapsen" else 1.5
    assert report.a_points / report.a_shares > factor * report.b_points / report.b_shares
