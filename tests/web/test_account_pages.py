"""Accounts and the lobby's options in Chromium (docs/web.md, "Accounts", "The lobby's
options"): sign up, reload (still logged in), log out, log in, change the password (the old one
is refused), the login never readable by a script; every option shown with its words in both
languages, Schnapsen first, bot levels by name."""

from __future__ import annotations

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
    with LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, pool)) as url:
        yield url


def _account(page: Any, button: str, name: str, password: str) -> None:
    page.fill("#acname", name)
    page.fill("#acpassword", password)
    page.click(button)


def test_sign_up_log_out_log_in_and_change_the_password(phone: Any, server: str) -> None:
    phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
    phone.goto(server + "/")
    phone.wait_for_selector("#loggedout:not([hidden])")
    _account(phone, "#signup", "Anna", "kurz")
    phone.wait_for_function("() => document.getElementById('accounterror').textContent"
                            ".includes('8 to 200 characters')")
    _account(phone, "#signup", "Bot 1 (rules)", "geheim123")  # a bot's name (docs/web.md)
    phone.wait_for_function("() => document.getElementById('accounterror').textContent"
                            ".includes(\"is a bot's name\")")
    _account(phone, "#signup", "Anna", "geheim123")
    phone.wait_for_selector("#loggedin:not([hidden])")
    assert phone.inner_text("#whoami") == "Logged in as Anna"
    assert phone.evaluate("document.cookie") == ""  # HttpOnly: no script reads the login
    assert not phone.evaluate("Object.keys(localStorage).some(k => k.includes('login'))")
    phone.reload()
    phone.wait_for_selector("#loggedin:not([hidden])")
    phone.click("#logout")
    phone.wait_for_selector("#loggedout:not([hidden])")
    _account(phone, "#login", "Anna", "falsch123")
    phone.wait_for_function("() => document.getElementById('accounterror').textContent"
                            " === 'Wrong name or password.'")
    _account(phone, "#login", "Anna", "geheim123")
    phone.wait_for_selector("#loggedin:not([hidden])")
    phone.click("#passwordbox summary")
    phone.fill("#oldpassword", "geheim123")
    phone.fill("#newpassword", "neu-geheim")
    phone.click("#changepassword")
    phone.wait_for_function("() => document.getElementById('accounterror').textContent"
                            " === 'Password changed'")
    phone.click("#logout")
    phone.wait_for_selector("#loggedout:not([hidden])")
    _account(phone, "#login", "Anna", "geheim123")  # the old password
    phone.wait_for_function("() => document.getElementById('accounterror').textContent"
                            " === 'Wrong name or password.'")
    _account(phone, "#login", "Anna", "neu-geheim")
    phone.wait_for_selector("#loggedin:not([hidden])")
    assert phone.get_attribute("#profilelink", "href") == "/u/Anna"
    # hiding the profile, then the profile page says so to someone else
    phone.check("#hidden")
    phone.wait_for_function("() => document.getElementById('hidden').checked")
    phone.reload()
    phone.wait_for_selector("#loggedin:not([hidden])")
    assert phone.is_checked("#hidden")
    phone.context.clear_cookies()
    phone.goto(server + "/u/Anna")
    phone.wait_for_function("() => document.getElementById('error').textContent"
                            ".includes('keeps his matches hidden')")


@pytest.mark.parametrize("lang, words", [
    ("de", ["Schnapsen (zu zweit)", "Weich", "Melden vor dem ersten Stich", "Anfänger",
            "Standard (", "Bummerl für die Partie"]),
    ("en", ["Schnapsen (two players)", "Soft", "Marriage before the first trick", "Beginner",
            "default (", "Bummerl for the rubber"]),
])
def test_the_lobby_shows_words_not_identifiers(phone: Any, server: str, lang: str,
                                              words: list[str]) -> None:
    phone.add_init_script(f"localStorage.setItem('stich:lang', '{lang}')")
    phone.goto(server + "/")
    phone.wait_for_selector("#game option", state="attached")
    assert phone.eval_on_selector("#game", "s => s.options[0].value") == "schnapsen"
    phone.click("#optionbox summary")
    shown = " ".join([phone.inner_text("main"),
                      *phone.eval_on_selector_all("option", "os => os.map(o => o.text)")])
    for word in words:
        assert word in shown, word
    for identifier in ["marriage_before_first_trick", "king_or_queen", "bot:random", "(random)",
                       "schneider_bummerl"]:
        assert identifier not in shown, identifier
    phone.select_option("#game", "jass")
    shown = phone.inner_text("#options")
    assert ("Faktoren" if lang == "de" else "Factors") in shown and "multipliers" not in shown
    phone.select_option("#game", "bauernschnapsen")
    assert "Bauernloch" in phone.inner_text("#options")
    # a table with the rules and a level chosen by their words
    phone.select_option("#game", "schnapsen")
    review = ".option[data-name='trick_review'] option"
    assert phone.locator(review).first.inner_text() == t_default(lang, "on")
    phone.select_option("#preset", "sharp")  # the defaults shown are the preset's (S-11)
    assert phone.locator(review).first.inner_text() == t_default(lang, "off")
    phone.select_option(".option[data-name='rubber']", "3")
    phone.locator(".seatkind").nth(1).select_option("bot:expert")
    phone.click("#create")
    phone.wait_for_selector("#created:not([hidden])")


def t_default(lang: str, value: str) -> str:
    words = {"de": {"on": "an", "off": "aus"}, "en": {"on": "on", "off": "off"}}[lang]
    return ("Standard ({})" if lang == "de" else "default ({})").format(words[value])
