"""What the organiser reads: the events, an event's state, the open matches as bot jobs, the
audit. Nothing here writes; the use cases that do are ``stich.tournament.service``.

Each query runs in one transaction of the Store and returns plain values (``Snapshot``, the
dataclasses below); a question that cannot be answered raises TournamentError.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from stich.core.scoring.ends import count
from stich.tournament import swiss
from stich.tournament.bracket import BracketError
from stich.tournament.draw import DrawError
from stich.tournament.errors import TournamentError
from stich.tournament.models import Draw, Event, Player, ResultLog, TournamentMatch, WithdrawnDraw
from stich.tournament.replay import card_of_player, expected_inputs, replay_draw, row_of
from stich.tournament.results import ResultError, check_score
from stich.tournament.snapshot import PlayerView, Snapshot, load, name_key, row_faults, truncated
from stich.tournament.store import Store, StoreError, damaged, integrity_text


@dataclass(frozen=True)
class AuditLine:
    """One finding of the audit: a draw replayed (ok), a mismatch, or a withdrawn draw (ok,
    listed so that anyone can see it was drawn and withdrawn), and where."""

    round: int
    ok: bool
    text: str
    withdrawn: bool = False


@dataclass(frozen=True)
class TrailLine:
    """One line of the result log (the paper trail): a result typed in, corrected, played on
    the platform, or given for a player who did not come, and when."""

    no: int
    round: int
    action: str
    score: str
    at: datetime
    by: str


@dataclass(frozen=True)
class BotJob:
    """An open match for the platform to play: its players' labels, bot levels and seed."""

    no: int
    round: int
    labels: tuple[str, str]
    levels: tuple[str, str]
    seed: int


class Queries:
    """The questions `stich tournament` asks of one open Store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def events(self) -> list[Event]:
        with self.store.transaction() as s:
            return list(s.scalars(select(Event).order_by(Event.id)))

    def snapshot(self, event: str | None) -> Snapshot:
        with self.store.transaction() as s:
            return load(s, event_row(s, event))

    def audit(self, event: str | None) -> list[AuditLine]:
        """Replay every draw from its recorded seed and inputs; compare with what is stored.
        On SQLite the file's own integrity check comes first: a damaged page or index is
        refused in one line (StoreError) before anything is replayed from it."""
        problems = self.store.integrity_problems()
        if problems:
            raise StoreError(damaged(self.store.url, integrity_text(problems)))
        with self.store.transaction() as s:
            ev = event_row(s, event)
            lines: list[AuditLine] = [
                AuditLine(w.round_no, True, f"seed {w.seed} was drawn "
                          f"({count(w.pairings, 'pairing')}) and withdrawn at "
                          f"{w.withdrawn_at:%Y-%m-%d %H:%M} before any result", withdrawn=True)
                for w in s.scalars(select(WithdrawnDraw).where(WithdrawnDraw.event_id == ev.id)
                                   .order_by(WithdrawnDraw.id))
            ]
            faults = row_faults(s, ev)
            if faults:  # the facts themselves are broken: report them, replay nothing
                lines += [AuditLine(r, False, text) for r, text in faults]
                return lines
            snap = load(s, ev)
            draws = list(s.scalars(select(Draw).where(Draw.event_id == ev.id)
                                   .order_by(Draw.round_no)))
            for d in draws:
                r = d.round_no
                stored = [row_of(m) for m in snap.round_matches(r)]
                try:
                    expected = expected_inputs(truncated(snap, r - 1), r)
                except (BracketError, TournamentError) as exc:
                    lines.append(AuditLine(r, False, f"history before it is broken: {exc}"))
                    continue
                if expected != d.inputs:
                    lines.append(AuditLine(r, False, "the recorded inputs differ from the "
                                           "cards and results before this round"))
                    continue
                try:
                    replay = replay_draw(ev.format, d.inputs, d.seed, card_of_player(snap))
                except (DrawError, swiss.PairingError, ValueError) as exc:
                    lines.append(AuditLine(r, False, f"replay failed: {exc}"))
                    continue
                if list(replay.rows) != stored:
                    lines.append(AuditLine(r, False,
                                           f"seed {d.seed} gives different pairings"))
                elif (replay.redraws, replay.put_backs) != (d.redraws, d.put_backs):
                    lines.append(AuditLine(r, False, "redraw counts differ"))
                else:
                    extra = (f", {count(d.redraws, 'redraw')}, "
                             f"{count(d.put_backs, 'put-back')}"
                             if r == 1 and ev.format == "preis" else "")
                    paired = count(len(stored), "pairing")
                    lines.append(AuditLine(r, True, f"seed {d.seed}: {paired} "
                                           f"replayed identically{extra}"))
            for m in snap.matches:
                if m.kind == "match" and m.decided:
                    try:
                        check_score(m.score_a or 0, m.score_b or 0, ev.match_length)
                    except ResultError as exc:
                        lines.append(AuditLine(m.round, False, f"match {m.no}: {exc}"))
            # by round, as it happened: a withdrawn draw before the one that replaced it
            return sorted(lines, key=lambda line: line.round)

    def trail(self, event: str | None) -> list[TrailLine]:
        """Every result written for the event, corrections included, in the order written:
        who wrote it is "organiser" (typed in), "platform" (bots, `play`) or what the
        platform's detail says ("server from table ID", docs/tournament.md "Online")."""
        with self.store.transaction() as s:
            ev = event_row(s, event)
            rows = s.execute(select(ResultLog, TournamentMatch.no, TournamentMatch.round_no)
                             .join(TournamentMatch, TournamentMatch.id == ResultLog.match_id)
                             .where(TournamentMatch.event_id == ev.id)
                             .order_by(ResultLog.id)).all()
            lines = []
            for log, no, round_no in rows:
                detail = log.detail or {}
                by = str(detail.get("by") or ("platform" if log.action == "played"
                                              else "organiser"))
                lines.append(TrailLine(no, round_no, log.action,
                                       f"{log.score_a}:{log.score_b}", log.at, by))
            return lines

    def round_shown(self, event: str | None, round_no: int | None) -> tuple[Snapshot, int]:
        """The event and the round to show (default: the latest); TournamentError if that
        round has not been drawn."""
        snap = self.snapshot(event)
        r = round_no if round_no is not None else snap.rounds
        if not snap.rounds:
            raise TournamentError("no round has been drawn yet; draw round 1 with "
                                  "`stich tournament draw`")
        if r < 1 or r > snap.rounds:
            raise TournamentError(f"round {r} has not been drawn (rounds drawn: {snap.rounds})")
        return snap, r

    def player(self, event: str | None, name: str) -> tuple[Snapshot, PlayerView]:
        """The event and the player a name (or the start of one) names (``find_player``)."""
        snap = self.snapshot(event)
        return snap, snap.find_player(name)

    def standings(self, event: str | None) -> Snapshot:
        """A Swiss or round-robin event (TournamentError for a Preisschnapsen: prizes)."""
        snap = self.snapshot(event)
        if snap.is_knockout:
            raise TournamentError("a Preisschnapsen has a prize list, not standings; "
                                  "see `stich tournament prizes`")
        return snap

    def bot_jobs(self, event: str | None, default_level: str | None) -> list[BotJob]:
        """The open matches of the current round as bot matches: each player plays at the
        level registered for him (`register --bot`), else at `default_level`."""
        from stich.tournament.botplay import match_seed

        with self.store.transaction() as s:
            snap = load(s, event_row(s, event))
        level = {p.id: p.bot or default_level for p in snap.players}
        without = [p.name for p in snap.active_players if level[p.id] is None]
        if without:
            raise TournamentError(
                f"{', '.join(without[:5])} {'has' if len(without) == 1 else 'have'} no bot "
                "level: register bots with --bot LEVEL, or give `play --bot LEVEL` for "
                "everyone registered without one"
            )
        jobs = []
        for m in snap.open_matches:
            assert m.b is not None
            seed = match_seed(snap.draws[m.round - 1].seed, m.no)
            jobs.append(BotJob(m.no, m.round, (m.a.label, m.b.label),
                               (str(level[m.a.player]), str(level[m.b.player])), seed))
        return jobs


def find_event(s: Session, name: str) -> Event | None:
    """The event of that name (any case), if there is one."""
    for ev in s.scalars(select(Event)):
        if ev.name.casefold() == name.casefold():
            return ev
    return None


def event_row(s: Session, name: str | None, lock: bool = False) -> Event:
    """The named event, or the newest (TournamentError if none); ``lock``: for a write."""
    if name is not None:
        ev = find_event(s, name)
        if ev is None:
            raise TournamentError(f"there is no event named {name!r}")
    else:
        ev = s.scalar(select(Event).order_by(Event.id.desc()).limit(1))
        if ev is None:
            raise TournamentError("there is no event yet; create one with "
                                  "`stich tournament create`")
    if lock:
        s.scalar(select(Event).where(Event.id == ev.id).with_for_update())
    return ev


def active_player_rows(s: Session, ev: Event) -> list[Player]:
    return list(s.scalars(select(Player).where(Player.event_id == ev.id,
                                               Player.withdrawn.is_(False))))


def find_player_row(s: Session, ev: Event, name: str) -> Player | None:
    key = name_key(name)
    for p in s.scalars(select(Player).where(Player.event_id == ev.id)):
        if name_key(p.name) == key:
            return p
    return None


def player_row(s: Session, ev: Event, name: str) -> Player:
    p = find_player_row(s, ev, name)
    if p is None or p.withdrawn:
        raise TournamentError(f"no player named {name!r} is registered")
    return p
