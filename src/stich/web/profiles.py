"""Profiles and leaderboards (docs/web.md, "Ratings" and "Profiles").

``GET /api/leaderboard/{game}`` ranks the accounts rated in a game (people, and apart from
them the bots' accounts) by ``mu - 3 sigma``; ``GET /api/accounts/{name}/profile`` is an
account's ratings and, unless it hides them from others, its counts per game, its rating
history and its finished matches with their replays; ``GET /api/ratings/{game}?name=...`` and
``GET /api/tables/{id}/ratings`` give the ratings the lobby and the table show beside names.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from sqlalchemy import Engine

from stich.games import canonical_name, game_names
from stich.web import models, words
from stich.web.accounts import account_for
from stich.web.lobby import LobbyError
from stich.web.ratings import leaderboard, rated_preset, ratings_of, table_ratings
from stich.web.store import Store

MAX_NAMES = 50
"""Names one ratings request may ask about (a lobby's list shows fewer)."""
HISTORY = 500
"""Rated matches of a game a profile's history shows at most (the newest)."""


def _game(name: str) -> str:
    game = canonical_name(name)
    if game not in game_names():
        raise LobbyError(f"there is no game {name!r}; known: {', '.join(game_names())}", 404,
                         code="no_game", args={"game": name})
    return game


def _whole(value: str | None, default: int, low: int, high: int, what: str) -> int:
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise LobbyError(f"'{what}' is a whole number from {low} to {high}", code="bad_number",
                         args={"name": what, "min": low, "max": high})
    return number


def profile(engine: Engine, name: str, account: dict[str, Any], visible: bool
            ) -> dict[str, Any]:
    """An account's profile: its ratings always (as the leaderboard shows them); its counts
    per game, rating history and finished matches when ``visible``."""
    r, h, res, t = models.ratings, models.rating_history, models.results, models.tables
    out: dict[str, Any] = {"name": name, "bot": bool(account.get("bot")),
                           "hidden": bool(account["hidden"]), "visible": visible}
    with engine.connect() as conn:
        rows = conn.execute(sa.select(r).where(r.c.account == name, r.c.games > 0)
                            .order_by(r.c.game)).all()
        ratings = []
        for row in rows:
            mine = row.mu - 3 * row.sigma
            better = conn.execute(
                sa.select(sa.func.count()).select_from(
                    r.join(models.accounts, models.accounts.c.name == r.c.account))
                .where(r.c.game == row.game, r.c.games > 0,
                       models.accounts.c.bot == bool(account.get("bot")),
                       sa.or_(r.c.mu - 3 * r.c.sigma > mine,
                              sa.and_(r.c.mu - 3 * r.c.sigma == mine, r.c.account < name)))
            ).scalar_one()
            ratings.append({"game": row.game, "preset": rated_preset(row.game),
                            "mu": round(row.mu, 3), "sigma": round(row.sigma, 3),
                            "conservative": round(mine, 3), "games": row.games,
                            "place": int(better) + 1})
        out["ratings"] = ratings
        if not visible:
            return out
        counts = conn.execute(
            sa.select(res.c.game, sa.func.count().label("played"),
                      sa.func.sum(sa.case((res.c.won, 1), else_=0)).label("won"),
                      sa.func.sum(res.c.schneider_given).label("schneider_given"),
                      sa.func.sum(res.c.schneider_taken).label("schneider_taken"),
                      sa.func.sum(res.c.bummerl_given).label("bummerl_given"),
                      sa.func.sum(res.c.bummerl_taken).label("bummerl_taken"))
            .where(res.c.account == name).group_by(res.c.game)).all()
        out["games"] = sorted(({key: (int(value) if key != "game" else value)
                                for key, value in row._mapping.items()} for row in counts),
                              key=lambda g: _order(g["game"]))
        history: dict[str, list[dict[str, Any]]] = {}
        for game in sorted({row.game for row in rows}, key=_order):
            points = conn.execute(
                sa.select(h).where(h.c.account == name, h.c.game == game)
                .order_by(h.c.at.desc(), h.c.table_id.desc()).limit(HISTORY)).all()
            history[game] = [{"table": p.table_id, "at": p.at, "won": p.won,
                              "mu_before": round(p.mu_before, 3),
                              "sigma_before": round(p.sigma_before, 3),
                              "mu": round(p.mu, 3), "sigma": round(p.sigma, 3)}
                             for p in reversed(points)]
        out["history"] = history
        seats = models.account_seats
        matches = conn.execute(
            sa.select(t.c.id, t.c.game, t.c.preset, t.c.finished, t.c.seats, seats.c.seat,
                      res.c.won, res.c.unrated, h.c.mu_before, h.c.mu)
            .join(seats, seats.c.table_id == t.c.id)
            .outerjoin(res, sa.and_(res.c.table_id == t.c.id, res.c.seat == seats.c.seat))
            .outerjoin(h, sa.and_(h.c.table_id == t.c.id, h.c.account == name))
            .where(seats.c.account == name, t.c.status == "finished")
            .order_by(t.c.finished.desc())).all()
    out["matches"] = [{"id": m.id, "game": m.game, "preset": m.preset, "finished": m.finished,
                       "seat": m.seat, "seats": [s["name"] for s in json.loads(m.seats)],
                       "won": m.won, "unrated": m.unrated,
                       "rated": m.mu is not None,
                       "change": None if m.mu is None else round(m.mu - m.mu_before, 3),
                       "replay": f"/replay/{m.id}"} for m in matches]
    return out


def _order(game: str) -> tuple[int, str]:
    return (words.ORDER.index(game) if game in words.ORDER else len(words.ORDER), game)


def profiles_router(store: Callable[[], Store]) -> APIRouter:
    """The leaderboard, ratings and profile routes over the app's store."""
    router = APIRouter()

    @router.get("/leaderboard", response_class=HTMLResponse)
    def leaderboard_page() -> HTMLResponse:
        page = resources.files("stich.web").joinpath("static").joinpath("leaderboard.html")
        return HTMLResponse(page.read_text())

    @router.get("/api/leaderboard/{game}")
    async def board(game: str, request: Request) -> dict[str, Any]:
        game = _game(game)
        limit = _whole(request.query_params.get("limit"), 100, 1, 500, "limit")
        offset = _whole(request.query_params.get("offset"), 0, 0, 10**9, "offset")
        engine = store().engine
        people = await asyncio.to_thread(leaderboard, engine, game, False, limit, offset)
        bots = await asyncio.to_thread(leaderboard, engine, game, True, limit, offset)
        return {"game": game, "preset": rated_preset(game), "people": people, "bots": bots}

    @router.get("/api/ratings/{game}")
    async def ratings(game: str, request: Request) -> dict[str, Any]:
        game = _game(game)
        names = request.query_params.getlist("name")
        if len(names) > MAX_NAMES or any(len(n) > 100 for n in names):
            raise LobbyError(f"ask for at most {MAX_NAMES} names", code="too_many_names",
                             args={"max": MAX_NAMES})
        found = await asyncio.to_thread(ratings_of, store().engine, game, names)
        return {"game": game, "preset": rated_preset(game), "ratings": found}

    @router.get("/api/tables/{table_id}/ratings")
    async def seat_ratings(table_id: str) -> dict[str, Any]:
        found = await asyncio.to_thread(table_ratings, store().engine, table_id)
        if found is None:
            raise LobbyError("no such table", 404, code="no_table")
        return found

    @router.get("/api/accounts/{name:path}/profile")  # a name may hold a "/"
    async def account_profile(name: str, request: Request) -> dict[str, Any]:
        account, own = await account_for(store(), name, request)
        visible = own or not account["hidden"]
        found = await asyncio.to_thread(profile, store().engine, name, account, visible)
        return {**found, "own": own}

    return router
