"""The table page's screenshots in docs/web.md, redone from seeded deals.

    PYTHONPATH=src python docs/screenshots.py [--out docs/img]

A server on a free localhost port over a temporary SQLite file; for each game a table whose
seats are all people, seat 0 taken by the page, then seat 0's real view of a seeded deal
(played by seeded random moves up to a point where seat 0 is to play into a trick) handed to
the page as the server sends it. Chromium at 1280x800 and at 390x844; animations off. Needs the
web and test extras (FastAPI, uvicorn, Playwright) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from stich.core.table import Table
from stich.games import match_class
from stich.web.actor import Settings
from stich.web.app import create_app
from stich.web.views import seat_view

NAMES = ["Anna", "Bert", "Cilli", "Dora"]
SEATS = {"schnapsen": 2, "bauernschnapsen": 4, "dreierschnapsen": 3, "jass": 4}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CHROMIUM = "/usr/bin/chromium"


def seeded_table(game: str, seed: int) -> Table:
    """A deal of ``game`` played by seeded random moves until seat 0 is to play into a trick
    that already holds a card (the first deal of matches seeded ``seed``, ``seed + 1`` ...)."""
    for match_seed in range(seed, seed + 50):
        rng = random.Random(match_seed)
        table = Table(match_class(game)(NAMES[:SEATS[game]], seed=match_seed))
        while table.to_act >= 0 and table.deal_number == 0:
            legal = [str(a) for a in table.legal_actions()]
            view = seat_view(table.game, 0)
            if (table.to_act == 0 and view.get("trick") and view.get("last_trick")
                    and any(a.startswith("play ") for a in legal)):
                return table
            table.submit(table.to_act, rng.choice(legal))
    raise SystemExit(f"no {game} deal reached a trick for seat 0")


def post(url: str, data: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    answer: dict[str, Any] = json.load(urllib.request.urlopen(request))
    return answer


def serve(folder: Path) -> tuple[str, Any]:
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(f"sqlite:///{folder / 'web.db'}", Settings(seed=1), bot_workers=1)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", server


def shoot(page: Any, base: str, game: str, lang: str, seed: int, path: Path) -> None:
    """Seat 0's page of ``game`` at the seeded point, saved to ``path`` (.jpg or .png)."""
    spec = {"game": game, "seats": [{"kind": "person"}] * SEATS[game]}
    table_id = post(base + "/api/tables", spec)["id"]
    page.goto(f"{base}/t/{table_id}")
    page.fill("#name", NAMES[0])
    page.click("#joinbtn")
    page.wait_for_selector(".seatbox.me")
    page.wait_for_function("() => seats.length > 0 && socket.readyState === 1")
    page.wait_for_timeout(300)   # the server's own seats message comes first
    seats = [{"kind": "person", "name": n, "joined": True, "away": False, "level": ""}
             for n in NAMES[:SEATS[game]]]
    page.evaluate("s => receive({type: 'hello', seat: 0, table: {...info, seats: s}})", seats)
    page.evaluate("s => receive({type: 'seats', status: 'running', seats: s, watchers: 0})", seats)
    table = seeded_table(game, seed)
    message = {"type": "view", "deal": 0, "moves": len(table.game.history),
               "view": seat_view(table.game, 0), "match": table.match.state(), "over": False}
    page.evaluate("m => receive(m)", json.loads(json.dumps(message, default=str)))
    if path.suffix == ".png":
        page.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), type="jpeg", quality=62)   # small files for the docs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "img")
    parser.add_argument("--lang", default="de", choices=["de", "en"])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--games", nargs="*", default=list(SEATS))
    parser.add_argument("--format", default="jpg", choices=["jpg", "png"])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        base, server = serve(Path(folder))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, is_mobile=size == "phone")
            context.add_init_script(f"localStorage.setItem('stich:lang', '{args.lang}');"
                                    "localStorage.setItem('stich:motion', 'off')")
            page = context.new_page()
            for game in args.games:
                path = args.out / f"table-{game}-{size}.{args.format}"
                shoot(page, base, game, args.lang, args.seed, path)
                print(path)
            context.close()
        browser.close()
        server.should_exit = True


if __name__ == "__main__":
    main()
