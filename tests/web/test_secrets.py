"""Server-authoritative play: over whole matches of every game, played
by clients on the real WebSocket endpoint, no seat ever receives a card it did not see
(``game.information_state(seat)``), each seat's events are exactly its information state, and
the match seed appears only once the match is over."""

from __future__ import annotations

import json
import random
from concurrent.futures import Executor
from typing import Any

import pytest

from stich.core.cards import Card
from stich.core.knowledge import Event
from stich.core.records import DealRecord
from stich.records import replay
from tests.web.helpers import client_for, join, new_table, next_message

NAMES = ["Anna", "Bert", "Cilli", "Dora"]
CARD_NAMES = {card.name for card in Card}
PRESETS = {"jass": "turnier"}


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a message."""
    if isinstance(value, str):
        return {word for word in value.split() if word in CARD_NAMES}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def read_batch(socket: Any, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Messages up to and including the next view (each change ends with one)."""
    while True:
        message = next_message(socket)
        seen.append(message)
        if message["type"] == "view":
            return message


def play_all_seats(client: Any, game: str, seats: int, rng: random.Random
                   ) -> tuple[str, list[list[dict[str, Any]]]]:
    table_id = new_table(client, game, [{"kind": "person"}] * seats, PRESETS.get(game))
    tokens = [join(client, table_id, NAMES[seat])[1] for seat in range(seats)]
    streams: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
    sockets = [client.websocket_connect(f"/ws/{table_id}?token={t}") for t in tokens]
    entered = [s.__enter__() for s in sockets]
    try:
        views = [read_batch(socket, streams[seat]) for seat, socket in enumerate(entered)]
        while not views[0].get("over"):
            to_act = views[0]["view"]["to_act"]
            if to_act == -1:  # a deal's end: every seat continues (the panel's button)
                for socket in entered:
                    socket.send_text(json.dumps({"type": "continue"}))
                views = [read_batch(socket, streams[seat]) for seat, socket in enumerate(entered)]
                continue
            legal = views[to_act]["view"]["legal_actions"]
            entered[to_act].send_text(json.dumps({"type": "action",
                                                  "action": rng.choice(legal)}))
            views = [read_batch(socket, streams[seat]) for seat, socket in enumerate(entered)]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    return table_id, streams


@pytest.mark.parametrize(("game", "seats"), [("schnapsen", 2), ("bauernschnapsen", 4),
                                             ("dreierschnapsen", 3), ("jass", 4)])
def test_no_seat_hears_a_card_it_did_not_see(sqlite_url: str, pool: Executor, game: str,
                                             seats: int) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id, streams = play_all_seats(client, game, seats, random.Random(7))
        record = client.get(f"/api/tables/{table_id}/record").json()
    deals = [replay(DealRecord.from_dict(raw)) for raw in record["deals"]]
    for seat, stream in enumerate(streams):
        numbered = [m for m in stream if "n" in m]
        assert [m["n"] for m in numbered] == list(range(len(numbered)))  # none lost, in order
        for number, deal in enumerate(deals):
            info = deal.information_state(seat)
            events = tuple(Event.from_dict(m["event"]) for m in numbered
                           if m["type"] == "event" and m["deal"] == number)
            assert events == info.events
            seen = {card.name for event in info.events for card in event.cards}
            for message in stream:
                if message.get("deal") == number and message["type"] not in ("result",):
                    leaked = cards_in(message) - seen
                    assert not leaked, (seat, number, message["type"], leaked)
        # the seed (and its salt) only in the last numbered message, match_end
        end = numbered[-1]
        assert end["type"] == "match_end" and end["seed"] == record["seed"]
        before = json.dumps(stream[:stream.index(end)])
        assert str(record["seed"]) not in before and record["salt"] not in before
