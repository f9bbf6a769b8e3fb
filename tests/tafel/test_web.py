"""The phone page's API with FastAPI's TestClient: only the keeper enters,
followers view, Differenzler predictions hidden until revealed, every change saved, and the
router mounts under another app's prefix (for `stich serve`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the phone page needs the web extra")
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stich.tafel.store import load_pad, new_pad
from stich.tafel.web import PadHub, create_app, tafel_router

FOUR = ["Anna", "Ben", "Carl", "Dora"]


def open_pad(tmp_path: Path, game: str, names: list[str]) -> tuple[TestClient, str, str, PadHub]:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad(game, names), tmp_path / "pad.json")
    return TestClient(create_app(hub)), pad_id, handle.keeper, hub


def test_keeper_enters_followers_view_and_every_entry_is_saved(tmp_path: Path) -> None:
    client, pad_id, key, _ = open_pad(tmp_path, "jass", FOUR)
    url = f"/p/{pad_id}"
    assert client.post(f"{url}/entry", json={"line": "rosen 1 100"}).status_code == 403
    answer = client.post(f"{url}/entry", json={"key": key, "line": "schellen 1 100 st 1"})
    assert answer.json() == {"ok": True, "entry": "Schellen x2: Anna & Carl 100, Ben & Dora "
                                                  "57; Stöck Anna & Carl"}
    bad = client.post(f"{url}/entry", json={"key": key, "line": "obenabe 1 300"})
    assert bad.status_code == 400 and "257 only with Match" in bad.json()["error"]
    view = client.get(f"{url}/state").json()
    assert view["role"] == "viewer" and view["fields"] == [] and "links" not in view
    assert view["scores"]["scores"] == [240, 114] and "<svg" in view["board"]
    assert client.get(f"{url}/state", params={"since": view["version"]}).json()["unchanged"]
    assert load_pad(tmp_path / "pad.json").scores()["scores"] == [240, 114]
    assert client.post(f"{url}/undo", json={"key": key}).json()["undone"].startswith("Schellen")
    assert json.loads((tmp_path / "pad.json").read_text())["entries"] == []
    assert client.get(f"{url}/file").status_code == 403
    page = client.get(url).text
    assert 'src="/static/pad.js"' in page and "http" not in page.replace("http-equiv", "")
    assert client.get("/static/pad.js").status_code == 200
    assert client.get("/static/other.js").status_code == 404


def test_differenzler_predictions_hidden_until_the_points_are_in(tmp_path: Path) -> None:
    client, pad_id, key, hub = open_pad(tmp_path, "differenzler", ["Anna", "Ben", "Carl"])
    url = f"/p/{pad_id}"
    seats = hub.get(pad_id).seats
    assert client.post(f"{url}/predict", json={"seat": 0, "points": 50}).status_code == 403
    assert client.post(f"{url}/predict", json={"seat": 1, "points": 50,
                                               "key": seats[0]}).status_code == 403
    for seat, points in ((0, 50), (1, 60), (2, 47)):
        answer = client.post(f"{url}/predict", json={"seat": seat, "points": points,
                                                     "key": seats[seat]})
        assert answer.json() == {"ok": True}
    assert client.get(f"{url}/state").json()["scores"]["predicted"] == {
        "0": None, "1": None, "2": None}
    own = client.get(f"{url}/state", params={"seat": 1, "key": seats[1]}).json()
    assert own["role"] == "player" and own["scores"]["predicted"]["1"] == 60
    assert own["scores"]["predicted"]["0"] is None
    keeper = client.get(f"{url}/state", params={"key": key}).json()
    assert keeper["scores"]["predicted"]["0"] is None  # hidden from the keeper too
    assert len(keeper["links"]["players"]) == 3
    client.post(f"{url}/entry", json={"key": key, "line": "t 40 70 47"})
    revealed = client.get(f"{url}/state").json()["scores"]
    assert revealed["deals"][0]["predictions"] == [50, 60, 47]
    assert revealed["totals"] == [10, 10, 0]


def test_router_mounts_under_a_prefix(tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad("schnapsen", ["Anna", "Ben"]), tmp_path / "s.json")
    app = FastAPI()
    app.include_router(tafel_router(hub), prefix="/tafel")
    client = TestClient(app)
    page = client.get(f"/tafel/p/{pad_id}").text
    assert 'data-base="/tafel"' in page and 'src="/tafel/static/pad.js"' in page
    client.post(f"/tafel/p/{pad_id}/entry", json={"key": handle.keeper, "line": "anna 3"})
    assert client.get(f"/tafel/p/{pad_id}/state").json()["scores"]["remaining"] == [4, 7]
    sheet = client.get(f"/tafel/p/{pad_id}/sheet").text
    assert 'class="counter"' in sheet and "<li>Anna wins 3</li>" in sheet


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen", "coiffeur", "differenzler"])
def test_the_phone_page_help_names_its_buttons_not_the_terminals_keys(tmp_path: Path,
                                                                      game: str) -> None:
    # the page has Undo and a history list; a typed 'q' or 'h' there is no entry at all
    names = {"schnapsen": FOUR[:2], "differenzler": FOUR[:3]}.get(game, FOUR)
    client, pad_id, key, hub = open_pad(tmp_path, game, names)
    said = client.get(f"/p/{pad_id}/state", params={"key": key}).json()["help"]
    assert "q quits" not in said and "h shows the history" not in said
    assert said.endswith("Undo takes back the last entry; the history lists every entry.")
    pad = next(iter(hub.pads.values())).pad
    assert said.startswith(pad.entry_help()) and pad.help().startswith(pad.entry_help())
    refused = client.post(f"/p/{pad_id}/entry", json={"key": key, "line": "q"})
    assert refused.status_code == 400
