"""`stich solve POSITION`."""

from __future__ import annotations

import random

from typer.testing import CliRunner

from stich import search
from stich.cli import command_app
from stich.contract.legality import Phase
from tests.search.helpers import card_play, new_deal

app = command_app(["solve"])
runner = CliRunner()


def test_card_play_position() -> None:
    """Every legal action with its exact value, the best marked, the principal line."""
    game = card_play(new_deal("schnapsen", 8), random.Random(8), 6)
    result = runner.invoke(app, ["solve", game.position()])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    analysis = search.analyze(game)
    for action, value in analysis.values:
        words = [*str(action).split(), f"{value:+d}"]
        assert any(line.split()[:len(words)] == words for line in lines), str(action)
    assert any("<- best" in line and str(analysis.best) in line for line in lines)
    assert "principal line" in result.output


def test_every_game_in_card_play() -> None:
    for name, plies in (("bauernschnapsen", 2), ("dreierschnapsen", 2), ("jass", 26)):
        game = card_play(new_deal(name, 5), random.Random(5), plies)
        if game.is_terminal():
            continue
        result = runner.invoke(app, ["solve", game.position()])
        assert result.exit_code == 0, result.output
        assert "principal line" in result.output


def test_before_card_play() -> None:
    """Doubling (B-6) is solved with the card play behind it, for every choice."""
    game = new_deal("bauernschnapsen", 2)
    rng = random.Random(2)
    while game.phase is not Phase.DOUBLE:  # type: ignore[attr-defined]
        game.apply_legal(rng.choice(game.legal_actions()))
        if game.is_terminal():
            game = new_deal("bauernschnapsen", rng.randrange(1000))
    result = runner.invoke(app, ["solve", game.position()])
    assert result.exit_code == 0, result.output
    assert "pass" in result.output


def test_clear_errors() -> None:
    result = runner.invoke(app, ["solve", "bogus position"])
    assert result.exit_code == 1 and "unknown game" in result.output
    jass = new_deal("jass", 1)
    result = runner.invoke(app, ["solve", jass.position()])
    assert result.exit_code == 1 and "once the contract is chosen" in result.output
