"""Deal and match records: write, read, replay, and precise rejections (notation.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.bots import make_bot
from stich.cli import command_app
from stich.core.records import DealRecord, RecordError
from stich.play.driver import play_match
from stich.records import replay
from stich.schnapsen.match import SchnapsenMatch
from tests.record_helpers import verify
from tests.schnapsen.helpers import deal, play

app = command_app(["tournament"])

runner = CliRunner()


def _finished_deal_record() -> dict:
    game = deal("HA DA DQ ST CJ", "HK HQ DT DJ SA", "HT CQ CA CT CK DK SK SQ SJ", "HJ")
    play(game, "marriage H", "play HQ", "play HA", "play DA", "play DT", "play DQ", "play DJ",
         "play ST", "play SA", "play CQ", "play CJ", "claim")
    return game.to_record(["Anna", "Bert"]).to_dict()



def test_record_has_the_notation_keys() -> None:
    data = _finished_deal_record()
    assert list(data)[:11] == ["format", "game", "preset", "options", "seats", "dealer", "hands",
                               "stock", "trump_card", "actions", "result"]
    assert data["hands"][1] == ["HK", "HQ", "DT", "DJ", "SA"]
    assert data["actions"][:2] == [[1, "marriage H"], [1, "play HQ"]]
    assert data["result"] == {"winner": [1], "game_points": [0, 1], "card_points": [40, 26],
                              "reason": "claim", "marriage_points": [0, 40]}


def test_verify_prints_the_result(tmp_path: Path) -> None:
    code, out = verify(tmp_path, _finished_deal_record())
    assert code == 0
    assert json.loads(out)["game_points"] == [0, 1]


def test_unknown_keys_are_kept() -> None:
    data = _finished_deal_record() | {"venue": "Café Hawelka"}
    assert DealRecord.from_dict(data).to_dict()["venue"] == "Café Hawelka"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["actions"].insert(1, [1, "play SA"]),
     "action 1 ('play SA') by seat 1: illegal: after announcing the marriage you must lead "
     "its King or Queen (S-5)"),
    (lambda d: d["actions"].__setitem__(2, [1, "play HA"]),
     "action 2 ('play HA') by seat 1: it is seat 0's turn, not seat 1's"),
    (lambda d: d["actions"].insert(4, [1, "claim"]),
     "action 4 ('claim') by seat 1: illegal: claim only right after winning a trick or "
     "announcing a marriage (S-8)"),
    (lambda d: d["actions"].__setitem__(0, [1, "marry H"]),
     "action 0 ('marry H') by seat 1: unknown verb 'marry'"),
    (lambda d: d["hands"][0].__setitem__(0, "HK"), "deal: dealt twice: HK"),
    (lambda d: d["hands"][0].__setitem__(0, "XY"), "deal: not a card: 'XY'"),
    (lambda d: d.__setitem__("preset", "wild"), "unknown schnapsen preset 'wild'"),
    (lambda d: d["options"].__setitem__("rubber", 5), "option rubber must be one of 2, 3"),
    (lambda d: d["result"].__setitem__("game_points", [0, 3]), "differs from the replay"),
    (lambda d: d.pop("trump_card"), "missing key 'trump_card'"),
    (lambda d: d.__setitem__("dealer", "0"), "key 'dealer' must be a whole number"),
])
def test_verify_names_index_seat_and_rule(tmp_path: Path, change, message: str) -> None:
    data = _finished_deal_record()
    change(data)
    code, out = verify(tmp_path, data)
    assert code == 1
    assert message in out


def test_verify_rejects_files_that_are_not_records(tmp_path: Path) -> None:
    assert verify(tmp_path, "{not json")[1].startswith("error: ")
    assert "not valid JSON" in verify(tmp_path, "{not json")[1]
    result = runner.invoke(app, ["record", "verify", str(tmp_path / "missing.json")])
    assert result.exit_code == 1 and "no such file" in result.output


def test_position_record_reports_who_is_to_act(tmp_path: Path) -> None:
    data = _finished_deal_record()
    data["actions"] = data["actions"][:3]
    del data["result"]
    code, out = verify(tmp_path, data)
    assert code == 0 and json.loads(out) == {"result": None, "to_act": 0}


def test_whole_match_record_replays(tmp_path: Path) -> None:  # S-10
    match = SchnapsenMatch(["Anna", "Bert"], seed=11)
    bots = [make_bot("schnapsen", "rules", 1), make_bot("schnapsen", "random", 2)]
    play_match(match, bots)
    data = match.to_record()
    again = SchnapsenMatch.from_record(json.loads(json.dumps(data)))
    assert again.state() == match.state() and again.bummerl.rubber_winner() is not None
    code, out = verify(tmp_path, data)
    assert code == 0 and json.loads(out)["match"] == match.state()
    data["deals"][1]["dealer"] = data["deals"][0]["dealer"]
    with pytest.raises(RecordError, match="deal 1: dealer is seat"):
        SchnapsenMatch.from_record(data)


def test_same_seed_same_match() -> None:
    def run() -> dict:
        match = SchnapsenMatch(["A", "B"], seed=5)
        bots = [make_bot("schnapsen", "rules", 3), make_bot("schnapsen", "random", 4)]
        play_match(match, bots)
        record = match.to_record()
        assert len(record.pop("salt")) == 32  # a random salt per match
        del record["seed_commitment"]
        return record

    assert run() == run()


def test_replay_of_a_record_without_result_stops_at_position() -> None:
    data = _finished_deal_record()
    data["actions"] = data["actions"][:4]
    data.pop("result")
    game = replay(DealRecord.from_dict(data))
    assert not game.is_terminal() and game.current_player() == 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.__setitem__("options", ["rubber=3"]), "key 'options' must be an object"),
    (lambda d: d.__setitem__("game", "jass"), "this is not a schnapsen match record"),
    (lambda d: d.__setitem__("deals", "none"), "needs a list 'deals'"),
    (lambda d: d["match"].__setitem__("bummerl", [9, 9]), "differs from the replay"),
    (lambda d: d["deals"].append(d["deals"][-1]), "the match was already decided"),
])
def test_bad_match_records_are_named(change, message: str) -> None:  # S-10
    match = SchnapsenMatch(["Anna", "Bert"], seed=11)
    bots = [make_bot("schnapsen", "rules", 1), make_bot("schnapsen", "random", 2)]
    play_match(match, bots)
    data = json.loads(json.dumps(match.to_record()))
    change(data)
    with pytest.raises(RecordError, match=message):
        SchnapsenMatch.from_record(data)
