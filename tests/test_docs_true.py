"""What the repository says of itself holds: it cites rules and docs, never a tracker's issues
(the tracker is not in the repository), and ``import stich`` shows its public names only."""

from __future__ import annotations

import re
from pathlib import Path

import stich

ROOT = Path(__file__).resolve().parents[1]
TRACKER = re.compile("issues?" + r" [0-9]", re.IGNORECASE)  # split so this file is not a hit
PLACES = ("src", "tests", "bench", "docs")
TEXT = {".py", ".md", ".js", ".css", ".html", ".toml", ".json", ".txt", ".c", ".pyi", ".ini"}


def test_nothing_cites_a_trackers_issue() -> None:
    files = [ROOT / "pyproject.toml", ROOT / "README.md",
             *(p for place in PLACES for p in (ROOT / place).rglob("*")
               if p.is_file() and p.suffix in TEXT and "egg-info" not in str(p)
               and "node_modules" not in p.parts)]
    hits = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in files
            for number, line in enumerate(path.read_text(encoding="utf-8",
                                                         errors="replace").splitlines(), 1)
            if TRACKER.search(line)]
    assert not hits, "\n".join(hits)


def test_the_package_shows_its_public_names_only() -> None:
    assert dir(stich) == sorted(stich.__all__)
    assert not {"Any", "TYPE_CHECKING", "annotations"} & set(dir(stich))
    for name in stich.__all__:
        assert getattr(stich, name) is not None
