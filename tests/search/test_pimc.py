"""PIMC bots for every game: seeded smoke matches, budgets, the same choice on both search
paths."""

from __future__ import annotations

import random

import pytest

from stich.bots import make_bot
from stich.bots.pimc import PimcBot, nodes_for_ms
from stich.search import native_available, outcome
from tests.search.helpers import GAMES, card_play, new_deal, searched_choices, smoke_deals


@pytest.mark.parametrize("game", GAMES)
def test_smoke_deals_against_rules(game: str) -> None:
    """A few seeded deals of pimc against the rules bots end with a result; again the same."""
    first, again = smoke_deals(game, "pimc")
    assert first == again and len(first) == 2


def test_make_bot_passes_budgets() -> None:
    bot = make_bot("jass", "pimc", 3, nodes=5000)
    assert isinstance(bot, PimcBot) and bot.nodes == 5000
    assert make_bot("jass", "rules", 3, nodes=5000).NAME == "rules"  # takes no budget
    assert make_bot("schnapsen", "pimc", 1, think_ms=2).nodes == nodes_for_ms(2)
    with pytest.raises(ValueError, match="budget"):
        PimcBot(1, nodes=0)


def test_pimc_needs_the_information_state() -> None:
    game = new_deal("schnapsen", 1)
    with pytest.raises(TypeError, match="information state"):
        PimcBot(1).act(game.observation(game.current_player()))


def _choices(game_name: str, seed: int, native: bool, **budget: int) -> list[str]:
    return searched_choices(PimcBot(seed, native=native, **budget), game_name, seed)


@pytest.mark.skipif(not native_available(), reason="the native kernel is not built")
@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen",
                                  pytest.param("dreierschnapsen", marks=pytest.mark.slow)])
def test_same_choices_on_both_paths(game: str) -> None:
    """Same seed and budget, same choices and nodes searched, native or Python."""
    for budget in ({"samples": 1}, {"nodes": 50}):
        assert _choices(game, 4, True, **budget) == _choices(game, 4, False, **budget)


@pytest.mark.skipif(not native_available(), reason="the native kernel is not built")
def test_same_choices_on_both_paths_jass_late() -> None:
    game = card_play(new_deal("jass", 2), random.Random(2), 24)
    seat = game.current_player()
    native, python = PimcBot(5, samples=2, native=True), PimcBot(5, samples=2, native=False)
    info = game.information_state(seat)
    assert native.choose(info) == python.choose(info)
    assert native.searched == python.searched > 0


def test_claims_when_it_has_66() -> None:
    """S-8: a claim that wins is worth more than playing on; pimc takes it."""
    for seed in range(40):
        game = new_deal("schnapsen", seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            seat = game.current_player()
            if any(a.verb == "claim" for a in game.legal_actions()) and game.score(seat) >= 66:
                choice = PimcBot(seed, samples=2).choose(game.information_state(seat))
                assert choice.verb == "claim"
                return
            game.apply_legal(rng.choice([a for a in game.legal_actions() if a.verb != "claim"]
                                        or game.legal_actions()))
    pytest.fail("no position with 66 and a claim in 40 deals")


def test_outcome_of_a_contract_deal() -> None:
    """A finished deal's value: + for the winning side, - for the losers, per side."""
    game = new_deal("dreierschnapsen", 3)
    rng = random.Random(3)
    while not game.is_terminal():
        game.apply_legal(rng.choice(game.legal_actions()))
    result = game.result()
    assert result is not None
    for seat in range(3):
        won = seat in result.winner
        assert (outcome(game, seat) > 0) == won or not any(result.game_points)
