"""`stich serve` offers the score pads too: anyone opens a pad at /tafel/,
the keeper enters, followers watch, and the pad is saved in the server's data folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from stich.web.serve import build_app
from tests.web.helpers import FAST


def test_a_pad_opened_on_the_server(tmp_path: Path) -> None:
    app: Any = build_app(f"sqlite:///{tmp_path / 'web.db'}", tmp_path, FAST, bot_workers=1)
    with TestClient(app) as client:
        assert "Open the pad" in client.get("/tafel/").text
        made = client.post("/tafel/new", json={"game": "schnapsen", "names": ["Anna", "Bert"]})
        assert made.status_code == 200, made.text
        links = made.json()
        assert client.get(links["follower"]).status_code == 200
        pad_id, key = links["keeper"].split("/p/")[1].split("?key=")
        entry = client.post(f"/tafel/p/{pad_id}/entry", json={"key": key, "line": "Anna 2"})
        assert entry.status_code == 200, entry.text
        refused = client.post(f"/tafel/p/{pad_id}/entry", json={"line": "Anna 2"})
        assert refused.status_code == 403
        state = client.get(f"/tafel/p/{pad_id}/state").json()
        assert state["role"] == "viewer"
        bad = client.post("/tafel/new", json={"game": "poker", "names": []})
        assert bad.status_code == 400 and "poker" in bad.json()["detail"]
    saved = list((tmp_path / "tafel").glob("schnapsen-*.json"))
    assert len(saved) == 1 and "Anna" in saved[0].read_text()
