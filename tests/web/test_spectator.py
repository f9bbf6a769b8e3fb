"""A table full of people is watched (docs/web.md): a spectator sees what every seat sees in
common, never a hand, and the players see how many watch."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import pytest

from stich.core.game import Game
from stich.core.table import Table
from stich.games import game_class, match_class
from stich.web.views import public_view, seat_view
from tests.web.helpers import client_for, join, new_table, receive_until

GAMES = ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]
CARD = re.compile(r"^[CDHS][6789TJQKA]$")


def cards_in(value: Any) -> Iterator[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str) and CARD.match(value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)


def seen_by_all(game: Game) -> set[str]:
    views = [seat_view(game, seat) for seat in range(game.SEATS)]
    common = set(cards_in(views[0]))
    for view in views[1:]:
        common &= set(cards_in(view))
    return common


def check_public(game: Game) -> dict[str, Any]:
    view = public_view(game)
    assert view["hand"] == [] and view["legal_actions"] == [] and view["seat"] is None
    leaked = set(cards_in(view)) - seen_by_all(game)
    assert not leaked, (leaked, view)
    return view


@pytest.mark.parametrize("game", GAMES)
def test_the_public_view_holds_only_cards_every_seat_sees(game: str) -> None:
    rng = random.Random(3)
    cls = game_class(game)
    for seed in range(4):
        table = Table(match_class(game)([str(n) for n in range(cls.SEATS)], seed=seed))
        for _ in range(200):
            if table.to_act < 0 or table.deal_number > 0:
                break
            check_public(table.game)
            table.submit(table.to_act, rng.choice(table.legal_actions()))


def test_the_plauderers_open_hand_is_public() -> None:
    """B-5: once Plauderer is played the rules lay his opponents' hands open to every other
    seat; a spectator sees them too (the default variant)."""
    rng = random.Random(1)
    found = 0
    for seed in range(40):
        table = Table(match_class("bauernschnapsen")(["a", "b", "c", "d"], seed=seed))
        while table.to_act >= 0 and table.deal_number == 0:
            legal = [str(a) for a in table.legal_actions()]
            action = "bid plauderer" if "bid plauderer" in legal else rng.choice(legal)
            table.submit(table.to_act, action)
            if table.deal_number == 0 and table.game.observation(0).open_hands:
                view = check_public(table.game)
                everyone = [owner for owner, _ in view["open_hands"]]
                assert everyone, view
                found += 1
        if found:
            break
    assert found


def test_weis_cards_are_public_once_shown() -> None:
    """J-5: the best team's Weis cards are shown after the first trick, to everybody."""
    rng = random.Random(2)
    for seed in range(40):
        table = Table(match_class("jass")(["a", "b", "c", "d"], seed=seed))
        while table.to_act >= 0 and table.deal_number == 0:
            legal = [str(a) for a in table.legal_actions()]
            weis = [a for a in legal if a.startswith("weis ")]
            table.submit(table.to_act, weis[0] if weis else rng.choice(legal))
            view = check_public(table.game)
            if any(w["cards"] for w in view.get("weis") or ()):
                assert table.game.tricks_played > 0  # type: ignore[attr-defined]
                return
    raise AssertionError("no Weis was shown in 40 deals")


def test_a_spectator_watches_a_full_table(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool) as client:
        table_id = new_table(client, "bauernschnapsen", [
            {"kind": "person"}, *[{"kind": "bot", "level": "random"}] * 3])
        with client.websocket_connect(f"/ws/{table_id}") as early:  # seats are free: join
            refused = json.loads(early.receive_text())
        assert refused["code"] == "no_seat"
        seat, token = join(client, table_id, "Anna")
        seen: list[dict[str, Any]] = []
        watched: list[dict[str, Any]] = []
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as player:
            receive_until(player, lambda m: m.get("type") == "view", seen)
            with client.websocket_connect(f"/ws/{table_id}?watch=1") as watcher:
                hello = receive_until(watcher, lambda m: m.get("type") == "hello", watched)
                assert hello["seat"] is None
                receive_until(watcher, lambda m: m.get("type") == "view", watched)
                counted = receive_until(player, lambda m: m.get("type") == "seats"
                                        and m.get("watchers") == 1, seen)
                assert counted["watchers"] == 1
                watcher.send_text(json.dumps({"type": "action", "action": "pass"}))
                answer = receive_until(watcher, lambda m: m.get("type") == "error", watched)
                assert answer["code"] == "spectator"
                rng = random.Random(4)
                last = [m for m in seen if m.get("type") == "view"][-1]
                for _ in range(200):  # the person plays on; the spectator hears it
                    if last["view"]["to_act"] == seat:
                        action = rng.choice(last["view"]["legal_actions"])
                        player.send_text(json.dumps({"type": "action", "action": action}))
                    last = receive_until(player, lambda m: m.get("type") == "view", seen)
                    if any(m.get("type") == "result" for m in seen):
                        break
                receive_until(watcher, lambda m: m.get("type") == "view"
                              and m["view"]["to_act"] == seat, watched)
        kinds = {m["type"] for m in watched}
        assert not kinds & {"event", "turn"}  # never a seat's stream
        views = [m["view"] for m in watched if m["type"] == "view"]
        assert len(views) > 1 and all(v["hand"] == [] and v["legal_actions"] == [] for v in views)
        mine = {c for m in seen if m.get("type") == "view" for c in m["view"]["hand"]}
        shown = {c for v in views for c in cards_in(v)}
        opened = {c for v in views for c in cards_in([v.get("played"), v.get("turned_up")])}
        assert not (mine & shown) - opened  # the player's cards reach a spectator only played
