"""No script from data (docs/web.md, "What a page may run"): every response carries the
Content-Security-Policy and nosniff; no page holds an inline script, an inline handler or an
inline style; the SVG and HTML the server draws escape every name they embed. The Playwright
side (hostile names on every page) is tests/web/test_hostile_names.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stich.core.table import Table
from stich.drawing import counter_svg
from stich.games import match_class
from stich.tafel.drawing import board_html, sheet_html
from stich.tafel.games import PADS
from stich.tafel.store import new_pad
from stich.tafel.web import PadHub
from stich.tafel.web import create_app as tafel_app
from stich.web.scoreboard import score_svg
from stich.web.serve import build_app
from tests.web.helpers import FAST

HOSTILE = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=1</script>",
           "\"'><svg onload=window.__pwned=1>", "A & B </text><text>"]
GAMES = ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]
NEEDED = {"default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'",
          "frame-ancestors 'none'", "style-src 'self'"}


def _checked(response: Any) -> None:
    policy = response.headers.get("content-security-policy", "")
    assert {part.strip() for part in policy.split(";")} >= NEEDED, (response.url, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers.get("x-content-type-options") == "nosniff", response.url


def test_every_response_of_stich_serve_carries_the_policy(tmp_path: Path) -> None:
    app: Any = build_app(f"sqlite:///{tmp_path / 'web.db'}", tmp_path, FAST, bot_workers=1)
    with TestClient(app) as client:
        made = client.post("/tafel/new", json={"game": "schnapsen", "names": ["A", "B"]})
        pad = made.json()["follower"]
        for path in ["/", "/t/nope", "/replay/nope", "/u/nobody", "/static/lobby.js",
                     "/static/style.css", "/static/none.js", "/api/games", "/api/tables/nope",
                     "/api/me", "/tafel/", "/tafel/static/pad.js", pad, pad + "/sheet",
                     "/no/such/page"]:
            _checked(client.get(path))
        _checked(made)
        _checked(client.post("/api/tables", content=b"[1]"))


def test_the_score_pads_own_server_carries_the_policy(tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, _handle = hub.open(new_pad("jass", ["A", "B", "C", "D"], None, {}),
                              tmp_path / "pad.json")
    with TestClient(tafel_app(hub)) as client:
        for path in [f"/p/{pad_id}", f"/p/{pad_id}/state", f"/p/{pad_id}/sheet",
                     "/static/pad.js", "/p/nope"]:
            _checked(client.get(path))


def _static(package: str) -> list[tuple[str, str]]:
    folder = resources.files(package).joinpath("static")
    return [(entry.name, entry.read_text("utf-8")) for entry in folder.iterdir()
            if entry.name.endswith((".html", ".js"))]


INLINE = [(re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
          (re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I), "an inline on...= handler"),
          (re.compile(r"\sstyle\s*=\s*[\"']", re.I), "a style attribute"),
          (re.compile(r"<style", re.I), "a <style> block"),
          (re.compile(r"javascript:", re.I), "a javascript: link")]


def _inline(text: str) -> list[str]:
    return [what for pattern, what in INLINE if pattern.search(text)]


@pytest.mark.parametrize("package", ["stich.web", "stich.tafel"])
def test_no_page_or_script_holds_inline_code_or_style(package: str) -> None:
    files = _static(package)
    assert files
    for name, text in files:
        assert not _inline(text), (name, _inline(text))


def test_the_pages_the_score_pad_writes_hold_no_inline_code(tmp_path: Path) -> None:
    app: Any = build_app(f"sqlite:///{tmp_path / 'web.db'}", tmp_path, FAST, bot_workers=1)
    with TestClient(app) as client:
        made = client.post("/tafel/new", json={"game": "differenzler",
                                                "names": HOSTILE}).json()
        for path in ["/tafel/", made["follower"], made["follower"] + "/sheet"]:
            page = client.get(path).text
            assert not _inline(page), (path, _inline(page))
        assert all(name not in client.get(made["follower"] + "/sheet").text for name in HOSTILE)


def _texts(svg: str) -> list[str]:
    """Every text of a well-formed SVG/XML fragment (parsing fails on a broken-out name)."""
    root = ET.fromstring(f"<root>{svg}</root>")
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("script", "img", "image")
                or any(a.startswith("on") for a in e.attrib)]
    return ["".join(e.itertext()) for e in root.iter()]


@pytest.mark.parametrize("game", GAMES)
def test_the_score_svg_the_server_draws_escapes_names(game: str) -> None:
    cls = match_class(game)
    seats = {"schnapsen": 2, "dreierschnapsen": 3}.get(game, 4)
    names = (HOSTILE * 2)[:seats]
    table = Table(cls(names, seed=1))
    svg = score_svg(table)
    texts = " ".join(_texts(svg))
    # the first name heads its column (a team's title "A & C"; the counter keeps 18 letters)
    assert names[0][:18] in texts


def test_the_counter_escapes_what_it_is_given() -> None:
    for name in HOSTILE:
        assert name[:18] in " ".join(_texts(counter_svg([name, "B"], [[7], [7]], [0, 0])))


@pytest.mark.parametrize("game", sorted(PADS))
def test_the_score_pads_boards_and_sheets_escape_names(game: str) -> None:
    players = {"schnapsen": 2, "dreierschnapsen": 3}.get(game, 4)
    pad = new_pad(game, HOSTILE[:players], None, {})
    board = board_html(pad)
    texts = " ".join(_texts(board))
    assert any(name[:18] in texts for name in HOSTILE[:players])
    sheet = sheet_html(pad, stylesheet="sheet.css")
    assert not any(name in sheet for name in HOSTILE if "<" in name or '"' in name)
