"""The replay page in Chromium (docs/web.md, replay): jumps to any deal and trick by the lists,
the slider and the keyboard, and one analysis shown as a table with the move made marked, in
the player's language and deck."""

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

from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.helpers import FAST


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    settings = dataclasses.replace(FAST, bot_delay=0.0)
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", settings, pool)) as url:
        yield url


def finished_table(server: str, game: str, seats: int) -> str:
    spec = {"game": game, "seats": [{"kind": "bot", "level": "random"}] * seats}
    request = urllib.request.Request(server + "/api/tables", data=json.dumps(spec).encode(),
                                     headers={"Content-Type": "application/json"})
    table_id: str = json.load(urllib.request.urlopen(request))["id"]
    for _ in range(1200):
        if json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}"))[
                "status"] == "finished":
            return table_id
        time.sleep(0.05)
    raise AssertionError("the match did not finish")


def at(page: Any) -> int:
    step: int = page.evaluate("step")
    return step


def test_replay_jumps_to_any_deal_and_trick(phone: Any, server: str) -> None:
    table_id = finished_table(server, "schnapsen", 2)
    frames = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}/replay"))[
        "frames"]
    starts = [next(n for n, f in enumerate(frames) if f["deal"] == d)
              for d in range(frames[-1]["deal"] + 1)]
    assert len(starts) >= 2  # a Bummerl takes several deals
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    phone.goto(f"{server}/replay/{table_id}")
    phone.wait_for_function("() => document.getElementById('commitment').dataset.verified")
    assert phone.locator("#deals option").count() == len(starts)
    # the deal list
    phone.select_option("#deals", "1")
    assert at(phone) == starts[1]
    assert phone.inner_text("#step") == f"Step {starts[1]} of {len(frames) - 1} · Deal 2"
    assert frames[starts[1]]["ended"] is not None  # the step that ended deal 1: its result
    assert phone.inner_text("#ended").startswith("Result: ")
    # the trick list: trick 3 opens at its leader's turn, the step before its first card
    phone.select_option("#tricks", label="Trick 3")
    step = at(phone)
    assert frames[step]["deal"] == 1 and frames[step + 1]["trick"] == 3
    assert frames[step]["trick"] == 2 and frames[step]["to_act"] == frames[step + 1]["seat"]
    assert frames[step + 1]["action"].startswith("play ")
    # the slider
    phone.locator("#slider").fill("7")
    assert at(phone) == 7
    # the keyboard alone
    phone.locator("#felt").click()
    phone.keyboard.press("End")
    assert at(phone) == len(frames) - 1
    phone.keyboard.press("Home")
    assert at(phone) == 0
    phone.keyboard.press("PageDown")
    assert at(phone) == starts[1]
    phone.keyboard.press("PageUp")
    assert at(phone) == 0
    leads = sorted({*starts, *(n - 1 for n in range(1, len(frames))
                               if frames[n]["deal"] == frames[n - 1]["deal"]
                               and frames[n]["trick"] > frames[n - 1]["trick"])})
    phone.keyboard.press("ArrowDown")  # the next trick's lead (or the first, after a marriage)
    assert at(phone) == next(s for s in leads if s > 0)
    phone.keyboard.press("ArrowDown")
    second = next(s for s in leads if s > leads[1])
    assert at(phone) == second
    phone.keyboard.press("ArrowRight")
    assert at(phone) == second + 1
    phone.keyboard.press("ArrowUp")
    assert at(phone) == second


def test_one_analysis_is_shown_with_the_move_made_marked(phone: Any, server: str) -> None:
    table_id = finished_table(server, "schnapsen", 2)
    frames = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}/replay"))[
        "frames"]
    phone.add_init_script("localStorage.setItem('stich:lang', 'en'); "
                          "localStorage.setItem('stich:deck', 'german')")
    phone.goto(f"{server}/replay/{table_id}")
    phone.wait_for_function("() => document.getElementById('commitment').dataset.verified")
    phone.locator("#slider").fill("2")
    assert frames[2]["to_act"] is not None
    phone.click("#analyse")
    phone.wait_for_selector("#analysis table.analysis tr.played")
    answer = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}/analysis/2"))
    rows = phone.locator("#analysis table.analysis tbody tr")
    assert rows.count() == len(answer["values"]) >= 1
    played = phone.locator("#analysis tr.played")
    assert played.count() == 1
    assert played.get_attribute("data-action") == frames[3]["action"] == answer["played"]
    text = played.inner_text()
    assert "◀ played" in text
    name = phone.evaluate(f"actionName({json.dumps(answer['played'])}, 'german')")
    assert name in text and answer["played"].split()[-1] not in text  # "King of Bells", not DK
    values = [v["value"] for v in sorted(answer["values"], key=lambda v: -v["value"])]
    shown = [float(rows.nth(n).locator("td.num").inner_text().replace("−", "-"))
             for n in range(rows.count())]
    assert shown == [round(v, 2) for v in values]  # best first, as the search values them
    assert "to act" in phone.inner_text("#analysis")
    phone.select_option("#deck", "french")  # the same answer, the cards named in another deck
    french = phone.evaluate(f"actionName({json.dumps(answer['played'])}, 'french')")
    assert french in phone.inner_text("#analysis tr.played") and french != name
    phone.locator("#felt").click()
    phone.keyboard.press("ArrowRight")  # another step: its own answer, none yet
    assert at(phone) == 3 and phone.locator("#analysis table").count() == 0


@pytest.mark.slow
@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
@pytest.mark.parametrize(("game", "seats"), [("schnapsen", 2), ("bauernschnapsen", 4),
                                             ("dreierschnapsen", 3), ("jass", 4)])
def test_every_game_replays_and_is_analysed(browser: Any, server: str, game: str, seats: int,
                                            size: dict[str, int]) -> None:
    table_id = finished_table(server, game, seats)
    frames = json.load(urllib.request.urlopen(f"{server}/api/tables/{table_id}/replay"))[
        "frames"]
    context = browser.new_context(viewport=size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_function("() => document.getElementById('commitment').dataset.verified")
    last = frames[-1]["deal"]
    page.select_option("#deals", str(last))
    step = at(page)
    assert frames[step]["deal"] == last or frames[step]["action"] is not None
    while frames[step]["to_act"] is None:
        step += 1
    page.locator("#slider").fill(str(step))
    page.keyboard.press("a")
    page.wait_for_selector("#analysis table.analysis tr.played")
    assert page.get_attribute("#analysis tr.played", "data-action") == frames[step + 1]["action"]
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # nothing sideways
    assert not errors
    context.close()


def test_the_replays_card_indices_are_16_px_at_390(phone: Any, server: str) -> None:
    """docs/web.md, "Access": the replay's hands and trick draw their cards at full size
    (indices of 16 CSS px and more at 390x844), a Jass hand of nine overlapped so that every
    card's index stays in view and nothing runs off the page."""
    table_id = finished_table(server, "jass", 4)
    phone.goto(f"{server}/replay/{table_id}")
    phone.wait_for_selector("#hands svg.card")
    phone.click("#next")
    found = phone.evaluate("""() => [...document.querySelectorAll(
        '#hands svg.card, #trick svg.card')].map((card) => {
          const index = card.querySelector('text').getBoundingClientRect();
          const next = card.nextElementSibling;
          return {height: index.height, left: index.left, right: index.right,
                  covered: next ? next.getBoundingClientRect().left < index.right : false};
        })""")
    assert len(found) >= 36, found
    assert min(card["height"] for card in found) >= 16, found
    assert not [card for card in found if card["covered"] or card["left"] < 0
                or card["right"] > 390], found
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
