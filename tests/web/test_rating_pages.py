"""The leaderboard and the profile in Chromium (docs/web.md, "Ratings", "Profiles"), at
390x844 and 1280x800: the board's order and BOT marks, the profile's ratings with their drawn
history, counts and matches with replay links, a hidden profile, nothing wider than the screen,
ratings beside the names in the lobby's list. Screenshots go to ``STICH_SHOTS`` when set."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.web.app import create_app
from tests.browser import LiveServer
from tests.web.helpers import FAST, client_for
from tests.web.test_ratings import accounts, make_bots, play_match

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
BERT = "<img src=x onerror=window.__pwned=1>"
"""Bert's name: shown as text, never run (docs/web.md, "What a page may run")."""


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    with client_for(url, pool) as client:
        login = accounts(client, "Anna", BERT, "Cilli", "Robo", "Droid")
        people = [("Anna", BERT), (BERT, "Cilli"), ("Anna", "Cilli")]
        for seed, (a, b) in enumerate(people):
            play_match(client, "schnapsen", [(a, login[a]), (b, login[b])], seed)
        play_match(client, "schnapsen", [("Anna", login["Anna"]), ("Gast", None)], 9)
        client.cookies.set("stich_login", login["Cilli"])
        client.post("/api/profile", json={"hidden": True})
        play_match(client, "schnapsen", [("Robo", login["Robo"]), ("Droid", login["Droid"])], 1)
    make_bots(url, "Robo", "Droid")  # their board and marks (a bot account plays through
    # stich engine connect: tests/web/test_bot_accounts.py rates two of them that way)
    with LiveServer(create_app(url, FAST, pool)) as address:
        yield address


def _page(browser: Any, size: str, lang: str) -> Any:
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(f"localStorage.setItem('stich:lang', '{lang}')")
    return context.new_page()


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("STICH_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _fits(page: Any, size: str) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]


@pytest.mark.parametrize("size", ["phone", pytest.param("desktop", marks=pytest.mark.slow)])
def test_the_leaderboard_and_the_profile(browser: Any, server: str, size: str) -> None:
    page = _page(browser, size, "de" if size == "phone" else "en")
    policy: list[str] = []
    page.on("console", lambda m: policy.append(m.text) if "Content Security" in m.text else None)
    page.goto(server + "/")
    page.wait_for_selector("#matches")
    page.click("#leaderboardlink")
    page.wait_for_function("() => document.body.dataset.ready")
    names = page.eval_on_selector_all("#people tbody td.who a", "xs => xs.map(x => x.textContent)")
    assert sorted(names) == sorted(["Anna", BERT, "Cilli"])  # Cilli hides her matches only
    low = page.eval_on_selector_all("#people tbody td.wide", "xs => xs.map(x => x.textContent)")
    assert low == sorted(low, key=float, reverse=True)  # best first by mu - 3 sigma
    bots = page.inner_text("#bots")
    assert "Robo" in bots and "Droid" in bots and "BOT" in bots
    assert "μ − 3σ" in page.inner_text("#people thead") or size == "phone"
    _fits(page, size)
    _shot(page, f"leaderboard-{size}")
    page.click("#people td.who a:text-is('Anna')")
    page.wait_for_function("() => document.body.dataset.ready")
    assert page.locator("svg.spark polyline").count() == 1
    counts = page.inner_text("#counts")
    assert "Schnapsen" in counts and ":" in counts and "Bummerl" in counts
    links = page.eval_on_selector_all("#matches a[href^='/replay/']", "xs => xs.length")
    assert links >= 2
    shown = page.inner_text("#matches")
    assert BERT in shown  # a name as text
    assert ("ungewertet" if size == "phone" else "unrated") in shown  # the match with a guest
    page.locator("#matches .rating").first.wait_for()  # ratings beside the names (asked after)
    _fits(page, size)
    _shot(page, f"profile-{size}")
    page.goto(server + "/u/Cilli")  # hidden: the rating shows, the matches do not
    page.wait_for_function("() => document.body.dataset.ready")
    assert page.locator(".ratingcard").count() == 1 and page.inner_text("#error")
    assert page.locator("#matches li").count() == 0 and page.locator("#countsection").is_hidden()
    _shot(page, f"profile-hidden-{size}")
    page.goto(server + "/u/Robo")
    page.wait_for_function("() => document.body.dataset.ready")
    assert "BOT" in page.inner_text("#title")
    assert not policy, policy
    assert page.evaluate("window.__pwned") is None
    page.context.close()
