"""Events run on the web server (docs/tournament.md, "Online"): the same use cases as
`stich tournament` (this class is :class:`~stich.tournament.service.Tournament`), and the
facts only an online event has: who organises it, how each player is known to the server,
where each pairing is played (a table of the server or a real one), when its players were
called and who was played by a bot for not coming.

Everything here is read and written in the tournament database, in one transaction a step,
next to the event's draws and results: one store, one audit trail, whether a result was typed
in at the hall or entered by the server from a table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stich.bots import PERSON_BOT
from stich.tournament.errors import TournamentError
from stich.tournament.models import (
    Event,
    OnlineEntry,
    OnlineEvent,
    OnlineMatch,
    Player,
    TournamentMatch,
    utcnow,
)
from stich.tournament.service import Tournament
from stich.tournament.snapshot import Snapshot, load

RULES = ("forfeit", "bot")
"""What happens to a called player who does not appear in time: he loses the match by the
match length to nothing, or a bot plays it for him."""
PLACES = ("online", "real")
"""Where a pairing is played: at a table of the server, or at a real table (the organiser
enters its result, as at a hall)."""
MAX_MINUTES = 24 * 60.0


@dataclass(frozen=True)
class OnlineSettings:
    """An online event's own settings."""

    event_id: int
    name: str
    organiser_token: str
    organiser_account: str | None
    no_show_minutes: float
    no_show_rule: str
    bot_level: str
    auto_draw: bool
    tables: str


@dataclass(frozen=True)
class Entry:
    """How a player is known to the server."""

    player: int
    token: str
    account: str | None


@dataclass(frozen=True)
class OnlinePairing:
    """Where a pairing is played and how far it got."""

    no: int
    place: str
    table: str | None
    called_at: datetime | None
    stand_ins: tuple[int, ...]


class Online(Tournament):
    """The organiser's use cases and questions, with those of online events."""

    # ---- events

    def create_online(self, name: str, *, organiser_token: str,
                      organiser_account: str | None = None, no_show_minutes: float = 10.0,
                      no_show_rule: str = "forfeit", bot_level: str = PERSON_BOT,
                      auto_draw: bool = False, tables: str = "online",
                      **settings: Any) -> Snapshot:
        """A new event (``settings`` as :meth:`Tournament.create` takes them) that the server
        runs; its online settings are written in the same transaction."""
        _check_online(no_show_minutes, no_show_rule, bot_level, tables)

        def also(s: Session, ev: Event) -> None:
            s.add(OnlineEvent(event_id=ev.id, organiser_token=organiser_token,
                              organiser_account=organiser_account,
                              no_show_minutes=float(no_show_minutes),
                              no_show_rule=no_show_rule, bot_level=bot_level,
                              auto_draw=auto_draw, tables=tables))

        return self.create(name, also=also, **settings)

    def configure_online(self, event_id: int, **changes: Any) -> OnlineSettings:
        """Change the online settings (None leaves one as it is); allowed at any time: they
        act on what happens from now on."""
        with self.store.transaction() as s:
            row = _online_row(s, event_id, lock=True)
            ev = s.get(Event, event_id)
            assert ev is not None
            values = {k: v for k, v in changes.items() if v is not None}
            merged = {"no_show_minutes": row.no_show_minutes, "no_show_rule": row.no_show_rule,
                      "bot_level": row.bot_level, "tables": row.tables, **values}
            _check_online(merged["no_show_minutes"], merged["no_show_rule"],
                          merged["bot_level"], merged["tables"])
            for key, value in values.items():
                setattr(row, key, value)
            s.flush()
            return _settings(row, ev)

    def online_events(self) -> list[OnlineSettings]:
        with self.store.transaction() as s:
            rows = s.execute(select(OnlineEvent, Event).join(
                Event, Event.id == OnlineEvent.event_id).order_by(Event.id)).all()
            return [_settings(row, ev) for row, ev in rows]

    def online(self, event_id: int) -> OnlineSettings:
        """The online event's settings; TournamentError if there is none with that id."""
        with self.store.transaction() as s:
            row = _online_row(s, event_id)
            ev = s.get(Event, event_id)
            assert ev is not None
            return _settings(row, ev)

    def snapshot_of(self, event_id: int) -> Snapshot:
        with self.store.transaction() as s:
            _online_row(s, event_id)
            ev = s.get(Event, event_id)
            assert ev is not None
            return load(s, ev)

    # ---- entries

    def entry_for(self, event_id: int, player_id: int, account: str | None = None) -> Entry:
        """The player's entry token (made the first time it is asked for)."""
        with self.store.transaction() as s:
            row = s.get(OnlineEntry, player_id)
            if row is None:
                player = s.get(Player, player_id)
                if player is None or player.event_id != event_id:
                    raise TournamentError(f"no player {player_id} in this event")
                row = OnlineEntry(player_id=player_id, event_id=event_id,
                                  token=secrets.token_urlsafe(24), account=account)
                s.add(row)
                s.flush()
            elif account is not None and row.account is None:
                row.account = account
            return Entry(row.player_id, row.token, row.account)

    def entries(self, event_id: int, make: bool = False) -> dict[int, Entry]:
        """Every player's entry, by player id; ``make``: first give one to each registered
        person who has none (players the organiser entered get their link this way)."""
        with self.store.transaction() as s:
            rows = {r.player_id: r for r in s.scalars(
                select(OnlineEntry).where(OnlineEntry.event_id == event_id))}
            if make:
                for p in s.scalars(select(Player).where(Player.event_id == event_id,
                                                        Player.withdrawn.is_(False),
                                                        Player.bot.is_(None))):
                    if p.id not in rows:
                        rows[p.id] = OnlineEntry(player_id=p.id, event_id=event_id,
                                                 token=secrets.token_urlsafe(24))
                        s.add(rows[p.id])
                s.flush()
            return {pid: Entry(pid, r.token, r.account) for pid, r in rows.items()}

    # ---- pairings

    def pairings(self, event_id: int) -> dict[int, OnlinePairing]:
        """Where each pairing with an online row is played, by match number."""
        with self.store.transaction() as s:
            rows = s.execute(select(OnlineMatch, TournamentMatch.no).join(
                TournamentMatch, TournamentMatch.id == OnlineMatch.match_id)
                .where(OnlineMatch.event_id == event_id)).all()
            return {no: _pairing(row, no) for row, no in rows}

    def set_place(self, event_id: int, no: int, place: str) -> OnlinePairing:
        """The organiser moves a pairing to a real table or back online, while it has
        neither a result nor a table of the server."""
        if place not in PLACES:
            raise TournamentError(f"a pairing is played {' or '.join(PLACES)}, not {place!r}")
        with self.store.transaction() as s:
            _online_row(s, event_id, lock=True)
            m = _match(s, event_id, no)
            if m.kind != "match":
                raise TournamentError(f"match {no} is a bye or a self-meeting; it is not played")
            if m.winner_card_id is not None:
                raise TournamentError(f"match {no} already has its result")
            row = _online_match(s, m)
            if row.table_id is not None:
                raise TournamentError(f"match {no} is being played at table {row.table_id}")
            row.place = place
            s.flush()
            return _pairing(row, no)

    def call(self, event_id: int, no: int) -> OnlinePairing:
        """The pairing's players are called now (their no-show time starts), unless they
        were already."""
        with self.store.transaction() as s:
            row = _online_match(s, _match(s, event_id, no))
            if row.called_at is None:
                row.called_at = utcnow()
            s.flush()
            return _pairing(row, no)

    def seat(self, event_id: int, no: int, table_id: str,
             stand_ins: tuple[int, ...] = ()) -> OnlinePairing:
        """The pairing is played at the server's table ``table_id``; ``stand_ins``: the sides
        a bot plays for a player who did not come."""
        with self.store.transaction() as s:
            row = _online_match(s, _match(s, event_id, no))
            if row.table_id is not None:
                raise TournamentError(f"match {no} already has table {row.table_id}")
            row.table_id = table_id
            row.stand_ins = list(stand_ins)
            if row.called_at is None:
                row.called_at = utcnow()
            s.flush()
            return _pairing(row, no)

    def match_of_table(self, table_id: str) -> tuple[int, int] | None:
        """(event id, match number) of the pairing played at that table, if any."""
        with self.store.transaction() as s:
            found = s.execute(select(OnlineMatch.event_id, TournamentMatch.no).join(
                TournamentMatch, TournamentMatch.id == OnlineMatch.match_id)
                .where(OnlineMatch.table_id == table_id)).first()
            return None if found is None else (int(found[0]), int(found[1]))


def _check_online(minutes: Any, rule: Any, level: Any, tables: Any) -> None:
    if (not isinstance(minutes, int | float) or isinstance(minutes, bool)
            or not 0 < minutes <= MAX_MINUTES):
        raise TournamentError(f"the time to appear is 0 to {MAX_MINUTES:g} minutes, "
                              f"not {str(minutes)[:20]}")
    if rule not in RULES:
        raise TournamentError(f"the no-show rule is 'forfeit' (he loses the match) or 'bot' "
                              f"(a bot plays for him), not {str(rule)[:20]!r}")
    if tables not in PLACES:
        raise TournamentError(f"tables are {' or '.join(PLACES)}, not {str(tables)[:20]!r}")
    from stich.bots import bot_names

    known = bot_names("schnapsen")
    if level not in known:
        raise TournamentError(f"no bot level {str(level)[:40]!r}; known: {', '.join(known)}")


def _online_row(s: Session, event_id: int, lock: bool = False) -> OnlineEvent:
    query = select(OnlineEvent).where(OnlineEvent.event_id == event_id)
    row = s.scalar(query.with_for_update() if lock else query)
    if row is None:
        raise TournamentError(f"there is no online event {event_id}")
    return row


def _settings(row: OnlineEvent, ev: Event) -> OnlineSettings:
    return OnlineSettings(ev.id, ev.name, row.organiser_token, row.organiser_account,
                          row.no_show_minutes, row.no_show_rule, row.bot_level, row.auto_draw,
                          row.tables)


def _match(s: Session, event_id: int, no: int) -> TournamentMatch:
    m = s.scalar(select(TournamentMatch).where(TournamentMatch.event_id == event_id,
                                               TournamentMatch.no == no))
    if m is None:
        raise TournamentError(f"there is no match {no}")
    return m


def _online_match(s: Session, m: TournamentMatch) -> OnlineMatch:
    row = s.get(OnlineMatch, m.id)
    if row is None:
        ev = s.get(OnlineEvent, m.event_id)
        row = OnlineMatch(match_id=m.id, event_id=m.event_id,
                          place=ev.tables if ev is not None else "online")
        s.add(row)
        s.flush()
    return row


def _pairing(row: OnlineMatch, no: int) -> OnlinePairing:
    return OnlinePairing(no, row.place, row.table_id, row.called_at,
                         tuple(int(x) for x in row.stand_ins or ()))
