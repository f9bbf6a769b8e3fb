"""Bot accounts in Chromium (docs/web.md, "Bot accounts"): the lobby invites a connected bot
account into a seat by name, the table marks its seat BOT, the profile marks the account."""

from __future__ import annotations

from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from stich.engine.connect import bridge_for
from tests.web.test_bot_accounts import Running, bot_account, server


def test_the_lobby_invites_a_bot_account_and_the_pages_mark_it(
        phone: Any, sqlite_url: str, pool: Executor, tmp_path: Path) -> None:
    with server(sqlite_url, pool) as base:
        token = bot_account(base, "Robo")
        with Running(bridge_for(base, token, "random", None, seed=1, tables=2)):
            phone.add_init_script("localStorage.setItem('stich:lang', 'en')")
            phone.goto(base + "/")
            phone.select_option("#game", "schnapsen")
            assert phone.locator(".botaccountname").nth(1).is_hidden()
            phone.locator(".seatkind").nth(1).select_option("botaccount")
            phone.locator(".botaccountname").nth(1).fill("Robo")
            phone.click("#create")
            phone.wait_for_selector("#created:not([hidden])")
            phone.goto(base + str(phone.get_attribute("#go", "href")))
            phone.fill("#name", "Anna")
            phone.click("#joinbtn")
            phone.wait_for_selector(".seatbox.me")
            badge = phone.locator(".seatbox .mark.botaccount")
            badge.wait_for()
            assert badge.inner_text() == "BOT"
            assert "Robo" in phone.locator(".seatbox", has=phone.locator(
                ".mark.botaccount")).inner_text()
            phone.screenshot(path=str(tmp_path / "table-bot-account.png"))
            # the owner of a waiting table gives a free seat to the bot account
            phone.goto(base + "/")
            phone.select_option("#game", "schnapsen")
            phone.locator(".seatkind").nth(1).select_option("person")
            phone.click("#create")
            phone.wait_for_selector("#created:not([hidden])")
            phone.goto(base + str(phone.get_attribute("#go", "href")))
            phone.wait_for_selector("#ownerbox button.toaccount")
            phone.fill("#botaccountname", "Niemand")
            phone.locator("#ownerbox button.toaccount").nth(0).click()
            phone.wait_for_function(
                "() => document.getElementById('error').textContent !== ''")
            assert "Niemand" in phone.inner_text("#error")  # not connected, in words
            phone.fill("#botaccountname", "Robo")
            phone.locator("#ownerbox button.toaccount").nth(1).click()
            phone.locator("#seatchoice .mark.botaccount").wait_for()
            phone.screenshot(path=str(tmp_path / "join-bot-account.png"))
            phone.goto(base + "/u/Robo")
            phone.locator("#title .botmark").wait_for()
            assert phone.inner_text("#title .botmark").strip() == "BOT"
            phone.screenshot(path=str(tmp_path / "profile-bot-account.png"))
