"""Rule options and presets: validated by name, type and value, recorded as overrides."""

from __future__ import annotations

import pytest

from stich.core.options import OptionsError, parse_option_pairs
from stich.games import game_class, game_names
from stich.schnapsen.game import SchnapsenOptions


def test_presets_and_overrides_round_trip() -> None:  # S-11
    options = SchnapsenOptions.from_preset("sharp", rubber="3", exchange_at_two="on")
    assert options.rubber == 3 and options.exchange_at_two is True
    assert options.overrides() == {"rubber": 3, "exchange_at_two": True}
    assert SchnapsenOptions.from_preset("sharp", **options.overrides()) == options


@pytest.mark.parametrize(("overrides", "message"), [
    ({"rubbr": 3}, "unknown schnapsen option 'rubbr'; known: bummerl_start"),
    ({"rubber": 4}, "rubber must be one of 2, 3, 1; got 4"),
    ({"rubber": "two"}, "rubber takes a number, got 'two'"),
    ({"close_at_two": "maybe"}, "close_at_two is on or off, got 'maybe'"),
    ({"bummerl_start": -1}, "bummerl_start must not be negative"),
    ({"false_claim": 1}, "false_claim takes a word"),
])
def test_bad_options_are_named(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        SchnapsenOptions.from_preset(None, **overrides)


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(OptionsError, match="known: soft, sharp, tournament"):
        SchnapsenOptions.from_preset("scharf")


def test_command_line_pairs() -> None:
    assert parse_option_pairs(["rubber=3", " deck = german "]) == {"rubber": "3",
                                                                   "deck": "german"}
    with pytest.raises(OptionsError, match="not of the form name=value"):
        parse_option_pairs(["rubber"])


def test_collection_options_accept_an_empty_list() -> None:  # B-5 option `contracts`
    options = game_class("bauernschnapsen").OPTIONS
    assert options.from_preset(None, contracts="").contracts == frozenset()
    with pytest.raises(OptionsError, match="unknown nonsense"):
        options.from_preset(None, contracts="gang,nonsense")


@pytest.mark.parametrize("name", game_names())
def test_every_preset_of_every_game_is_valid(name: str) -> None:
    options = game_class(name).OPTIONS
    for preset in options.PRESETS:
        assert options.from_preset(preset).preset == preset
