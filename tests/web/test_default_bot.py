"""The bot a person meets where he does not choose one is the expert (``stich.bots.PERSON_BOT``;
docs/search.md, "The bot a player meets"): the lobby's bot seats, a free seat given to a bot,
the away bot, a tournament's stand-ins, ``stich play`` without ``--vs``; ``stich serve
--bot-level`` sets another."""

from __future__ import annotations

import dataclasses
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.bots import PERSON_BOT, bot_names
from stich.cli import app as cli
from stich.cli import command_app
from stich.games import game_names
from stich.web.actor import Settings
from stich.web.app import create_app
from stich.web.lobby import catalogue
from tests.browser import LiveServer
from tests.web.helpers import FAST, client_for

SERVER = dataclasses.replace(FAST, bot_level=Settings().bot_level)
"""The tests' quick server with the bot level a server has by default."""


def test_the_expert_is_every_games_default_bot() -> None:
    assert PERSON_BOT == "expert" == Settings().bot_level
    for game in game_names():
        assert PERSON_BOT in bot_names(game)
    assert {g["game"]: g["default_bot"] for g in catalogue()} == dict.fromkeys(game_names(),
                                                                                "expert")
    assert {g["default_bot"] for g in catalogue("pimc")} == {"pimc"}


def test_tables_seat_the_default_bot_where_no_level_is_named(sqlite_url: str,
                                                             pool: Executor) -> None:
    with client_for(sqlite_url, pool, SERVER) as client:
        assert {g["default_bot"] for g in client.get("/api/games").json()} == {"expert"}
        table = client.post("/api/tables", json={"game": "jass"}).json()
        assert [(s["kind"], s["level"]) for s in table["seats"]] == [
            ("person", ""), ("bot", "expert"), ("bot", "expert"), ("bot", "expert")]
        spec = [{"kind": "person"}, {"kind": "bot"}, {"kind": "person"}]
        three = client.post("/api/tables", json={"game": "dreierschnapsen", "seats": spec}).json()
        assert three["seats"][1]["level"] == "expert"
        answer = client.post(f"/api/tables/{three['id']}/bot",
                             json={"owner": three["owner"], "seat": 2})  # the join page's
        assert answer.status_code == 200, answer.text
        assert answer.json()["seats"][2]["level"] == "expert"


def test_the_lobby_page_offers_the_default_bot(browser: Any, tmp_path: Path,
                                               pool: Executor) -> None:
    page = browser.new_page()
    try:
        with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", SERVER, pool)) as url:
            page.goto(url + "/")
            page.wait_for_selector(".seatkind")
            for game, seats in (("schnapsen", 2), ("bauernschnapsen", 4)):
                page.select_option("#game", game)
                kinds = page.locator(".seatkind")
                assert [kinds.nth(n).input_value() for n in range(seats)] == (
                    ["person"] + ["bot:expert"] * (seats - 1))
    finally:
        page.close()


def test_play_without_vs_meets_the_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    import stich.terminal.start as start

    asked: list[Any] = []
    monkeypatch.setattr(start, "start_play", asked.append)
    assert CliRunner().invoke(cli, ["play", "schnapsen", "--seed", "1"]).exit_code == 0
    assert CliRunner().invoke(cli, ["play", "schnapsen", "--vs", "rules"]).exit_code == 0
    assert [request.vs for request in asked] == ["expert", "rules"]
    shown = CliRunner().invoke(command_app(["play"]), ["play", "--help"], env={"COLUMNS": "200"})
    assert "expert (the default, the strongest)" in " ".join(shown.output.split())


def test_serve_refuses_a_bot_level_a_game_lacks() -> None:
    result = CliRunner().invoke(cli, ["serve", "--bot-level", "grandmaster"])
    assert result.exit_code != 0
    assert "--bot-level: no bot 'grandmaster' for bauernschnapsen" in result.output
    assert "every game has expert, ismcts, pimc" in " ".join(result.output.split())


def test_an_online_event_stands_in_with_the_default_bot(tmp_path: Path) -> None:
    from stich.tournament.online import Online
    from stich.tournament.store import Store

    service = Online(Store(f"sqlite:///{tmp_path / 'events.db'}", create=True))
    snap = service.create_online("Herbst", organiser_token="t" * 24, n_cards=8)
    assert service.online(snap.event.id).bot_level == "expert"
