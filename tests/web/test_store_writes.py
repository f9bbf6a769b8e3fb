"""The store's writes (docs/web.md, "How it works"): the writes one turn of the event loop
hands over are committed together and in order, a run of actions going in as one statement;
and a client's messages wait for its sender, which gets each change's at once, and drops a
client that reads nothing."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from stich.web.actor import Client
from stich.web.store import Store
from tests.web.helpers import run_apart


def _row(table_id: str) -> dict[str, Any]:
    return {"id": table_id, "game": "schnapsen", "preset": "standard", "options": "{}",
            "seats": json.dumps([]), "seed": 1, "salt": "00", "status": "running",
            "created": time.time(), "finished": None, "record": None, "owner": "o",
            "settings": None}


def test_one_turns_writes_are_stored_in_order_with_the_tables_first(sqlite_url: str) -> None:
    store = Store(sqlite_url)

    async def turn() -> None:
        writes = [Store.new_table(_row("a")),  # the table before its actions (foreign key)
                  Store.append_action("a", 0, 0, "action", "play HA", False),
                  Store.append_action("a", 1, 1, "action", "play HK", True),
                  Store.new_table(_row("b")),
                  Store.append_action("b", 0, 1, "action", "play SA", True),
                  Store.append_action("a", 2, 0, "resign", "resign", False),
                  Store.update_table("a", status="finished")]
        await asyncio.gather(*(store.write(work) for work in writes))

    try:
        run_apart(turn)
        a, b = store.actions_of("a"), store.actions_of("b")
        row = store.table_row("a")
    finally:
        store.close()
    assert [(e["seq"], e["seat"], e["kind"], e["action"], bool(e["by_bot"])) for e in a] == [
        (0, 0, "action", "play HA", False), (1, 1, "action", "play HK", True),
        (2, 0, "resign", "resign", False)]
    assert [(e["seq"], e["action"]) for e in b] == [(0, "play SA")]
    assert row is not None and row["status"] == "finished"


def test_a_duplicate_action_fails_alone(sqlite_url: str) -> None:
    """One bad write in a run does not sink the others of its turn."""
    store = Store(sqlite_url)

    async def turn() -> list[Any]:
        await store.write(Store.new_table(_row("a")))
        writes = [Store.append_action("a", 0, 0, "action", "play HA", False),
                  Store.append_action("a", 0, 1, "action", "play HK", True),  # same seq
                  Store.append_action("a", 1, 1, "action", "play HT", True)]
        return await asyncio.gather(*(store.write(work) for work in writes),
                                    return_exceptions=True)

    try:
        results = run_apart(turn)
        stored = [(e["seq"], e["action"]) for e in store.actions_of("a")]
    finally:
        store.close()
    assert results[0] is None and isinstance(results[1], Exception) and results[2] is None
    assert stored == [(0, "play HA"), (1, "play HT")]


def test_a_client_gets_each_changes_messages_at_once_and_then_its_end() -> None:
    async def run() -> list[Any]:
        client = Client(0)
        waiting = asyncio.ensure_future(client.batch())  # the sender waits first
        await asyncio.sleep(0)
        client.send({"type": "a"})
        client.send({"type": "b"})
        first = await waiting
        client.send({"type": "c"})
        client.close()
        client.send({"type": "after the end"})
        return [first, await client.batch(), await client.batch()]

    assert run_apart(run) == [[{"type": "a"}, {"type": "b"}], [{"type": "c"}], None]


def test_a_client_that_reads_nothing_is_dropped() -> None:
    async def run() -> Any:
        client = Client(0, limit=3)
        for number in range(4):
            client.send({"n": number})
        return await client.batch()

    assert run_apart(run) is None
