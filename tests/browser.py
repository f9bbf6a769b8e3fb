"""A phone-sized Chromium page for tests (Playwright for Python, Debian's chromium).

Playwright's own browser download does not work here, so the browser is /usr/bin/chromium,
installed with apt when missing and the tests run as root. A test fails on any request that
is not to localhost, and is skipped, with the reason, when no browser can be had.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
LOCAL = {"127.0.0.1", "localhost", "::1"}


def ensure_chromium() -> str | None:
    """The path of a Chromium to launch, or why there is none."""
    if os.path.exists(CHROMIUM):
        return None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return f"no {CHROMIUM}, and apt-get cannot install it here (not root)"
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.run(command, capture_output=True, text=True, timeout=900,
                              env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if done.returncode:
            return f"{' '.join(command)} failed: {done.stderr.strip()[-200:]}"
    return None if os.path.exists(CHROMIUM) else f"apt installed no {CHROMIUM}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the session; skipped with the reason when none can be had."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    why = ensure_chromium()
    if why:
        pytest.skip(why)
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Error as error:
            pytest.skip(f"chromium does not start: {str(error).splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page on a phone-sized viewport; the test fails on any request off localhost."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    outside: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob", "about") or parsed.hostname in LOCAL:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    yield page
    context.close()
    assert not outside, f"requests left localhost: {outside}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """An ASGI app served by uvicorn in a thread, on a free localhost port."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return f"http://127.0.0.1:{self.port}"
            time.sleep(0.02)
        raise RuntimeError("the test server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
