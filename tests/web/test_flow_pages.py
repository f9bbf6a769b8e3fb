"""The match flow in Chromium (docs/web.md, "Between deals", "Joining and leaving"): the
end-of-deal panel's numbers against the record, the end of a match and a rematch between two
browser players, the second look before a claim in soft and none in sharp (S-8, S-11), a
seat chosen on the join page, "my tables" after the link is lost, the owner's cancel."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.helpers import FAST

HOLD = {"deal_wait": 600}
"""The panels stay until the people continue (no test waits on a timer)."""


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, pool)) as url:
        yield url


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    answer: dict[str, Any] = json.load(urllib.request.urlopen(request))
    return answer


def get(url: str) -> Any:
    return json.load(urllib.request.urlopen(url))


def table(server: str, game: str, seats: list[str], preset: str | None = None,
          options: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
          ) -> dict[str, Any]:
    spec: dict[str, Any] = {"game": game, "options": options or {}, "settings": settings or HOLD,
                            "seats": [{"kind": "person"} if s == "person"
                                      else {"kind": "bot", "level": s} for s in seats]}
    if preset:
        spec["preset"] = preset
    return post(server + "/api/tables", spec)


def sit(page: Any, server: str, table_id: str, name: str, seat: int | None = None,
        started: bool = True) -> None:
    page.goto(f"{server}/t/{table_id}")
    page.fill("#name", name)
    if seat is not None:
        page.check(f"#seatchoice input[value='{seat}']")
    page.click("#joinbtn")
    page.wait_for_selector(".seatbox.me")
    if started:
        page.wait_for_function("() => view !== null")


MOVE = """(avoid) => {
  if (!view || view.over || view.view.to_act !== seat || socket.readyState !== 1) return false;
  const legal = view.view.legal_actions.filter((a) => !avoid.includes(a.split(' ')[0]));
  if (!legal.length) return false;
  sendNow(legal[0]); return true;
}"""
"""The page's own send for its seat's first legal action, except the verbs in ``avoid``."""


def step(page: Any, avoid: tuple[str, ...] = ()) -> None:
    before = page.evaluate("() => nextN")
    if page.evaluate(MOVE, list(avoid)):
        page.wait_for_function(f"() => nextN > {before}")


def test_the_deal_end_panel_shows_the_records_numbers(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "schnapsen", ["person", "random"])
    sit(phone, server, made["id"], "Anna")
    while not phone.locator("#dealend:not([hidden])").count():
        step(phone)
        phone.wait_for_timeout(10)
    record = get(f"{server}/api/tables/{made['id']}/record")
    result = record["deals"][0]["result"]
    rows = phone.locator("#dealend .flowtable tr")
    assert rows.count() == 3
    for side in (0, 1):
        cells = rows.nth(side + 1).locator("td")
        assert cells.nth(0).inner_text() == ["Anna", "Bot 2 (random)"][side]
        assert int(cells.nth(1).inner_text()) == result["card_points"][side]
        assert int(cells.nth(3).inner_text()) == result["game_points"][side]
    how = phone.inner_text("#dealend .flowhow")
    assert how.startswith(("Anna won", "Bot 2 (random) won"))
    assert phone.locator("#dealend .flowcards svg.card").count() >= 2  # the last trick
    indices = phone.evaluate("""() => [...document.querySelectorAll('#dealend svg.card')]
        .map((card) => { const r = card.querySelector('text').getBoundingClientRect();
                         const next = card.nextElementSibling;
                         return [r.height, r.left, r.right,
                                 next ? next.getBoundingClientRect().left : 1e9]; })""")
    assert all(height >= 16 and left >= 0 and right <= 390 and right <= following
               for height, left, right, following in indices), indices  # at the table's size
    assert phone.evaluate("() => view.deal") == 0  # the next deal waits for us
    phone.click("#continue")
    phone.wait_for_function("() => view.deal === 1")
    assert phone.locator("#dealend").is_hidden()


def test_match_over_and_a_rematch_between_two_browser_players(browser: Any, phone: Any,
                                                              server: str) -> None:
    made = table(server, "schnapsen", ["person", "person"], options={"bummerl_start": 1})
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    desk = other.new_page()
    for page in (phone, desk):
        page.add_init_script("localStorage.setItem('stich:lang', 'en')")
    sit(phone, server, made["id"], "Anna", started=False)
    sit(desk, server, made["id"], "Bert")
    pages = [phone, desk]
    phone.wait_for_function("() => view !== null")
    for _ in range(600):
        if all(p.locator("#matchover:not([hidden])").count() for p in pages):
            break
        for page in pages:
            if page.locator("#continue:not([disabled])").count():
                page.click("#continue")
            step(page)
        phone.wait_for_timeout(10)
    record = get(f"{server}/api/tables/{made['id']}/record")
    winner = ["Anna", "Bert"][record["match"]["winner"]]
    for page in pages:
        assert page.inner_text("#matchover .flowwinner") == f"{winner} won the match"
        assert page.locator("#matchover .flowboard svg").count() == 1  # the Bummerl counter
        assert "Bummerl" in page.inner_text("#matchover .flowlast")
    phone.click("#rematch")
    desk.wait_for_selector("#matchover .help")  # "Rematch asked by: Anna"
    assert "Anna" in desk.inner_text("#matchover .help")
    assert desk.evaluate("() => document.activeElement.id") == "rematch"
    desk.keyboard.press("Enter")  # the keyboard alone
    for page in pages:
        page.wait_for_function(f"() => location.pathname !== '/t/{made['id']}' "
                               "&& typeof view !== 'undefined' && view !== null")
    new_id = phone.evaluate("() => tableId")
    assert desk.evaluate("() => tableId") == new_id != made["id"]
    assert [phone.evaluate("() => seat"), desk.evaluate("() => seat")] == [0, 1]
    info = get(f"{server}/api/tables/{new_id}")
    assert info["status"] == "running" and info["options"] == {"bummerl_start": 1}
    assert info["settings"]["deal_wait"] == 600  # the same settings
    other.close()


def claim_button(page: Any, preset_warns: bool) -> None:
    """Play (never claiming or closing) until this seat may claim; with ``preset_warns``
    until the view carries the claim's warning."""
    wanted = ("() => view && view.view.to_act === seat && view.view.legal_actions.includes('claim')"
              + (" && view.warnings && view.warnings.claim" if preset_warns else "") + "")
    for _ in range(400):
        if page.evaluate(wanted):
            return
        step(page, avoid=("claim", "close"))
        if page.locator("#continue:not([disabled])").count():
            page.click("#continue")
        page.wait_for_timeout(10)
    raise AssertionError("the seat never could claim")


def test_a_claim_below_66_asks_once_in_soft(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "schnapsen", ["person", "random"], preset="soft")
    sit(phone, server, made["id"], "Anna")
    claim_button(phone, preset_warns=True)
    points = phone.evaluate("() => view.warnings.claim.points")
    moves = phone.evaluate("() => view.moves")
    phone.click("#actions button[data-action='claim']")
    phone.wait_for_selector("#confirm:not([hidden])")
    assert phone.inner_text("#confirm p").startswith(f"You have {points} card points")
    phone.click("#confirmno")  # not sent
    assert phone.locator("#confirm").is_hidden()
    assert phone.evaluate("() => view.moves") == moves
    phone.click("#actions button[data-action='claim']")  # asks again after a no
    phone.wait_for_selector("#confirm:not([hidden])")
    phone.click("#confirmyes")
    phone.wait_for_selector("#dealend:not([hidden])")
    assert "false claim" in phone.inner_text("#dealend .flowhow")


def test_a_claim_sent_twice_leaves_no_question_and_no_turn_over_the_deal_end(
        phone: Any, server: str) -> None:
    """The second look asks once, so a second press of the claim's key sends it; the deal's
    end then takes the question down, and while its panel is up the status line, the felt's
    outline and the tab title say nobody's turn (docs/web.md, "Between deals")."""
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "schnapsen", ["person", "random"], preset="soft")
    sit(phone, server, made["id"], "Anna")
    claim_button(phone, preset_warns=True)
    phone.wait_for_function("() => document.getElementById('status').textContent === 'Your turn'")
    key = phone.inner_text("#actions button[data-action='claim'] kbd")
    phone.keyboard.press(key)
    phone.wait_for_selector("#confirm:not([hidden])")
    phone.keyboard.press(key)  # asked once: the second press goes through
    phone.wait_for_selector("#dealend:not([hidden])")
    assert phone.locator("#confirm").is_hidden()
    assert phone.inner_text("#status") == "Deal 1 is over"
    assert not phone.evaluate("() => document.getElementById('felt').classList.contains('my-turn')")
    assert not phone.title().startswith("●")


def test_a_claim_in_sharp_has_no_hint(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "schnapsen", ["person", "random"], preset="sharp")
    sit(phone, server, made["id"], "Anna")
    claim_button(phone, preset_warns=False)
    assert phone.evaluate("() => Object.keys(view.warnings).length") == 0
    phone.click("#actions button[data-action='claim']")
    phone.wait_for_selector("#dealend:not([hidden])")  # taken at once: S-11, no hint
    assert not phone.locator("#confirm:not([hidden])").count()


def test_a_seat_chosen_on_the_join_page(phone: Any, server: str) -> None:
    """J-1: partners sit opposite, so the seat chooses the team."""
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "jass", ["person", "random", "person", "random"])
    phone.goto(f"{server}/t/{made['id']}")
    phone.wait_for_selector("#seatchoice .seatrow")
    rows = phone.locator("#seatchoice .seatrow")
    assert rows.count() == 4
    # the team as the table's seats name it, the list above the join button
    assert "Team A" in rows.nth(2).inner_text() and "free" in rows.nth(2).inner_text()
    assert "Team B" in rows.nth(1).inner_text()
    assert phone.evaluate("""() => document.getElementById('seatchoice').getBoundingClientRect()
        .bottom <= document.getElementById('joinbtn').getBoundingClientRect().top""")
    assert phone.locator("#seatchoice input[value='1']").is_disabled()  # a bot's seat
    sit(phone, server, made["id"], "Anna", seat=2, started=False)
    phone.wait_for_function("() => seat === 2")
    assert get(f"{server}/api/tables/{made['id']}")["seats"][2]["name"] == "Anna"


def test_my_tables_after_the_link_is_lost(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    made = table(server, "schnapsen", ["person", "random"])
    sit(phone, server, made["id"], "Anna")
    phone.goto(server + "/")  # the link is gone: the lobby lists the table
    link = phone.locator(f"#mytablelist a[href='/t/{made['id']}']")
    link.wait_for()
    assert "Anna" in link.inner_text()
    link.click()
    phone.wait_for_selector(".seatbox.me")
    phone.wait_for_function("() => view !== null && seat === 0")


def test_the_owner_cancels_a_waiting_table(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    phone.goto(server + "/")
    phone.select_option("#game", "schnapsen")
    phone.locator(".seatkind").nth(1).select_option("person")
    phone.click("#tablesettings summary")
    phone.fill("#setting_clock", "30")
    phone.click("#create")
    phone.wait_for_selector("#created:not([hidden])")
    table_id = phone.input_value("#link").rsplit("/", 1)[1]
    assert get(f"{server}/api/tables/{table_id}")["settings"]["clock"] == 30
    phone.goto(f"{server}/t/{table_id}")
    phone.wait_for_selector("#ownerbox button.tobot")
    phone.click("#canceltable")
    phone.wait_for_function("() => document.getElementById('status').textContent !== ''")
    assert phone.inner_text("#status") == "This table was cancelled."
    assert get(f"{server}/api/tables/{table_id}")["status"] == "cancelled"
