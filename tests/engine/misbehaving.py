"""An engine that plays legally, then misbehaves on purpose in deal 1 (tests of the host).

``python misbehaving.py MODE``: MODE is late, illegal, garbage, flood, longline, exit, hang,
badid or none. It plays the first legal action, except at its first decision in deal 1.
"""

from __future__ import annotations

import json
import sys
import time

mode = sys.argv[1]
deal = 0
asked = 0


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        send({"type": "hello", "protocol": 1, "name": f"misbehaving-{mode}", "author": "tests",
              "games": ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]})
    elif kind == "deal":
        deal, asked = message["deal"], 0
    elif kind == "act":
        asked += 1
        legal = message["legal"]
        if deal == 1 and asked == 1 and mode != "none":
            if mode == "late":
                time.sleep(message["time_ms"] / 1000 + 0.5)
            elif mode == "illegal":
                send({"type": "action", "action": "play " + ("HA" if "HA" not in str(legal)
                                                             else "S6")})
                continue
            elif mode == "badid":
                send({"type": "action", "id": 99999})
                continue
            elif mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
                continue
            elif mode == "flood":
                for _ in range(1000):
                    send({"type": "info", "text": "thinking"})
                continue
            elif mode == "longline":
                sys.stdout.write("x" * 200_000)
                sys.stdout.flush()
                continue
            elif mode == "exit":
                sys.exit(3)
            elif mode == "hang":
                time.sleep(3600)
        send({"type": "action", "id": legal[0]["id"]})
    elif kind == "quit":
        break
