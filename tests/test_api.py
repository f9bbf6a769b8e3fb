"""The top-level API as the README shows it: every game through
`stich.new_game`, its info states, sampled worlds, action ids, positions and utilities."""

from __future__ import annotations

import random

import pytest

import stich


@pytest.mark.parametrize("name", stich.GAMES)
def test_the_readme_lines_for_every_game(name: str) -> None:
    game = stich.new_game(name, seed=1)
    game.apply(game.legal_actions()[0])
    info = game.information_state(game.current_player())
    world = info.sample_world(random.Random(2))
    assert world.information_state(info.seat) == info
    assert stich.from_position(game.position()).legal_actions() == game.legal_actions()
    assert game.id_to_action(game.legal_action_ids()[0]) == game.legal_actions()[0]
    assert sum(game.utilities()) == 0


def test_presets_options_and_bad_names() -> None:
    game = stich.new_game("schnapsen", preset="sharp", seed=1, rubber=3)
    assert game.options.preset == "sharp" and game.options.rubber == 3
    with pytest.raises(KeyError, match="unknown game 'poker'"):
        stich.new_game("poker")
    assert isinstance(stich.Card.HA, stich.Card) and stich.Action("pass").verb == "pass"
