"""Jass deal and game records through `stich record verify` (notation.md, J-2, J-7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.core.records import RecordError
from stich.jass.game import Jass
from stich.jass.match import JassMatch
from stich.play.driver import play_match
from tests.jass.helpers import STOECK_HANDS, STOECK_TRICKS, deal
from tests.record_helpers import verify

app = command_app(["tournament"])

runner = CliRunner()


def _deal_record(scores_before: tuple[int, int] = (0, 0)) -> dict:
    game = deal(*STOECK_HANDS, scores_before=scores_before)
    game.apply("push")
    game.apply("trump H")
    for card in " ".join(STOECK_TRICKS).split():
        if game.is_terminal():  # the game ended in the middle of the deal
            break
        game.apply(f"play {card}")
    return game.to_record(["Anna", "Bert", "Carla", "Dario"]).to_dict()



def _game(seed: int = 7) -> JassMatch:
    match = JassMatch(["Anna", "Bert", "Carla", "Dario"], seed)
    bots = [make_bot("jass", "rules" if seat % 2 else "random", seat) for seat in range(4)]
    play_match(match, bots)
    return match


def test_deal_record_keys_and_result(tmp_path: Path) -> None:
    data = _deal_record()
    assert data["game"] == "jass" and data["stock"] == [] and data["dealer"] == 3
    assert data["hands"][1] == STOECK_HANDS[1].split()
    assert data["scores_before"] == [0, 0]
    assert data["actions"][:3] == [[0, "push"], [2, "trump H"], [0, "play CA"]]
    assert data["result"]["game_points"] == [257, 20, 257, 20]
    assert data["result"]["chosen_by"] == 2 and data["result"]["pushed"] is True
    assert data["result"]["game_over"] is False
    code, out = verify(tmp_path, data)
    assert code == 0 and json.loads(out)["game_points"] == [257, 20, 257, 20]


def test_deal_that_ends_the_game_says_so(tmp_path: Path) -> None:
    data = _deal_record((2400, 2480))
    assert data["actions"][-1] == [1, "play HQ"]  # the Stöck ended the game (J-7)
    code, out = verify(tmp_path, data)
    assert code == 0
    result = json.loads(out)
    assert result["game_over"] is True and result["game_winner"] == [1, 3]
    assert result["reason"] == "target reached"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["actions"].insert(3, [1, "play S6"]),
     "action 3 ('play S6') by seat 1: illegal: you must follow suit (C) or play a trump"),
    (lambda d: d["actions"].insert(1, [2, "push"]),
     "action 1 ('push') by seat 2: illegal: the partner must choose; the choice cannot be "
     "pushed back (J-3)"),
    (lambda d: d["actions"].insert(5, [3, "weis S8 S9 ST"]),
     "action 5 ('weis S8 S9 ST') by seat 3: illegal: a run counts whole: declare S8 S9 ST SJ "
     "(J-5)"),
    (lambda d: d["actions"].insert(6, [0, "weis CQ CK CA"]),
     "action 6 ('weis CQ CK CA') by seat 0: illegal: Weis are declared with the first card, in "
     "the first trick (J-5)"),
    (lambda d: d["actions"].insert(6, [3, "weis S8 S9 ST SJ"]),
     "it is seat 0's turn, not seat 3's"),
    (lambda d: d["hands"][0].__setitem__(0, "HK"), "deal: dealt twice: HK"),
    (lambda d: d.__setitem__("stock", ["HA"]), "'stock' must be empty"),
    (lambda d: d.__setitem__("scores_before", [2500, 0]), "the game is already decided"),
    (lambda d: d.__setitem__("scores_before", "none"), "'scores_before' must be two"),
    (lambda d: d["options"].__setitem__("target", 999), "option target must be one of"),
    (lambda d: d["result"].__setitem__("game_points", [157, 0, 157, 0]),
     "differs from the replay"),
    (lambda d: d.__setitem__("seats", ["A", "B"]), "Jass has 4 seats"),
])
def test_verify_names_index_seat_and_rule(tmp_path: Path, change, message: str) -> None:
    data = _deal_record()
    change(data)
    code, out = verify(tmp_path, data)
    assert code == 1
    assert message in out


def test_position_record(tmp_path: Path) -> None:
    data = _deal_record()
    data["actions"] = data["actions"][:4]
    del data["result"]
    code, out = verify(tmp_path, data)
    assert code == 0 and json.loads(out) == {"result": None, "to_act": 2}


def test_whole_game_record_replays(tmp_path: Path) -> None:
    match = _game()
    data = match.to_record()
    assert data["deals"][-1]["result"]["game_over"] is True
    assert all(not d["result"]["game_over"] for d in data["deals"][:-1])
    code, out = verify(tmp_path, data)
    assert code == 0 and json.loads(out)["match"] == match.state()
    assert json.loads(out)["match"]["winner"] in ([0, 2], [1, 3])


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["deals"][1].__setitem__("scores_before", [0, 0]),
     "deal 1: the deal starts from scores [0, 0], the game stands at"),
    (lambda d: d["deals"][2].__setitem__("dealer", d["deals"][1]["dealer"]),
     "deal 2: dealer is seat"),
    (lambda d: d["deals"][1].__setitem__("preset", "turnier"),
     "deal 1: the deal's preset and options differ from the match's"),
    (lambda d: d["match"].__setitem__("scores", [0, 0]), "stated match state"),
    (lambda d: d["deals"].append(d["deals"][-1]), "the match was already decided"),
])
def test_game_record_rejections(change, message: str) -> None:
    data = json.loads(json.dumps(_game().to_record()))
    change(data)
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        JassMatch.from_record(data)


def test_first_forehand_must_hold_c7() -> None:
    # J-2: turn the first deal's hands so that C7 is no longer with forehand
    data = json.loads(json.dumps(_game().to_record()))
    first = data["deals"][0]
    first["dealer"] = (first["dealer"] + 1) % 4
    message = r"deal 0: the first deal's forehand must hold C7 \(J-2\)"
    with pytest.raises(RecordError, match=message):
        JassMatch.from_record(data)


def test_same_seed_same_game() -> None:
    def record() -> dict:
        data = _game(3).to_record()
        del data["salt"], data["seed_commitment"]  # a fresh random salt per match
        return data

    assert record() == record()
    assert Jass.deal(3).dealt == Jass.deal(3).dealt


def test_board_command_draws_each_teams_z(tmp_path: Path) -> None:  # J-8
    match = _game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    result = runner.invoke(app, ["record", "board", str(path)])
    assert result.exit_code == 0, result.output
    scores = match.state()["scores"]
    assert f"Anna & Carla: {scores[0]} of 2500" in result.output
    assert f"Bert & Dario: {scores[1]} of 2500" in result.output
    svg = tmp_path / "board.svg"
    result = runner.invoke(app, ["record", "board", str(path), "--svg", str(svg)])
    assert result.exit_code == 0 and svg.read_text().startswith("<svg")
    schnapsen = {"format": "stich-match/1", "game": "schnapsen", "deals": []}
    path.write_text(json.dumps(schnapsen))
    result = runner.invoke(app, ["record", "board", str(path)])
    assert result.exit_code == 1 and "not a jass match record" in result.output


def test_first_deal_of_a_game_record_checks_c7_in_any_spelling() -> None:  # J-2
    from stich.jass.match import JassMatch

    match = JassMatch(["A", "B", "C", "D"], seed=2)
    game = match.new_deal()
    data = game.to_record(match.seats).to_dict()
    data["hands"] = [[code.lower() for code in hand] for hand in data["hands"]]
    data["dealer"] = (data["dealer"] + 1) % 4  # forehand no longer holds C7
    data["actions"], data["result"] = [], None
    record = {"format": "stich-match/1", "game": "jass", "preset": "standard", "options": {},
              "seats": match.seats, "seed": 2, "deals": [data]}
    with pytest.raises(RecordError, match="forehand must hold C7"):
        JassMatch.from_record(record)
