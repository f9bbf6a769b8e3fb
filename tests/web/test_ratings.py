"""Ratings for people and the profiles' counts (docs/web.md, "Ratings", "Profiles"), through
the real endpoints: accounts play whole matches with random moves on the WebSocket; a match is
rated only on the game's rated preset with every seat an account, all people or all bots; the
away bot's rule; a rating moves once per match, a restart included; the leaderboard's order is
the ratings recomputed from the results in the order the matches ended."""

from __future__ import annotations

import dataclasses
import json
import random
import threading
import time
from concurrent.futures import Executor
from typing import Any

import pytest
import sqlalchemy as sa

from stich.games import match_class
from stich.ratings import Ratings
from stich.web import models
from stich.web.deal_end import match_end
from stich.web.ratings import book, outcome
from stich.web.store import Store
from tests.web.helpers import FAST, client_for, new_table, next_message, play_randomly


def accounts(client: Any, *names: str) -> dict[str, str]:
    """New accounts and their logins (the cookie is dropped: each seat sends its own)."""
    out = {}
    for name in names:
        answer = client.post("/api/accounts", json={"name": name, "password": "geheim123"})
        assert answer.status_code == 200, answer.text
        out[name] = answer.json()["login"]
    client.cookies.clear()
    return out


def make_bots(url: str, *names: str) -> None:
    """Flag accounts as bots' accounts (as the bots' sign-up does)."""
    engine = Store(url).engine
    with engine.begin() as conn:
        conn.execute(models.accounts.update().where(models.accounts.c.name.in_(names))
                     .values(bot=True))
    engine.dispose()


def seat_up(client: Any, table_id: str, name: str, login: str | None) -> tuple[int, str]:
    body: dict[str, Any] = {"name": name}
    if login is not None:
        body["login"] = login
    answer = client.post(f"/api/tables/{table_id}/join", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["seat"], answer.json()["token"]


def play_match(client: Any, game: str, players: list[tuple[str, str | None]], seed: int,
               preset: str | None = None, options: dict[str, Any] | None = None,
               bots: int = 0) -> tuple[str, dict[str, Any]]:
    """A table of ``players`` (name, login or None for a guest) and ``bots`` of the lobby's
    after them, each person playing random legal moves on his socket; (table, match_end)."""
    seats = [{"kind": "person"}] * len(players) + [{"kind": "bot", "level": "random"}] * bots
    table_id = new_table(client, game, seats, preset, options)
    taken = [seat_up(client, table_id, name, login) for name, login in players]
    ends: dict[int, dict[str, Any]] = {}
    errors: list[BaseException] = []

    def run(seat: int, token: str) -> None:
        try:
            with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
                ends[seat] = play_randomly(socket, seat, random.Random(seed * 10 + seat), [])
        except BaseException as error:  # handed to the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=seat) for seat in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    finished(client, table_id)
    return table_id, ends[taken[0][0]]


def finished(client: Any, table_id: str) -> None:
    for _ in range(3000):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "finished":
            return
        time.sleep(0.01)
    raise AssertionError("the match did not finish")


def rows(url: str, table: sa.Table, **where: Any) -> list[dict[str, Any]]:
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        query = sa.select(table)
        for key, value in where.items():
            query = query.where(table.c[key] == value)
        found = [dict(row) for row in conn.execute(query).mappings()]
    engine.dispose()
    return found


def winners_of(url: str, table_id: str) -> set[str]:
    """The winners' names, from the stored match record replayed through its scoring."""
    record = json.loads(rows(url, models.tables, id=table_id)[0]["record"])
    match = match_class(record["game"]).from_record(record)
    return {record["seats"][s] for s in match_end(match, match.resigned)["winners"]}


def test_a_rated_match_moves_the_ratings_once_in_the_order_matches_end(
        db_url: str, pool: Executor) -> None:
    with client_for(db_url, pool) as client:
        login = accounts(client, "Anna", "Bert", "Cilli")
        order = [("Anna", "Bert"), ("Bert", "Cilli"), ("Cilli", "Anna")]
        tables = [play_match(client, "schnapsen", [(a, login[a]), (b, login[b])], seed)[0]
                  for seed, (a, b) in enumerate(order)]
        board = client.get("/api/leaderboard/schnapsen").json()
    assert board["preset"] == "soft" and board["bots"] == []
    # the same ratings from the results alone, in the order the matches ended (stich.ratings)
    expected = Ratings()
    for table_id in tables:
        result = sorted(rows(db_url, models.results, table_id=table_id),
                        key=lambda r: r["seat"])
        assert [r["unrated"] for r in result] == [None, None]
        assert sum(r["won"] for r in result) == 1  # S-10: one player wins the rubber
        expected.rate([[r["account"]] for r in result], [0 if r["won"] else 1 for r in result])
    got = {r["name"]: r for r in board["people"]}
    assert set(got) == {"Anna", "Bert", "Cilli"}
    for name, rating in expected.ratings.items():
        assert got[name]["mu"] == pytest.approx(rating.mu, abs=1e-3)
        assert got[name]["sigma"] == pytest.approx(rating.sigma, abs=1e-3)
        assert got[name]["games"] == rating.games
    assert [r["name"] for r in board["people"]] == [
        name for name, _ in expected.table()]  # best first by mu - 3 sigma
    assert [r["place"] for r in board["people"]] == [1, 2, 3]
    history = rows(db_url, models.rating_history, account="Anna")
    assert len(history) == 2 and {h["table_id"] for h in history} == {tables[0], tables[2]}
    # a restart replays nothing finished; booking the same match again changes nothing
    before = rows(db_url, models.ratings)
    with client_for(db_url, pool) as client:
        assert client.get("/api/leaderboard/schnapsen").json() == board
        store: Store = client.app.state.lobby.store
        record = json.loads(rows(db_url, models.tables, id=tables[-1])[0]["record"])
        match = match_class("schnapsen").from_record(record)
        store.write_now(lambda conn: book(conn, tables[-1], outcome(match)))
    assert rows(db_url, models.ratings) == before
    assert len(rows(db_url, models.rating_history)) == 6


def test_the_profile_counts_and_history(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        login = accounts(client, "Anna", "Bert")
        ends = [play_match(client, "schnapsen", [("Anna", login["Anna"]),
                                                 ("Bert", login["Bert"])], seed)
                for seed in (1, 2)]
        play_match(client, "schnapsen", [("Anna", login["Anna"]), ("Gast", None)], 3)
        profile = client.get("/api/accounts/Anna/profile").json()
        client.cookies.set("stich_login", login["Bert"])
        client.post("/api/profile", json={"hidden": True})
        own = client.get("/api/accounts/Bert/profile").json()
        client.cookies.clear()
        hidden = client.get("/api/accounts/Bert/profile").json()
        assert client.get("/api/accounts/Nobody/profile").json()["code"] == "no_account"
    wins = sum("Anna" in winners_of(sqlite_url, table_id) for table_id, _ in ends)
    (counts,) = profile["games"]
    assert counts["game"] == "schnapsen" and counts["played"] == 3
    results = rows(sqlite_url, models.results, account="Anna")
    assert counts["won"] == sum(r["won"] for r in results)
    assert sum(r["won"] for r in results if r["unrated"] is None) == wins
    for key in ("schneider_given", "schneider_taken", "bummerl_given", "bummerl_taken"):
        assert counts[key] == sum(r[key] for r in results)
    # S-10: who lost a rubber got its Bummerl, two at least in the default preset
    assert all(r["bummerl_taken"] >= 2 for r in results if not r["won"])
    (rating,) = profile["ratings"]
    assert rating["games"] == 2 and rating["place"] in (1, 2)
    points = profile["history"]["schnapsen"]
    assert len(points) == 2 and points[1]["mu_before"] == points[0]["mu"]
    assert points[0]["mu_before"] == 25.0
    newest = profile["matches"]
    assert len(newest) == 3 and newest[0]["unrated"] == "guest" and not newest[0]["rated"]
    assert all(m["replay"] == f"/replay/{m['id']}" for m in newest)
    assert [m["rated"] for m in newest[1:]] == [True, True]
    assert own["visible"] and own["hidden"] and len(own["matches"]) == 2
    assert not hidden["visible"] and "matches" not in hidden and "history" not in hidden
    assert hidden["ratings"][0]["games"] == 2  # the rating stays public, as on the board


def test_what_is_not_rated(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        login = accounts(client, "Anna", "Bert", "Robo", "Droid")
        a, b = ("Anna", login["Anna"]), ("Bert", login["Bert"])
        cases = {
            "guest": play_match(client, "schnapsen", [a, ("Gast", None)], 1)[0],
            "preset": play_match(client, "schnapsen", [a, b], 2, preset="sharp")[0],
            "options": play_match(client, "schnapsen", [a, b], 3, options={"rubber": 3})[0],
            "bot": play_match(client, "schnapsen", [a], 4, bots=1)[0],
        }
    make_bots(sqlite_url, "Robo", "Droid")
    with client_for(sqlite_url, pool) as client:
        cases["mixed"] = play_match(client, "schnapsen", [a, ("Robo", login["Robo"])], 5)[0]
        robots = play_match(client, "schnapsen", [("Robo", login["Robo"]),
                                                  ("Droid", login["Droid"])], 6)[0]
        board = client.get("/api/leaderboard/schnapsen").json()
        shown = client.get("/api/ratings/schnapsen", params={"name": ["Robo", "Anna", "Gast"]}
                           ).json()["ratings"]
    for reason, table_id in cases.items():
        assert {r["unrated"] for r in rows(sqlite_url, models.results, table_id=table_id)} == {
            reason}, reason
    assert rows(sqlite_url, models.rating_history, account="Anna") == []
    # bots' accounts are rated among themselves, on their own board
    assert {r["unrated"] for r in rows(sqlite_url, models.results, table_id=robots)} == {None}
    assert board["people"] == [] and [r["name"] for r in board["bots"]] != []
    assert all(r["bot"] for r in board["bots"]) and len(board["bots"]) == 2
    assert set(shown) == {"Robo", "Anna"} and shown["Robo"]["bot"] and shown["Anna"]["games"] == 0
    assert shown["Anna"]["mu"] == 25.0  # a newcomer's rating


@pytest.mark.parametrize("game, count", [
    ("bauernschnapsen", 4), pytest.param("dreierschnapsen", 3, marks=pytest.mark.slow)])
def test_teams_and_three_players_are_rated(sqlite_url: str, pool: Executor, game: str,
                                           count: int) -> None:
    names = ["Anna", "Bert", "Cilli", "Dora"][:count]
    with client_for(sqlite_url, pool) as client:
        login = accounts(client, *names)
        table_id, _ = play_match(client, game, [(n, login[n]) for n in names], 7)
        shown = client.get(f"/api/tables/{table_id}/ratings").json()
    won = winners_of(sqlite_url, table_id)
    history = {h["account"]: h for h in rows(sqlite_url, models.rating_history)}
    assert set(history) == set(names) and shown["rated"]
    bummerl = json.loads(rows(sqlite_url, models.tables, id=table_id)[0]["record"]
                         )["match"]["bummerl"]
    for seat, name in enumerate(names):
        moved = history[name]["mu"] - history[name]["mu_before"]
        assert history[name]["won"] == (name in won)
        if name in won:  # B-7: a team; D-1: each alone
            assert moved > 0, name
        if bummerl[seat % len(bummerl)] == max(bummerl):  # the Bummerl's holder is last
            assert moved < 0, name
        assert history[name]["sigma"] < history[name]["sigma_before"]
    assert [s["name"] for s in shown["seats"]] == names
    if game == "bauernschnapsen":  # partners (seats 1 and 3, 2 and 4) move alike
        assert history["Anna"]["mu"] == pytest.approx(history["Cilli"]["mu"])


AWAY = dataclasses.replace(FAST, away_after=0.5)


def test_the_away_bot_rule(sqlite_url: str, pool: Executor) -> None:
    """Bert is away from the start: the away bot plays his seat. Never back: the match is a
    loss for him, whatever his seat's result; Anna's result counts as it is. Back before the
    end: his result is not rated, Anna's still is."""
    with client_for(sqlite_url, pool, AWAY) as client:
        login = accounts(client, "Anna", "Bert")
        gone = _anna_plays(client, sqlite_url, login, back=False, seed=1)
        back = _anna_plays(client, sqlite_url, login, back=True, seed=2)
    for table_id, away_end in ((gone, True), (back, False)):
        results = {r["account"]: r for r in rows(sqlite_url, models.results, table_id=table_id)}
        history = {h["account"]: h for h in rows(sqlite_url, models.rating_history,
                                                 table_id=table_id)}
        log = rows(sqlite_url, models.actions, table_id=table_id)
        assert any(e["away"] for e in log if e["seat"] == 1)  # the away bot played for Bert
        assert not any(e["away"] for e in log if e["seat"] == 0)
        assert results["Anna"]["unrated"] is None
        assert history["Anna"]["won"] == results["Anna"]["won"]
        if away_end:
            assert results["Bert"]["unrated"] is None and not history["Bert"]["won"]
            assert history["Bert"]["mu"] < history["Bert"]["mu_before"]
        else:
            assert any(not e["by_bot"] for e in log if e["seat"] == 1)  # he played again
            assert results["Bert"]["unrated"] == "away" and "Bert" not in history


def _anna_plays(client: Any, url: str, login: dict[str, str], back: bool, seed: int) -> str:
    """Anna connects before the table starts and plays; Bert joins but connects only once
    the away bot has played for him (``back``), or never."""
    table_id = new_table(client, "schnapsen", [{"kind": "person"}] * 2)
    _, anna = seat_up(client, table_id, "Anna", login["Anna"])
    with client.websocket_connect(f"/ws/{table_id}?token={anna}") as socket:
        assert next_message(socket)["type"] == "hello"
        _, bert = seat_up(client, table_id, "Bert", login["Bert"])
        seen: list[dict[str, Any]] = []
        errors: list[BaseException] = []

        def bert_comes_back() -> None:
            try:
                for _ in range(6000):
                    if any(e["away"] for e in rows(url, models.actions, table_id=table_id)):
                        break
                    time.sleep(0.01)
                with client.websocket_connect(f"/ws/{table_id}?token={bert}") as back:
                    play_randomly(back, 1, random.Random(seed + 100), [])
            except BaseException as error:  # handed to the test
                errors.append(error)

        thread = None
        if back:
            thread = threading.Thread(target=bert_comes_back)
            thread.start()
        rng = random.Random(seed)
        while True:
            message = next_message(socket)
            seen.append(message)
            if message.get("type") == "deal_end":
                socket.send_text(json.dumps({"type": "continue"}))
            elif message.get("type") == "match_end":
                break
            elif (message.get("type") == "turn" and message.get("seat") == 0
                  and "legal" in message):
                socket.send_text(json.dumps({"type": "action",
                                             "action": rng.choice(message["legal"])}))
        if thread is not None:
            thread.join(60)
            assert not errors, errors
    finished(client, table_id)
    return table_id


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"])
def test_the_counts_of_a_match(game: str) -> None:
    """Random matches in the process: each seat's counts add up to the scoring's own."""
    cls = match_class(game)
    seats = cls.GAME_CLASS.SEATS
    for seed in range(3):
        match = cls([f"p{n}" for n in range(seats)], seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            deal = match.new_deal()
            while not deal.is_terminal():
                deal.apply(rng.choice(deal.legal_actions()))
            match.finish_deal(deal)
        result = outcome(match, [False] * seats)
        winners = set(match_end(match)["winners"])
        assert {n for n, c in enumerate(result.seats) if c.won} == winners
        assert {p for side, p in zip(result.sides, result.places, strict=True)
                for _ in side} >= {0}
        given = sum(c.schneider_given for c in result.seats)
        taken = sum(c.schneider_taken for c in result.seats)
        state = match.state()
        if game == "schnapsen":  # S-9, S-10: what one gives the other takes
            assert given == taken
            assert [c.bummerl_taken for c in result.seats] == state["bummerl"]
        elif game == "bauernschnapsen":  # B-7: teams of two, each member counts its team's
            assert given == taken
            assert [c.bummerl_taken for c in result.seats] == [
                state["bummerl"][n % 2] for n in range(4)]
        elif game == "dreierschnapsen":  # D-1: each alone
            assert [c.bummerl_taken for c in result.seats] == state["bummerl"]
            assert result.places[0] == 0 or 0 not in winners
        else:  # J-7: a Match given by one team is taken by the other; no Bummerl
            assert given == taken and all(c.bummerl_taken == 0 for c in result.seats)
    resigned = cls([f"p{n}" for n in range(seats)], seed=9)
    resigned.resign(1)
    after = outcome(resigned)
    side = next(n for n, s in enumerate(after.sides) if 1 in s)
    assert after.places[side] == 1 and after.resigned == 1
    assert not after.seats[1].won and sum(c.won for c in after.seats) == seats - len(
        after.sides[side])


def test_two_matches_ending_at_once_are_rated_one_after_the_other() -> None:
    """Two servers on one PostgreSQL database book two matches of the same players at once:
    the second waits for the first's rating rows (``FOR UPDATE``) and starts from its ratings,
    so no result is lost."""
    from tests.web.postgres import fresh_database

    with fresh_database() as url:
        store = Store(url)
        match = match_class("schnapsen")(["Anna", "Bert"], seed=1)
        match.resign(1)  # Anna wins
        seats = json.dumps([{"kind": "person", "name": n, "joined": True} for n in match.seats])
        with store.engine.begin() as conn:
            for name in match.seats:  # rated before: their rows are there to be locked
                conn.execute(models.accounts.insert().values(name=name, password_hash="x",
                                                             created=0.0))
                conn.execute(models.ratings.insert().values(account=name, game="schnapsen",
                                                            mu=25.0, sigma=6.0, games=3,
                                                            updated=0.0))
            for table_id in ("one", "two"):
                conn.execute(models.tables.insert().values(
                    id=table_id, game="schnapsen", preset="soft", options="{}", seats=seats,
                    seed=1, salt="s", status="finished", created=0.0))
                conn.execute(models.account_seats.insert(), [
                    {"table_id": table_id, "seat": n, "account": name}
                    for n, name in enumerate(match.seats)])
        first_booked, errors = threading.Event(), []

        def first() -> None:
            try:
                with store.engine.begin() as conn:
                    book(conn, "one", outcome(match))
                    first_booked.set()
                    time.sleep(0.5)  # holds its rating rows meanwhile
            except BaseException as error:  # handed to the test
                errors.append(error)

        thread = threading.Thread(target=first)
        thread.start()
        assert first_booked.wait(10)
        with store.engine.begin() as conn:
            book(conn, "two", outcome(match))
        thread.join(10)
        assert not errors, errors
        history = {(h["table_id"], h["account"]): h for h in rows(url, models.rating_history)}
        ratings = {r["account"]: r for r in rows(url, models.ratings)}
        store.close()
    for name in match.seats:
        assert history["two", name]["mu_before"] == history["one", name]["mu"]
        assert ratings[name]["games"] == 5 and ratings[name]["mu"] == history["two", name]["mu"]
    assert ratings["Anna"]["mu"] > history["one", "Anna"]["mu"] > 25.0


def test_matches_finished_before_the_ratings_count_on_the_profile(tmp_path: Any,
                                                                   pool: Executor) -> None:
    """A match stored under schema w0003 gets its seats' results from its record at the
    upgrade (unrated: ``before``); no rating moves; the accounts' logins and seats stay (the
    new columns are added in place, on SQLite too)."""
    from alembic import command
    from alembic.config import Config

    from stich.web.store import MIGRATIONS, make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    match = match_class("schnapsen")(["Anna", "Gast"], seed=4)
    rng = random.Random(4)
    while not match.is_over():
        deal = match.new_deal()
        while not deal.is_terminal():
            deal.apply(rng.choice(deal.legal_actions()))
        match.finish_deal(deal)
    seats = json.dumps([{"kind": "person", "name": n, "joined": True} for n in match.seats])
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "w0003")
        conn.exec_driver_sql("INSERT INTO web_accounts (name, password_hash, created) "
                             "VALUES ('Anna', 'x', 0)")
        conn.exec_driver_sql(
            "INSERT INTO web_tables (id, game, preset, options, seats, seed, salt, status, "
            "created, finished, record) VALUES ('old', 'schnapsen', 'soft', '{}', ?, 4, 's', "
            "'finished', 0, 1, ?)", (seats, json.dumps(match.to_record())))
        conn.exec_driver_sql("INSERT INTO web_account_seats VALUES ('old', 0, 'Anna')")
        conn.exec_driver_sql("INSERT INTO web_logins VALUES ('anna-login', 'Anna', 0)")
    engine.dispose()
    with client_for(url, pool) as client:
        profile = client.get("/api/accounts/Anna/profile").json()
        client.cookies.set("stich_login", "anna-login")  # the upgrade kept the login
        assert client.get("/api/me").json()["name"] == "Anna"
    winner = match_end(match)["winners"][0]
    (counts,) = profile["games"]
    assert counts["played"] == 1 and counts["won"] == (winner == 0)
    assert counts["bummerl_taken"] == match.state()["bummerl"][0]
    assert profile["ratings"] == [] and profile["matches"][0]["unrated"] == "before"
    assert {r["unrated"] for r in rows(url, models.results)} == {"before"}


def test_a_resignation_is_a_rated_loss(sqlite_url: str, pool: Executor) -> None:
    """docs/rules/notation.md, "Resigning": the resigning side loses the match, rated."""
    with client_for(sqlite_url, pool) as client:
        login = accounts(client, "Anna", "Bert")
        table_id = new_table(client, "schnapsen", [{"kind": "person"}] * 2)
        seat_up(client, table_id, "Anna", login["Anna"])
        seat, bert = seat_up(client, table_id, "Bert", login["Bert"])
        with client.websocket_connect(f"/ws/{table_id}?token={bert}") as socket:
            socket.send_text(json.dumps({"type": "resign"}))
            while next_message(socket).get("type") != "match_over":
                pass
        finished(client, table_id)
        board = client.get("/api/leaderboard/schnapsen").json()["people"]
    assert [r["name"] for r in board] == ["Anna", "Bert"]
    history = {h["account"]: h for h in rows(sqlite_url, models.rating_history)}
    assert history["Anna"]["won"] and not history["Bert"]["won"]
    results = {r["seat"]: r for r in rows(sqlite_url, models.results, table_id=table_id)}
    assert not results[seat]["won"] and results[1 - seat]["won"]
