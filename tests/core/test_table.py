"""The steppable table: actions from any seat, per-seat message streams that
carry exactly each seat's information state, and clear refusals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from stich.core.game import TERMINAL, Game
from stich.core.knowledge import Event
from stich.core.table import Table, TableError
from stich.games import game_class, match_class

GAMES = ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]


def _table(game: str, seed: int) -> Table:
    cls = game_class(game)
    options = cls.OPTIONS.from_preset("turnier") if game == "jass" else None
    return Table(match_class(game)([f"P{s}" for s in range(cls.SEATS)], seed=seed,
                                   options=options))


def _play(table: Table, rng: random.Random) -> list[Game]:
    """Random legal play to the end; the deals in order."""
    deals = [table.game]
    while table.to_act != TERMINAL:
        table.submit(table.to_act, rng.choice(table.legal_actions()))
        if table.game is not deals[-1]:
            deals.append(table.game)
    return deals


@pytest.mark.parametrize("game", GAMES)
def test_streams_carry_exactly_the_information_state(game: str) -> None:
    table = _table(game, seed=5)
    deals = _play(table, random.Random(1))
    assert table.match is not None and table.match.is_over()
    for seat in range(table.seats):
        stream = table.messages(seat)
        assert [m["n"] for m in stream] == list(range(len(stream)))
        for number, deal in enumerate(deals):
            events = tuple(Event.from_dict(m["event"]) for m in stream
                           if m["type"] == "event" and m["deal"] == number)
            assert events == deal.information_state(seat).events
            turns = [m for m in stream if m["type"] == "turn" and m["deal"] == number]
            assert all(("legal" in m) == (m["seat"] == seat) for m in turns)
        # the match seed and its salt appear only in the last message
        secret = [str(table.match.seed), table.match.salt]
        body = json.dumps(stream[:-1])
        assert stream[-1]["type"] == "match_end" and stream[-1]["seed"] == table.match.seed
        assert table.match.salt not in body
        assert f'"seed": {secret[0]}' not in body


@pytest.mark.parametrize("game", GAMES)
def test_a_reconnecting_seat_gets_its_stream_back(game: str) -> None:
    table = _table(game, seed=2)
    rng = random.Random(3)
    for _ in range(7):
        table.submit(table.to_act, rng.choice(table.legal_actions()))
    seen = table.messages(1)
    cut = len(seen) // 2
    assert table.messages(1, since=cut) == seen[cut:]


def test_refusals_are_clear_and_change_nothing() -> None:
    table = Table(game=game_class("schnapsen").deal(4))
    other = 1 - table.to_act
    before = [list(stream) for stream in table.log]
    with pytest.raises(TableError, match=f"seat {table.to_act}'s turn, not seat {other}'s"):
        table.submit(other, table.legal_actions()[0])
    with pytest.raises(TableError) as refused:
        table.submit(table.to_act, "fly away")
    assert refused.value.why is not None and refused.value.why.rule == "notation"
    with pytest.raises(TableError) as refused:
        table.submit(table.to_act, "claim")
    assert refused.value.why is not None and refused.value.why.rule == "S-8"
    assert table.log == before


def test_a_single_deal_ends_with_its_result() -> None:
    table = Table(game=game_class("schnapsen").deal(8))
    rng = random.Random(9)
    new: list[tuple[int, dict[str, Any]]] = []
    while table.to_act != TERMINAL:
        new = table.submit(table.to_act, rng.choice(table.legal_actions()))
    assert {seat for seat, m in new if m["type"] == "result"} == {0, 1}
    with pytest.raises(TableError, match="the deal is over"):
        table.submit(0, "pass")


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_streams_read_back_as_sent(game: str) -> None:
    """The streams are kept as JSON text: a reconnecting seat reads back exactly the messages
    the table handed out as they happened (as a frame carries them), and the collector has
    nothing of them to track (docs/web.md, figures)."""
    import gc

    table = _table(game, seed=4)
    rng = random.Random(6)
    sent: list[list[dict[str, Any]]] = [table.messages(seat) for seat in range(table.seats)]
    while table.to_act != TERMINAL:
        for seat, message in table.submit(table.to_act, rng.choice(table.legal_actions())):
            sent[seat].append(json.loads(json.dumps(message)))
    for seat in range(table.seats):
        assert table.messages(seat) == sent[seat]
        assert table.count(seat) == len(sent[seat])
        assert [m["n"] for m in sent[seat]] == list(range(len(sent[seat])))
        assert table.messages(seat, since=5) == sent[seat][5:]
        assert not any(gc.is_tracked(text) for text in table.texts[seat])
    assert table.log == sent
