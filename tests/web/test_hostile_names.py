"""Hostile names in Chromium (docs/web.md, "What a page may run"): names that the name rules
refuse get their message in the player's language; the rest (``<script>``, HTML, quotes) show as
literal text on every page (the table's seats, result and score for all four games, the lobby's
finished matches, the replay, the profile, the score pad) and no script runs: no dialog, no
``window.__pwned``, no element made from a name, and no blocked inline code (a violation of the
pages' policy would mean a name was read as HTML)."""

from __future__ import annotations

import dataclasses
import json
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.serve import build_app
from tests.browser import LiveServer
from tests.web.helpers import FAST

HOSTILE = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=1</script>",
           "\"'><svg onload=window.__pwned=1>", "<b>fett</b> & \"Anna's\""]
GAMES = ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]
SEATS = {"schnapsen": 2, "bauernschnapsen": 4, "dreierschnapsen": 3, "jass": 4}
WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""
SEEN_RESULT = """() => { window.__result = "";
  const info = document.getElementById("info");
  new MutationObserver(() => {
    if (info.innerText.includes("Result")) window.__result = info.innerText; })
    .observe(info, {childList: true, subtree: true, characterData: true}); }"""
AUTOPLAY = """() => { let sentAt = -1; setInterval(() => {
  if (view && !view.over && view.deal === 0 && view.view.to_act === seat && socket
      && socket.readyState === 1 && nextN !== sentAt && view.view.legal_actions.length) {
    sentAt = nextN; sendNow(view.view.legal_actions[0]); } }, 30); }"""
"""Plays this seat's first legal action (sendNow: without the second look of panels.js)."""


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    settings = dataclasses.replace(FAST, away_after=0.5, bot_delay=0.0)
    app = build_app(f"sqlite:///{tmp_path / 'web.db'}", tmp_path, settings, bot_workers=1)
    with LiveServer(app) as url:
        yield url


def _post(url: str, body: Any) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


def _guarded(page: Any, lang: str = "en") -> list[str]:
    """Dialogs (and page errors) the page opens, collected; the policy watch installed."""
    opened: list[str] = []
    page.on("dialog", lambda dialog: (opened.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: opened.append(f"error: {error}"))
    page.add_init_script(f"localStorage.setItem('stich:lang', '{lang}');" + WATCH)
    return opened


def _clean(page: Any, opened: list[str], box: str) -> None:
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("window.__violations") == [], page.evaluate("window.__violations")
    assert opened == []
    assert page.locator(f"{box} img, {box} script, {box} svg[onload]").count() == 0
    assert page.locator(f"{box} b", has_text="fett").count() == 0


def _finished(base: str, table_id: str) -> None:
    for _ in range(3000):
        if json.load(urllib.request.urlopen(f"{base}/api/tables/{table_id}"))["status"] == (
                "finished"):
            return
        time.sleep(0.02)
    raise AssertionError("the match did not finish")


@pytest.mark.parametrize("index, game", list(enumerate(GAMES)))
def test_hostile_names_at_a_running_table(phone: Any, server: str, index: int,
                                          game: str) -> None:
    mine, other = HOSTILE[index], HOSTILE[(index + 1) % len(HOSTILE)]
    seats = [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "random"}] * (SEATS[game] - 2)
    table_id = _post(server + "/api/tables", {"game": game, "seats": seats})["id"]
    opened = _guarded(phone)
    phone.goto(f"{server}/t/{table_id}")
    phone.fill("#name", mine)
    phone.click("#joinbtn")
    phone.wait_for_selector(".seatbox.me")
    _post(f"{server}/api/tables/{table_id}/join", {"name": other})  # played by the away bot
    phone.wait_for_function("() => view !== null")
    phone.evaluate(SEEN_RESULT)
    phone.evaluate(AUTOPLAY)
    # the deal's end: the finished deal stays on the table until the next starts (docs/web.md)
    phone.wait_for_function("() => view && (view.deal >= 1 || view.over || (lastResult !== null"
                            " && view.view.to_act === -1))", timeout=60_000)
    seats_text = phone.inner_text("#seats")
    assert mine in seats_text and other in seats_text
    # the result line is cleared once the next deal is under way: read it when it was shown
    phone.wait_for_function("() => window.__result !== ''", timeout=10_000)
    shown = phone.evaluate("() => window.__result")
    assert "Result" in shown and (mine in shown or other in shown), shown
    assert phone.locator("#board svg").count() == 1
    board = phone.inner_text("#board") + phone.inner_text("#score")
    assert mine[:18] in board or other[:18] in board  # the score pad writes 18 letters a name
    _clean(phone, opened, "#seats")
    _clean(phone, opened, "#info")
    _clean(phone, opened, "#board")


def test_refused_names_get_their_message_in_german(phone: Any, server: str) -> None:
    seats = [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "random"}] * 2
    table_id = _post(server + "/api/tables", {"game": "jass", "seats": seats})["id"]
    _post(f"{server}/api/tables/{table_id}/join", {"name": HOSTILE[0]})
    opened = _guarded(phone, "de")
    phone.goto(f"{server}/t/{table_id}")
    for name, words in [("Bot 2 (random)", "Bot-Name"), ("Anna\u202e", "Steuer"),
                        (HOSTILE[0], "An diesem Tisch heißt schon jemand")]:
        phone.fill("#name", name)
        phone.click("#joinbtn")
        phone.wait_for_function(f"() => document.getElementById('joinerror').textContent"
                                f".includes({json.dumps(words)})")
    assert HOSTILE[0] in phone.inner_text("#joinerror")
    _clean(phone, opened, "#join")


def test_hostile_names_in_the_lobby_replay_profile_and_score_pad(phone: Any,
                                                                server: str) -> None:
    seats = [{"kind": "person"}, {"kind": "person"}]
    table_id = _post(server + "/api/tables", {"game": "schnapsen", "seats": seats})["id"]
    token = _post(f"{server}/api/tables/{table_id}/join", {"name": HOSTILE[1]})["token"]
    _post(f"{server}/api/tables/{table_id}/join", {"name": HOSTILE[2]})
    opened = _guarded(phone)
    phone.add_init_script(f"localStorage.setItem('stich:seat:{table_id}', '{token}')")
    # an account with a hostile name plays a Jass match (its browser holds the login cookie)
    phone.goto(server + "/")
    jass = _post(server + "/api/tables", {"game": "jass", "seats": [{"kind": "person"}] + [
        {"kind": "bot", "level": "random"}] * 3})["id"]
    joined = phone.evaluate("""async ([name, table]) => {
        await fetch('/api/accounts', {method: 'POST', headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({name, password: 'geheim123'})});
        const r = await fetch('/api/tables/' + table + '/join', {method: 'POST',
          headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name})});
        return r.status; }""", [HOSTILE[3], jass])
    assert joined == 200
    _finished(server, table_id)
    _finished(server, jass)
    phone.reload()  # the lobby: this browser's finished matches
    phone.wait_for_selector("#matches li a")
    listed = phone.inner_text("#matches")
    assert HOSTILE[1] in listed and HOSTILE[2] in listed
    assert HOSTILE[3] in phone.inner_text("#whoami")
    _clean(phone, opened, "#matches")
    _clean(phone, opened, "#account")
    phone.goto(f"{server}/replay/{table_id}")
    phone.wait_for_function("() => document.getElementById('commitment').dataset.verified")
    phone.click("#next")
    assert HOSTILE[1] in phone.inner_text("#hands") and HOSTILE[2] in phone.inner_text("#hands")
    assert phone.inner_text("#action").split(":")[0] in HOSTILE[1:3]
    _clean(phone, opened, "#hands")
    _clean(phone, opened, "#action")
    phone.goto(f"{server}/u/{urllib.request.quote(HOSTILE[3], safe='')}")
    phone.wait_for_selector("#matches li a")
    assert HOSTILE[3] in phone.inner_text("#title") and HOSTILE[3] in phone.inner_text("#matches")
    assert "Schieber Jass (four players) · Standard" in phone.inner_text("#matches")
    _clean(phone, opened, "main")
    pad = _post(server + "/tafel/new", {"game": "differenzler", "names": HOSTILE})
    phone.goto(server + pad["keeper"])
    phone.wait_for_selector("#board table")
    shown = phone.inner_text("main")
    assert all(name in shown for name in HOSTILE)
    _clean(phone, opened, "main")
