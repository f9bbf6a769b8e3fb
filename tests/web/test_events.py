"""Tournaments on the server (docs/tournament.md, "Online"; T-1 to T-5): an event run in the
browser's API with people and bots at the server's tables, its results entered by the server
with their records, no-shows, a pairing at a real table, and the CLI reading the same event."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.actor import Settings
from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.events_helpers import Player, call, new_event, refusal

QUICK = Settings(away_after=60.0, bot_delay=0.0, seed=13, deal_wait=0.2, deal_wait_bots=0.0)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def server(db: str, pool: Executor) -> Iterator[str]:
    with LiveServer(create_app(db, QUICK, pool)) as url:
        yield url


def cli(db: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "stich", "tournament", "--db", db, *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def bots(n: int, level: str = "random") -> list[dict[str, Any]]:
    return [{"name": f"Bot {i:02d}", "cards": 1, "bot": level} for i in range(1, n + 1)]


def test_a_small_preisschnapsen_runs_online_to_its_prize_list(server: str, db: str,
                                                               tmp_path: Path) -> None:
    """8 entries, 6 bots and 2 people playing random legal moves at the server's tables: each
    draw opens its tables (T-2, T-3), each result is entered by the server with its record,
    and the prize list (T-4) is the one `stich tournament prizes` prints from the same
    database; `stich record verify` accepts every record."""
    made = new_event(server, "Online Cup", format="preis", cards=8, max_cards=1, bummerl=2,
                     prizes=4, auto_draw=True, bot_level="random")
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    anna = call(base + "/register", {"name": "Anna", "cards": 1})
    bert = call(base + "/register", {"name": "Bert", "cards": 1})
    call(base + "/players", {"organiser": organiser, "entries": bots(6)})
    # only the organiser draws
    status, answer = refusal(base + "/draw", {"organiser": "nope"})
    assert (status, answer["code"]) == (403, "not_organiser")
    people = [Player(server, event, anna["entry"], 1), Player(server, event, bert["entry"], 2)]
    for person in people:
        person.start()
    drawn = call(base + "/draw", {"organiser": organiser, "seed": 5})
    assert drawn["event"]["rounds"] == 1
    assert all(m["table"] for m in drawn["event"]["matches"] if m["kind"] == "match"
               and all(p["bot"] for p in drawn["event"]["players"]
                       if p["id"] in (m["a"]["player"], m["b"]["player"])))
    for person in people:
        person.join(timeout=240)
        assert person.error is None, person.error
        assert not person.is_alive()
        assert person.played  # each sat at least at his first-round table
    final = call(base)["event"]
    assert final["phase"] == "finished"
    prizes = [p["card"] for p in final["prizes"]]
    assert all(prizes) and len(prizes) == 4
    # the CLI reads the same event: its prize list names the same winners in the same order
    assert prize_rows(cli(db, "prizes")) == [p["name"] for p in final["prizes"]]
    assert "replayed identically" in cli(db, "audit")
    audit = call(base + "/audit")
    assert all(line["ok"] for line in audit["audit"])
    played = [t for t in audit["trail"] if t["action"] == "played"]
    assert len(played) == 8 and all(t["by"].startswith("server from table ") for t in played)
    # every result carries its table's record, which `stich record verify` replays
    records = records_of(db)
    assert len(records) == 8  # 4 + 2 + the final and the match for 3rd
    for number, record in records.items():
        path = tmp_path / f"match{number}.json"
        path.write_text(json.dumps(record))
        done = subprocess.run([sys.executable, "-m", "stich", "record", "verify", str(path)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr


def prize_rows(printed: str) -> list[str]:
    """The players of the CLI's prize table, prize by prize."""
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in printed.splitlines()
            if line.startswith("│")]
    return [row[1] for row in rows if row[0]]


def records_of(db: str) -> dict[int, dict[str, Any]]:
    """Each played match's record from the result log, by match number."""
    from sqlalchemy import select

    from stich.tournament.models import ResultLog, TournamentMatch
    from stich.tournament.store import Store

    store = Store(db)
    try:
        with store.transaction() as s:
            rows = s.execute(select(TournamentMatch.no, ResultLog.detail).join(
                ResultLog, ResultLog.match_id == TournamentMatch.id)
                .where(ResultLog.action == "played")).all()
            return {no: detail["record"] for no, detail in rows}
    finally:
        store.close()
