"""The pages in Chromium: a whole Schnapsen deal by
clicks against a bot, a Jass table with two browser players and two bots, a reconnect
mid-deal, a phone-sized viewport, the German and the English page; every request the pages
make goes to localhost (tests/browser.py fails the test otherwise)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.app import create_app
from tests.browser import PHONE, LiveServer
from tests.web.helpers import FAST

SETTINGS = dataclasses.replace(FAST, bot_delay=0.0)


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", SETTINGS, pool)) as url:
        yield url


def open_table(page: Any, base: str, game: str, seats: list[str]) -> str:
    """Open a table from the lobby page; the invite link."""
    page.goto(base + "/")
    page.select_option("#game", game)
    for index, kind in enumerate(seats):
        page.locator(".seatkind").nth(index).select_option(kind)
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    link: str = page.input_value("#link")
    assert link.startswith(base + "/t/")
    return link


def take_seat(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#name", name)
    page.click("#joinbtn")
    page.wait_for_selector(".seatbox.me")


def play_one_move(page: Any) -> None:
    """Click the first playable card, else the first action button (a click per action);
    where the action needs cards chosen first (discard, talon), click cards until one shows."""
    try:
        page.wait_for_function("() => document.querySelector('#hand svg.card.playable') || "
                               "document.querySelector('#actions button') || "
                               "view.view.legal_actions.some("
                               "a => /^(discard|exchange-talon) /.test(a))",
                               timeout=10_000)
    except Exception:
        raise AssertionError(page.evaluate("JSON.stringify(view.view)")) from None
    cards = page.locator("#hand svg.card.playable")
    if cards.count():
        cards.first.click()
        return
    if not page.locator("#actions button").count():
        wanted = page.evaluate(
            "view.view.legal_actions.find(a => /^(discard|exchange-talon) /.test(a))")
        for code in wanted.split()[1:]:
            page.click(f"#hand svg.card[data-card='{code}']")
        page.wait_for_selector(f"#actions button[data-action='{wanted}']")
    page.locator("#actions button").first.click()


def deal_number(page: Any) -> int:
    return int(page.evaluate("view ? view.deal : -1"))


def test_a_whole_schnapsen_deal_by_clicks_on_a_phone(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    link = open_table(phone, server, "schnapsen", ["person", "bot:random"])
    take_seat(phone, link, "Anna")
    assert phone.viewport_size == PHONE
    phone.wait_for_function("() => view !== null")
    assert phone.locator("#hand svg.card").count() == 5
    clicks = 0
    while deal_number(phone) == 0:
        if phone.evaluate("view.view.to_act === seat"):
            before = phone.evaluate("nextN")
            play_one_move(phone)
            clicks += 1
            phone.wait_for_function(f"() => nextN > {before}")
        else:
            phone.wait_for_timeout(20)
    assert clicks >= 1
    assert "Result" in phone.inner_text("#info")
    # the page fits the phone: no horizontal scrolling
    wide = phone.evaluate("""[...document.querySelectorAll('body *')].filter(
        e => e.getBoundingClientRect().right > 391).map(e => e.tagName + '#' + e.id
        + '.' + e.className.baseVal + e.className)""")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wide
    assert phone.locator("#board svg").count() == 1  # the Bummerl counter


def test_reconnect_mid_deal_gets_the_state_back(phone: Any, server: str) -> None:
    link = open_table(phone, server, "schnapsen", ["person", "bot:rules"])
    take_seat(phone, link, "Bert")
    phone.wait_for_function("() => view !== null")
    for _ in range(3):
        phone.wait_for_function("() => view.view.to_act === seat")
        before = phone.evaluate("nextN")
        play_one_move(phone)
        phone.wait_for_function(f"() => nextN > {before}")
    phone.wait_for_function("() => view.view.to_act === seat")  # the table waits for us now
    mine = phone.evaluate("[view.deal, view.view.hand, nextN]")
    phone.evaluate("socket.close()")  # the connection drops; the page reconnects by itself
    phone.wait_for_function(f"() => socket.readyState === 1 && nextN === {mine[2]}")
    phone.reload()  # a fresh page: the seat's token is kept, the state comes back
    phone.wait_for_function("() => view !== null")
    assert phone.evaluate("[view.deal, view.view.hand, nextN]") == mine
    assert phone.locator("#hand svg.card").count() == len(mine[1])
    assert phone.locator("#hand svg.card.playable").count() >= 1


def test_jass_with_two_browser_players_and_two_bots(browser: Any, phone: Any,
                                                    server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'de')")
    link = open_table(phone, server, "jass", ["person", "bot:random", "person", "bot:random"])
    other = browser.new_context(viewport={"width": 1024, "height": 768})
    page2 = other.new_page()
    page2.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    take_seat(phone, link, "Anna")
    take_seat(page2, link, "Bert")
    pages = [phone, page2]
    for page in pages:
        page.wait_for_function("() => view !== null")
    assert phone.locator("html").get_attribute("lang") == "de"
    moves = 0
    while deal_number(phone) == 0 and moves < 60:
        for page in pages:
            if page.evaluate("view && view.deal === 0 && view.view.to_act === seat"):
                before = page.evaluate("nextN")
                play_one_move(page)
                page.wait_for_function(f"() => nextN > {before}")
                moves += 1
        phone.wait_for_timeout(20)
    assert deal_number(phone) == 1 and deal_number(page2) == 1
    assert moves >= 9 * 2 - 1  # both people played their cards by clicks
    assert phone.locator("#board svg").count() == 1  # the Z
    other.close()


def test_the_german_and_the_english_lobby(phone: Any, server: str) -> None:
    phone.goto(server + "/")
    phone.evaluate("localStorage.setItem('stich:lang', 'de')")
    phone.reload()
    phone.wait_for_selector("#game option", state="attached")
    assert phone.inner_text("#create") == "Tisch eröffnen"
    assert phone.locator("html").get_attribute("lang") == "de"
    phone.click("#lang")
    phone.wait_for_load_state()
    phone.wait_for_selector("#game option", state="attached")
    assert phone.inner_text("#create") == "Open the table"
    assert phone.locator("html").get_attribute("lang") == "en"


def test_a_finished_match_replays_and_its_commitment_verifies(phone: Any, server: str,
                                                              tmp_path: Path) -> None:
    import json
    import subprocess
    import sys
    import time
    import urllib.request

    spec = {"game": "schnapsen", "seats": [{"kind": "bot", "level": "random"}] * 2}
    request = urllib.request.Request(server + "/api/tables", data=json.dumps(spec).encode(),
                                     headers={"Content-Type": "application/json"})
    table_id = json.load(urllib.request.urlopen(request))["id"]
    for _ in range(600):
        info = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}"))
        if info["status"] == "finished":
            break
        time.sleep(0.05)
    assert info["status"] == "finished"
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    phone.goto(f"{server}/replay/{table_id}")
    phone.wait_for_function("() => document.getElementById('commitment').dataset.verified")
    assert phone.inner_text("#commitment") == "Seed commitment verified ✓"
    cards = phone.locator("#hands svg.card").count()
    assert phone.inner_text("#step").startswith("Step 0 of ")
    for _ in range(6):  # step on to the first card played: one card fewer on the table
        phone.click("#next")
        if phone.evaluate("data.frames[step].action").startswith("play "):
            assert ": Play " in phone.inner_text("#action")  # in words, not "play HA"
            break
    assert phone.locator("#hands svg.card").count() == cards - 1
    record = tmp_path / "match.json"
    record.write_bytes(urllib.request.urlopen(f"{server}/api/tables/{table_id}/record").read())
    done = subprocess.run([sys.executable, "-m", "stich", "record", "verify", str(record)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout.lower() or "ok" in done.stdout.lower(), done.stdout


@pytest.mark.parametrize("game", ["dreierschnapsen", "bauernschnapsen"])
def test_a_contract_deal_by_clicks(phone: Any, server: str, game: str) -> None:
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    bots = ["bot:random"] * (3 if game == "dreierschnapsen" else 4)
    link = open_table(phone, server, game, ["person", *bots[1:]])
    take_seat(phone, link, "Anna")
    phone.wait_for_function("() => view !== null")
    clicks = waits = 0
    while deal_number(phone) == 0 and not phone.evaluate("view.over"):
        if phone.evaluate("view.view.to_act === seat"):
            before = phone.evaluate("nextN")
            play_one_move(phone)
            clicks += 1
            phone.wait_for_function(f"() => nextN > {before}")
        else:
            waits += 1
            assert waits < 1500, phone.evaluate("JSON.stringify([view, seats])")[:3000]
            phone.wait_for_timeout(20)
    assert clicks >= 1 and not errors
    assert phone.locator("#board svg").count() == 1  # the race to 24


def test_the_lobby_sets_rule_options(phone: Any, server: str) -> None:
    """A table with a preset and options, chosen on the lobby page."""
    import json
    import urllib.request

    phone.goto(server + "/")
    phone.wait_for_selector("#game option", state="attached")
    phone.select_option("#game", "bauernschnapsen")
    phone.click("#optionbox summary")
    phone.select_option(".option[data-name='must_overtrump']", "off")
    for box in phone.locator("[data-set='contracts'] .setitem").all():
        if box.get_attribute("value") not in ("bettler", "gang"):
            box.uncheck()
    phone.click("#create")
    phone.wait_for_selector("#created:not([hidden])")
    table_id = phone.input_value("#link").rstrip("/").split("/")[-1]
    info = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}"))
    assert info["preset"] == "standard"
    assert info["options"]["must_overtrump"] is False
    assert sorted(info["options"]["contracts"]) == ["bettler", "gang"]
