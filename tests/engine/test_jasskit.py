"""jass-kit's player service both ways (docs/engine-protocol.md), tested with jass-kit itself
(``pip install jass-kit``): its observation JSON against our Jass without Weis and Stöck (the
rules jass-kit has: J-2 to J-4, the push of J-3), its service app and agents on loopback."""

from __future__ import annotations

import json
import logging
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import stich
from stich.bots import make_bot
from stich.bots.external.jasskit import JassKitBot, info_state, kit_card, observation
from stich.core.match import Match
from stich.engine.jasskit import serve
from stich.games import match_class
from stich.play.driver import play_match

np = pytest.importorskip("numpy", reason="jass-kit needs numpy")
pytest.importorskip("jass", reason="jass-kit is not installed (pip install -e '.[test]')")
pytest.importorskip("flask", reason="jass-kit's service app needs flask")

from jass.game.const import card_strings  # noqa: E402
from jass.game.game_observation import GameObservation  # noqa: E402
from jass.game.rule_schieber import RuleSchieber  # noqa: E402


def test_the_observation_both_ways_and_the_same_legal_cards_as_jass_kit() -> None:
    """At every decision of seeded random deals: jass-kit reads our observation, its rules allow
    our legal cards (J-4; in these deals exactly ours, see the one difference below), and
    reading it back gives the seat's information state."""
    rule = RuleSchieber()
    decisions = 0
    for seed in range(12):
        game = stich.new_game("jass", seed=seed, weis=False, stoeck=False)
        rng = random.Random(seed)
        while not game.is_terminal():
            seat = game.current_player()
            info = game.information_state(seat)
            data = json.loads(json.dumps(observation(info)))
            legal = game.legal_actions()
            if legal[0].verb == "play":
                kit = GameObservation.from_json(data)
                valid = rule.get_valid_cards_from_obs(kit)
                assert sorted(str(card_strings[i]) for i in np.flatnonzero(valid)) == sorted(
                    kit_card(stich.Card[a.arg]) for a in legal)
                decisions += 1
            assert info_state(data) == info
            game.apply(rng.choice(legal))
    assert decisions == 12 * 36


UNDER_TRUMP = {  # Rosen trump; Schellen-King led, then Rosen-Ace and Rosen-6; our seat holds
    "version": "V0.2", "trump": 1, "dealer": 1, "currentPlayer": 1, "playerView": 1,
    "forehand": 0, "tricks": [  # Eichel-King and Rosen-10, void in Schellen
        {"cards": ["D8", "DA", "HJ", "D9"], "first": 0, "points": 31, "win": 2},
        {"cards": ["CA", "H9", "C8", "CQ"], "first": 2, "points": 28, "win": 1},
        {"cards": ["C6", "D7", "C7", "C9"], "first": 1, "points": 0, "win": 2},
        {"cards": ["SA", "S6", "SK", "H7"], "first": 2, "points": 15, "win": 3},
        {"cards": ["S8", "S7", "DJ", "SJ"], "first": 3, "points": 4, "win": 0},
        {"cards": ["D10", "HK", "D6", "C10"], "first": 0, "points": 24, "win": 3},
        {"cards": ["S9", "DQ", "CJ", "SQ"], "first": 3, "points": 8, "win": 0},
        {"cards": ["DK", "HA", "H6"], "first": 0}],
    "player": [{"hand": []}, {"hand": ["CK", "H10"]}, {"hand": []}, {"hand": []}],
    "jassTyp": "SCHIEBER"}


def test_the_one_difference_jass_kit_allows_a_trump_between_two_in_the_trick() -> None:
    """J-4.3: no trump lower than the HIGHEST trump in the trick while other cards are held;
    jass-kit compares with the lowest, so it lets the 10 go under the Ace here. Our rules are
    the game: a jass-kit player that plays it loses the deal (docs/engine-protocol.md)."""
    kit = GameObservation.from_json(UNDER_TRUMP)
    allowed = sorted(str(card_strings[i])
                     for i in np.flatnonzero(RuleSchieber().get_valid_cards_from_obs(kit)))
    assert allowed == ["CK", "H10"]
    ours = info_state(UNDER_TRUMP).legal_actions()
    assert [str(a) for a in ours] == ["play CK"]


@pytest.fixture
def kit_service() -> Iterator[str]:
    """jass-kit's own player service app with its random agent, on a free loopback port."""
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.service.player_service_app import PlayerServiceApp
    from werkzeug.serving import make_server

    agent = AgentRandomSchieber()
    agent._rng = np.random.default_rng(1)  # jass-kit's agent is unseeded; the test is not
    app = PlayerServiceApp("kit")
    app.add_player("random", agent)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/random"
    server.shutdown()


def test_a_jass_kit_agent_plays_our_seats(kit_service: str) -> None:
    match: Match = match_class("jass")([f"seat {i}" for i in range(4)], seed=5, options=stich.
                                       game_class("jass").OPTIONS.from_preset(None, target=1000))
    players = [make_bot("jass", f"jasskit:{kit_service}" if seat % 2 == 0 else "rules", seat)
               for seat in range(4)]
    play_match(match, players)
    assert match.is_over()
    assert all("forfeit" not in deal.extra for deal in match.deals)
    assert all(isinstance(p, JassKitBot) and p.requests > 0 for p in players[::2])


def test_an_unreachable_service_loses_the_deal_with_its_address() -> None:
    match: Match = match_class("jass")([f"seat {i}" for i in range(4)], seed=5, options=stich.
                                       game_class("jass").OPTIONS.from_preset(None, target=1000))
    url = "http://127.0.0.1:9/jass/players/none"
    players = [make_bot("jass", f"jasskit:{url}" if seat == 0 else "rules", seat)
               for seat in range(4)]
    play_match(match, players)
    forfeit = match.deals[0].extra["forfeit"]
    assert forfeit["seat"] == 0 and forfeit["reason"].startswith(f"jass-kit player {url} ")


@pytest.fixture
def our_service() -> Iterator[Any]:
    server = serve(0, seed=3)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_jass_kits_arena_plays_our_bots_through_its_network_agent(
        our_service: Any, caplog: pytest.LogCaptureFixture) -> None:
    from jass.agents.agent_by_network import AgentByNetwork
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.arena.arena import Arena

    base = f"http://127.0.0.1:{our_service.server_address[1]}/"
    arena = Arena(nr_games_to_play=4, print_every_x_games=100)
    arena.set_players(AgentByNetwork(base + "rules"), AgentRandomSchieber(),
                      AgentByNetwork(base + "random"), AgentRandomSchieber())
    with caplog.at_level(logging.ERROR):
        arena.play_all_games()
    assert "No response from network player" not in caplog.text  # no stand-in ever played
    service = our_service.service
    assert service.answered >= 4 * 18 and service.refused == 0


def test_our_service_refuses_what_it_cannot_read(our_service: Any) -> None:
    import urllib.error
    import urllib.request

    base = f"http://127.0.0.1:{our_service.server_address[1]}/jass/players/"
    assert json.load(urllib.request.urlopen(base + "rules")) == "Player rules here"
    for route, body, words in [("rules/action_play_card", {"version": "V9"}, "version V0.2"),
                               ("grandmaster/action_trump", observation(
                                   stich.new_game("jass", seed=1).information_state(0)),
                                "player not found")]:
        request = urllib.request.Request(base + route, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request)
        assert refused.value.code == 400
        assert words in json.load(refused.value)["error"]
