"""Fixtures every test folder may use. The Chromium fixtures are registered here once: a
session-scoped Playwright registered in two folders would start a second Playwright in the
same thread, which Playwright's sync API refuses."""

from tests.browser import browser, phone  # noqa: F401
