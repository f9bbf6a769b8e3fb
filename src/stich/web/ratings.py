"""Ratings for accounts and each seat's result of a finished match (docs/web.md, "Ratings").

A match is booked in the transaction that stores its end (``Store.finish``), so a rating moves
exactly once per match, in the order the matches end: a restart replays only unfinished
tables, and a second booking of the same table finds its results written and does nothing.
With several servers on one PostgreSQL database the rows of the accounts being rated are
locked (``SELECT ... FOR UPDATE``) before they are read, so two matches ending at once are
rated one after the other.

The ratings are the arena ladder's (:mod:`stich.ratings`, openskill's Plackett-Luce model: a
mean ``mu`` and an uncertainty ``sigma``, a newcomer 25 +- 8.3). A match is rated when it is
played on its game's rated preset (:func:`rated_preset`) without changed options and every seat
was taken with an account's login, all people or all bots (a bot's account is rated among bots
only). The sides are the game's teams (``Game.TEAMS``): one player in Schnapsen and
Dreierschnapsen, teams of two in Bauernschnapsen and Jass.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, Engine

from stich.contract.match import RaceMatch
from stich.core.match import Match
from stich.games import game_class
from stich.jass.match import JassMatch
from stich.ratings import Rating, Ratings
from stich.schnapsen.match import SchnapsenMatch
from stich.web import models
from stich.web.deal_end import match_end


def rated_preset(game: str) -> str:
    """The one preset of ``game`` on which accounts are rated: the game's default (the first
    it declares: Schnapsen ``soft``, the others ``standard``)."""
    return next(iter(game_class(game).OPTIONS.PRESETS))


@dataclasses.dataclass(frozen=True)
class SeatCounts:
    """What a profile adds up for one seat of one match (docs/web.md, "Profiles")."""

    won: bool
    schneider_given: int = 0
    schneider_taken: int = 0
    bummerl_given: int = 0
    bummerl_taken: int = 0


@dataclasses.dataclass(frozen=True)
class Outcome:
    """A finished match as the ratings and the profiles read it: plain data, made by the
    table's actor from its match and handed to the writer with the match's end."""

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    """Each side's place, 0 first (the match's winners); equal places are a tie."""
    resigned: int | None
    away: tuple[bool, ...]
    """The seats the away bot was playing when the match ended (the player never came back)."""
    seats: tuple[SeatCounts, ...]


def _schnapsen_counts(match: Match, seat: int, won: bool) -> SeatCounts:
    """S-9: a deal won for 2 or 3 game points is a Schneider given (the loser under 33 or
    without a trick, or a failed close or revoke that scores as much); S-10: the Bummerl as
    the counter books them (a 7:0 Bummerl is 2 unless the preset counts it as 1)."""
    assert isinstance(match, SchnapsenMatch)
    given = taken = 0
    for deal in match.deals:
        result = deal.result or {}
        points = result.get("game_points") or []
        winners = result.get("winner") or []
        for winner in winners:
            if 0 <= winner < len(points) and points[winner] >= 2:
                if winner == seat:
                    given += 1
                else:
                    taken += 1
    finished = match.bummerl.finished
    return SeatCounts(won, given, taken,
                      sum(o["bummerl"] for o in finished if o["winner"] == seat),
                      sum(o["bummerl"] for o in finished if o["loser"] == seat))


def _race_counts(match: Match, seat: int, won: bool) -> SeatCounts:
    """B-7, D-1: a race to 24 lost at 0 points is a Schneider (and a Retourschneider, counted
    with them); the Bummerl as booked (1, 2 or 4 a race), given: those the seat's party made
    the losers take."""
    assert isinstance(match, RaceMatch)
    party = next(n for n, team in enumerate(match.GAME_CLASS.TEAMS) if seat in team)
    counts = [0, 0, 0, 0]
    for race in match.race.finished:
        schneider = race["kind"] in ("schneider", "retourschneider")
        if party in race["winners"]:
            counts[0] += schneider
            counts[2] += race["bummerl"] * len(race["losers"])
        if party in race["losers"]:
            counts[1] += schneider
            counts[3] += race["bummerl"]
    return SeatCounts(won, *counts)


def _jass_counts(match: Match, seat: int, won: bool) -> SeatCounts:
    """J-7: a Match (a team taking all nine tricks) is the Jass's Schneider here; Jass has
    no Bummerl."""
    assert isinstance(match, JassMatch)
    given = taken = 0
    for deal in match.deals:
        team = (deal.result or {}).get("match")
        if team:
            if seat in team:
                given += 1
            else:
                taken += 1
    return SeatCounts(won, given, taken)


COUNTS: dict[str, Callable[[Match, int, bool], SeatCounts]] = {
    "schnapsen": _schnapsen_counts, "bauernschnapsen": _race_counts,
    "dreierschnapsen": _race_counts, "jass": _jass_counts}
"""Each game's profile counts, keyed on ``Game.NAME``."""


def outcome(match: Match, away: Sequence[bool] = ()) -> Outcome:
    """The finished ``match`` (decided by its scoring or resigned) as plain data; ``away``:
    which seats the away bot was playing at its end."""
    sides = tuple(tuple(side) for side in match.game_class.TEAMS)
    winners = set(match_end(match, match.resigned)["winners"])
    won = [bool(set(side) & winners) for side in sides]
    places = [0 if w else 1 for w in won]
    if isinstance(match, RaceMatch) and match.resigned is None and len(sides) > 2:
        # D-1: of those who did not win, the fewer Bummerl the better place
        held = sorted({match.race.bummerl[n] for n in range(len(sides)) if not won[n]})
        places = [0 if won[n] else 1 + held.index(match.race.bummerl[n])
                  for n in range(len(sides))]
    counts = COUNTS[match.GAME]
    seats = tuple(counts(match, seat, seat in winners) for seat in range(len(match.seats)))
    flags = tuple(bool(a) for a in away) + (False,) * (len(seats) - len(away))
    return Outcome(sides, tuple(places), match.resigned, flags[:len(seats)], seats)


# --- booking a finished match (in the writer's transaction) ------------------------------------
UNRATED = ("preset", "options", "guest", "bot", "mixed", "away", "before")
"""Why a seat's result is not rated: another preset, changed options, a seat without an
account (a guest), the lobby's bot in a seat, people and bots' accounts at one table, the away
bot played for the side (its player came back), a match that ended before there were ratings
(migration ``w0005``)."""


def _table_reason(row: Any, accounts: dict[int, str], bots: dict[str, bool]) -> str | None:
    """Why the whole table is unrated, or None."""
    seats = json.loads(row["seats"])
    if row["preset"] != rated_preset(row["game"]):
        return "preset"
    if json.loads(row["options"] or "{}"):
        return "options"
    if any(s.get("kind") == "bot" for s in seats):
        return "bot"
    if len(accounts) < len(seats):
        return "guest"
    if len(set(bots.values())) > 1:
        return "mixed"
    return None


def book(conn: Connection, table_id: str, result: Outcome, now: float | None = None) -> None:
    """Write each seat's result of the finished match and, when it is rated, move the
    ratings (docs/web.md, "Ratings"). Done once: a table whose results are written is left
    alone."""
    done = conn.execute(sa.select(models.results.c.seat).where(
        models.results.c.table_id == table_id).limit(1)).first()
    row = conn.execute(sa.select(models.tables).where(
        models.tables.c.id == table_id)).mappings().first()
    if done is not None or row is None:
        return
    now = time.time() if now is None else now
    game = row["game"]
    accounts = {r.seat: r.account for r in conn.execute(
        sa.select(models.account_seats.c.seat, models.account_seats.c.account).where(
            models.account_seats.c.table_id == table_id))}
    bots = {r.name: bool(r.bot) for r in conn.execute(
        sa.select(models.accounts.c.name, models.accounts.c.bot).where(
            models.accounts.c.name.in_(list(accounts.values()))))}
    away_played = {r.seat for r in conn.execute(
        sa.select(models.actions.c.seat).where(models.actions.c.table_id == table_id,
                                               models.actions.c.away).distinct())}
    reason = _table_reason(row, accounts, bots)
    reasons: dict[int, str | None] = dict.fromkeys(range(len(result.seats)), reason)
    rated: dict[int, tuple[int, ...]] = {}
    """Each rated seat and the places it is rated by (its own, if he never came back)."""
    if reason is None:
        last = max(result.places) + 1
        for n, side in enumerate(result.sides):
            helped = [s for s in side if s in away_played]
            for s in side:
                if result.resigned in side or not helped:
                    rated[s] = result.places
                elif result.away[s]:  # he never came back: a loss for him
                    rated[s] = tuple(last if m == n else p for m, p in enumerate(result.places))
                else:
                    reasons[s] = "away"
    conn.execute(models.results.insert(), [
        {"table_id": table_id, "seat": s, "account": accounts.get(s), "game": game,
         **dataclasses.asdict(counts), "unrated": reasons[s]}
        for s, counts in enumerate(result.seats)])
    if rated:
        _rate(conn, table_id, game, result, accounts, rated, now)


def _rate(conn: Connection, table_id: str, game: str, result: Outcome, accounts: dict[int, str],
          rated: dict[int, tuple[int, ...]], now: float) -> None:
    """Move the rated seats' ratings: everybody at the table counts with his rating as it
    stands; only the rated seats' new ratings are kept."""
    table = models.ratings
    names = sorted(accounts.values())
    fresh = Ratings()
    start = {name: fresh.get(name) for name in names}
    _insert_missing(conn, [{"account": name, "game": game, "mu": start[name].mu,
                            "sigma": start[name].sigma, "games": 0, "updated": now}
                           for name in names])
    current = {r.account: Rating(r.mu, r.sigma, r.games) for r in conn.execute(
        sa.select(table).where(table.c.game == game, table.c.account.in_(names))
        .order_by(table.c.account).with_for_update())}
    sides = [[accounts[s] for s in side] for side in result.sides]
    after: dict[tuple[int, ...], Ratings] = {}
    for places in set(rated.values()):
        ratings = Ratings(dict(current))
        ratings.rate(sides, places)
        after[places] = ratings
    for seat, places in sorted(rated.items()):
        name = accounts[seat]
        before, new = current[name], after[places].ratings[name]
        side = next(n for n, members in enumerate(result.sides) if seat in members)
        conn.execute(table.update().where(table.c.account == name, table.c.game == game).values(
            mu=new.mu, sigma=new.sigma, games=before.games + 1, updated=now))
        conn.execute(models.rating_history.insert().values(
            table_id=table_id, account=name, game=game, at=now, won=places[side] == 0,
            mu_before=before.mu, sigma_before=before.sigma, mu=new.mu, sigma=new.sigma))


def _insert_missing(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert the rating rows not there yet, leaving those there (another server's included)."""
    name = conn.dialect.name
    if name == "postgresql":
        from sqlalchemy.dialects import postgresql

        conn.execute(postgresql.insert(models.ratings).on_conflict_do_nothing(), rows)
        return
    if name == "sqlite":
        from sqlalchemy.dialects import sqlite

        conn.execute(sqlite.insert(models.ratings).on_conflict_do_nothing(), rows)
        return
    table = models.ratings
    for row in rows:
        there = conn.execute(sa.select(table.c.account).where(
            table.c.account == row["account"], table.c.game == row["game"])).first()
        if there is None:
            conn.execute(table.insert().values(**row))


# --- reading -----------------------------------------------------------------------------------
def _rating_json(mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {"mu": round(mu, 3), "sigma": round(sigma, 3),
            "conservative": round(mu - 3 * sigma, 3), "games": games}


def leaderboard(engine: Engine, game: str, bots: bool, limit: int = 100,
                offset: int = 0) -> list[dict[str, Any]]:
    """The accounts (people, or bots' accounts) rated in ``game``, best first by
    ``mu - 3 sigma`` as the arena's ladder orders them; hidden profiles too."""
    r, a = models.ratings, models.accounts
    conservative = r.c.mu - 3 * r.c.sigma
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(r.c.account, r.c.mu, r.c.sigma, r.c.games, a.c.bot)
            .join(a, a.c.name == r.c.account)
            .where(r.c.game == game, r.c.games > 0, a.c.bot == bots)
            .order_by(conservative.desc(), r.c.account).limit(limit).offset(offset)).all()
    return [{"place": offset + n + 1, "name": row.account, "bot": bool(row.bot),
             **_rating_json(row.mu, row.sigma, row.games)} for n, row in enumerate(rows)]


def ratings_of(engine: Engine, game: str, names: Sequence[str]) -> dict[str, Any]:
    """The accounts among ``names`` with their rating in ``game`` (a newcomer's when they
    have none yet) and their bot flag; names that are no account are left out."""
    r, a = models.ratings, models.accounts
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(a.c.name, a.c.bot, r.c.mu, r.c.sigma, r.c.games)
            .select_from(a.outerjoin(r, sa.and_(r.c.account == a.c.name, r.c.game == game)))
            .where(a.c.name.in_(list(names)))).all()
    fresh = Ratings().get("")
    return {row.name: {"bot": bool(row.bot), **_rating_json(
        fresh.mu if row.mu is None else row.mu, fresh.sigma if row.sigma is None else row.sigma,
        row.games or 0)} for row in rows}


def table_ratings(engine: Engine, table_id: str) -> dict[str, Any] | None:
    """A table's seats with the rating of each account seated (None for a guest's or the
    lobby's bot's seat), and whether the match is rated as it stands (before the away rule:
    docs/web.md, "Ratings")."""
    with engine.connect() as conn:
        row = conn.execute(sa.select(models.tables).where(
            models.tables.c.id == table_id)).mappings().first()
        if row is None:
            return None
        accounts = {r.seat: r.account for r in conn.execute(
            sa.select(models.account_seats.c.seat, models.account_seats.c.account).where(
                models.account_seats.c.table_id == table_id))}
    found = ratings_of(engine, row["game"], list(accounts.values()))
    bots = {name: bool(value["bot"]) for name, value in found.items()}
    seats = json.loads(row["seats"])
    reason = _table_reason(row, accounts, bots)
    if reason == "guest" and not all(s.get("joined") or s.get("kind") == "bot" for s in seats):
        reason = "waiting"  # free seats: rated if accounts take them
    return {"table": table_id, "game": row["game"], "rated_preset": rated_preset(row["game"]),
            "rated": reason is None, "unrated": reason,
            "seats": [None if n not in accounts else {"name": accounts[n], **found[accounts[n]]}
                      for n in range(len(seats))]}
