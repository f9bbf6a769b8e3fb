"""The headers every response of ``stich serve`` and of the score pad (``stich tafel --web``)
carries (docs/web.md, "What a page may run"): a Content-Security-Policy that lets a page run
only the scripts and styles its server serves as files (no inline script, no inline ``on...=``
handler, nothing from outside), and ``X-Content-Type-Options: nosniff``. Pure ASGI, so it
covers pages, the API and mounted routers alike without buffering a response. Shared by both
servers, so it lives outside ``stich.web`` (which nothing else imports)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")
"""``style-src 'self'``: the pages' styles are files; the SVG the pages and the server draw
uses presentation attributes (``fill=``, ``transform=``), which a policy does not govern, and
no ``style=`` attribute or ``<style>`` block (tests/web/test_safety.py checks both)."""

HEADERS = [(b"content-security-policy", CSP.encode()),
           (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"same-origin")]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in HEADERS if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
