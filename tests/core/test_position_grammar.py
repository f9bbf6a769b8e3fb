"""One position grammar for every game (docs/rules/notation.md, ``stich.core.position``):
what is written reads back to the same state, is written in the one form, and old forms read."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stich
from stich import from_position
from stich.core.cards import Card
from stich.core.game import Game
from stich.core.position import (
    PositionError,
    cards_text,
    mask_text,
    read_cards,
    read_options,
    split,
)
from stich.jass.options import JassOptions
from stich.schnapsen.options import SchnapsenOptions
from tests.conformance.corpus import observed, state_of

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "schnapsen": [{}, {"exchange_at_two": True, "false_claim": "pagat"},
                  {"marriage_before_first_trick": False}],
    "bauernschnapsen": [{}, {"trump_must_be_held": False, "plauderer": "opponents_confer"},
                        {"contracts": "gang,schnapser,bettler"}],
    "dreierschnapsen": [{}, {"raise_before_talon": False, "must_overtrump": False}],
    "jass": [{}, {"weis": False, "stoeck": False}, {"multipliers": "1,1,2,2"}],
}
CARD_RUN = re.compile(r"[CDHS][6-9TJQKA][CDHS][6-9TJQKA]")
OPTIONS_WORD = re.compile(r"^[a-z]+(;[a-z_]+=[^;\s]+)*$")


def played(name: str, seed: int, moves: int, options: dict[str, Any]) -> Game | None:
    """A seeded deal with seeded random moves; None if it ends first."""
    game = stich.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal():
            return None
        game.apply(rng.choice(game.legal_actions()))
    return None if game.is_terminal() else game


def assert_one_form(text: str) -> None:
    words = text.split()
    assert OPTIONS_WORD.match(words[1]), words[1]
    assert all("=" in word for word in words[2:]), text
    values = [word.partition("=")[2] for word in words[2:]]
    options = [pair.partition("=")[2] for pair in words[1].split(";")[1:]]
    assert not {"true", "false", "on", "off"} & set(options + values), text
    assert not CARD_RUN.search(text) and "??" not in text, text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(OPTIONS)), st.integers(0, 2**31), st.integers(0, 40),
       st.integers(0, 2))
def test_written_positions_read_back_to_the_same_state(name: str, seed: int, moves: int,
                                                        variant: int) -> None:
    options = OPTIONS[name][variant % len(OPTIONS[name])]
    game = played(name, seed, moves, options)
    if game is None:
        return
    text = game.position()
    assert_one_form(text)
    again = from_position(text)
    assert again.position() == text
    # the same state: what every seat sees and may do, now and in the same play to the end
    # (a Jass position keeps the Stöck holder only while it matters, J-6)
    rng = random.Random(seed)
    while True:
        assert observed(again) == observed(game)
        if game.is_terminal():
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        again.apply(action)
    assert again.result() == game.result()
    for seat in range(again.SEATS):  # as each seat sees it: the same grammar
        seen = from_position(text).position(seat)
        assert_one_form(seen)
        assert seen.split()[:2] == text.split()[:2]


def test_every_game_writes_the_one_grammar_with_options() -> None:
    texts = {name: played(name, 3, 0, OPTIONS[name][1]) for name in OPTIONS}
    for name, game in texts.items():
        assert game is not None
        text = game.position()
        assert text.startswith(name + " ") and ";" in text.split()[1], text
        assert "=1" in text.split()[1] or "=0" in text.split()[1] or name == "jass", text


def test_old_forms_read() -> None:
    assert read_cards("CACT", "x") == [Card.CA, Card.CT]
    assert read_cards("CA.CT", "x") == [Card.CA, Card.CT]
    assert read_cards("??.CA", "x", hidden=True) == [None, Card.CA]
    assert read_cards("?.CA", "x", hidden=True) == [None, Card.CA]
    assert read_cards("3", "x", hidden=True) == [None, None, None]
    assert read_cards("-", "x") == []
    old = read_options(SchnapsenOptions, "soft,exchange_at_two=1,false_claim=pagat")
    assert old == read_options(SchnapsenOptions, "soft;exchange_at_two=1;false_claim=pagat")
    assert old.exchange_at_two and old.false_claim == "pagat"
    assert read_options(JassOptions, "standard;weis=off") == read_options(
        JassOptions, "standard;weis=0")


def test_old_and_new_forms_of_one_position_are_one_state() -> None:
    """A Jass position of the old form (codes run together, on/off) and a Schnapsen one
    (options joined by ',', ?? for a hidden card) read as the new form does."""
    game = played("jass", 11, 9, {"stoeck": False})
    assert game is not None
    new = game.position()
    old = new.replace("stoeck=0", "stoeck=off")
    for word in re.findall(r"(?:[CDHS][6-9TJQKA]\.)+[CDHS][6-9TJQKA]", old):
        old = old.replace(word, word.replace(".", ""), 1)
    assert old != new and "stoeck=off" in old
    assert state_of(from_position(old)) == state_of(game)
    schnapsen = played("schnapsen", 4, 3, OPTIONS["schnapsen"][1])
    assert schnapsen is not None
    new = schnapsen.position()
    old = new.replace(";", ",")
    assert state_of(from_position(old)) == state_of(schnapsen)
    seen = schnapsen.position(0)
    assert "?" in seen
    from stich.schnapsen import position

    assert position.parse(seen.replace("?", "??"), hidden=True) == position.parse(
        seen, hidden=True)


def test_the_codec_writes_one_form() -> None:
    assert cards_text([Card.CA, None, Card.HT]) == "CA.?.HT"
    assert cards_text([]) == "-"
    assert mask_text((1 << Card.CA) | (1 << Card.HT), 1 << Card.HT) == "HT.?"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty position"),
    ("chess rnbqkbnr", "unknown game 'chess'"),
    ("schnapsen soft dealer=0", "missing leader"),
    ("schnapsen soft dealer=0 dealer=1", "field 'dealer' given twice"),
])
def test_bad_positions_are_named(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text)


@pytest.mark.parametrize(("name", "options", "message"), [
    ("schnapsen", "soft;nosuch=1", "unknown schnapsen option 'nosuch'"),
    ("jass", "standard;weis", "option 'weis' is not name=value"),
    ("bauernschnapsen", "standard;must_overtrump=maybe", "must_overtrump is on or off"),
])
def test_bad_options_are_named(name: str, options: str, message: str) -> None:
    game = played(name, 1, 0, {})
    assert game is not None
    fields = game.position().split()[2:]
    with pytest.raises(PositionError, match=message):
        from_position(" ".join([name, options, *fields]))


def test_split_names_unexpected_fields() -> None:
    with pytest.raises(PositionError, match="unexpected field 'b=2'"):
        split("game preset a=1 b=2", "game", ("a",))


def test_the_examples_in_notation_read_as_written() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "notation.md").read_text()
    block = page.split("One example per game:")[1].split("```")[1]
    examples = [line for line in block.splitlines() if line.strip()]
    assert [line.split()[0] for line in examples] == list(stich.GAMES)
    for line in examples:
        assert from_position(line).position() == line
    seat_1 = from_position(examples[0]).position(1)
    assert "hands=?.?.?.?/DT.HJ.HA.ST.SQ" in seat_1 and "stock=?.?.?.?.?.?.?.SJ" in seat_1
