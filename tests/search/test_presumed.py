"""Presumed values (``stich.search.presumed``) and the ``pvpimc`` bot: legal, seeded, the
same on both search paths, and the opponent's reply chosen from its own information (S-3 to
S-9: Schnapsen card play)."""

from __future__ import annotations

import random

import pytest

from stich import search
from stich.bots import make_bot
from stich.bots.presumed import PresumedPimcBot
from stich.core.game import Game
from stich.search.presumed import presumed_reply, presumed_values
from tests.search.helpers import card_play, new_deal


def _position(seed: int, plies: int = 3) -> Game:
    return card_play(new_deal("schnapsen", seed), random.Random(seed), plies)


def test_one_presumed_world_is_the_solver() -> None:
    """With the sampled world as the opponent's only presumed world, each action's value is
    the solver's value of that world (the opponent then knows every card, as in PIMC)."""
    for seed in range(3):
        game = _position(seed)
        legal = game.legal_actions()
        values, nodes = presumed_values(game, legal, game.current_player(), replies=1)
        exact = dict(search.analyze(game).values)
        assert values == [exact[action] for action in legal] and nodes > 0


def test_presumed_reply_is_legal_and_seeded() -> None:
    """The presumed reply is one of the opponent's legal moves, the same for a seed; its
    values in the world are the solver's."""
    game = _position(5)
    after = game.clone()
    after.apply(game.legal_actions()[0])
    assert after.current_player() != game.current_player()
    reply, exact, nodes = presumed_reply(after, 4, seed=9)
    assert reply in after.legal_actions()
    assert exact == dict(search.analyze(after).values)
    assert presumed_reply(after, 4, seed=9) == (reply, exact, nodes)
    with pytest.raises(ValueError, match="replies"):
        presumed_reply(after, 0, seed=9)


def test_presumed_values_never_beat_the_solver() -> None:
    """An opponent that does not see our hand can only do worse for itself than the best
    reply with every card open: each presumed value is at least the solver's (our side)."""
    gained = 0
    for seed in range(4):
        game = _position(seed, plies=2 + seed % 2)
        seat = game.current_player()
        legal = game.legal_actions()
        values, _ = presumed_values(game, legal, seat, replies=4, seed=seed)
        exact = [dict(search.analyze(game).values)[action] for action in legal]
        assert all(value >= best for value, best in zip(values, exact, strict=True))
        gained += sum(value > best for value, best in zip(values, exact, strict=True))
    assert gained  # the correction is not idle (seed 3: a lead the opponent cannot punish)


def test_pvpimc_deal_against_rules() -> None:
    """A seeded deal of pvpimc against the rules bot ends with a result; again the same."""
    from stich.play.driver import play_deal

    def deal() -> dict[str, object]:
        game = new_deal("schnapsen", 1)
        bots = [make_bot("schnapsen", "pvpimc", 1, nodes=3000), make_bot("schnapsen", "rules", 2)]
        return play_deal(game, bots).to_dict()

    first = deal()
    assert first == deal() and first


def test_pvpimc_is_registered_and_takes_budgets() -> None:
    bot = make_bot("schnapsen", "pvpimc", 3, nodes=5000)
    assert isinstance(bot, PresumedPimcBot) and bot.nodes == 5000


@pytest.mark.skipif(not search.native_available(), reason="the native kernel is not built")
def test_pvpimc_same_choices_on_both_paths() -> None:
    """Same seed and budget, same choices and nodes searched, native or Python."""
    for seed in (3, 6):
        game = _position(seed, plies=11)
        info = game.information_state(game.current_player())
        native = PresumedPimcBot(seed, native=True, samples=2)
        python = PresumedPimcBot(seed, native=False, samples=2)
        assert native.choose(info) == python.choose(info)
        assert native.searched == python.searched > 0
