"""Outside engines as players (docs/engine-protocol.md): ours served by ``stich engine``, one in
JavaScript, and engines that misbehave on purpose, each losing only the deal it spoiled by the
game's illegal-move policy (S-12; docs/knowledge/) while the match goes on."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stich.bots import make_bot
from stich.bots.external.engine import EngineBot
from stich.core.match import Match
from stich.games import game_class, match_class
from stich.play.driver import play_match

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
OURS = f"engine:{sys.executable} -m stich engine --bot rules"


def short_match(game: str, seed: int) -> Match:
    """A match of few deals: Schnapsen counts down from 4 (S-10)."""
    cls = match_class(game)
    seats = [f"seat {i}" for i in range(game_class(game).SEATS)]
    options = game_class(game).OPTIONS.from_preset(None, bummerl_start=4) \
        if game == "schnapsen" else None
    return cls(seats, seed=seed, options=options)


def play(match: Match, engine: str, think_ms: float | None = None) -> list[EngineBot]:
    game = match.game_class.NAME
    players = [make_bot(game, engine if seat % 2 == 0 else "rules", seat, think_ms=think_ms)
               for seat in range(match.game_class.SEATS)]
    try:
        play_match(match, players)
    finally:
        for player in players:
            if isinstance(player, EngineBot):
                player.close()
    return [p for p in players if isinstance(p, EngineBot)]


@pytest.mark.parametrize("game", ["schnapsen", "jass"])
def test_our_bot_served_by_stich_engine_plays_a_whole_match(game: str) -> None:
    match = short_match(game, 7)
    play(match, OURS)
    assert match.is_over()
    assert all("forfeit" not in deal.extra for deal in match.deals)


def test_the_handshake_and_an_answer_by_hand() -> None:
    lines = [{"type": "hello", "protocol": 1},
             {"type": "match", "game": "schnapsen", "preset": "sharp", "options": {},
              "seats": 2},
             {"type": "deal", "deal": 1, "seat": 0, "score": None}]
    game = game_class("schnapsen").deal(5, 1, game_class("schnapsen").OPTIONS.from_preset(
        "sharp"))  # seat 0 leads: dealer 1
    lines += [{"type": "event", "event": e.to_dict()} for e in game.seat_events(0)]
    legal = game.legal_actions()
    lines.append({"type": "act", "time_ms": 1000, "legal": [
        {"id": game.action_to_id(a), "action": str(a)} for a in legal]})
    lines.append({"type": "bogus"})
    lines.append({"type": "quit"})
    done = subprocess.run([sys.executable, "-m", "stich", "engine", "--bot", "rules"],
                          input="\n".join(map(json.dumps, lines)) + "\n", text=True,
                          capture_output=True, timeout=60, check=True)
    hello, action, error = map(json.loads, done.stdout.splitlines())
    assert hello["name"] == "stich rules" and "schnapsen" in hello["games"]
    assert action["type"] == "action" and action["action"] in map(str, legal)
    assert error == {"type": "error", "message": "unknown message type 'bogus'"}


def test_an_unknown_level_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "stich", "engine", "--bot", "grandmaster"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "no bot 'grandmaster'; known: expert, ismcts, pimc, pvpimc, random, rules" in done.stderr


MISBEHAVIOUR = {
    "late": "did not answer 'action' within 300 ms",
    "hang": "did not answer 'action' within 300 ms",
    "illegal": "which is not legal now",
    "badid": "answered action id 99999, which is not legal now",
    "garbage": "sent garbage instead of 'action'",
    "flood": "flooded its output: more than 100 lines",
    "longline": "flooded its output: a line longer than",
    "exit": "exited (code 3)",
}


@pytest.mark.parametrize("mode", sorted(MISBEHAVIOUR))
def test_an_engine_that_misbehaves_loses_that_deal_and_is_restarted(
        mode: str, capfd: pytest.CaptureFixture[str]) -> None:
    match = short_match("schnapsen", 11)
    command = f"engine:{sys.executable} {HERE / 'misbehaving.py'} {mode}"
    (engine,) = play(match, command, think_ms=300)
    first, *rest = match.deals
    forfeit = first.extra["forfeit"]
    assert forfeit["seat"] == 0 and forfeit["rule"] == "engine"
    assert forfeit["reason"].startswith(f"engine misbehaving-{mode} (python misbehaving.py {mode})")
    assert MISBEHAVIOUR[mode] in forfeit["reason"]
    assert "legal:" not in forfeit["reason"]  # the engine's cards stay its own
    assert first.extra.get("result", first.result)  # the deal was scored (S-12: 3 points)
    assert rest and all("forfeit" not in deal.extra for deal in rest)  # restarted, plays on
    assert match.is_over()
    assert engine.process is None  # ended with the match
    assert f"stich: engine misbehaving-{mode}" in capfd.readouterr().err


def test_an_engine_that_cannot_start_or_does_not_play_the_game() -> None:
    match = short_match("schnapsen", 3)
    play(match, "engine:/nonexistent/engine")
    assert "cannot be started" in match.deals[0].extra["forfeit"]["reason"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the "
                    "JavaScript example engine needs it")
def test_the_javascript_example_plays_a_whole_match_of_each_game() -> None:
    for game in ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"):
        match = short_match(game, 21)
        play(match, f"engine:node {ROOT / 'examples' / 'engine.js'}")
        assert match.is_over(), game
        assert all("forfeit" not in deal.extra for deal in match.deals), game


def test_the_arena_and_play_take_an_engine(tmp_path: Path) -> None:
    import pexpect

    done = subprocess.run([sys.executable, "-m", "stich", "arena", "schnapsen", OURS, "rules",
                           "--matches", "1", "--seed", "3", "--jobs", "1", "--no-progress",
                           "--out", str(tmp_path / "arena")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"schnapsen: {OURS} (A) against rules (B), 1 matches" in done.stdout
    child = pexpect.spawn(sys.executable, ["-m", "stich", "play", "schnapsen", "--vs", OURS,
                                           "--seed", "1", "--save", str(tmp_path / "m.json")],
                          encoding="utf-8", timeout=60, dimensions=(40, 100))
    child.expect("Your hand")
    child.sendline("q")
    child.expect("saved")
    child.close()


def test_the_host_tells_the_match_its_deals_events_turns_and_end(tmp_path: Path) -> None:
    log = tmp_path / "messages.txt"
    match = short_match("schnapsen", 5)
    play(match, f"engine:{sys.executable} {HERE / 'recording.py'} {log}")
    kinds = log.read_text().split()
    assert kinds[:3] == ["hello", "match", "deal"]
    assert kinds.count("deal") == len(match.deals) and kinds.count("match_end") == 1
    assert kinds[-2:] == ["match_end", "quit"]  # the final score, then the host is done
    assert "event" in kinds and "act" in kinds


def test_our_engine_starts_afresh_after_a_match_end() -> None:
    from stich.engine.serve import EngineServer

    server = EngineServer("rules")
    server.handle({"type": "match", "game": "jass", "preset": "standard", "options": {},
                   "seats": 4})
    assert server.match is not None
    assert server.handle({"type": "match_end", "score": {}}) is None
    assert server.match is None
    assert server.handle({"type": "deal", "deal": 1, "seat": 0, "score": None}) == {
        "type": "error", "message": "deal: no 'match' message yet"}
