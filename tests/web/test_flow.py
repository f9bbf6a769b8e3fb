"""The match flow on the server (docs/web.md, "Between deals", "Joining and leaving"): a deal
held until the people continue or the wait is over, the end-of-deal facts against the record,
the match's end and a rematch, the move clock, the owner's settings, the warnings of a soft
seat (S-8, S-11), resigning, cancelling, a seat given to a bot, expiry and "my tables"."""

from __future__ import annotations

import dataclasses
import json
import random
import time
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from stich.cli import app as cli
from stich.core.table import Table, TableError
from stich.games import match_class
from stich.web.deal_end import match_end
from tests.web.helpers import FAST, client_for, join, my_turn, new_table, receive_until

PERSON, BOT = {"kind": "person"}, {"kind": "bot", "level": "random"}


def create(client: Any, spec: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/api/tables", json=spec)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def play_until(socket: Any, seat: int, rng: random.Random, stop: Any,
               seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Answer this seat's turns at random (continuing after each deal) until ``stop``."""
    def wanted(m: dict[str, Any]) -> bool:
        return bool(stop(m)) or my_turn(seat)(m)

    while True:
        message = receive_until(socket, wanted, seen)
        if stop(message):
            return message
        if message["type"] == "turn":
            socket.send_text(json.dumps({"type": "action",
                                         "action": rng.choice(message["legal"])}))


def test_the_table_holds_a_finished_deal_until_next_deal() -> None:
    match = match_class("schnapsen")(["A", "B"], seed=3)
    table = Table(match, hold=True)
    rng = random.Random(1)
    while not table.between:
        table.submit(table.to_act, rng.choice(table.legal_actions()))
    assert table.deal_number == 0 and table.game.is_terminal()
    try:
        table.submit(0, "close")
    except TableError:
        pass
    else:
        raise AssertionError("an action between deals was taken")
    new = table.next_deal()
    assert table.deal_number == 1 and not table.between
    assert any(m["type"] == "deal" and m["deal"] == 1 for _, m in new)


def test_deal_end_waits_for_continue_and_its_numbers_are_the_records(
        sqlite_url: str, pool: Executor) -> None:
    """S-9: the panel's card points, game points and reason are the record's; the next deal
    starts only when the person has continued (a bot seat does not hold it up)."""
    with client_for(sqlite_url, pool) as client:
        table_id = create(client, {"game": "schnapsen", "seats": [PERSON, BOT],
                                   "settings": {"deal_wait": 600}})["id"]
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            seen: list[dict[str, Any]] = []
            end = play_until(socket, 0, random.Random(4),
                             lambda m: m["type"] == "deal_end", seen)
            socket.send_text(json.dumps({"type": "action", "action": "close"}))
            refused = receive_until(socket, lambda m: m["type"] == "error", seen)
            assert refused["code"] == "between_deals"
            record = client.get(f"/api/tables/{table_id}/record").json()
            result = record["deals"][0]["result"]
            assert end["reason"] == result["reason"]
            assert end["card_points"] == result["card_points"]
            assert end["game_points"] == result["game_points"]
            assert end["winners"] == result["winner"]
            assert sum(end["tricks"]) >= 1 and end["last_trick"]
            assert end["rules"][0]["rule"] in ("S-8", "S-9")
            if "claim" in end["reason"] or end["proof"]:  # S-8: the claimer's tricks shown
                assert end["proof"]["cards"]
            assert not any(m["type"] == "deal" and m.get("deal") == 1 for m in seen)
            socket.send_text(json.dumps({"type": "continue"}))
            started = receive_until(socket, lambda m: m["type"] == "deal", seen)
            assert started["deal"] == 1


def test_the_next_deal_starts_after_the_owners_wait(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = create(client, {"game": "schnapsen", "seats": [PERSON, BOT],
                                   "settings": {"deal_wait": 1.5}})["id"]
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            seen: list[dict[str, Any]] = []
            end = play_until(socket, 0, random.Random(4),
                             lambda m: m["type"] == "deal_end", seen)
            assert end["wait"] == 1.5
            # nobody continues: the wait is over and the next deal starts by itself
            started = receive_until(socket, lambda m: m["type"] == "deal", [])
            assert started["deal"] == 1


def test_owner_settings_are_checked_and_kept(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        for settings, code in (([], "bad_settings"), ({"speed": 1}, "unknown_setting"),
                               ({"clock": 2}, "bad_setting"), ({"bot_delay": -1}, "bad_setting"),
                               ({"deal_wait": "x"}, "bad_setting")):
            answer = client.post("/api/tables", json={"game": "jass", "settings": settings})
            assert answer.status_code == 400 and answer.json()["code"] == code, settings
        data = create(client, {"game": "jass", "settings": {"clock": 30, "bot_delay": 1.5}})
        assert data["settings"] == {"clock": 30.0, "bot_delay": 1.5, "deal_wait": None,
                                    "allow_bots": False}
        assert data["owner"] and data["owner"] not in json.dumps(
            client.get(f"/api/tables/{data['id']}").json())
    with client_for(sqlite_url, pool) as client:  # after a restart
        assert client.get(f"/api/tables/{data['id']}").json()["settings"]["clock"] == 30.0


def test_the_move_clock_lets_the_away_bot_play_the_move(sqlite_url: str, pool: Executor) -> None:
    """When a person's clock runs out the away bot plays that move, as the away rule does,
    and the person plays his next move himself."""
    with client_for(sqlite_url, pool) as client:
        table_id = create(client, {"game": "schnapsen", "seats": [PERSON, BOT],
                                   "settings": {"clock": 5}})["id"]
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            seen: list[dict[str, Any]] = []
            turn = receive_until(socket, my_turn(0), seen)
            clock = receive_until(socket, lambda m: m["type"] == "clock"
                                  and m["clock"] and m["clock"]["seat"] == 0, seen)
            assert clock["clock"]["seconds"] == 5.0
            # Anna waits: her move is played for her
            receive_until(socket, lambda m: m["type"] == "event" and m["event"]["seat"] == 0
                          and m["event"]["kind"] == "play", seen)
            assert turn["deal"] == 0
        actions = client.get(f"/api/tables/{table_id}/record").json()
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert seats[0]["away"] is False  # the clock played one move, it did not mark her away
        assert actions["game"] == "schnapsen"


def test_a_soft_seat_is_warned_before_a_claim_below_66_and_a_sharp_one_never(
        sqlite_url: str, pool: Executor) -> None:
    """S-8, S-11: the warnings of the seat's legal claim/close are in its view in soft only."""
    for preset, expect in (("soft", True), ("sharp", False)):
        with client_for(sqlite_url, pool) as client:
            table_id = new_table(client, "schnapsen", [PERSON, BOT], preset)
            _, token = join(client, table_id, "Anna")
            with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
                rng, warned, could = random.Random(5), False, False
                for _ in range(400):
                    view = receive_until(socket, lambda m: m["type"] in ("view", "match_end"),
                                         [])
                    if view["type"] == "match_end":
                        break
                    legal = view["view"]["legal_actions"]
                    if view["view"]["to_act"] == 0 and "claim" in legal:
                        could = True
                        warned = warned or "claim" in view["warnings"]
                        if "claim" in view["warnings"]:
                            assert view["warnings"]["claim"]["points"] < 66
                            assert view["warnings"]["claim"]["rule"] == "S-8"
                    if warned or (could and not expect):
                        break
                    if view["view"]["to_act"] == 0 and legal:
                        choice = rng.choice([a for a in legal if a != "claim"] or legal)
                        socket.send_text(json.dumps({"type": "action", "action": choice}))
                assert could
                assert warned is expect, preset


def play_to_the_end(client: Any, table_id: str, tokens: list[str], rng: random.Random
                    ) -> list[list[dict[str, Any]]]:
    """Both seats play at random (and continue) until the match is over."""
    sockets = [client.websocket_connect(f"/ws/{table_id}?token={t}") for t in tokens]
    entered = [s.__enter__() for s in sockets]
    streams: list[list[dict[str, Any]]] = [[], []]
    try:
        while True:
            views = [receive_until(s, lambda m: m["type"] in ("view", "match_over"),
                                   streams[n]) for n, s in enumerate(entered)]
            if any(v["type"] == "match_over" for v in views):
                for n, s in enumerate(entered):
                    if views[n]["type"] != "match_over":
                        receive_until(s, lambda m: m["type"] == "match_over", streams[n])
                return streams
            view = views[0]["view"]
            if view["to_act"] == -1:
                for s in entered:
                    s.send_text(json.dumps({"type": "continue"}))
                continue
            legal = views[view["to_act"]]["view"]["legal_actions"]
            entered[view["to_act"]].send_text(json.dumps({"type": "action",
                                                          "action": rng.choice(legal)}))
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_the_last_join_answers_once_the_table_has_started(sqlite_url: str, pool: Executor,
                                                           monkeypatch: Any) -> None:
    """The answer to the join that takes the last seat comes after the table started, so the
    page that asks next sees it running, however slow the store (docs/web.md, "Joining and
    leaving")."""
    from stich.web.store import Store

    update = Store.update_table

    def slow_update(table_id: str, **values: Any) -> Any:
        work = update(table_id, **values)
        if values.get("status") != "running":
            return work
        return lambda conn: (time.sleep(0.4), work(conn))[1]

    monkeypatch.setattr(Store, "update_table", staticmethod(slow_update))
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "schnapsen", [PERSON, PERSON])
        join(client, table_id, "Anna")
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
        join(client, table_id, "Bert")
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"


def test_match_end_and_a_rematch_with_the_same_seats(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "schnapsen", [PERSON, PERSON],
                             options={"bummerl_start": 1})
        tokens = [join(client, table_id, name)[1] for name in ("Anna", "Bert")]
        streams = play_to_the_end(client, table_id, tokens, random.Random(3))
        record = client.get(f"/api/tables/{table_id}/record").json()
        over = next(m for m in streams[0] if m["type"] == "match_over")
        assert over["winners"] == [record["match"]["winner"]]
        assert over["last"] == record["match"]["finished"][-1]  # as it stood, S-10
        assert over["how"] == "bummerl" or over["how"] == "rubber"
        sockets = [client.websocket_connect(f"/ws/{table_id}?token={t}") for t in tokens]
        one, two = (s.__enter__() for s in sockets)
        try:
            one.send_text(json.dumps({"type": "rematch"}))
            asked = receive_until(two, lambda m: m["type"] == "rematch_asked", [])
            assert asked["seats"] == [0]
            two.send_text(json.dumps({"type": "rematch"}))
            new = [receive_until(s, lambda m: m["type"] == "rematch", []) for s in (one, two)]
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        assert new[0]["table"] == new[1]["table"] != table_id
        info = client.get(f"/api/tables/{new[0]['table']}").json()
        assert info["status"] == "running" and info["options"] == {"bummerl_start": 1}
        assert [s["name"] for s in info["seats"]] == ["Anna", "Bert"]
        with client.websocket_connect(f"/ws/{new[0]['table']}?token={new[1]['token']}") as s:
            assert receive_until(s, lambda m: m["type"] == "hello", [])["seat"] == 1
        again = client.get(f"/api/tables/{new[0]['table']}/record").json()
        assert again["seed_commitment"] != record["seed_commitment"]  # a new seed


def test_the_race_to_24_ends_at_its_last_score() -> None:
    """B-7: the end-of-match facts keep the last race's score, not the 0:0 after it."""
    match = match_class("bauernschnapsen")(["A", "B", "C", "D"], seed=5)
    table = Table(match)
    rng = random.Random(2)
    while not match.is_over():
        table.submit(table.to_act, rng.choice(table.legal_actions()))
    facts = match_end(match)
    assert match.state()["score"] == [0, 0]
    assert facts["last"]["score"] == match.state()["finished"][-1]["score"] != [0, 0]
    from stich.web.scoreboard import score_svg

    drawn = score_svg(table)
    assert all(f">{value}<" in drawn for value in facts["last"]["score"] if value)


def test_resigning_loses_the_match_and_the_record_verifies(sqlite_url: str, pool: Executor,
                                                           tmp_path: Path) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "jass", [PERSON, BOT, BOT, BOT])
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            receive_until(socket, lambda m: m["type"] == "view", [])
            socket.send_text(json.dumps({"type": "resign"}))
            over = receive_until(socket, lambda m: m["type"] == "match_over", [])
            assert over["how"] == "resigned" and over["seat"] == 0
            assert over["winners"] == [1, 3]  # the other team (J-1)
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["resigned"] == 0 and "seed" in record
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(record))
    done = CliRunner().invoke(cli, ["record", "verify", str(path)])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["resigned"] == 0
    record["resigned"] = 7
    path.write_text(json.dumps(record))
    assert CliRunner().invoke(cli, ["record", "verify", str(path)]).exit_code != 0


def test_the_owner_cancels_and_gives_a_seat_to_a_bot(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        made = create(client, {"game": "schnapsen", "seats": [PERSON, PERSON]})
        table_id, owner = made["id"], made["owner"]
        join(client, table_id, "Anna")
        refused = client.post(f"/api/tables/{table_id}/bot", json={"owner": "x", "seat": 1})
        assert refused.status_code == 403 and refused.json()["code"] == "not_owner"
        taken = client.post(f"/api/tables/{table_id}/bot", json={"owner": owner, "seat": 0})
        assert taken.json()["code"] == "seat_taken"
        given = client.post(f"/api/tables/{table_id}/bot",
                            json={"owner": owner, "seat": 1, "level": "random"})
        assert given.status_code == 200, given.text
        assert given.json()["seats"][1]["kind"] == "bot"
        for _ in range(100):  # the table starts in its own task
            if client.get(f"/api/tables/{table_id}").json()["status"] == "running":
                break
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"
        late = client.post(f"/api/tables/{table_id}/cancel", json={"owner": owner})
        assert late.json()["code"] == "not_waiting"
        other = create(client, {"game": "schnapsen", "seats": [PERSON, PERSON]})
        assert client.post(f"/api/tables/{other['id']}/cancel",
                           json={"owner": owner}).status_code == 403
        assert client.post(f"/api/tables/{other['id']}/cancel",
                           json={"owner": other["owner"]}).json() == {"status": "cancelled"}
        gone = client.post(f"/api/tables/{other['id']}/join", json={"name": "Bert"})
        assert gone.status_code == 410 and gone.json()["code"] == "table_cancelled"
    with client_for(sqlite_url, pool) as client:  # not resumed after a restart
        assert client.get(f"/api/tables/{other['id']}").json()["status"] == "cancelled"


def test_a_waiting_table_expires(sqlite_url: str, pool: Executor) -> None:
    short = dataclasses.replace(FAST, expire_after=0.3)
    with client_for(sqlite_url, pool, short) as client:
        table_id = new_table(client, "schnapsen", [PERSON, PERSON])
        for _ in range(100):
            if client.get(f"/api/tables/{table_id}").json()["status"] == "expired":
                break
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "expired"
        gone = client.post(f"/api/tables/{table_id}/join", json={"name": "Anna"})
        assert gone.status_code == 410 and gone.json()["code"] == "table_expired"
    with client_for(sqlite_url, pool) as client:
        state = client.app.state.lobby
        assert table_id not in state.actors  # not resumed at a restart


def test_my_tables_lists_the_open_tables_of_held_seats(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        running = new_table(client, "schnapsen", [PERSON, BOT])
        _, token = join(client, running, "Anna")
        waiting = new_table(client, "schnapsen", [PERSON, PERSON])
        _, other = join(client, waiting, "Anna")
        stranger = new_table(client, "schnapsen", [PERSON, BOT])
        join(client, stranger, "Carl")
        seats = [{"table": running, "token": token}, {"table": waiting, "token": other},
                 {"table": stranger, "token": token}]
        mine = client.post("/api/mine", json={"seats": seats}).json()
        assert {m["id"]: m["status"] for m in mine} == {running: "running", waiting: "waiting"}
        assert "token" not in json.dumps(mine)


def test_deal_end_facts_for_every_game_are_the_results() -> None:
    """S-9, B-5/B-6, J-7: each family's panel facts are its DealResult's, per side."""
    from stich.games import game_class
    from stich.web.deal_end import deal_end

    for game_name in ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"):
        seats = ["A", "B", "C", "D"][:game_class(game_name).SEATS]
        table = Table(match_class(game_name)(seats, seed=11), hold=True)
        rng = random.Random(3)
        while not table.between and not table.match.is_over():  # type: ignore[union-attr]
            table.submit(table.to_act, rng.choice(table.legal_actions()))
        result = table.game.result()
        assert result is not None
        facts = deal_end(table.game, table.deal_number)
        assert facts["reason"] == result.reason and facts["winners"] == list(result.winner)
        teams = game_class(game_name).TEAMS
        for index, side in enumerate(facts["sides"]):  # each team of the side once
            assert facts["card_points"][index] == sum(
                result.card_points[team[0]] for team in teams if team[0] in side)
            assert facts["game_points"][index] == result.game_points[side[0]]
        assert all(rule["rule"][0] in "SBJ" for rule in facts["rules"]), facts["rules"]
        taken = {s for side in facts["sides"] for s in side}
        assert sum(facts["card_points"]) == sum(  # nobody's points left out of the panel
            result.card_points[team[0]] for team in teams if team[0] in taken)
        json.dumps(facts)


SCHNAPSEN_RULE = {  # S-8, S-9, S-12: the line of the rules each way a deal ends scores by
    "claim": {"loser_33", "loser_under_33", "loser_no_trick"},
    "claim after closing": {"closed_loser_33", "closed_loser_under_33", "closed_loser_no_trick"},
    "false claim": {"false_claim", "closer_failed"},
    "claim against closer": {"closer_failed"}, "closer failed": {"closer_failed"},
    "last trick": {"last_trick"}}


def test_each_deal_end_names_the_rule_that_scored_it() -> None:
    """The panel's rule line is the one that gave the points: a false claim is judged on the
    opponent's own points (S-8), the stock run out scores 1 whatever the points (S-9), a
    failed close 2 or 3; Jass names each team's Weis and Stöck (J-5, J-6) and the Match bonus
    in points (J-7). Every kind has its words in both languages."""
    from stich.games import game_class
    from stich.web.deal_end import deal_end
    from tests.web.words import words

    table_words = words()
    seen: set[str] = set()
    for seed in range(60):
        table = Table(match_class("schnapsen")(["A", "B"], seed=seed), hold=True)
        rng = random.Random(seed)
        while not table.between:
            table.submit(table.to_act, rng.choice(table.legal_actions()))
        facts = deal_end(table.game, 0)
        [rule] = facts["rules"]
        assert rule["kind"] in SCHNAPSEN_RULE[facts["reason"]], (facts["reason"], rule)
        assert rule["points"] == max(facts["game_points"])
        seen.add(facts["reason"])
        for lang in ("de", "en"):
            assert "rule_" + rule["kind"] in table_words[lang], rule
    assert {"claim", "false claim", "last trick"} <= seen, seen
    bonus = game_class("jass").OPTIONS().match_bonus
    kinds: set[str] = set()
    for seed in range(40):
        table = Table(match_class("jass")(["A", "B", "C", "D"], seed=seed), hold=True)
        rng = random.Random(seed)
        while not table.between:
            table.submit(table.to_act, rng.choice(table.legal_actions()))
        result = table.game.result()
        assert result is not None
        facts = deal_end(table.game, 0)
        for rule in facts["rules"]:
            kinds.add(rule["kind"])
            assert "rule_" + rule["kind"] in table_words["en"], rule
            if rule["kind"] == "match":
                assert rule["points"] == bonus and rule["side"] in ([0, 2], [1, 3])
            if rule["kind"] in ("weis", "stoeck"):
                team = facts["sides"].index(rule["side"])
                assert rule["points"] == result.extra[rule["kind"]][team] > 0
    assert {"multiplier", "weis"} <= kinds, kinds
    both = 0
    for game_name, seats in (("bauernschnapsen", 4), ("dreierschnapsen", 3)):  # B-5
        for seed in range(12):
            table = Table(match_class(game_name)(["A", "B", "C", "D"][:seats], seed=seed),
                          hold=True)
            rng = random.Random(seed)
            while not table.between and not table.match.is_over():  # type: ignore[union-attr]
                table.submit(table.to_act, rng.choice(table.legal_actions()))
            result = table.game.result()
            assert result is not None
            declared = deal_end(table.game, 0)["rules"][0]
            if result.extra.get("declarer") is not None:  # made or failed: by whom
                assert declared["kind"] == "contract_by"
                assert declared["seat"] == result.extra["declarer"]
            assert "rule_" + declared["kind"] in table_words["de"], declared
            if game_name == "dreierschnapsen" and result.extra.get("declarer") is not None:
                facts = deal_end(table.game, 0)  # D-1: two defenders, each his own points
                defenders = facts["sides"][1]
                assert facts["card_points"][1] == sum(result.card_points[s] for s in defenders)
                both += all(result.card_points[s] for s in defenders)
    assert both, "no deal where both defenders took card points"


def test_a_restart_between_deals_keeps_the_panel(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = create(client, {"game": "schnapsen", "seats": [PERSON, BOT],
                                   "settings": {"deal_wait": 600}})["id"]
        _, token = join(client, table_id, "Anna")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as socket:
            end = play_until(socket, 0, random.Random(4),
                             lambda m: m["type"] == "deal_end", [])
    with client_for(sqlite_url, pool) as client, client.websocket_connect(
            f"/ws/{table_id}?token={token}") as socket:  # the server restarted
        again = receive_until(socket, lambda m: m["type"] == "deal_end", [])
        assert again["card_points"] == end["card_points"] and again["deal"] == 0
        socket.send_text(json.dumps({"type": "continue"}))
        assert receive_until(socket, lambda m: m["type"] == "deal", [])["deal"] == 1
