"""Accounts in the browser and who sees finished matches (docs/web.md, "Accounts" and
"Finished matches").

Signing up or logging in sets the login as a cookie the pages' scripts cannot read (HttpOnly,
SameSite=Lax, Secure over https); the JSON answer still carries it for API users, who may send
it as ``login`` in a join. A guest's history is the finished matches whose seat tokens his
browser holds; an account's matches are listed on its profile unless the account hides them.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request, Response

from stich.web.lobby import LobbyError, clean_name
from stich.web.store import Store

COOKIE = "stich_login"
MAX_SEATS = 150
"""Seat tokens one history request may name (a browser that played more sends the newest)."""

Body = Callable[[Request], Awaitable[dict[str, Any]]]


def login_of(request: Request) -> str | None:
    """The login token the request's cookie carries, if any."""
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= 64 else None


async def account_for(store: Store, name: str, request: Request) -> tuple[dict[str, Any], bool]:
    """(the account named, whether the request is its own login); refused when there is no
    such account."""
    account = await asyncio.to_thread(store.account, name)
    if account is None:
        raise LobbyError(f"there is no account {name!r}", 404, code="no_account",
                         args={"name": name})
    token = login_of(request)
    own = token is not None and await asyncio.to_thread(store.login_name, token) == name
    return account, own


def accounts_router(store: Callable[[], Store], body: Body) -> APIRouter:
    """The account and history routes over the app's store and its JSON body reader."""
    router = APIRouter()

    async def logged_in(request: Request) -> tuple[str, str]:
        """(account name, login token) of the request's cookie; refused without one."""
        token = login_of(request)
        name = None if token is None else await asyncio.to_thread(store().login_name, token)
        if token is None or name is None:
            raise LobbyError("log in first", 401, code="not_logged_in")
        return name, token

    def set_cookie(request: Request, response: Response, token: str) -> None:
        response.set_cookie(COOKIE, token, max_age=400 * 86400, path="/", httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")

    async def verified(name: str, password: str) -> dict[str, Any]:
        from argon2 import PasswordHasher
        from argon2.exceptions import InvalidHashError, VerificationError

        account = await asyncio.to_thread(store().account, name)
        try:
            if account is None:
                raise VerificationError
            await asyncio.to_thread(PasswordHasher().verify, account["password_hash"], password)
        except (VerificationError, InvalidHashError):
            raise LobbyError("wrong name or password", 403, code="login_wrong") from None
        return account

    async def hashed(password: str) -> str:
        from argon2 import PasswordHasher

        value: str = await asyncio.to_thread(PasswordHasher().hash, password)
        return value

    @router.post("/api/accounts")
    async def new_account(request: Request, response: Response) -> dict[str, Any]:
        data = await body(request)
        name, password = clean_name(data.get("name")), _password(data.get("password"))
        bot = data.get("bot", False)
        if not isinstance(bot, bool):
            raise LobbyError("'bot' is true or false", code="bad_bot_flag")
        password_hash = await hashed(password)
        if await asyncio.to_thread(store().account, name) is not None:
            raise LobbyError(f"the name {name!r} is taken", 409, code="name_taken",
                             args={"name": name})
        token = secrets.token_urlsafe(24)
        writes = [Store.new_account(name, password_hash, token)]
        if bot:
            writes.append(Store.make_bot(name))
        await store().write(lambda conn: [work(conn) for work in writes])
        set_cookie(request, response, token)
        return {"name": name, "login": token, "bot": bot}

    async def logged_in_api(request: Request, data: dict[str, Any]) -> str:
        """The account of the request's cookie, or of ``login`` in its JSON (API users)."""
        token = data.get("login") if isinstance(data.get("login"), str) else login_of(request)
        name = None if not token or len(token) > 64 else await asyncio.to_thread(
            store().login_name, token)
        if name is None:
            raise LobbyError("log in first", 401, code="not_logged_in")
        return name

    @router.post("/api/bot/upgrade")
    async def upgrade(request: Request) -> dict[str, Any]:
        """The account becomes a bot account, for good, while it has taken no seat."""
        name = await logged_in_api(request, await body(request))
        if await asyncio.to_thread(store().is_bot, name):
            raise LobbyError(f"{name} is a bot account already", 409, code="already_bot",
                             args={"name": name})
        if await asyncio.to_thread(store().has_seats, name):
            raise LobbyError("only an account that has played no match may become a bot "
                             "account", 409, code="bot_played", args={"name": name})
        await store().write(Store.make_bot(name))
        return {"name": name, "bot": True}

    @router.post("/api/bot/token")
    async def bot_token(request: Request) -> dict[str, Any]:
        """A new API token for the bot account (``stich engine connect --token``), shown
        this once; the one before it no longer connects."""
        name = await logged_in_api(request, await body(request))
        if not await asyncio.to_thread(store().is_bot, name):
            raise LobbyError(f"{name} is not a bot account", 403, code="not_bot",
                             args={"name": name})
        token = secrets.token_urlsafe(32)
        await store().write(Store.set_bot_token(name, token_hash(token)))
        return {"name": name, "token": token}

    @router.post("/api/login")
    async def login(request: Request, response: Response) -> dict[str, Any]:
        data = await body(request)
        # only the shape: an account whose name today's rules refuse still logs in
        name = clean_name(data.get("name"), strict=False)
        password = data.get("password")
        await verified(name, password if isinstance(password, str) else "")
        token = secrets.token_urlsafe(24)
        await store().write(Store.new_login(name, token))
        set_cookie(request, response, token)
        return {"name": name, "login": token}

    @router.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        token = login_of(request)
        if token is not None:
            await store().write(Store.drop_login(token))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                               secure=request.url.scheme == "https")
        return {"name": None}

    @router.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        token = login_of(request)
        name = None if token is None else await asyncio.to_thread(store().login_name, token)
        if name is None:
            return {"name": None}
        account = await asyncio.to_thread(store().account, name)
        return {"name": name, "hidden": bool(account and account["hidden"]),
                "bot": await asyncio.to_thread(store().is_bot, name)}

    @router.post("/api/password")
    async def password(request: Request) -> dict[str, Any]:
        name, token = await logged_in(request)
        data = await body(request)
        old = data.get("old")
        new = _password(data.get("new"))
        await verified(name, old if isinstance(old, str) else "")
        await store().write(Store.new_password(name, await hashed(new), keep=token))
        return {"name": name}

    @router.post("/api/profile")
    async def profile(request: Request) -> dict[str, Any]:
        name, _ = await logged_in(request)
        hidden = (await body(request)).get("hidden")
        if not isinstance(hidden, bool):
            raise LobbyError("'hidden' is true or false")
        await store().write(Store.set_hidden(name, hidden))
        return {"name": name, "hidden": hidden}

    @router.get("/api/accounts/{name:path}/matches")  # a name may hold a "/"
    async def account_matches(name: str, request: Request) -> dict[str, Any]:
        account, own = await account_for(store(), name, request)
        if account["hidden"] and not own:
            raise LobbyError(f"{name} keeps his matches to himself", 403,
                             code="profile_hidden", args={"name": name})
        matches = await asyncio.to_thread(store().matches_of_account, name)
        return {"name": name, "hidden": bool(account["hidden"]), "matches": matches,
                "bot": await asyncio.to_thread(store().is_bot, name)}

    @router.post("/api/history")
    async def history(request: Request) -> list[dict[str, Any]]:
        """The finished matches of the seats whose tokens the browser holds:
        ``{"seats": [{"table": id, "token": seat token}, ...]}``."""
        pairs = _seat_pairs(await body(request))
        return await asyncio.to_thread(store().matches_of_seats, pairs)

    @router.post("/api/mine")
    async def mine(request: Request) -> list[dict[str, Any]]:
        """"My tables": the waiting and running tables of the seats whose tokens the browser
        holds (same body as ``/api/history``), so a lost link is not a lost game."""
        pairs = _seat_pairs(await body(request))
        return await asyncio.to_thread(store().matches_of_seats, pairs, ("waiting", "running"))

    return router


def token_hash(token: str) -> str:
    """What the database keeps of a bot's API token: its SHA-256 (a stolen database does not
    connect a bot)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _seat_pairs(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The (table, seat token) pairs of a history request, refused when malformed."""
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) > MAX_SEATS or not all(
            isinstance(s, dict) and isinstance(s.get("table"), str)
            and isinstance(s.get("token"), str) for s in seats):
        raise LobbyError(f"'seats' is a list of at most {MAX_SEATS} "
                         "{\"table\": id, \"token\": seat token}")
    return [(s["table"], s["token"]) for s in seats
            if 0 < len(s["table"]) <= 64 and 0 < len(s["token"]) <= 64]


def _password(password: Any) -> str:
    if not isinstance(password, str) or not 8 <= len(password) <= 200:
        raise LobbyError("a password has 8 to 200 characters", code="password_length",
                         args={"min": 8, "max": 200})
    return password
