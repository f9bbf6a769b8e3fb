"""A person finds a game and talks, in Chromium (docs/web.md, "Public tables and play now",
"Chat"): the lobby shows a public table the moment another client opens it (no reload), "play
now" seats him there; at the table the players chat, one mutes the other (kept across a
reload), the sixth message in ten seconds is refused in one line, a report is confirmed, a
spectator reads only; hostile names and messages stay text."""

from __future__ import annotations

import dataclasses
import json
import urllib.request
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.serve import build_app
from tests.browser import LiveServer
from tests.web.helpers import FAST
from tests.web.test_hostile_names import HOSTILE, _clean, _guarded

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    settings = dataclasses.replace(FAST, deal_wait=30.0)
    app = build_app(f"sqlite:///{tmp_path / 'web.db'}", tmp_path, settings, bot_workers=1)
    with LiveServer(app) as url:
        yield url


def _post(url: str, body: Any) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


def _page(browser: Any, viewport: dict[str, int] = DESKTOP) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    opened = _guarded(page)
    page.add_init_script("localStorage.setItem('stich:motion', 'off');")
    return context, page, opened


def test_the_lobby_lists_live_and_play_now_seats(browser: Any, server: str) -> None:
    context, page, opened = _page(browser)
    try:
        page.goto(server + "/")
        page.wait_for_function("() => document.querySelector('#livedot.on') !== null")
        assert page.locator(".pubnone").is_visible()  # nothing open yet
        table = _post(server + "/api/tables", {  # another client opens a public table
            "game": "schnapsen", "preset": "sharp", "public": True,
            "seats": [{"kind": "person"}, {"kind": "person"}]})
        _post(server + f"/api/tables/{table['id']}/join", {"name": HOSTILE[0]})
        row = page.locator(f"[data-table='{table['id']}']")
        row.wait_for()
        assert page.locator(".pubgroup h3").inner_text() == "Schnapsen (two players) · Sharp"
        page.wait_for_function(f"""() => document.querySelector("[data-table='{table['id']}']")
            .innerText.includes("1 seat free")""")
        assert HOSTILE[0] in row.inner_text()  # the name as text, in the live list
        page.select_option("#pngame", "schnapsen")
        page.select_option("#pnpreset", "sharp")
        page.fill("#pnname", "Anna")
        page.fill("#lobbychatbody .chatinput", HOSTILE[1])
        page.press("#lobbychatbody .chatinput", "Enter")
        page.wait_for_function("() => document.querySelector('#lobbychat .chattext') !== null")
        assert page.locator("#lobbychat .chattext").inner_text() == HOSTILE[1]
        for box in ("#publiclist", "#lobbychat"):
            _clean(page, opened, box)
        page.click("#playnowbtn")
        page.wait_for_url(f"**/t/{table['id']}")
        page.wait_for_function("() => view !== null && seat === 1 && view.view.hand.length > 0")
        _clean(page, opened, "#felt")
    finally:
        context.close()


def test_chat_mute_rate_limit_and_report_at_the_table(browser: Any, server: str) -> None:
    hostile = HOSTILE[0]
    anna = _post(server + "/api/play-now", {"game": "schnapsen", "name": hostile})
    one, host, host_opened = _page(browser)
    two, guest, guest_opened = _page(browser, {"width": 390, "height": 844})
    try:
        host.add_init_script(f"localStorage.setItem('stich:seat:{anna['table']}', "
                             f"'{anna['token']}');")
        host.goto(server + anna["link"])
        guest.goto(server + "/")
        guest.wait_for_function("() => document.querySelector('#livedot.on') !== null")
        guest.fill("#pnname", "Bert")
        guest.click("#playnowbtn")
        guest.wait_for_url(f"**{anna['link']}")
        for page in (host, guest):
            page.wait_for_function("() => view !== null && tableChat !== null")
        host.fill("#chatbox .chatinput", HOSTILE[2])
        host.press("#chatbox .chatinput", "Enter")
        guest.wait_for_function("() => document.querySelector('#chatbox .chattext') !== null")
        assert guest.locator("#chatbox .chattext").inner_text() == HOSTILE[2]
        assert guest.locator("#chatbox .chatname").inner_text() == hostile
        assert guest.locator("#chatbox .chatmute").count() == 1  # none on one's own
        guest.click("#chatbox .chatmute")
        assert guest.locator("#chatbox .chattext").count() == 0
        assert json.loads(guest.evaluate("localStorage.getItem('stich:mute')")) == [hostile]
        guest.reload()
        guest.wait_for_function("() => view !== null && tableChat !== null")
        assert guest.locator("#chatbox .chattext").count() == 0  # still muted
        guest.click("#chatbox .chatmuted summary")
        guest.click("#chatbox .chatmutedrow button")
        assert guest.locator("#chatbox .chattext").inner_text() == HOSTILE[2]
        guest.evaluate("window.confirm = () => true")  # the question before a report: yes
        guest.click("#chatbox .chatreport")
        guest.locator("#chatbox .chatflag").wait_for()
        assert guest.locator("#chatbox .chatflag").inner_text() == "reported"
        for n in range(5):  # the first was one: four more, then two refused
            host.fill("#chatbox .chatinput", f"Nachricht {n}")
            host.press("#chatbox .chatinput", "Enter")
        host.wait_for_function("""() => document.querySelector('#chatbox .chaterror')
            .textContent.includes('at most 5 in 10 seconds')""")
        guest.wait_for_function(
            "() => document.querySelectorAll('#chatbox .chattext').length === 5")
        three, watcher, watcher_opened = _page(browser)  # the table is full: watched
        try:
            watcher.goto(server + anna["link"])
            watcher.wait_for_function(
                "() => watching && document.querySelectorAll('#chatbox .chattext').length === 5")
            assert watcher.locator("#chatbox .chatform").is_hidden()
            assert watcher.locator("#chatbox .chatnote").inner_text() == (
                "Spectators read the chat only.")
            _clean(watcher, watcher_opened, "#chatbox")
        finally:
            three.close()
        for page, opened in ((host, host_opened), (guest, guest_opened)):
            _clean(page, opened, "#chatbox")
    finally:
        one.close()
        two.close()


def test_the_public_list_shows_an_accounts_rating_beside_its_name(browser: Any,
                                                                  server: str) -> None:
    """docs/web.md, "Ratings": rating and uncertainty beside each name in the lobby."""
    login = _post(server + "/api/accounts", {"name": "Bert", "password": "geheim123"})["login"]
    table = _post(server + "/api/tables", {
        "game": "schnapsen", "preset": "soft", "public": True,
        "seats": [{"kind": "person"}, {"kind": "person"}]})
    _post(server + f"/api/tables/{table['id']}/join", {"name": "Bert", "login": login})
    context, page, _opened = _page(browser)
    try:
        page.goto(server + "/")
        row = page.locator(f"[data-table='{table['id']}']")
        row.wait_for()
        row.locator(".rating").wait_for()
        assert row.locator(".rating").inner_text() == "25.0 ± 8.3"  # a newcomer's rating
    finally:
        context.close()
