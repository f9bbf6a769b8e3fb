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

QUICK = Settings(away_after=60.0, bot_delay=0.0, seed=13, deal_wait=0.2, deal_wait_bots=0.0,
                 bot_level="rules")


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


def side_of(match: dict[str, Any], player: int) -> int:
    return 0 if match["a"]["player"] == player else 1


def test_a_player_who_does_not_come_loses_by_the_forfeit_rule(server: str) -> None:
    """The no-show rule 'forfeit' (docs/tournament.md, "Online"): a called player who has not
    opened the event page when his time is up loses the match by the match length to nothing
    (T-3's score), written by the server as a "no-show" in the result log."""
    made = new_event(server, "Forfeit Cup", cards=4, max_cards=1, prizes=4, auto_draw=True,
                     bot_level="random", no_show_rule="forfeit", no_show_minutes=0.02)
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    anna = call(base + "/register", {"name": "Anna", "cards": 1})
    call(base + "/players", {"organiser": organiser, "entries": bots(3)})
    call(base + "/draw", {"organiser": organiser, "seed": 1})
    final = wait_for(base, lambda e: e["phase"] == "finished")
    hers = [m for m in final["matches"] if anna["player"] in
            (m["a"]["player"], m["b"]["player"])]
    assert len(hers) == 2  # the first round and the match for places 3 and 4
    for m in hers:
        me = side_of(m, anna["player"])
        assert m["table"] is None and m["winner"] == 1 - me
        assert m["score"][me] == 0 and m["score"][1 - me] == 2
    assert final["prizes"][3]["name"] == "Anna"
    trail = call(base + "/audit")["trail"]
    assert sorted(t["no"] for t in trail if t["action"] == "no-show") == sorted(
        m["no"] for m in hers)


def test_a_bot_plays_for_a_player_who_does_not_come_if_the_organiser_allows_it(
        server: str) -> None:
    """The no-show rule 'bot': the absent player's seat at his table is a bot of the event's
    level, and the table's result counts for him."""
    made = new_event(server, "Bot Cup", cards=2, max_cards=1, prizes=2, bot_level="random",
                     no_show_rule="bot", no_show_minutes=0.02)
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    anna = call(base + "/register", {"name": "Anna", "cards": 1})
    call(base + "/players", {"organiser": organiser, "entries": bots(1)})
    call(base + "/draw", {"organiser": organiser})
    final = wait_for(base, lambda e: e["phase"] == "finished")
    (match,) = final["matches"]
    assert match["stand_ins"] == [side_of(match, anna["player"])]
    table = call(f"{server}/api/tables/{match['table']}")
    assert [s["kind"] for s in table["seats"]] == ["bot", "bot"]
    assert [t["action"] for t in call(base + "/audit")["trail"]] == ["played"]


def test_real_tables_beside_online_ones_and_the_organisers_corrections(server: str,
                                                                         db: str) -> None:
    """Mixed: a pairing moved to a real table waits for the organiser's result (the CLI's
    `result`, logged as "enter"); a result is corrected while the next round is not drawn,
    and a drawn round without results is withdrawn and drawn again from a new seed (T-5)."""
    made = new_event(server, "Mixed Cup", cards=4, max_cards=1, prizes=4, bot_level="random",
                     no_show_minutes=30)
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    anna = call(base + "/register", {"name": "Anna", "cards": 1})
    call(base + "/register", {"name": "Bert", "cards": 1})
    call(base + "/players", {"organiser": organiser, "entries": bots(2)})
    drawn = call(base + "/draw", {"organiser": organiser, "seed": 2})["event"]
    waiting = [m for m in drawn["matches"] if m["table"] is None]
    assert waiting and all(m["called"] for m in waiting)  # the people are called
    hers = next(m for m in waiting if anna["player"] in (m["a"]["player"], m["b"]["player"]))
    # a player cannot move his pairing; the organiser can
    assert refusal(base + "/place", {"no": hers["no"], "place": "real"})[0] == 403
    moved = call(base + "/place", {"organiser": organiser, "no": hers["no"], "place": "real"})
    assert next(m for m in moved["event"]["matches"] if m["no"] == hers["no"])["place"] == "real"
    for m in waiting:
        if m["no"] != hers["no"]:
            call(base + "/place", {"organiser": organiser, "no": m["no"], "place": "real"})
    for m in waiting:
        call(base + "/result", {"organiser": organiser, "results": [[m["no"], "2:1"]]})
    wait_for(base, lambda e: e["open"] == 0)
    fixed = call(base + "/result", {"organiser": organiser, "correct": True,
                                    "results": [[hers["no"], "1:2"]]})["event"]
    assert next(m for m in fixed["matches"] if m["no"] == hers["no"])["score"] == [1, 2]
    status, answer = refusal(base + "/result", {"organiser": organiser,
                                                "results": [[hers["no"], "2:2"]]})
    assert status == 400 and answer["code"] == "tournament_refused"
    call(base + "/configure", {"organiser": organiser, "tables": "real", "auto_draw": True})
    assert call(base)["event"]["rounds"] == 2  # drawn by itself
    again = call(base + "/withdraw-round", {"organiser": organiser})["event"]
    assert again["rounds"] == 1 and again["online"]["auto_draw"] is False
    gone = next(a for a in call(base + "/audit")["audit"] if a["withdrawn"])
    seed = int(gone["text"].split()[1])  # "seed N was drawn ... and withdrawn"
    status, answer = refusal(base + "/draw", {"organiser": organiser, "seed": seed})
    assert status == 400 and "new seed" in answer["error"]  # T-5
    call(base + "/draw", {"organiser": organiser, "seed": seed + 1})
    trail = call(base + "/audit")
    assert [t["action"] for t in trail["trail"]].count("enter") == len(waiting)
    assert "correct" in [t["action"] for t in trail["trail"]]
    assert any(a["withdrawn"] for a in trail["audit"])
    assert "withdrawn" in cli(db, "audit")


def wait_for(base: str, done: Any, seconds: float = 120) -> dict[str, Any]:
    """The event once ``done(event)`` holds (it changes on its own: tables, no-shows)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        event: dict[str, Any] = call(base)["event"]
        if done(event):
            return event
        time.sleep(0.2)
    raise AssertionError(f"the event did not get there: {event['phase']}, {event['open']} open")


def test_a_player_the_organiser_entered_gets_his_link(server: str) -> None:
    """The organiser's view lists an entry token for each person he registered; the page of
    that link is that player's (his matches, his table), another's token names nobody."""
    made = new_event(server, "Link Cup", cards=4, max_cards=2)
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    entered = call(base + "/players", {"organiser": organiser,
                                       "entries": [{"name": "Dora", "cards": 2}]})
    assert entered["you"]["organiser"] is True
    dora = next(p for p in entered["event"]["players"] if p["name"] == "Dora")
    token = entered["you"]["entries"][str(dora["id"])]
    assert call(f"{base}?entry={token}")["you"] == {"player": dora["id"], "organiser": False}
    assert call(f"{base}?entry=x{token}")["you"]["player"] is None
    assert "entries" not in call(f"{base}?entry={token}")["you"]


def test_accounts_register_and_organise_by_their_login(server: str) -> None:
    """A logged-in account registers with its own name and is known by its login; a guest may
    not take an account's name; the account that created an event organises it without the
    organiser token."""
    greta = call(server + "/api/accounts", {"name": "Greta", "password": "geheim-genug"})
    hans = call(server + "/api/accounts", {"name": "Hans", "password": "auch-geheim-1"})
    made = call(server + "/api/events", {"name": "Konto Cup", "cards": 4, "max_cards": 1},
                login=greta["login"])
    base = f"{server}/api/events/{made['id']}"
    status, answer = refusal(base + "/register", {"name": "Hans"})
    assert (status, answer["code"]) == (403, "name_account")
    entry = call(base + "/register", {"name": "ignored", "cards": 1}, login=hans["login"])
    seen = call(base, login=hans["login"])
    assert seen["you"]["player"] == entry["player"]
    assert [p["name"] for p in seen["event"]["players"]] == ["Hans"]
    assert refusal(base + "/players", {"entries": bots(1)}, login=hans["login"])[0] == 403
    call(base + "/players", {"entries": bots(3)}, login=greta["login"])
    assert call(base, login=greta["login"])["you"]["organiser"] is True


def test_the_organiser_imports_a_csv_file_as_the_command_does(server: str) -> None:
    """`import` in the browser (docs/tournament.md): Excel's Windows-1252 CSV with German
    headers, all or none; a bad row names its line and registers nobody."""
    import base64

    made = new_event(server, "CSV Cup", cards=8, max_cards=3)
    base = f"{server}/api/events/{made['id']}"
    bad = "Name;Karten\nJörg;2\nÄnne;x\n".encode("cp1252")
    status, answer = refusal(base + "/import", {"organiser": made["organiser"],
                                                "filename": "anmeldung.csv",
                                                "data": base64.b64encode(bad).decode()})
    assert status == 400 and "anmeldung.csv line 3" in answer["error"]
    assert call(base)["event"]["players"] == []
    good = "Name;Karten;Bot\nJörg;2;\nÄnne;1;\nRobo;1;random\n".encode("cp1252")
    done = call(base + "/import", {"organiser": made["organiser"], "filename": "a.csv",
                                   "data": base64.b64encode(good).decode()})
    assert [(p["name"], p["cards"], p["bot"]) for p in done["event"]["players"]] == [
        ("Jörg", 2, None), ("Änne", 1, None), ("Robo", 1, "random")]


def test_a_round_robin_of_bots_runs_online_to_its_standings(server: str) -> None:
    """T-5's round robin online: every round drawn by itself and played by bots at the
    server's tables; standings with their tie-breaks and the prizes down them."""
    made = new_event(server, "Runde", format="roundrobin", prizes=2, auto_draw=True,
                     bot_level="random")
    base = f"{server}/api/events/{made['id']}"
    call(base + "/players", {"organiser": made["organiser"], "entries": bots(4)})
    call(base + "/draw", {"organiser": made["organiser"], "seed": 4})
    final = wait_for(base, lambda e: e["phase"] == "finished")
    assert final["rounds"] == 3 and len(final["standings"]) == 4
    assert sum(s["points"] for s in final["standings"]) == 6  # one point a match
    assert [p["name"] for p in final["prizes"]] == [s["name"] for s in final["standings"][:2]]


def test_the_event_goes_on_after_the_server_restarts(db: str, pool: Executor) -> None:
    """Every step is stored (T-5: a crash loses nothing): a table opened for a pairing and
    stopped with the server is taken up again by the next, and its result still reaches the
    event when it ends."""
    from websockets.sync.client import connect

    from tests.web.events_helpers import ws_url

    with LiveServer(create_app(db, QUICK, pool)) as server:
        made = new_event(server, "Neustart", cards=2, max_cards=1, prizes=2,
                         bot_level="random")
        base = f"{server}/api/events/{made['id']}"
        anna = call(base + "/register", {"name": "Anna"})
        call(base + "/players", {"organiser": made["organiser"], "entries": bots(1)})
        with connect(ws_url(server, f"/ws/e/{made['id']}?entry={anna['entry']}")) as page:
            call(base + "/draw", {"organiser": made["organiser"]})
            while True:  # her page is told her table
                message = json.loads(page.recv(timeout=30))
                if message.get("you", {}).get("table"):
                    break
        table = message["you"]["table"]
    with LiveServer(create_app(db, QUICK, pool)) as server:
        base = f"{server}/api/events/{made['id']}"
        assert call(base)["event"]["matches"][0]["table"] == table["id"]
        player = Player(server, made["id"], anna["entry"], 7)
        player.start()
        player.join(timeout=120)
        assert player.error is None, player.error
        assert player.played == [table["id"]]
        final = call(base)["event"]
        assert final["phase"] == "finished"
        assert [t["by"] for t in call(base + "/audit")["trail"]] == [
            f"server from table {table['id']}"]


def test_the_event_lives_in_the_servers_own_database(db_url: str, pool: Executor) -> None:
    """SQLite or PostgreSQL: the tournament tables beside the server's (each with its own
    Alembic version table), the event played at a table, and `stich tournament` reading the
    same event from the same URL."""
    with LiveServer(create_app(db_url, QUICK, pool)) as server:
        made = new_event(server, "Gemeinsam", cards=2, max_cards=1, prizes=2,
                         bot_level="random")
        base = f"{server}/api/events/{made['id']}"
        call(base + "/players", {"organiser": made["organiser"], "entries": bots(2)})
        call(base + "/draw", {"organiser": made["organiser"]})
        final = wait_for(base, lambda e: e["phase"] == "finished")
    assert prize_rows(cli(db_url, "prizes")) == [p["name"] for p in final["prizes"]]
    assert "replayed identically" in cli(db_url, "audit")


def test_when_neither_player_comes_the_organiser_decides(server: str) -> None:
    """Forfeit with both players absent: nobody can be given the match, so it waits for the
    organiser's result (docs/tournament.md, "Online")."""
    import time

    made = new_event(server, "Leer", cards=2, max_cards=1, prizes=2, no_show_minutes=0.01)
    base = f"{server}/api/events/{made['id']}"
    call(base + "/register", {"name": "Anna"})
    call(base + "/register", {"name": "Bert"})
    match = call(base + "/draw", {"organiser": made["organiser"]})["event"]["matches"][0]
    time.sleep(1.5)  # their 0.6 s are up
    late = call(base)["event"]["matches"][0]
    assert not late["decided"] and late["table"] is None and late["due"] < time.time()
    assert [p["live"] for p in call(base)["event"]["players"]] == [1, 1]  # both still in
    call(base + "/result", {"organiser": made["organiser"], "results": [[match["no"], "2:0"]]})
    final = call(base)["event"]
    assert final["phase"] == "finished" and [p["live"] for p in final["players"]] == [0, 0]


def test_a_one_bummerl_event_plays_its_matches_online(server: str, db: str) -> None:
    """T-3: a match may be of one Bummerl; the server's tables play a rubber of one
    (S-10's ``rubber=1``), so each match ends with its first Bummerl."""
    made = new_event(server, "Kurz", cards=4, max_cards=1, bummerl=1, prizes=1, auto_draw=True,
                     bot_level="random")
    base = f"{server}/api/events/{made['id']}"
    call(base + "/players", {"organiser": made["organiser"], "entries": bots(4)})
    call(base + "/draw", {"organiser": made["organiser"], "seed": 6})
    final = wait_for(base, lambda e: e["phase"] == "finished")
    assert final["prizes"]
    records = records_of(db)
    assert records
    for record in records.values():
        assert record["options"]["rubber"] == 1
        assert sorted(record["match"]["bummerl"]) in ([0, 1], [0, 2])  # one, or a Schneider
