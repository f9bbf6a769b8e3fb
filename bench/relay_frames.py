"""What a relaying worker spends on each frame it passes on to know where the socket's stream
goes on when its table moves to another worker (``stich.web.cluster.Link._note``, and
``_settle`` once at the move; docs/web.md, "When a worker dies").

Plays a Schnapsen table against a random bot through the real WebSocket endpoint (in process,
SQLite), keeps the first 40 frames a seat receives, and times reading them as the relay does.
Run: `python bench/relay_frames.py` (with `uptime` before and after: it is wall time).
"""

from __future__ import annotations

import collections
import json
import random
import tempfile
import timeit

FRAMES = 40
ROUNDS = 2000


def frames() -> list[str]:
    from fastapi.testclient import TestClient

    from stich.play.workers import bot_pool
    from stich.web.actor import Settings
    from stich.web.app import create_app

    pool = bot_pool(1)
    seen: list[str] = []
    settings = Settings(bot_delay=0.0, seed=13, deal_wait=0.2, deal_wait_bots=0.0)
    try:
        with tempfile.TemporaryDirectory() as folder, TestClient(
                create_app(f"sqlite:///{folder}/web.db", settings, pool)) as client:
            table = client.post("/api/tables", json={"game": "schnapsen", "seats": [
                {"kind": "person"}, {"kind": "bot", "level": "random"}]}).json()["id"]
            token = client.post(f"/api/tables/{table}/join", json={"name": "Anna"}).json()["token"]
            rng = random.Random(1)
            with client.websocket_connect(f"/ws/{table}?token={token}") as socket:
                while len(seen) < FRAMES:
                    text = socket.receive_text()
                    seen.append(text)
                    data = json.loads(text)
                    for message in data if isinstance(data, list) else [data]:
                        if message.get("type") == "turn" and "legal" in message:
                            socket.send_text(json.dumps(
                                {"type": "action", "action": rng.choice(message["legal"])}))
                        elif message.get("type") == "deal_end":
                            socket.send_text(json.dumps({"type": "continue"}))
    finally:
        pool.shutdown()
    return seen


def main() -> None:
    from stich.web.cluster import Link

    got = frames()
    link = Link.__new__(Link)  # only what it keeps of the frames is used
    link.since = 0
    link._numbered = collections.deque(maxlen=8)
    seconds = timeit.timeit(lambda: [link._note(frame) for frame in got], number=ROUNDS)
    settle = timeit.timeit(lambda: [link._note(frame) for frame in got] and link._settle(),
                           number=ROUNDS) - seconds
    full = timeit.timeit(lambda: [json.loads(frame) for frame in got], number=ROUNDS)
    print(f"{len(got)} frames of {sum(map(len, got)) / len(got):.0f} bytes on average: "
          f"{seconds / ROUNDS / len(got) * 1e6:.2f} us a frame passed on, "
          f"{settle / ROUNDS * 1e6:.0f} us a move of the table; "
          f"json.loads of every frame would take {full / ROUNDS / len(got) * 1e6:.1f} us "
          f"a frame; since after the {len(got)} frames: {link.since}")


if __name__ == "__main__":
    main()
