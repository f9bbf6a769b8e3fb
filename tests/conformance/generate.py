"""Rewrite a game's corpus file: ``python -m tests.conformance.generate GAME``.

Each game's positions come from ``tests/conformance/positions_<game>.py``, whose
``entries()`` returns the corpus lines (built with ``corpus.entry``).
"""

from __future__ import annotations

import importlib
import sys

from tests.conformance.corpus import write


def main(argv: list[str]) -> None:
    for game in argv or ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]:
        module = importlib.import_module(f"tests.conformance.positions_{game}")
        path = write(game, module.entries())
        print(f"{path}: written")


if __name__ == "__main__":
    main(sys.argv[1:])
