"""The pad as a phone page, served with FastAPI; needs the ``web`` extra.

:func:`tafel_router` gives the routes for a :class:`PadHub` of open pads, so another app
(``stich serve``) can mount them under its own prefix; :func:`create_app` makes a standalone
app and :func:`serve` runs it for one pad. The keeper's link carries a secret key and only it
enters; a follower's link shows the pad; in Differenzler each player's link lets him enter his
own prediction, hidden from everybody else until the points are in. Every asset is served here:
the page makes no request anywhere else.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from stich.core.scoring.entry import EntryError
from stich.headers import SecurityHeaders
from stich.tafel.buttons import fields_for
from stich.tafel.command import open_pad
from stich.tafel.drawing import board_html, sheet_html
from stich.tafel.games import PADS
from stich.tafel.jass_pads import DifferenzlerPad
from stich.tafel.pad import Pad
from stich.tafel.store import pad_data, save_pad

PAGE_HELP = "Undo takes back the last entry; the history lists every entry."
"""The page's own keys in place of the terminal's (u, h, ?, q): its buttons."""
STATIC = {"pad.js": "text/javascript", "pad.css": "text/css", "new.js": "text/javascript",
          "sheet.css": "text/css"}


@dataclasses.dataclass
class PadHandle:
    """An open pad, the file it saves to after every change, and its secret keys."""

    pad: Pad
    path: Path
    keeper: str = dataclasses.field(default_factory=lambda: secrets.token_urlsafe(16))
    seats: list[str] = dataclasses.field(default_factory=list)
    """Each player's key for his own Differenzler prediction."""
    version: int = 0
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [secrets.token_urlsafe(12) for _ in self.pad.names]

    def role(self, key: str | None, seat: int | None) -> str:
        if key is not None and secrets.compare_digest(key, self.keeper):
            return "keeper"
        if (key is not None and seat is not None and 0 <= seat < len(self.seats)
                and secrets.compare_digest(key, self.seats[seat])):
            return "player"
        return "viewer"

    def changed(self) -> None:
        save_pad(self.path, self.pad)
        self.version += 1


class PadHub:
    """The pads a server keeps open, by id."""

    def __init__(self) -> None:
        self.pads: dict[str, PadHandle] = {}

    def open(self, pad: Pad, path: Path) -> tuple[str, PadHandle]:
        pad_id = secrets.token_urlsafe(6)
        handle = PadHandle(pad, path)
        self.pads[pad_id] = handle
        save_pad(path, pad)
        return pad_id, handle

    def get(self, pad_id: str) -> PadHandle:
        handle = self.pads.get(pad_id)
        if handle is None:
            raise HTTPException(404, "no such pad")
        return handle


def _new_page(base: str) -> str:
    """A form to open a new pad (``stich serve``): game, players, preset (``static/new.js``)."""
    games = "".join(f"<option>{escape(game)}</option>" for game in PADS)
    base = escape(base)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>stich tafel</title><link rel="stylesheet" href="{base}/static/pad.css">'
            f'<link rel="icon" href="data:,"></head><body><header><h1>Score pad</h1></header>'
            f'<main><form id="new" data-base="{base}"><label>Game <select name="game">{games}'
            f'</select></label>'
            f'<label>Players <input name="names" placeholder="Anna, Bert, ..."></label>'
            f'<label>Preset <input name="preset" placeholder="default"></label>'
            f'<button>Open the pad</button></form><p id="error" role="alert"></p></main>'
            f'<script src="{base}/static/new.js"></script></body></html>\n')


def _page(pad_id: str, base: str) -> str:
    pad_id, base = escape(pad_id), escape(base)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>stich tafel</title><link rel="stylesheet" href="{base}/static/pad.css">'
            f'<link rel="icon" href="data:,"></head>'
            f'<body data-pad="{pad_id}" data-base="{base}"><header><h1 id="title">…</h1>'
            f'<p id="result"></p></header><main><section id="board"></section>'
            f'<section id="predict" hidden></section><section id="entry" hidden></section>'
            f'<p id="error" role="alert"></p><section id="share" hidden></section>'
            f'<details id="history-box"><summary>History</summary><ol id="history"></ol>'
            f'</details></main><script src="{base}/static/pad.js"></script></body></html>\n')


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise HTTPException(400, "the body must be JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return data


def _state(pad_id: str, handle: PadHandle, role: str, seat: int | None,
           since: int) -> dict[str, Any]:
    """What a page shows, as its role may see it; only the version if it has it already."""
    if since == handle.version:
        return {"version": handle.version, "unchanged": True}
    pad = handle.pad
    own = seat if role == "player" else None
    out: dict[str, Any] = {
        "version": handle.version, "game": pad.GAME, "title": pad.TITLE,
        "names": pad.names, "role": role, "board": board_html(pad),
        "result": pad.result_line(), "history": pad.history(), "over": pad.is_over(),
        "scores": pad.scores(own), "help": f"{pad.entry_help()}\n{PAGE_HELP}",
        "fields": fields_for(pad) if role == "keeper" else [],
        "predicting": isinstance(pad, DifferenzlerPad) and role in ("keeper", "player"),
    }
    if role == "keeper":
        out["links"] = {"follow": f"p/{pad_id}",
                        "players": [f"p/{pad_id}?seat={s}&key={k}"
                                    for s, k in enumerate(handle.seats)]
                        if isinstance(pad, DifferenzlerPad) else []}
    return out



def tafel_router(hub: PadHub, home: Path | None = None) -> APIRouter:
    """The pad routes; mount under any prefix (the page finds its assets relative to it).
    With ``home`` (``stich serve``'s data folder) anyone may open a new pad there: a form at
    the prefix's root, ``POST new``; the pad is saved under ``home/tafel/``."""
    router = APIRouter()

    if home is not None:
        @router.get("/", response_class=HTMLResponse)
        def new_form(request: Request) -> str:
            return _new_page(request.url.path.rstrip("/"))

        @router.post("/new")
        async def new(request: Request) -> dict[str, Any]:
            data = await _body(request)
            game, names = data.get("game"), data.get("names") or []
            preset, options = data.get("preset") or None, data.get("options") or {}
            if (not isinstance(game, str) or not isinstance(names, list)
                    or not all(isinstance(n, str) for n in names)
                    or not isinstance(options, dict)):
                raise HTTPException(400, "send game, names (a list) and options (an object)")
            try:
                pad, path = open_pad(game, [n.strip() for n in names if n.strip()], preset,
                                     [f"{k}={v}" for k, v in options.items()], None, None, home)
            except (KeyError, ValueError) as error:
                message = error.args[0] if isinstance(error, KeyError) else str(error)
                raise HTTPException(400, message) from None
            pad_id, handle = hub.open(pad, path.with_name(f"{path.stem}-{secrets.token_hex(3)}"
                                                          f"{path.suffix}"))
            base = request.url.path[: -len("/new")]
            return {"keeper": f"{base}/p/{pad_id}?key={handle.keeper}",
                    "follower": f"{base}/p/{pad_id}",
                    "players": [f"{base}/p/{pad_id}?seat={seat}&key={key}"
                                for seat, key in enumerate(handle.seats)]}

    @router.get("/static/{name}")
    def static(name: str) -> Response:
        if name not in STATIC:
            raise HTTPException(404, "no such file")
        text = resources.files("stich.tafel").joinpath("static", name).read_text("utf-8")
        return Response(text, media_type=STATIC[name])

    @router.get("/p/{pad_id}", response_class=HTMLResponse)
    def page(pad_id: str, request: Request) -> str:
        hub.get(pad_id)
        return _page(pad_id, router_prefix(request, pad_id))

    @router.get("/p/{pad_id}/state")
    def state(pad_id: str, key: str | None = None, seat: int | None = None,
              since: int = -1) -> dict[str, Any]:
        handle = hub.get(pad_id)
        with handle.lock:  # never half-way through an entry being booked
            return _state(pad_id, handle, handle.role(key, seat), seat, since)

    def keeper_only(handle: PadHandle, data: dict[str, Any]) -> None:
        if handle.role(data.get("key"), None) != "keeper":
            raise HTTPException(403, "only the pad's keeper enters")

    @router.post("/p/{pad_id}/entry")
    async def entry(pad_id: str, request: Request) -> JSONResponse:
        handle = hub.get(pad_id)
        data = await _body(request)
        keeper_only(handle, data)
        line = data.get("line")
        if not isinstance(line, str) or not line.strip():
            raise HTTPException(400, "send the entry as a line")
        with handle.lock:
            try:
                added = handle.pad.enter(line)
            except EntryError as error:
                return JSONResponse({"error": str(error)}, status_code=400)
            handle.changed()
        return JSONResponse({"ok": True, "entry": handle.pad.describe(added)})

    @router.post("/p/{pad_id}/undo")
    async def undo(pad_id: str, request: Request) -> dict[str, Any]:
        handle = hub.get(pad_id)
        keeper_only(handle, await _body(request))
        with handle.lock:
            dropped = handle.pad.undo()
            if dropped is not None:
                handle.changed()
        return {"ok": True, "undone": None if dropped is None else handle.pad.describe(dropped)}

    @router.post("/p/{pad_id}/predict")
    async def predict(pad_id: str, request: Request) -> JSONResponse:
        handle = hub.get(pad_id)
        data = await _body(request)
        seat, points = data.get("seat"), data.get("points")
        if not isinstance(handle.pad, DifferenzlerPad):
            raise HTTPException(404, "predictions are for Differenzler pads")
        if not isinstance(seat, int) or handle.role(data.get("key"), seat) == "viewer":
            raise HTTPException(403, "a player predicts with his own link, or the keeper")
        with handle.lock:
            try:
                handle.pad.add({"kind": "predict", "seat": seat, "points": points})
            except EntryError as error:
                return JSONResponse({"error": str(error)}, status_code=400)
            handle.changed()
        return JSONResponse({"ok": True})

    @router.get("/p/{pad_id}/sheet", response_class=HTMLResponse)
    def sheet(pad_id: str) -> str:
        return sheet_html(hub.get(pad_id).pad, stylesheet="../../static/sheet.css")

    @router.get("/p/{pad_id}/file")
    def file(pad_id: str, key: str | None = None) -> dict[str, Any]:
        """The pad's JSON file; hidden predictions only for the keeper (they are in it)."""
        handle = hub.get(pad_id)
        if handle.role(key, None) != "keeper":
            raise HTTPException(403, "the file holds hidden predictions: keeper only")
        return pad_data(handle.pad)

    return router


def router_prefix(request: Request, pad_id: str) -> str:
    """The prefix the router is mounted under, read from the page's own path."""
    path = request.url.path
    return path[: path.rindex(f"/p/{pad_id}")]


def create_app(hub: PadHub) -> FastAPI:
    app = FastAPI(title="stich tafel", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(SecurityHeaders)  # the pages run only the scripts served here
    app.include_router(tafel_router(hub))
    return app


def serve(pad: Pad, path: Path, host: str = "127.0.0.1", port: int = 8024) -> None:
    """Serve one pad until interrupted; print the keeper's and the followers' links."""
    import uvicorn

    hub = PadHub()
    pad_id, handle = hub.open(pad, path)
    root = f"http://{host}:{port}"
    print(f"{pad.TITLE}: saving to {path}")
    print(f"keeper (enters): {root}/p/{pad_id}?key={handle.keeper}")
    print(f"followers (view): {root}/p/{pad_id}")
    if isinstance(pad, DifferenzlerPad):
        for seat, key in enumerate(handle.seats):
            print(f"{pad.names[seat]} predicts at: {root}/p/{pad_id}?seat={seat}&key={key}")
    uvicorn.run(create_app(hub), host=host, port=port, log_level="warning")
