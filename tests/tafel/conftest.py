"""The phone-sized browser fixtures (tests/browser.py) for the score pad's page."""

from tests.browser import browser, phone

__all__ = ["browser", "phone"]
