"""The replay's analysis (docs/web.md, replay): "how the search values each move here" is what
`stich analyse` computes, from the seat's information state only, for finished matches only,
computed once per (table, step)."""

from __future__ import annotations

import random
import time
from concurrent.futures import Executor, Future
from typing import Any

from stich.analysis.explain import explain, position_before
from stich.core.records import DealRecord
from stich.games import match_class
from stich.web.replay import NODES, SEED, WORLDS
from tests.web.helpers import FAST, client_for, join, new_table

BOTS = [{"kind": "bot", "level": "random"}] * 2


def finished(client: Any, table_id: str) -> None:
    for _ in range(3000):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "finished":
            return
        time.sleep(0.01)
    raise AssertionError("the match did not finish")


class Counting(Executor):
    """The session's worker pool, counting what is sent to it."""

    def __init__(self, pool: Executor) -> None:
        self.pool, self.sent = pool, 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.sent += 1
        return self.pool.submit(fn, *args, **kwargs)


def deal_record(replay: dict[str, Any], deal: int) -> DealRecord:
    record = replay["record"]
    match = match_class(record["game"]).from_record(record)
    found: DealRecord = match.deals[deal]
    return found


def test_a_move_is_valued_as_stich_analyse_values_it(sqlite_url: str, pool: Executor) -> None:
    counting = Counting(pool)
    from fastapi.testclient import TestClient

    from stich.web.app import create_app

    with TestClient(create_app(sqlite_url, FAST, pool, analysis_pool=counting)) as client:
        table_id = new_table(client, "schnapsen", BOTS)
        finished(client, table_id)
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        frames = replay["frames"]
        step = 3  # a position of the first deal, a card to play with cards still hidden
        frame = frames[step]
        assert frame["to_act"] is not None and frame["deal"] == 0 and frame["at"] == 3
        answer = client.get(f"/api/tables/{table_id}/analysis/{step}")
        assert answer.status_code == 200, answer.text
        data = answer.json()
        record = deal_record(replay, 0)
        expected = explain(record, 3, deal=1, worlds=WORLDS, nodes=NODES, seed=SEED)
        assert [(v["action"], v["value"]) for v in data["values"]] == [
            (str(action), round(value, 3)) for action, value in expected.values]
        assert data["played"] == frames[step + 1]["action"] == str(expected.played)
        assert (data["seat"], data["deal"], data["at"]) == (frame["to_act"], 0, 3)
        assert data["worlds"] == expected.worlds and data["distinct"] == expected.distinct
        assert data["command"] == (f"stich analyse RECORD --deal 1 --at 3 --worlds {WORLDS} "
                                   f"--nodes {NODES} --seed {SEED}")
        assert counting.sent == 1
        again = client.get(f"/api/tables/{table_id}/analysis/{step}").json()
        assert again == data and counting.sent == 1  # kept per (table, step)
        # a step where nobody is to act (the match's end), and one the match lacks
        last = len(frames) - 1
        for missing in (last, last + 5):
            refused = client.get(f"/api/tables/{table_id}/analysis/{missing}")
            assert refused.status_code == 404 and refused.json()["code"] == "no_move"


def test_a_live_table_is_never_analysed(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        waiting = new_table(client, "schnapsen", [{"kind": "person"}, BOTS[0]])
        refused = client.get(f"/api/tables/{waiting}/analysis/0")
        assert refused.status_code == 409 and refused.json()["code"] == "not_over"
        join(client, waiting, "Anna")
        for _ in range(500):  # the table starts in its own task, right after the join
            if client.get(f"/api/tables/{waiting}").json()["status"] == "running":
                break
            time.sleep(0.01)
        assert client.get(f"/api/tables/{waiting}").json()["status"] == "running"
        for step in (0, 1):
            refused = client.get(f"/api/tables/{waiting}/analysis/{step}")
            assert refused.status_code == 409 and refused.json()["code"] == "not_over"
        assert client.get("/api/tables/nope/analysis/0").json()["code"] == "no_table"


def test_the_analysis_reads_what_the_seat_knew_not_the_deal(sqlite_url: str,
                                                             pool: Executor) -> None:
    """Two deals the seat cannot tell apart get the same values: the true hands of the others
    play no part (a valuer that looked at them would tell the two apart)."""
    from stich.web.replay import positions

    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "schnapsen", BOTS)
        finished(client, table_id)
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        record = deal_record(replay, 0)
        at = 2
        real = position_before(record, at)
        seat = real.current_player()
        info = real.information_state(seat)
        rng = random.Random(3)
        other = next(world for world in (info.sample_world(rng) for _ in range(50))
                     if world.position() != real.position())
        assert other.information_state(seat) == info  # the seat cannot tell them apart
        doctored = other.to_record(record.seats)
        assert doctored.hands != record.hands
        worlds = 3
        assert explain(doctored, at, worlds=worlds).values == explain(record, at,
                                                                      worlds=worlds).values
        # the server's worker is handed exactly that information state
        actor = client.portal.call(client.app.state.lobby.get, table_id)
        step = next(n for n, f in enumerate(replay["frames"]) if f["deal"] == 0
                    and f["at"] == at)
        deal, index, handed, played = positions(actor)[step]
        assert (deal, index, handed, played) == (0, at, info, record.actions[at][1])
