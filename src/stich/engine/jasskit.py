"""Our bots on jass-kit's routes: ``stich engine --serve-jasskit PORT`` (docs/engine-protocol.md).

jass-kit's hosts (its ``AgentByNetwork``, HSLU's tournament tools) POST an observation to
``/NAME/action_trump`` or ``/NAME/action_play_card`` (jass-kit's own routes; the same under
``/jass/players/``, as HSLU's servers mount them); NAME is one of our levels
(``random``, ``rules``, ``pimc``, ``expert``). Each request is answered from the observation
alone, as jass-kit's services are stateless: the observation is read into our information
state (:func:`stich.bots.external.jasskit.info_state`, our Jass without Weis and Stöck, which
jass-kit lacks), and a bot made afresh from the seed chooses; a bot that counts cards within a
deal is shown its earlier turns again first. A request it cannot read gets HTTP 400 with a
line saying why; ``GET /jass/players/NAME`` answers as jass-kit's does.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from stich.bots import bot_names, make_bot
from stich.bots.base import Bot
from stich.bots.external.jasskit import JassKitError, kit_answer, kit_seat, world
from stich.core.actions import Action, as_action
from stich.core.dealing import derive_seed

PREFIX = "/jass/players/"
MAX_BODY = 65536


class JassKitService:
    """Answers jass-kit's requests with our bots; counts what it answered and refused."""

    def __init__(self, seed: int = 0, nodes: int | None = None) -> None:
        self.seed, self.nodes = seed, nodes
        self.answered = 0
        self.refused = 0
        self._lock = threading.Lock()

    def levels(self) -> list[str]:
        return bot_names("jass")

    def answer(self, level: str, route: str, data: Any) -> dict[str, Any]:
        """The answer to one request; JassKitError says why there is none."""
        if level not in self.levels():
            raise JassKitError(f"player not found: {level!r} (ours: {', '.join(self.levels())})")
        game = world(data)
        seat = kit_seat(int(data["playerView"]))
        if game.current_player() != seat:
            raise JassKitError("the observation's player is not to act")
        legal = game.legal_actions()
        choosing = route == "action_trump"
        if choosing != any(a.verb in ("trump", "push") for a in legal):
            raise JassKitError(f"{route} asked, but the observation's player must "
                               f"{'choose trump' if not choosing else 'play a card'}")
        bot = self._bot(level, data)
        action = (bot.choose(game.information_state(seat)) if bot.USES_INFO
                  else self._act_with_memory(bot, data, seat))
        with self._lock:
            self.answered += 1
        return kit_answer(action)

    def _bot(self, level: str, data: Any) -> Bot:
        key = json.dumps(data, sort_keys=True)
        bot = make_bot("jass", level, derive_seed(self.seed, "jasskit", key), nodes=self.nodes)
        return bot

    @staticmethod
    def _act_with_memory(bot: Bot, data: Any, seat: int) -> Action:
        """A bot that remembers within a deal sees each of its earlier turns, then this one."""
        final = world(data)
        replay = type(final)([list(hand) for hand in final.dealt], final.dealer, final.options)
        bot.new_deal(seat)
        for actor, action in final.to_record().actions:
            if actor == seat:
                bot.act(replay.observation(seat))
            replay.apply_legal(as_action(action))
        return bot.act(final.observation(seat))


def serve(port: int, host: str = "127.0.0.1", seed: int = 0,
          nodes: int | None = None) -> ThreadingHTTPServer:
    """A server on ``host:port`` answering jass-kit's routes (call ``serve_forever``)."""
    service = JassKitService(seed, nodes)

    class Handler(BaseHTTPRequestHandler):
        server_version = "stich-jasskit"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line a request would drown the host's terminal

        def _reply(self, status: HTTPStatus, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _route(self) -> tuple[str, str] | None:
            path = self.path.split("?", 1)[0]
            path = path[len(PREFIX) - 1:] if path.startswith(PREFIX) else path
            parts = path.strip("/").split("/")
            if not parts[0] or len(parts) > 2:
                return None
            return (parts[0], parts[1] if len(parts) > 1 else "")

        def do_GET(self) -> None:
            route = self._route()
            if route is None or route[1]:
                self._reply(HTTPStatus.NOT_FOUND, {"error": "no such route"})
            elif route[0] in service.levels():
                self._reply(HTTPStatus.OK, f"Player {route[0]} here")
            else:
                self._reply(HTTPStatus.NOT_FOUND, f"No such player {route[0]}")

        def do_POST(self) -> None:
            route = self._route()
            if route is None or route[1] not in ("action_trump", "action_play_card",
                                                   "game_info"):
                self._reply(HTTPStatus.NOT_FOUND, {"error": "no such route"})
                return
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                self._reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": "body too large"})
                return
            try:
                data = json.loads(self.rfile.read(length) or b"null")
                if route[1] == "game_info":
                    world(data)
                    self._reply(HTTPStatus.OK, "")
                    return
                self._reply(HTTPStatus.OK, service.answer(route[0], route[1], data))
            except (JassKitError, ValueError, KeyError, TypeError) as error:
                with service._lock:
                    service.refused += 1
                self._reply(HTTPStatus.BAD_REQUEST, {"error": str(error) or "bad request"})

    server = ThreadingHTTPServer((host, port), Handler)
    server.service = service  # type: ignore[attr-defined]
    return server
