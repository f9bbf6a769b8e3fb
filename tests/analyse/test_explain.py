"""`stich analyse RECORD --at N` (issue 11, item 3): each legal action at a recorded position
with its value for the seat to act, averaged over worlds sampled from what that seat knows,
exact when it knows every card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from stich import search
from stich.bots import make_bot
from stich.cli import command_app
from stich.core.match import Match
from stich.core.records import DealRecord, RecordError
from stich.core.registry import game_class, match_class
from stich.explain import deal_in, explain, position_before
from stich.runner import play_deal

_app = command_app(["analyse"])


def analyse(*args: str) -> Result:
    return CliRunner().invoke(_app, ["analyse", *args])


def _match(game: str, seed: int, max_deals: int = 3) -> Match:
    """A seeded match of rules bots, its first ``max_deals`` deals played."""
    seats = game_class(game).SEATS
    match = match_class(game)([f"P{seat}" for seat in range(seats)], seed)
    bots = [make_bot(game, "rules", seat) for seat in range(seats)]
    while len(match.deals) < max_deals and not match.is_over():
        deal = match.new_deal()
        play_deal(deal, bots)
        match.finish_deal(deal)
    return match


def _deal_file(tmp_path: Path, game: str, seed: int = 3) -> tuple[Path, DealRecord]:
    record = _match(game, seed).deals[0]
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record.to_dict()))
    return path, record


def test_known_cards_give_the_solvers_exact_values() -> None:
    # late in a Schnapsen deal the seat can place every card: the sampled worlds are the real
    # deal, so the values must be the solver's on the real deal
    checked = 0
    for record in _match("schnapsen", 5).deals:
        for at in reversed(range(len(record.actions) // 2, len(record.actions))):
            explained = explain(record, at, worlds=4)
            game = position_before(record, at)
            if explained.exact and search.in_card_play(game):
                assert dict(explained.values) == dict(search.analyze(game).values)
                checked += 1
    assert checked >= 5


def test_hidden_cards_are_averaged_over_worlds(tmp_path: Path) -> None:
    path, record = _deal_file(tmp_path, "schnapsen")
    result = analyse(str(path), "--at", "0", "--worlds", "6", "--seed", "4")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    seat = position_before(record, 0).current_player()
    assert lines[0] == f"schnapsen, before action 0: seat {seat} (P{seat}) to act"
    assert lines[1] == (f"each legal action's value for P{seat}: game points won (+) or "
                        "lost (-) by its side")
    assert lines[2].startswith("averaged over 6 sampled worlds (")
    assert lines[2].endswith("different deals, seed 4)")
    legal = position_before(record, 0).observation(seat).legal_actions
    shown = [line.split()[0] + " " + line.split()[1] if line.split()[0] == "play"
             else line.split()[0] for line in lines[3:]]
    assert sorted(shown) == sorted(str(action) for action in legal)
    values = [float(line.split()[2 if line.split()[0] == "play" else 1]) for line in lines[3:]]
    assert values == sorted(values, reverse=True)  # best first
    played = [line for line in lines[3:] if line.endswith("<- played")]
    assert len(played) == 1 and record.actions[0][1] in played[0]
    assert analyse(str(path), "--at", "0", "--worlds", "6", "--seed", "4").stdout == \
        result.stdout  # same seed, same worlds


@pytest.mark.parametrize("game", ["bauernschnapsen", "dreierschnapsen", "jass"])
def test_decisions_before_card_play_are_valued(game: str) -> None:
    record = _match(game, 3, max_deals=1).deals[0]
    explained = explain(record, 0, worlds=2)
    game_before = position_before(record, 0)
    legal = game_before.observation(game_before.current_player()).legal_actions
    assert [action for action, _ in explained.values] == list(legal)
    assert explained.played is not None and explained.played in legal
    assert not search.in_card_play(game_before)  # trump, push or bids: valued by playouts


def test_a_match_record_needs_the_deal(tmp_path: Path) -> None:
    match = _match("schnapsen", 5)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()))
    result = analyse(str(path), "--at", "3")
    assert result.exit_code == 1
    assert (f"error: {path}: the match record holds {len(match.deals)} deals: name one with "
            f"--deal (0 to {len(match.deals) - 1})") in result.output
    chosen = analyse(str(path), "--at", "3", "--deal", "1", "--worlds", "3")
    assert chosen.exit_code == 0, chosen.output
    assert chosen.stdout.startswith("schnapsen, deal 1, before action 3: seat ")
    assert deal_in(match.to_record(), 1) == (match.deals[1], 1)


@pytest.mark.parametrize(("args", "message"), [
    (["--at", "999"], "--at 999: the deal has actions 0 to "),
    (["--at", "-1"], "--at -1: the deal has actions 0 to "),
    (["--at", "0", "--deal", "0"], "--deal is for a match record; this is a deal record"),
    (["--at", "0", "--worlds", "0"], "--worlds must be at least 1, got 0"),
])
def test_positions_the_record_lacks_are_named(args: list[str], message: str,
                                              tmp_path: Path) -> None:
    path, _ = _deal_file(tmp_path, "schnapsen")
    result = analyse(str(path), *args)
    assert result.exit_code == 1
    assert f"error: {path}: {message}" in result.output


def test_the_end_of_a_deal_has_nothing_to_explain(tmp_path: Path) -> None:
    path, record = _deal_file(tmp_path, "schnapsen")
    end = len(record.actions)
    result = analyse(str(path), "--at", str(end))
    assert result.exit_code == 1
    assert f"--at {end}: the deal is over before action {end}" in result.output


def test_a_broken_record_is_refused_before_anything_is_explained() -> None:
    record = _match("schnapsen", 5).deals[0]
    data = record.to_dict()
    data["actions"][-1][1] = "play XX"
    with pytest.raises(RecordError, match="action"):
        deal_in(data, None)
