"""An engine that plays the first legal action and writes each message's type to a file
(``python recording.py LOG``): what a host tells an engine, in order."""

from __future__ import annotations

import json
import sys

with open(sys.argv[1], "a", encoding="utf-8") as log:
    for line in sys.stdin:
        message = json.loads(line)
        log.write(message["type"] + "\n")
        log.flush()
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": 1, "name": "recording",
                              "author": "tests", "games": ["schnapsen"]}), flush=True)
        elif message["type"] == "act":
            print(json.dumps({"type": "action", "id": message["legal"][0]["id"]}), flush=True)
        elif message["type"] == "quit":
            break
