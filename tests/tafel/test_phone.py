"""The phone page in Chromium on a phone-sized viewport: the keeper enters a
deal with the big buttons, a follower's page shows the Z, a player predicts on his own page;
no request leaves localhost (tests/browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the phone page needs the web extra")
pytest.importorskip("uvicorn", reason="the phone page needs the web extra")

from stich.tafel.store import load_pad, new_pad
from stich.tafel.web import PadHub, create_app
from tests.browser import LiveServer

FOUR = ["Anna", "Ben", "Carl", "Dora"]


def test_keeper_enters_a_jass_deal_with_buttons_and_a_follower_sees_the_z(
        phone: Any, tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad("jass", FOUR), tmp_path / "pad.json")
    with LiveServer(create_app(hub)) as root:
        phone.goto(f"{root}/p/{pad_id}?key={handle.keeper}")
        phone.get_by_role("button", name="Schellen").click()
        phone.get_by_role("button", name="Anna & Carl").first.click()
        phone.fill("input[name=points]", "100")
        phone.click("#enter")
        phone.wait_for_function("() => document.getElementById('result').textContent"
                                ".includes('Anna & Carl 200 : Ben & Dora 114')")
        assert phone.locator("#board svg polyline").count() == 2  # a Z per team
        box = phone.locator("button[data-value='C']").bounding_box()
        assert box is not None and box["height"] >= 44  # big enough for a finger
        phone.fill("input[name=line]", "rosen 1 170")
        phone.click("#enter")
        phone.wait_for_function("() => document.getElementById('error').textContent.length > 0")
        assert "257 only with Match" in phone.inner_text("#error")
        assert load_pad(tmp_path / "pad.json").scores()["scores"] == [200, 114]

        phone.goto(f"{root}/p/{pad_id}")  # a follower: the board, no entry form
        phone.wait_for_selector("#board svg")
        assert phone.locator("#entry").is_hidden()
        assert "Anna & Carl 200" in phone.inner_text("#result")


def test_a_player_predicts_on_his_phone_hidden_from_the_others(phone: Any,
                                                               tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad("differenzler", ["Anna", "Ben", "Carl"]),
                              tmp_path / "d.json")
    with LiveServer(create_app(hub)) as root:
        phone.goto(f"{root}/p/{pad_id}?seat=1&key={handle.seats[1]}")
        phone.fill("input[name=predict1]", "60")
        phone.click("#predict1")
        phone.wait_for_function("() => document.getElementById('predict').textContent"
                                ".includes('Ben (60)')")
        assert phone.locator("input[name=predict0]").count() == 0  # only his own
        phone.goto(f"{root}/p/{pad_id}")
        phone.wait_for_selector("#board table")
        assert "60" not in phone.inner_text("body")
        phone.goto(f"{root}/p/{pad_id}?key={handle.keeper}")
        phone.wait_for_selector("#predict0")
        assert "Ben ✓" in phone.inner_text("#predict") and "(60)" not in phone.inner_text(
            "#predict")


def test_bummerl_counter_buttons_and_undo(phone: Any, tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad("schnapsen", ["Anna", "Ben"]), tmp_path / "s.json")
    with LiveServer(create_app(hub)) as root:
        phone.goto(f"{root}/p/{pad_id}?key={handle.keeper}")
        phone.get_by_role("button", name="Anna").click()
        phone.get_by_role("button", name="3", exact=True).click()
        phone.click("#enter")
        phone.wait_for_function("() => document.getElementById('result').textContent"
                                ".includes('Anna 4 to go')")
        assert phone.locator("#board svg.counter text", has_text="4").count() == 1
        phone.click("#undo")
        phone.wait_for_function("() => document.getElementById('result').textContent"
                                ".includes('Anna 7 to go')")
        assert load_pad(tmp_path / "s.json").entries == []


def test_race_pad_buttons(phone: Any, tmp_path: Path) -> None:
    hub = PadHub()
    pad_id, handle = hub.open(new_pad("bauernschnapsen", FOUR), tmp_path / "b.json")
    with LiveServer(create_app(hub)) as root:
        phone.goto(f"{root}/p/{pad_id}?key={handle.keeper}")
        phone.get_by_role("button", name="Gang", exact=True).click()
        phone.get_by_role("button", name="Ben", exact=True).click()
        phone.get_by_role("button", name="lost").click()
        phone.get_by_role("button", name="×2").click()
        phone.click("#enter")
        phone.wait_for_function("() => document.getElementById('result').textContent"
                                ".includes('Anna & Carl 18')")
        phone.get_by_role("button", name="Redeal").click()
        phone.click("#enter")
        phone.wait_for_function("() => document.getElementById('history').textContent"
                                ".includes('redeal')")
