"""`stich analyse RECORD --at N`: each legal action at a recorded position
with its value for the seat to act, averaged over worlds sampled from what that seat knows,
exact when it knows every card."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from stich import search
from stich.analysis.explain import deal_in, explain, position_before
from stich.bots import make_bot
from stich.cli import command_app
from stich.core.actions import Action
from stich.core.match import Match
from stich.core.records import DealRecord, RecordError
from stich.games import game_class, match_class
from stich.play.driver import play_deal
from stich.terminal.games import action_names

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
    names = action_names("schnapsen", record.seats, None)  # the French deck: 10♥, not HT
    shown = [line.rsplit(None, 1)[0].strip() if "<-" not in line
             else line.split("<-")[0].rsplit(None, 1)[0].strip() for line in lines[3:]]
    assert sorted(shown) == sorted(names(action) for action in legal)
    assert not any(line.split()[0] == "play" for line in lines[3:])
    values = [float(line.split("<-")[0].split()[-1]) for line in lines[3:]]
    assert values == sorted(values, reverse=True)  # best first
    played = [line for line in lines[3:] if line.endswith("<- played")]
    assert len(played) == 1 and names(Action.parse(record.actions[0][1])) in played[0]
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
            f"--deal (1 to {len(match.deals)}, as play numbers them)") in result.output
    chosen = analyse(str(path), "--at", "3", "--deal", "2", "--worlds", "3")
    assert chosen.exit_code == 0, chosen.output
    assert chosen.stdout.startswith("schnapsen, deal 2, before action 3: seat ")
    # the deal `stich play` showed as "Deal 2" is the match's second deal
    assert deal_in(match.to_record(), 2) == (match.deals[1], 2)
    for outside in ("0", str(len(match.deals) + 1)):
        refused = analyse(str(path), "--at", "3", "--deal", outside)
        assert refused.exit_code == 1 and f"--deal (1 to {len(match.deals)}" in refused.output


def test_deal_numbers_agree_with_the_play_screen() -> None:
    """`stich play` heads the first deal "Deal 1": --deal 1 is that deal, and analyse calls
    it deal 1."""
    from stich.core.card_names import Deck
    from stich.terminal.schnapsen_view import SchnapsenView
    from tests.terminal.helpers import shown

    match = _match("schnapsen", 5)
    first = match_class("schnapsen")(match.seats, 5)
    game = first.new_deal()
    screen = shown(SchnapsenView(match.seats, Deck.FRENCH).table(game.observation(0), first))
    assert "Deal 1 · Schnapsen" in screen
    record, number = deal_in(match.to_record(), 1)
    assert record == match.deals[0] and number == 1
    assert explain(record, 0, deal=number, worlds=1).lines()[0].startswith("schnapsen, deal 1,")


@pytest.mark.parametrize(("game", "deck", "names"), [
    ("schnapsen", None, re.compile(r"^  ((10|[JQKA])[♣♦♥♠] |close|exchange|marriage [♣♦♥♠])")),
    ("schnapsen", "german", re.compile(r"^  ((Eichel|Schelle|Herz|Laub)-|close|exchange"
                                       r"|marriage (Eichel|Schelle|Herz|Laub))")),
    ("jass", None, re.compile(r"^  (trump (Rosen|Eicheln|Schilten|Schellen|Obenabe|Undenufe)"
                              r"|push)")),
])
def test_cards_are_named_in_the_deck(game: str, deck: str | None, names: re.Pattern[str],
                                     tmp_path: Path) -> None:
    path, _ = _deal_file(tmp_path, game)
    chosen = ["--deck", deck] if deck else []
    result = analyse(str(path), "--at", "0", "--worlds", "1", *chosen)
    assert result.exit_code == 0, result.output
    listed = result.stdout.splitlines()[3:]
    assert listed and all(names.match(line) for line in listed), listed
    assert " play " not in result.stdout and " HT " not in result.stdout


def test_a_jass_card_play_is_named_in_the_swiss_deck(tmp_path: Path) -> None:
    path, record = _deal_file(tmp_path, "jass")
    at = next(n for n, (_, action) in enumerate(record.actions) if action.startswith("play"))
    result = analyse(str(path), "--at", str(at), "--worlds", "1")
    assert result.exit_code == 0, result.output
    assert all(re.match(r"^  (Rosen|Eicheln|Schilten|Schellen)-", line)
               for line in result.stdout.splitlines()[3:] if not line.startswith("early"))


def test_an_unknown_deck_is_refused_in_one_line(tmp_path: Path) -> None:
    path, _ = _deal_file(tmp_path, "schnapsen")
    result = analyse(str(path), "--at", "0", "--deck", "tarot")
    assert result.exit_code == 1
    assert result.output.strip() == ("error: unknown deck 'tarot'; decks: french, german, "
                                     "swiss")


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


def test_a_node_budget_stops_the_sampling(tmp_path: Path) -> None:
    """With --nodes, worlds are sampled until the search has spent the budget (at least one
    world, at most --worlds), as the pimc bot counts its budget: the web replay's default."""
    from stich.analysis.explain import value_info

    path, record = _deal_file(tmp_path, "schnapsen")
    game = position_before(record, 0)
    info = game.information_state(game.current_player())
    one = value_info(info, worlds=10, nodes=1)
    assert one.worlds == 1 and one.nodes >= 1
    unbounded = value_info(info, worlds=10)
    assert unbounded.worlds == 10
    some = value_info(info, worlds=10, nodes=unbounded.nodes // 2)
    assert 1 <= some.worlds < 10 and some.nodes >= unbounded.nodes // 2
    assert explain(record, 0, worlds=10, nodes=1).worlds == 1
    assert value_info(info, worlds=3).values == explain(record, 0, worlds=3).values
    result = analyse(str(path), "--at", "0", "--worlds", "10", "--nodes", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2].startswith("averaged over 1 sampled worlds (")
    refused = analyse(str(path), "--at", "0", "--nodes", "0")
    assert refused.exit_code == 1 and "--nodes must be at least 1, got 0" in refused.output
