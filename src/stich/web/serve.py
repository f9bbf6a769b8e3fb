"""``stich serve``: the app under uvicorn, with the score pad's routes under ``/tafel``."""

from __future__ import annotations

import gc
from pathlib import Path

from stich.web.actor import Settings
from stich.web.store import Store, default_url

# The frame limits are in stich.web.frames (the app closes a frame over WS_MAX_SIZE with 1009
# and its reason). Messages are small and many: compressing each (permessage-deflate) cost the
# server a large share of its time under load (bench/web_load.py, docs/web.md), so frames go
# uncompressed.

GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds while serving. A server keeps every table's message log, so the
default (700, 10, 10) runs a full collection over all of it every few seconds under load, each
a pause of every table at once (measured with ``gc.callbacks`` under ``bench/web_load.py``:
docs/web.md, figures). The tables keep their messages as text, which the collector does not
track (``stich.core.table``); the collector still runs, only less often."""


def build_app(database_url: str | None, data_dir: Path, settings: Settings,
              bot_workers: int, redis_url: str | None = None) -> object:
    from stich.tafel.web import PadHub, tafel_router
    from stich.web.app import create_app

    url = database_url or default_url(data_dir)
    app = create_app(url, settings, bot_workers=bot_workers, redis_url=redis_url)
    app.include_router(tafel_router(PadHub(), home=data_dir), prefix="/tafel")
    return app


def serve(host: str, port: int, database_url: str | None, data_dir: Path, settings: Settings,
          bot_workers: int, redis_url: str | None = None) -> None:
    import uvicorn

    from stich.web.frames import WS_PROTOCOL_MAX

    url = database_url or default_url(data_dir)
    Store(url).close()  # a database that does not open is one line, before the banner
    app = build_app(url, data_dir, settings, bot_workers, redis_url)
    gc.collect()
    gc.freeze()  # what was loaded to start lives as long as the server: never scanned again
    gc.set_threshold(*GC_THRESHOLDS)
    print(f"stich serves on http://{host}:{port}/  (Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning",  # type: ignore[arg-type]
                ws_max_size=WS_PROTOCOL_MAX, ws_per_message_deflate=False)
