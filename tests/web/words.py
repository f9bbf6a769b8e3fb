"""The pages' word table (``static/i18n.js``) read from Python: each language's keys and texts."""

from __future__ import annotations

import re
from importlib import resources

_ENTRY = re.compile(r'(\w+):\s*"((?:[^"\\]|\\.)*)"')


def words() -> dict[str, dict[str, str]]:
    """``{"de": {key: text}, "en": {...}}`` as the WORDS table holds them."""
    text = resources.files("stich.web").joinpath("static/i18n.js").read_text()
    table = text[text.index("const WORDS = {"):text.index("\n};")]
    german, english = table.split("\n  en: {")
    return {"de": dict(_ENTRY.findall(german.split("de: {", 1)[1])),
            "en": dict(_ENTRY.findall(english))}
