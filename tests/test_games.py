"""The games by name (``stich.games``, docs/architecture.md): the one map from names to rules
classes, loaded on first use, and the tables above it keyed on ``Game.NAME``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from stich import bots, games
from stich.core.actions import Action
from stich.tafel.games import PADS
from stich.terminal.games import VIEWS


@pytest.mark.parametrize("name", games.game_names())
def test_each_name_is_its_classes_name(name: str) -> None:
    assert name == games.game_class(name).NAME
    assert name == games.match_class(name).GAME
    assert games.match_class(name).GAME_CLASS is games.game_class(name)


def test_aliases_are_read_by_the_match_records() -> None:
    for alias, name in games.ALIASES.items():
        assert games.game_class(alias) is games.game_class(name)
        assert alias in games.match_class(alias).ALIASES


def test_unknown_names_are_named() -> None:
    with pytest.raises(KeyError, match="unknown game 'poker'; known: bauernschnapsen"):
        games.game_class("poker")
    with pytest.raises(KeyError, match="no match scoring for 'poker'"):
        games.match_class("poker")


def test_bot_view_and_pad_tables_key_on_game_names() -> None:
    names = set(games.game_names())
    assert {name for name in names if bots.bot_names(name)} == names
    assert set(VIEWS) == names
    assert names <= set(PADS)


def test_every_games_verbs_are_declared() -> None:
    for name in games.game_names():
        for action in games.game_class(name).ACTION_SPACE.actions:
            assert Action.parse(str(action)) == action


def test_a_game_is_loaded_on_first_use() -> None:
    code = ("import sys, stich.games as g; assert 'stich.jass.game' not in sys.modules; "
            "g.game_class('schnapsen'); assert 'stich.jass.game' not in sys.modules; "
            "g.game_class('schieber'); assert 'stich.jass.game' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_api_face_parses_every_games_verbs_from_the_start() -> None:
    code = "import stich; assert str(stich.Action.parse('trump Obenabe')) == 'trump obenabe'"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
