"""Bot accounts (docs/web.md, "Bot accounts"; docs/engine-protocol.md, "Connecting to a
server"): an account becomes a bot account, gets an API token, connects with ``stich engine
connect`` (our bot, or an outside engine behind it) and plays whole matches at the tables
that invite it or allow bots; the away bot plays its seat while it is silent; its socket never
carries a card its seat did not see (the information state of the rules' S-, B- and J- deals)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from stich.core.knowledge import Event
from stich.core.records import DealRecord
from stich.engine.connect import Bridge, bridge_for
from stich.records import replay, verify
from stich.web.actor import Settings
from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.helpers import (
    FAST,
    client_for,
    next_message,
    play_randomly,
    receive_until,
    run_apart,
)
from tests.web.test_secrets import cards_in
from tests.web.test_workers import workers  # noqa: F401 - a fixture

pytest.importorskip("websockets", reason="the web extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
QUICK = Settings(**{**FAST.__dict__, "bot_clock": 1.0})
"""A bot account has 1 s for a move: the tests of silence find it quickly (the others keep
the default 10 s, so a loaded machine does not make a bot that answers look silent)."""


class Sync:
    """A websockets client as the helpers read a socket (``recv``, ``send_text``)."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket

    def recv(self, timeout: float = 30) -> str:
        text: str = self.socket.recv(timeout=timeout)
        return text

    def send_text(self, text: str) -> None:
        self.socket.send(text)


@contextmanager
def server(url: str, pool: Executor, settings: Settings = FAST) -> Iterator[str]:
    with LiveServer(create_app(url, settings, pool)) as base:
        yield base


def call(base: str, path: str, body: dict[str, Any] | None = None, login: str | None = None,
         ok: bool = True) -> tuple[int, Any]:
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if login:
        headers["Cookie"] = f"stich_login={login}"
    request = urllib.request.Request(base + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, payload = answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        status, payload = error.code, json.load(error)
    if ok:
        assert status == 200, payload
    return status, payload


def bot_account(base: str, name: str) -> str:
    """A new bot account (signed up with the flag) and its API token."""
    _, made = call(base, "/api/accounts", {"name": name, "password": "geheim123", "bot": True})
    _, token = call(base, "/api/bot/token", {}, login=made["login"])
    value: str = token["token"]
    return value


class Running:
    """A bridge in a thread of its own, every message it got kept."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.got: list[dict[str, Any]] = []
        self.lines: list[str] = []
        bridge.log = self.lines.append
        route = bridge._route

        def keep(message: dict[str, Any], sends: Any) -> None:
            self.got.append(message)
            route(message, sends)

        bridge._route = keep  # type: ignore[method-assign]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            self.loop.run_until_complete(self.bridge.run())
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def __enter__(self) -> Running:
        self.thread.start()
        for _ in range(500):
            if self.bridge.connected.is_set():
                return self
            time.sleep(0.02)
        raise AssertionError(f"the bridge did not connect: {self.lines}")

    def __exit__(self, *exc: object) -> None:
        if not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # it ended by itself meanwhile
                self.loop.call_soon_threadsafe(self.bridge.stop)
        self.thread.join(timeout=10)


def open_table(base: str, seats: list[dict[str, Any]], settings: dict[str, Any] | None = None,
               ok: bool = True, game: str = "schnapsen", preset: str | None = None
               ) -> tuple[int, Any]:
    spec = {"game": game, "seats": seats, "settings": settings or {}}
    if preset:
        spec["preset"] = preset
    return call(base, "/api/tables", spec, ok=ok)


@contextmanager
def person(base: str, table_id: str, name: str) -> Iterator[tuple[int, Sync]]:
    from websockets.sync.client import connect

    _, joined = call(base, f"/api/tables/{table_id}/join", {"name": name})
    with connect(base.replace("http", "ws") + f"/ws/{table_id}?token={joined['token']}"
                 ) as socket:
        yield joined["seat"], Sync(socket)


def check_secrets(got: list[dict[str, Any]], table_id: str, record: dict[str, Any],
                  seat: int) -> None:
    """The bot's socket carried its seat's information state and nothing else: each deal's
    events are a prefix of it, no message names a card the seat did not see."""
    deals = [replay(DealRecord.from_dict(raw)) for raw in record["deals"]]
    mine = [{k: v for k, v in m.items() if k != "table"} for m in got
            if m.get("table") == table_id]
    number = -1
    events: dict[int, list[Event]] = {}
    cards: dict[int, set[str]] = {}
    for message in mine:
        if message["type"] == "deal":
            number = message["deal"] - 1
            assert message["seat"] == seat
        elif message["type"] == "event":
            events.setdefault(number, []).append(Event.from_dict(message["event"]))
        if message["type"] != "match_end":  # the final score names no card
            cards.setdefault(number, set()).update(cards_in(message))
    assert len(events) == len(deals), "the bot was not told every deal"
    for deal, told in events.items():
        info = deals[deal].information_state(seat)
        assert tuple(told) == info.events[:len(told)]
        seen = {card.name for event in info.events for card in event.cards}
        leaked = cards[deal] - seen
        assert not leaked, (deal, leaked)
    acts = [m for m in mine if m["type"] == "act"]
    assert acts and all(m["time_ms"] == 10_000 for m in acts)  # Settings.bot_clock


def test_a_bot_account_is_made_marked_and_keeps_its_token_secret(sqlite_url: str,
                                                                  pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        made = client.post("/api/accounts", json={"name": "Robo", "password": "geheim123",
                                                  "bot": True}).json()
        assert made["bot"] is True and client.get("/api/me").json()["bot"] is True
        token = client.post("/api/bot/token", json={}).json()["token"]
        again = client.post("/api/bot/token", json={}).json()["token"]
        assert token != again
        store = client.app.state.lobby.store
        assert store.bot_of_token(token) is None  # the first no longer connects
        from stich.web.accounts import token_hash

        assert store.bot_of_token(token_hash(again)) == "Robo"
        with store.engine.connect() as conn:  # only the hash is kept
            assert again not in json.dumps([list(r) for r in conn.exec_driver_sql(
                "SELECT * FROM web_bot_accounts")])
        # a bot account takes no seat as a person
        table = client.post("/api/tables", json={"game": "schnapsen"}).json()["id"]
        refused = client.post(f"/api/tables/{table}/join", json={"name": "Robo"})
        assert refused.status_code == 403 and refused.json()["code"] == "bot_account_join"
        # a person's account: no token; it may become a bot account until it takes a seat
        client.cookies.clear()
        client.post("/api/accounts", json={"name": "Anna", "password": "geheim123"})
        assert client.post("/api/bot/token", json={}).json()["code"] == "not_bot"
        client.post(f"/api/tables/{table}/join", json={"name": "Anna"})
        assert client.post("/api/bot/upgrade", json={}).json()["code"] == "bot_played"
        client.cookies.clear()
        client.post("/api/accounts", json={"name": "Neu", "password": "geheim123"})
        assert client.post("/api/bot/upgrade", json={}).json() == {"name": "Neu", "bot": True}
        assert client.post("/api/bot/upgrade", json={}).json()["code"] == "already_bot"
        assert client.get("/api/accounts/Neu/matches").json()["bot"] is True
        # without a token, or with a wrong one, the bot socket is closed
        with client.websocket_connect("/ws/bot", headers={"Authorization": "Bearer nope"}
                                      ) as socket:
            assert socket.receive_json()["code"] == "bot_token"
        bad = client.post("/api/tables", json={"game": "schnapsen",
                                               "settings": {"allow_bots": "yes"}})
        assert bad.status_code == 400 and bad.json()["code"] == "bad_allow_bots"
        assert client.post("/api/accounts", json={"name": "X1", "password": "geheim123",
                                                  "bot": 1}).json()["code"] == "bad_bot_flag"
        # an invitation of a bot account that is not connected is refused
        refused = client.post("/api/tables", json={"game": "schnapsen", "seats": [
            {"kind": "person"}, {"kind": "botaccount", "name": "Robo"}]})
        assert refused.status_code == 409 and refused.json()["code"] == "bot_offline"


def test_an_invited_bot_account_plays_a_whole_match(sqlite_url: str, pool: Executor,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Robo")
        with Running(bridge_for(base, token, "random", None, seed=3)) as bot:
            _, table = open_table(base, [{"kind": "person"},
                                         {"kind": "botaccount", "name": "Robo"}])
            assert table["seats"][1] == {"kind": "botaccount", "name": "Robo", "level": "",
                                         "joined": True, "away": False, "connected": True}
            with person(base, table["id"], "Anna") as (seat, socket):
                end = play_randomly(socket, seat, random.Random(1), [])
                socket.send_text(json.dumps({"type": "rematch"}))  # the bot accepts at once
                rematch = receive_until(socket, lambda m: m["type"] == "rematch", [])
            _, again = call(base, f"/api/tables/{rematch['table']}")
            assert again["seats"][1]["kind"] == "botaccount" and again["status"] == "running"
            _, info = call(base, f"/api/tables/{table['id']}")
            record = json.loads(json.dumps(_record(base, table["id"])))
            assert bot.bridge.answered > 0
            check_secrets(bot.got, table["id"], record, 1)
            assert [m for m in bot.got if m["type"] == "match_end"]
        assert end["match"] == record["match"]
        assert verify(record)["deals"] == len(record["deals"])
        assert info["seats"][1]["kind"] == "botaccount"
        assert not any(d.get("forfeit") for d in record["deals"])
        # the profile lists the bot's match; the list marks the bot's seat
        _, listed = call(base, "/api/accounts/Robo/matches")
        assert listed["bot"] is True and listed["matches"][0]["bots"] == [1]
        with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as db:  # the rematch too
            assert db.execute("SELECT COUNT(*) FROM web_account_seats WHERE account = 'Robo'"
                              ).fetchone() == (2,)
    assert token not in caplog.text and all(token not in line for line in bot.lines)


@pytest.mark.parametrize(("game", "seats"), [
    pytest.param("bauernschnapsen", 4, marks=pytest.mark.slow), ("dreierschnapsen", 3),
    pytest.param("jass", 4, marks=pytest.mark.slow)])
def test_a_bot_account_hears_only_its_seat_in_every_game(sqlite_url: str, pool: Executor,
                                                         game: str, seats: int) -> None:
    """The contract games' and Jass's deals too (B-, D-, J- rules): the bot account is told
    its seat's information state, nothing of the other hands, and the match ends."""
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Robo")
        with Running(bridge_for(base, token, "random", None, seed=8)) as bot:
            _, table = open_table(base, [
                {"kind": "person"}, {"kind": "botaccount", "name": "Robo"},
                *[{"kind": "bot", "level": "random"}] * (seats - 2)],
                game=game, preset="turnier" if game == "jass" else None)
            with person(base, table["id"], "Anna") as (seat, socket):
                play_randomly(socket, seat, random.Random(9), [])
            record = _record(base, table["id"])
            check_secrets(bot.got, table["id"], record, 1)
    verify(record)
    assert not any(d.get("forfeit") for d in record["deals"])


def _record(base: str, table_id: str) -> dict[str, Any]:
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/tables/{table_id}/record", timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


@pytest.mark.parametrize("engine", [
    "node examples/engine.js",
    pytest.param(f"{sys.executable} -m stich engine --bot rules", marks=pytest.mark.slow)])
def test_stich_engine_connect_runs_an_outside_engine(sqlite_url: str, pool: Executor,
                                                     engine: str) -> None:
    if engine.startswith("node") and subprocess.run(["which", "node"], capture_output=True
                                                    ).returncode:
        pytest.skip("no node on this machine")
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Engel")
        bridge = subprocess.Popen(
            [sys.executable, "-m", "stich", "engine", "connect", base, "--engine", engine],
            env=dict(os.environ, STICH_BOT_TOKEN=token,
                     PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get(
                         "PYTHONPATH", "")),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for _ in range(300):
                status, table = open_table(base, [{"kind": "person"}, {
                    "kind": "botaccount", "name": "Engel"}], ok=False)
                if status == 200:
                    break
                assert bridge.poll() is None, bridge.stderr.read() if bridge.stderr else ""
                time.sleep(0.1)
            assert status == 200, table
            with person(base, table["id"], "Anna") as (seat, socket):
                play_randomly(socket, seat, random.Random(2), [])
            record = _record(base, table["id"])
        finally:
            bridge.terminate()
            _, err = bridge.communicate(timeout=10)
        verify(record)
        assert not any(d.get("forfeit") for d in record["deals"]), record["deals"]
        assert token.encode() not in err and b"connected to" in err


def test_a_silent_bot_account_is_replaced_by_the_away_bot(sqlite_url: str,
                                                          pool: Executor) -> None:
    from websockets.sync.client import connect

    with server(sqlite_url, pool, QUICK) as base:
        token = bot_account(base, "Stumm")
        url = base.replace("http", "ws") + "/ws/bot"
        with connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as silent:
            assert json.loads(silent.recv(timeout=10))["type"] == "hello"
            silent.send(json.dumps({"type": "hello", "protocol": 1, "name": "stumm",
                                    "games": ["schnapsen"]}))
            _, table = open_table(base, [{"kind": "person"},
                                         {"kind": "botaccount", "name": "Stumm"}])
            seen: list[dict[str, Any]] = []
            with person(base, table["id"], "Anna") as (seat, socket):
                # the bot is asked, says nothing: within its 1 s clock the away bot plays
                while True:
                    message = next_message(socket)
                    seen.append(message)
                    if message["type"] == "seats" and message["seats"][1]["away"]:
                        break
                    if message.get("type") == "turn" and message.get("seat") == seat and (
                            "legal" in message):
                        socket.send_text(json.dumps({"type": "action",
                                                     "action": message["legal"][0]}))
                # it answers again (late): its seat is its own again
                assert json.loads(silent.recv(timeout=10))["type"] == "match"
                act = None
                while act is None:
                    told = json.loads(silent.recv(timeout=10))
                    act = told if told["type"] == "act" else None
                silent.send(json.dumps({"type": "action", "table": table["id"],
                                        "id": act["legal"][0]["id"]}))
                while True:
                    message = next_message(socket)
                    if message["type"] == "seats" and not message["seats"][1]["away"]:
                        break
                    if message.get("type") == "turn" and message.get("seat") == seat and (
                            "legal" in message):
                        socket.send_text(json.dumps({"type": "action",
                                                     "action": message["legal"][0]}))
                # gone for good: the away bot plays the rest of the match
                silent.close()
                play_randomly(socket, seat, random.Random(5), seen)
        record = _record(base, table["id"])
    verify(record)
    assert not any(d.get("forfeit") for d in record["deals"])
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as db:  # the ratings' away rule
        (away,) = db.execute("SELECT COUNT(*) FROM web_actions WHERE table_id = ? AND seat = 1 "
                             "AND away", (table["id"],)).fetchone()
    assert away > 0  # the away bot's moves for the silent bot account are marked


def test_a_seeking_bot_account_takes_a_seat_where_bots_are_allowed(sqlite_url: str,
                                                                   pool: Executor) -> None:
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Sucher")
        closed_id = open_table(base, [{"kind": "person"}, {"kind": "person"}])[1]["id"]
        with Running(bridge_for(base, token, "random", None, seek=True, games=["schnapsen"])):
            call(base, f"/api/tables/{closed_id}/join", {"name": "Bert"})
            _, table = open_table(base, [{"kind": "person"}, {"kind": "person"}],
                                  {"allow_bots": True})
            with person(base, table["id"], "Anna") as (seat, socket):
                play_randomly(socket, seat, random.Random(4), [])
            _, closed = call(base, f"/api/tables/{closed_id}")  # bots not allowed there
        _, info = call(base, f"/api/tables/{table['id']}")
        assert info["status"] == "finished" and info["seats"][1]["name"] == "Sucher"
        assert info["seats"][1]["kind"] == "botaccount"
        assert closed["status"] == "waiting" and not closed["seats"][1]["joined"]


@pytest.mark.slow  # two workers start: about 20 s
def test_a_bot_account_connected_to_one_worker_plays_at_the_others_table(
        workers: list[str]) -> None:  # noqa: F811 - the fixture of test_workers
    """Several workers (docs/web.md): the bot's socket reached the second worker, the table
    lives in the first; the table asks it through Redis and its answers come back."""
    one, two = (f"http://{host}" for host in workers)
    token = bot_account(one, "Fern")
    with Running(bridge_for(two, token, "random", None, seed=5)) as bot:
        for _ in range(100):  # the first worker hears of the bot through Redis
            status, table = open_table(one, [{"kind": "person"}, {
                "kind": "botaccount", "name": "Fern"}], ok=False)
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200, table
        _, info = call(two, f"/api/tables/{table['id']}")
        assert info["seats"][1]["kind"] == "botaccount"
        with person(one, table["id"], "Anna") as (seat, socket):
            play_randomly(socket, seat, random.Random(6), [])
        record = _record(one, table["id"])
        assert bot.bridge.answered > 0
    verify(record)
    assert not any(d.get("forfeit") for d in record["deals"]), record["deals"]
    moves = [m for m in bot.got if m["type"] == "act" and m["table"] == table["id"]]
    assert len(moves) == bot.bridge.answered


def test_an_illegal_answer_forfeits_the_deal(sqlite_url: str, pool: Executor) -> None:
    """An id that is not legal loses the deal by the game's illegal-move rule (S-12 in
    Schnapsen), as any bot's illegal move does; the record names the rule and the reason."""
    from websockets.sync.client import connect

    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Falsch")
        url = base.replace("http", "ws") + "/ws/bot"
        with connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as wrong:
            wrong.recv(timeout=10)
            wrong.send(json.dumps({"type": "hello", "protocol": 1, "name": "falsch",
                                   "games": ["schnapsen"]}))
            _, table = open_table(base, [{"kind": "person"},
                                         {"kind": "botaccount", "name": "Falsch"}])

            def answer_wrongly() -> None:  # every act answered at once, with no legal id
                from websockets.exceptions import ConnectionClosed

                with contextlib.suppress(ConnectionClosed):
                    while True:
                        told = json.loads(wrong.recv())
                        if told["type"] == "act":
                            wrong.send(json.dumps({"type": "action", "table": table["id"],
                                                   "id": -1}))

            answering = threading.Thread(target=answer_wrongly, daemon=True)
            answering.start()
            with person(base, table["id"], "Anna") as (seat, socket):
                seen: list[dict[str, Any]] = []
                while not any(m.get("type") == "forfeit" for m in seen):
                    message = next_message(socket)
                    seen.append(message)
                    if message.get("type") == "turn" and message.get("seat") == seat and (
                            "legal" in message):
                        socket.send_text(json.dumps({"type": "action",
                                                     "action": message["legal"][0]}))
                wrong.close()  # gone: the away bot plays the rest of the match
                answering.join(timeout=10)
                play_randomly(socket, seat, random.Random(7), seen)
        record = _record(base, table["id"])
    forfeit = record["deals"][0]["forfeit"]
    assert forfeit["seat"] == 1 and forfeit["rule"] == "engine"
    assert "Falsch" in forfeit["reason"] and "not legal" in forfeit["reason"]
    verify(record)


def test_the_bridge_connects_again_after_the_server_was_gone(sqlite_url: str,
                                                             pool: Executor) -> None:
    """A server that is not there yet, and one that goes away and comes back: the bridge
    connects once it is there (1, 2, 4 ... s apart)."""
    from tests.browser import free_port

    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Zurueck")
    port = free_port()
    bot = Running(bridge_for(f"http://127.0.0.1:{port}", token, "random", None, tables=2))
    bot.thread.start()  # nobody listens yet: it tries again
    try:
        for _ in range(2):  # the server comes, goes, and comes again on the same port
            with On(create_app(sqlite_url, QUICK, pool), port):
                for _ in range(200):
                    if bot.bridge.connected.is_set():
                        break
                    time.sleep(0.05)
                # connected: a table may invite it
                open_table(f"http://127.0.0.1:{port}", [
                    {"kind": "person"}, {"kind": "botaccount", "name": "Zurueck"}])
            for _ in range(200):
                if not bot.bridge.connected.is_set():
                    break
                time.sleep(0.05)
    finally:
        bot.__exit__(None, None, None)
    assert any("cannot connect" in line for line in bot.lines)
    assert sum("connected to" in line for line in bot.lines) == 2
    assert all(token not in line for line in bot.lines)


class On:
    """The app served by uvicorn in a thread on the given port (the same port again)."""

    def __init__(self, app: Any, port: int) -> None:
        import uvicorn

        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> On:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise AssertionError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def test_the_owner_invites_a_bot_account_into_a_free_seat(sqlite_url: str,
                                                          pool: Executor) -> None:
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Robo")
        with Running(bridge_for(base, token, "random", None, seed=2)) as bot:
            _, table = open_table(base, [{"kind": "person"}, {"kind": "person"}])
            path = f"/api/tables/{table['id']}/botaccount"
            owner = table["owner"]
            refusals = [({"owner": "someone", "seat": 1, "name": "Robo"}, "not_owner"),
                        ({"owner": owner, "seat": 1, "name": "Niemand"}, "bot_offline"),
                        ({"owner": owner, "seat": 7, "name": "Robo"}, "seat_taken"),
                        ({"owner": owner, "seat": 1, "name": ""}, "bot_name")]
            for request, code in refusals:
                status, refused = call(base, path, request, ok=False)
                assert status >= 400 and refused["code"] == code, (request, refused)
            _, info = call(base, path, {"owner": owner, "seat": 1, "name": "Robo"})
            assert info["seats"][1]["kind"] == "botaccount" and info["status"] == "waiting"
            status, refused = call(base, path, {"owner": owner, "seat": 0, "name": "Robo"},
                                   ok=False)
            assert refused["code"] == "bot_twice"
            with person(base, table["id"], "Anna") as (seat, socket):
                play_randomly(socket, seat, random.Random(3), [])
            assert bot.bridge.answered > 0
        _, info = call(base, f"/api/tables/{table['id']}")
        assert info["status"] == "finished"


def test_a_wrong_token_ends_the_bridge(sqlite_url: str, pool: Executor) -> None:
    """A refused token is not tried again and again: the bridge says why and ends (2)."""
    with server(sqlite_url, pool) as base:
        bridge = bridge_for(base, "not-a-token", "random", None)
        lines: list[str] = []
        bridge.log = lines.append
        code = run_apart(lambda: asyncio.wait_for(bridge.run(), 20))
    assert code == 2
    assert any("refused the token" in line for line in lines), lines
    assert all("not-a-token" not in line for line in lines)


def _finished(base: str, table_id: str) -> None:
    for _ in range(3000):
        if call(base, f"/api/tables/{table_id}")[1]["status"] == "finished":
            return
        time.sleep(0.02)
    raise AssertionError("the match did not finish")


def test_bot_accounts_are_rated_among_themselves_never_against_people(
        sqlite_url: str, pool: Executor) -> None:
    """docs/web.md, "Ratings": a match of bot accounts moves their ratings (their own
    leaderboard); a bot account beside a person leaves both unrated ("mixed")."""
    with server(sqlite_url, pool) as base:
        robo, droid = bot_account(base, "Robo"), bot_account(base, "Droid")
        _, anna = call(base, "/api/accounts", {"name": "Anna", "password": "geheim123"})
        with Running(bridge_for(base, robo, "random", None, seed=3)), \
                Running(bridge_for(base, droid, "random", None, seed=4)):
            _, robots = open_table(base, [{"kind": "botaccount", "name": "Robo"},
                                          {"kind": "botaccount", "name": "Droid"}])
            _finished(base, robots["id"])  # two bots: it starts and ends by itself
            _, mixed = open_table(base, [{"kind": "person"},
                                         {"kind": "botaccount", "name": "Robo"}])
            from websockets.sync.client import connect

            _, joined = call(base, f"/api/tables/{mixed['id']}/join",
                             {"name": "Anna", "login": anna["login"]})
            with connect(base.replace("http", "ws")
                         + f"/ws/{mixed['id']}?token={joined['token']}") as socket:
                play_randomly(Sync(socket), joined["seat"], random.Random(5), [])
            _finished(base, mixed["id"])
        _, board = call(base, "/api/leaderboard/schnapsen")
        _, shown = call(base, "/api/ratings/schnapsen?name=Robo&name=Anna")
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as db:
        unrated = dict(db.execute("SELECT table_id, unrated FROM web_results").fetchall())
        history = db.execute("SELECT account FROM web_rating_history ORDER BY account"
                             ).fetchall()
    assert unrated == {robots["id"]: None, mixed["id"]: "mixed"}
    assert history == [("Droid",), ("Robo",)]  # only the bots' match moved ratings
    assert board["people"] == [] and sorted(r["name"] for r in board["bots"]) == ["Droid", "Robo"]
    assert all(r["bot"] for r in board["bots"])
    assert shown["ratings"]["Robo"]["bot"] and not shown["ratings"]["Anna"]["bot"]
    assert shown["ratings"]["Anna"]["games"] == 0
