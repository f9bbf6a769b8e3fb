"""Whole matches through the real WebSocket endpoint (issue 13, items 1 and 4)."""

from __future__ import annotations

import random
from concurrent.futures import Executor

from tests.web.helpers import client_for, join, new_table, play_randomly


def test_a_person_plays_a_whole_schnapsen_match_against_a_bot(db_url: str,
                                                              pool: Executor) -> None:
    with client_for(db_url, pool) as client:
        table_id = new_table(client, "schnapsen",
                             [{"kind": "person"}, {"kind": "bot", "level": "random"}])
        seat, token = join(client, table_id, "Anna")
        seen: list[dict] = []
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            end = play_randomly(socket, seat, random.Random(1), seen)
        assert end["match"] == client.get(f"/api/tables/{table_id}/record").json()["match"]
        listed = client.get("/api/players/Anna/matches").json()
        assert [m["id"] for m in listed] == [table_id]
