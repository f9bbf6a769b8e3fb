"""The lobby's options (docs/web.md, "The lobby's options"): the preset is a choice and never an
option; every option, choice, preset, game and bot level has its words in German and English;
Schnapsen comes first; no body posted to /api/tables gives a 500."""

from __future__ import annotations

import dataclasses
import json
from concurrent.futures import Executor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich.games import game_class, game_names
from stich.web.lobby import catalogue
from stich.web.thinking import levels
from tests.web.helpers import FAST, client_for

PATIENT = dataclasses.replace(FAST, bot_delay=3600.0)
"""Bots that never move within a test: a table hypothesis happens to fill only waits."""


def _pair(words: Any, where: str) -> None:
    assert isinstance(words, dict) and set(words) == {"de", "en"}, where
    assert all(isinstance(w, str) and w.strip() for w in words.values()), where


def test_every_option_choice_preset_and_level_of_every_game_has_words() -> None:
    listed = catalogue()
    assert listed[0]["game"] == "schnapsen"
    assert sorted(g["game"] for g in listed) == sorted(game_names())
    for entry in listed:
        game, words = entry["game"], entry["words"]
        cls = game_class(game)
        _pair(words["game"], game)
        options = [f.name for f in dataclasses.fields(cls.OPTIONS) if f.name != "preset"]
        assert sorted(entry["options"]) == sorted(options), game
        assert "preset" not in entry["options"]
        for name in options:
            _pair(words["options"][name]["label"], f"{game} {name}")
            _pair(words["options"][name]["help"], f"{game} {name}")
            for value in entry["choices"].get(name, []) + entry["sets"].get(name, []):
                _pair(words["options"][name]["choices"][str(value)], f"{game} {name}={value}")
        for preset in cls.OPTIONS.PRESETS:
            _pair(words["presets"][preset]["label"], f"{game} preset {preset}")
            _pair(words["presets"][preset]["help"], f"{game} preset {preset}")
        assert sorted(entry["bots"]) == sorted(levels(game))
        for level in levels(game):
            _pair(words["bots"][level]["label"], f"{game} bot {level}")
            _pair(words["bots"][level]["help"], f"{game} bot {level}")
        assert words["bots"]["random"]["label"]["en"] == "Beginner"
        _pair(words["switch"]["on"], "on")


def test_the_preset_given_as_an_option_is_refused_not_a_crash(sqlite_url: str,
                                                              pool: Executor) -> None:
    with client_for(sqlite_url, pool, PATIENT) as client:
        answer = client.post("/api/tables", json={"game": "schnapsen",
                                                  "options": {"preset": "sharp"}})
        assert answer.status_code == 400 and answer.json()["code"] == "preset_as_option"
        made = client.post("/api/tables", json={"game": "schnapsen", "preset": "sharp",
                                                "options": {"rubber": "3"}})
        assert made.status_code == 200, made.text
        assert made.json()["preset"] == "sharp" and made.json()["options"] == {"rubber": 3}


WRONG: list[Any] = [
    b"", b"not json", b"[1, 2]", b'"text"', b"null", b"12", b"{", b'{"game": NaN}',
    {}, {"game": None}, {"game": 1}, {"game": ["schnapsen"]}, {"game": {"x": 1}},
    {"game": "poker"}, {"game": "schnapsen", "extra": 1},
    {"game": "schnapsen", "preset": 1}, {"game": "schnapsen", "preset": ["soft"]},
    {"game": "schnapsen", "preset": "nope"}, {"game": "schnapsen", "preset": {"a": 1}},
    {"game": "schnapsen", "options": []}, {"game": "schnapsen", "options": "rubber=3"},
    {"game": "schnapsen", "options": {"preset": "sharp"}},
    {"game": "schnapsen", "options": {"nope": 1}},
    {"game": "schnapsen", "options": {"rubber": 5}},
    {"game": "schnapsen", "options": {"rubber": None}},
    {"game": "schnapsen", "options": {"rubber": 2.5}},
    {"game": "schnapsen", "options": {"rubber": [2]}},
    {"game": "schnapsen", "options": {"rubber": {"a": 1}}},
    {"game": "schnapsen", "options": {"bummerl_start": -1}},
    {"game": "schnapsen", "options": {"bummerl_start": 10 ** 40}},
    {"game": "schnapsen", "options": {"bummerl_start": "1e999"}},
    {"game": "schnapsen", "options": {"bummerl_start": "9" * 5000}},
    {"game": "schnapsen", "options": {"trick_review": "perhaps"}},
    {"game": "schnapsen", "options": {"trick_review": 7}},
    {"game": "schnapsen", "options": {"false_claim": True}},
    {"game": "bauernschnapsen", "options": {"contracts": 5}},
    {"game": "bauernschnapsen", "options": {"contracts": [1, 2]}},
    {"game": "bauernschnapsen", "options": {"contracts": ["poker"]}},
    {"game": "bauernschnapsen", "options": {"contracts": {"gang": 1}}},
    {"game": "jass", "options": {"multipliers": "1,2"}},
    {"game": "jass", "options": {"multipliers": 1234}},
    {"game": "jass", "options": {"multipliers": ["1", "2", "3", "4"]}},
    {"game": "jass", "options": {"target": "2501"}},
    {"game": "schnapsen", "seats": "two"}, {"game": "schnapsen", "seats": {}},
    {"game": "schnapsen", "seats": []}, {"game": "schnapsen", "seats": [1, 2]},
    {"game": "schnapsen", "seats": [None, None]},
    {"game": "schnapsen", "seats": [{"kind": "person"}] * 3},
    {"game": "schnapsen", "seats": [{"kind": "alien"}, {"kind": "person"}]},
    {"game": "schnapsen", "seats": [{"kind": "person"}, {"kind": "bot", "level": "god"}]},
    {"game": "schnapsen", "seats": [{"kind": "person"}, {"kind": "bot", "level": [1]}]},
    {"game": "schnapsen", "seats": [{"kind": "person"}, {"kind": "bot", "level": None}]},
    {"game": "schnapsen", "seats": [{"kind": ["person"]}, {"kind": "person"}]},
]


def _post(client: Any, body: Any) -> Any:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("body", WRONG, ids=[str(b)[:50] for b in WRONG])
def test_every_kind_of_wrong_body_is_refused_with_a_line(sqlite_url: str, pool: Executor,
                                                        body: Any) -> None:
    with client_for(sqlite_url, pool, PATIENT) as client:
        answer = _post(client, body)
        assert answer.status_code == 400, answer.text
        data = answer.json()
        assert data["error"] and "\n" not in data["error"] and data["code"]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)
FIELDS = st.sampled_from(["game", "preset", "options", "seats"])
OPTION_NAMES = st.sampled_from(sorted({f.name for g in game_names()
                                       for f in dataclasses.fields(game_class(g).OPTIONS)}))
SPEC = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(sorted(game_names())) | JSON,
    "preset": st.sampled_from(["soft", "sharp", "standard", "club", "turnier", ""]) | JSON,
    "options": st.dictionaries(OPTION_NAMES, JSON, max_size=3) | JSON,
    "seats": st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["person", "bot"])},
                                            optional={"level": st.sampled_from(
                                                ["random", "rules", "x"]) | JSON}),
                      max_size=5) | JSON,
}) | st.dictionaries(FIELDS | st.text(max_size=6), JSON, max_size=4) | JSON


def test_no_body_gives_a_server_error(sqlite_url: str, pool: Executor) -> None:
    with client_for(sqlite_url, pool, PATIENT) as client:
        @settings(max_examples=150, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(SPEC)
        def check(body: Any) -> None:
            answer = _post(client, body)
            assert answer.status_code in (200, 400, 413), (body, answer.text)
            assert "error" in answer.json() or answer.status_code == 200

        check()
