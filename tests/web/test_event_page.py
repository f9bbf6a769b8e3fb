"""An online tournament's page in Chromium (docs/tournament.md, "Online"): a player registers
on the event page, sees the draw put him at a table (T-2), plays his match at the table page,
and the event page shows the result, the standings or prize list and the next round without a
reload; the 32-entry Preisschnapsen with 24 bots and 8 people runs to its prize list."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.events_helpers import Player, call, new_event
from tests.web.test_events import QUICK, bots, cli, prize_rows, records_of
from tests.web.test_flow_pages import MOVE

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screens"
"""Where the screenshots go (looked at by whoever changes the page)."""


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def server(db: str, pool: Executor) -> Iterator[str]:
    with LiveServer(create_app(db, QUICK, pool)) as url:
        yield url


def register_in_page(page: Any, server: str, event: int, name: str) -> None:
    page.goto(f"{server}/e/{event}")
    page.wait_for_selector("#regform:not([hidden])")
    page.fill("#r_name", name)
    page.click("#regbtn")
    page.wait_for_function("(n) => document.querySelector('#mystatus').textContent.includes(n)",
                           arg=name)


def play_table(page: Any, server: str) -> str:
    """Follow the event page's link to the player's table and play it out in a second tab of
    the same browser (its seat token is in the page's storage); the table's id."""
    page.wait_for_selector("#mytable:not([hidden]) a", timeout=60_000)
    href = page.get_attribute("#mytablelink", "href")
    assert href is not None and href.startswith("/t/")
    table = page.context.new_page()
    table.goto(server + href)
    table.wait_for_function("() => typeof view !== 'undefined' && view !== null", timeout=30_000)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if table.evaluate("() => view !== null && view.over === true"):
            break
        if not table.evaluate(MOVE, []):
            table.wait_for_timeout(40)
    else:
        raise AssertionError("the match at the table did not end")
    table.close()
    return href[3:]


@pytest.mark.slow
def test_a_player_finds_his_table_and_his_result_on_the_event_page(
        phone: Any, server: str, db: str) -> None:
    """4 entries: the page's player and 3 bots; the draw (T-2) puts him in a pairing with a
    link to his table, and after his match the page shows its result and the prize list (slow:
    the 32-entry event below checks the same; the default suite has the organiser's page and
    the 8-entry event of tests/web/test_events.py)."""
    made = new_event(server, "Kleiner Cup", format="preis", cards=4, max_cards=1, prizes=2,
                     auto_draw=True, bot_level="random")
    event, organiser = made["id"], made["organiser"]
    register_in_page(phone, server, event, "Käthe")
    call(f"{server}/api/events/{event}/players", {"organiser": organiser, "entries": bots(3)})
    phone.wait_for_function("() => document.querySelectorAll('#players li').length === 4")
    call(f"{server}/api/events/{event}/draw", {"organiser": organiser, "seed": 3})
    # the draw reaches the page without a reload: his row, marked as his, with his table
    phone.wait_for_selector("#rounds tr.mine")
    assert "Käthe" in phone.inner_text("#rounds tr.mine")
    table = play_table(phone, server)
    phone.wait_for_function("(t) => { const r = [...document.querySelectorAll('#rounds tr')]"
                            ".find((x) => x.querySelector(`a[href='/replay/${t}']`));"
                            " return r && /\\d:\\d/.test(r.textContent); }", arg=table)
    phone.wait_for_function("() => document.querySelector('#evphase').textContent"
                            " === t('ev_phase_finished')", timeout=60_000)
    shown = phone.eval_on_selector_all("#prizes tbody tr td:nth-child(2)",
                                       "(cells) => cells.map((c) => c.textContent)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "event-390.png"), full_page=True)
    final = call(f"{server}/api/events/{event}")["event"]
    assert shown == [p["card"] for p in final["prizes"]]
    assert prize_rows(cli(db, "prizes")) == [p["name"] for p in final["prizes"]]


@pytest.mark.slow
def test_a_preisschnapsen_of_32_entries_with_24_bots_and_8_people(
        browser: Any, server: str, db: str, tmp_path: Path) -> None:
    """The whole event: 32 entries (T-1), 24 bots and 8 people, 7 of them WebSocket clients
    playing random legal moves and one a Chromium page (1280x800) whose event page shows the
    draw, its table and the standings after its match; then to the prize list (T-4), with
    every record accepted by `stich record verify` and the CLI reading the same event."""
    made = new_event(server, "Preisschnapsen Online", format="preis", cards=32, max_cards=1,
                     prizes=8, auto_draw=True, bot_level="random")
    event, organiser = made["id"], made["organiser"]
    base = f"{server}/api/events/{event}"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    register_in_page(page, server, event, "Zita Browser")
    people = [Player(server, event, call(base + "/register", {"name": f"Spieler {n}"})["entry"],
                     n) for n in range(1, 8)]
    call(base + "/players", {"organiser": organiser, "entries": bots(24)})
    for person in people:
        person.start()
    call(base + "/draw", {"organiser": organiser, "seed": 11})
    page.wait_for_selector("#rounds tr.mine")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "event-1280.png"), full_page=True)
    table = play_table(page, server)
    page.wait_for_function("(t) => !!document.querySelector(`a[href='/replay/${t}']`)",
                           arg=table, timeout=60_000)
    mine = page.eval_on_selector(f"a[href='/replay/{table}']", "(a) => a.closest('tr').textContent")
    assert "Zita Browser" in mine and re.search(r"\d:\d", mine)
    page.screenshot(path=str(SHOTS / "event-1280-after-match.png"), full_page=True)
    page.wait_for_function("() => document.querySelector('#evphase').textContent"
                           " === t('ev_phase_finished')", timeout=600_000)
    for person in people:
        person.join(timeout=300)
        assert person.error is None, person.error
    final = call(base)["event"]
    assert final["phase"] == "finished"
    assert len(final["prizes"]) == 8 and all(p["status"] == "won" for p in final["prizes"])
    shown = page.eval_on_selector_all("#prizes tbody tr td:nth-child(2)",
                                      "(cells) => cells.map((c) => c.textContent)")
    assert shown == [p["card"] for p in final["prizes"]]
    page.screenshot(path=str(SHOTS / "event-1280-final.png"), full_page=True)
    context.close()
    assert prize_rows(cli(db, "prizes")) == [p["name"] for p in final["prizes"]]
    records = records_of(db)
    played = [m for m in final["matches"] if m["kind"] == "match"]
    assert len(records) == len(played)
    for number, record in records.items():
        path = tmp_path / f"match{number}.json"
        path.write_text(json.dumps(record))
        done = subprocess.run([sys.executable, "-m", "stich", "record", "verify", str(path)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr


def test_the_organiser_runs_an_event_from_the_page(phone: Any, server: str) -> None:
    """The organiser in the browser: creates a Preisschnapsen from the events page (T-1's N
    and k), enters bots, changes the time to appear, draws round 1 (T-2) with the button, and
    moves a pairing to a real table and enters its result (as at the hall)."""
    phone.goto(server + "/")
    phone.click("a[href='/e/']")
    phone.fill("#f_name", "Wirtshaus-Cup")
    phone.fill("#f_cards", "4")
    phone.fill("#f_max_cards", "1")
    phone.fill("#f_prizes", "2")
    phone.select_option("#f_tables", "real")
    phone.click("#createbtn")
    phone.wait_for_selector("#orgbox:not([hidden])")
    for name in ("Ida", "Jakob", "Karl"):
        phone.fill("#a_name", name)
        phone.click("#addform button")
        phone.wait_for_function("(n) => [...document.querySelectorAll('#players li')]"
                                ".some((li) => li.textContent.includes(n))", arg=name)
    phone.fill("#a_name", "Robo")
    phone.select_option("#a_kind", "random")
    phone.click("#addform button")
    phone.wait_for_function("() => document.querySelectorAll('#players li').length === 4")
    phone.click("#setbox summary")  # its toggle handler fills the form, in a task of its own
    phone.wait_for_function("() => document.querySelector('#s_minutes').value !== ''")
    phone.fill("#s_minutes", "3")
    phone.click("#setform button")
    phone.wait_for_function("() => document.querySelector('#evsettings').textContent"
                            ".includes('3')")
    phone.click("#drawbtn")
    phone.wait_for_selector("#rounds tbody tr[data-no]")
    number = int(phone.get_attribute("#rounds tbody tr[data-no]", "data-no") or 0)
    assert phone.inner_text(f"#rounds tr[data-no='{number}'] td.real")
    phone.fill("#res_no", str(number))
    phone.fill("#res_score", "2:1")
    phone.click("#resultform button")
    phone.wait_for_function("(n) => document.querySelector(`#rounds tr[data-no='${n}'] "
                            "td.score`).textContent === '2:1'", arg=number)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "event-390-organiser.png"), full_page=True)
    assert phone.inner_text("#orgerror") == ""


@pytest.mark.slow
def test_no_contrast_violations_on_the_event_page(browser: Any, server: str) -> None:
    """axe-core finds no colour-contrast violation on an event's page in play, as the
    organiser sees it and as a player does, on a phone and a desktop (the page's policy is
    bypassed in this context only, to inject axe.min.js)."""
    from tests.web.axe import axe_path, violations

    axe_path()
    made = new_event(server, "Kontrast", cards=4, max_cards=1, prizes=2, tables="real")
    base = f"{server}/api/events/{made['id']}"
    anna = call(base + "/register", {"name": "Anna"})
    call(base + "/players", {"organiser": made["organiser"], "entries": bots(3)})
    call(base + "/draw", {"organiser": made["organiser"], "seed": 1})
    first = call(base)["event"]["matches"][0]["no"]
    call(base + "/result", {"organiser": made["organiser"], "results": [[first, "2:1"]]})
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        for key, token in ((f"stich:organiser:{made['id']}", made["organiser"]),
                           (f"stich:entry:{made['id']}", anna["entry"])):
            context = browser.new_context(viewport=size, bypass_csp=True)
            context.add_init_script(f"localStorage.setItem('{key}', '{token}')")
            page = context.new_page()
            page.goto(f"{base.replace('/api/events', '/e')}")
            page.wait_for_selector("#rounds tbody tr")
            assert violations(page, ["color-contrast"]) == [], (size, key)
            context.close()
