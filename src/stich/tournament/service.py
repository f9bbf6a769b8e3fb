"""The organiser's operations, each one checked and committed as one transaction.

Every command reads the event's facts from the database, lets the pure modules (draw, bracket,
swiss, roundrobin, prizes) decide, and writes the new facts back; a check that fails raises
TournamentError before anything is written, so bad input changes nothing.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stich.tournament import roundrobin, swiss
from stich.tournament.bracket import (
    BracketError,
    Played,
    Progress,
    Range,
    decided_at_draw,
    group_label,
    open_places,
    progress,
)
from stich.tournament.draw import DrawError, Entry, Holding, Pairing, first_round, later_round
from stich.tournament.models import Card, Draw, Event, Match, Player, ResultLog, utcnow
from stich.tournament.prizes import PrizeLine, prize_list
from stich.tournament.results import ResultError, check_score, parse_score
from stich.tournament.standings import Game, Standing, standings
from stich.tournament.store import Store

FORMATS = ("preis", "swiss", "roundrobin")
DECKS = ("french", "german")
MATCH_LENGTHS = (1, 2, 3)
MAX_SEED = 2**63 - 1


class TournamentError(Exception):
    """Bad input or an operation the event's state does not allow; nothing was changed."""


# --------------------------------------------------------------------------- views


@dataclass(frozen=True)
class CardView:
    """An entry card as shown: "Anna" for a single card, "Anna #2" for her second."""

    id: int
    player: int
    name: str
    ordinal: int
    label: str

    @property
    def entry(self) -> Entry:
        return Entry(self.id, self.player)


@dataclass(frozen=True)
class MatchView:
    no: int
    round: int
    group: Range | None
    label: str
    kind: str
    a: CardView
    b: CardView | None
    score_a: int | None
    score_b: int | None
    winner: int | None  # card id

    @property
    def decided(self) -> bool:
        return self.winner is not None

    def summary(self) -> str:
        """One line for prize lists: "match 63, Final: Anna 2:1 Bert"."""
        head = f"match {self.no}, {self.label}: "
        if self.b is None:
            return head + f"{self.a.label} has a bye"
        if self.kind == "self":
            return head + f"{self.a.name} meets himself, goes on with {self.a.label}"
        return head + f"{self.a.label} {self.score_text() or '-'} {self.b.label}"

    def score_text(self) -> str:
        if self.kind == "bye":
            return "bye"
        if self.kind == "self":
            return "meets himself"
        if self.score_a is None:
            return ""
        return f"{self.score_a}:{self.score_b}"


@dataclass(frozen=True)
class PlayerView:
    id: int
    name: str
    seq: int
    cards: int
    withdrawn: bool


@dataclass(frozen=True)
class DrawView:
    round: int
    seed: int
    seed_given: bool
    redraws: int
    put_backs: int


@dataclass(frozen=True)
class Holdings:
    """Where one player's cards are: in the main draw, in placement play, placed, or out."""

    player: PlayerView
    main: int
    placement: int
    places: tuple[int, ...]
    out: int


@dataclass
class Snapshot:
    """Everything about one event at one moment, computed from its stored facts."""

    event: Event
    players: list[PlayerView]
    cards: dict[int, CardView]
    draws: list[DrawView]
    matches: list[MatchView]
    progress: Progress | None = None
    standings: list[Standing[int]] = field(default_factory=list)
    total_rounds: int | None = None
    prizes: list[PrizeLine] = field(default_factory=list)

    @property
    def is_knockout(self) -> bool:
        return self.event.format == "preis"

    @property
    def rounds(self) -> int:
        return len(self.draws)

    @property
    def sold(self) -> int:
        return sum(p.cards for p in self.players if not p.withdrawn)

    @property
    def active_players(self) -> list[PlayerView]:
        return [p for p in self.players if not p.withdrawn]

    @property
    def open_matches(self) -> list[MatchView]:
        return [m for m in self.matches if not m.decided]

    def round_matches(self, round_no: int) -> list[MatchView]:
        return [m for m in self.matches if m.round == round_no]

    @property
    def finished(self) -> bool:
        if self.is_knockout:
            return self.progress is not None and self.progress.finished
        return (self.total_rounds is not None and self.rounds >= self.total_rounds
                and not self.open_matches)

    def phase(self) -> str:
        if not self.draws:
            return "registration"
        if self.finished:
            return "finished"
        if self.open_matches:
            return f"round {self.rounds} in play"
        return f"waiting for the draw of round {self.rounds + 1}"

    def next_step(self) -> str:
        """What the organiser does next, in one sentence."""
        if not self.draws:
            if self.is_knockout:
                n = self.event.n_cards or 0
                if self.sold <= n // 2:
                    return (f"register players: {self.sold} of {n} cards sold, the draw needs "
                            f"more than {n // 2}")
            elif len(self.active_players) < 2:
                return "register players: a round needs at least two"
            return "register more players, or draw round 1 (stich tournament draw)"
        if self.open_matches:
            nos = ", ".join(str(m.no) for m in self.open_matches[:12])
            more = "" if len(self.open_matches) <= 12 else ", ..."
            return f"enter the results of matches {nos}{more} (stich tournament result NO A:B)"
        if self.finished:
            return "print the prize list (stich tournament prizes --html FILE)"
        return f"draw round {self.rounds + 1} (stich tournament draw)"

    def holdings(self) -> list[Holdings]:
        """Per player, how many cards are where (knockout events)."""
        prog = self.progress
        rows = []
        for p in self.active_players:
            cards = [c for c in self.cards.values() if c.player == p.id]
            main = placement = out = 0
            places: list[int] = []
            for c in cards:
                if prog is None:
                    main += 1
                elif c.id in prog.live:
                    if prog.live[c.id][0] == 1:
                        main += 1
                    else:
                        placement += 1
                elif c.id in prog.out:
                    out += 1
            if prog is not None:
                places = sorted(pl.place for pl in prog.places.values() if pl.entry.player == p.id)
            rows.append(Holdings(p, main, placement, tuple(places), out))
        return rows


@dataclass(frozen=True)
class AuditLine:
    round: int
    ok: bool
    text: str


# --------------------------------------------------------------------------- service


@dataclass(frozen=True)
class Row:
    """One replayed pairing: the group (knockout only) and the two cards."""

    group: Range | None
    pairing: Pairing


@dataclass(frozen=True)
class Replay:
    rows: tuple[Row, ...]
    redraws: int = 0
    put_backs: int = 0


class Tournament:
    """The operations of `stich tournament`, over one open Store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- events

    def create(self, name: str, *, fmt: str = "preis", n_cards: int | None = None,
               max_cards: int = 3, match_length: int = 2, prize_count: int | None = None,
               one_prize: bool = False, deck: str = "french",
               rounds: int | None = None) -> Snapshot:
        name = _clean_name(name, "event")
        if fmt not in FORMATS:
            raise TournamentError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
        if fmt != "preis":
            if n_cards is not None:
                raise TournamentError("--cards is for Preisschnapsen; Swiss and round robin "
                                      "have one entry per player")
            max_cards = 1
        elif n_cards is None:
            raise TournamentError("a Preisschnapsen needs the number of entry cards (--cards N)")
        if prize_count is None:  # T-4: usually eight
            prize_count = min(8, n_cards) if n_cards is not None else 8
        _check_settings(fmt, n_cards, max_cards, match_length, prize_count, deck, rounds)
        with self.store.transaction() as s:
            if _find_event(s, name) is not None:
                raise TournamentError(f"an event named {name!r} already exists")
            ev = Event(name=name, format=fmt, n_cards=n_cards, max_cards=max_cards,
                       match_length=match_length, prize_count=prize_count, one_prize=one_prize,
                       deck=deck, rounds=rounds if fmt == "swiss" else None)
            s.add(ev)
            s.flush()
            return _snapshot(s, ev)

    def events(self) -> list[Event]:
        with self.store.transaction() as s:
            return list(s.scalars(select(Event).order_by(Event.id)))

    def configure(self, event: str | None, **changes: Any) -> Snapshot:
        """Change settings; allowed until round 1 is drawn, and checked against registrations."""
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            _require_no_draw(s, ev, "changing the settings")
            values = {k: v for k, v in changes.items() if v is not None}
            if not values:
                raise TournamentError("nothing to change; pass an option such as --cards 64")
            if ev.format != "preis" and ({"n_cards", "max_cards"} & set(values)):
                raise TournamentError("--cards and --max-cards are for Preisschnapsen only")
            if ev.format != "swiss" and "rounds" in values:
                raise TournamentError("--rounds is for Swiss-system events only")
            settings = {k: getattr(ev, k) for k in
                        ("n_cards", "max_cards", "match_length", "prize_count", "deck", "rounds")}
            settings.update({k: v for k, v in values.items() if k in settings})
            _check_settings(ev.format, settings["n_cards"], settings["max_cards"],
                            settings["match_length"], settings["prize_count"], settings["deck"],
                            settings["rounds"])
            players = _players(s, ev)
            if ev.format == "preis":
                sold = sum(p.cards for p in players)
                if settings["n_cards"] < sold:
                    raise TournamentError(
                        f"{sold} cards are already sold; N cannot be below that"
                    )
                most = max((p.cards for p in players), default=0)
                if settings["max_cards"] < most:
                    raise TournamentError(
                        f"a player already holds {most} cards; k cannot be below that"
                    )
            for k, v in values.items():
                setattr(ev, k, v)
            s.flush()
            return _snapshot(s, ev)

    # ---- registration (T-1, T-5)

    def register(self, event: str | None, name: str, cards: int = 1) -> Snapshot:
        name = _clean_name(name, "player")
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            _require_no_draw(s, ev, "registration")
            existing = _find_player(s, ev, name)
            if existing is not None and not existing.withdrawn:
                raise TournamentError(
                    f"player {existing.name!r} is already registered with {existing.cards} "
                    f"card(s); change that with `stich tournament cards`"
                )
            _check_cards(s, ev, cards, already=0)
            if existing is not None:
                existing.withdrawn = False
                existing.cards = cards
                player = existing
            else:
                seq = (s.scalar(select(func.max(Player.seq)).where(Player.event_id == ev.id))
                       or 0) + 1
                player = Player(event_id=ev.id, name=name, seq=seq, cards=cards)
                s.add(player)
                s.flush()
            _set_cards(s, ev, player, cards)
            return _snapshot(s, ev)

    def set_cards(self, event: str | None, name: str, cards: int) -> Snapshot:
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            _require_no_draw(s, ev, "changing cards")
            player = _player(s, ev, name)
            _check_cards(s, ev, cards, already=player.cards)
            player.cards = cards
            _set_cards(s, ev, player, cards)
            return _snapshot(s, ev)

    def withdraw(self, event: str | None, name: str) -> Snapshot:
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            _require_no_draw(s, ev, "withdrawal")
            player = _player(s, ev, name)
            player.withdrawn = True
            player.cards = 0
            _set_cards(s, ev, player, 0)
            return _snapshot(s, ev)

    # ---- draws (T-2, T-3, T-4, T-5)

    def draw(self, event: str | None, seed: int | None = None) -> Snapshot:
        """Draw the next round from `seed` (or a fresh one), and record seed and inputs."""
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise TournamentError(f"seed must be between 0 and {MAX_SEED}")
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            snap = _snapshot(s, ev)
            if snap.open_matches:
                nos = ", ".join(str(m.no) for m in snap.open_matches[:12])
                raise TournamentError(
                    f"round {snap.rounds} still has {len(snap.open_matches)} open match(es) "
                    f"({nos}); enter their results first"
                )
            if snap.finished:
                raise TournamentError("the event is finished; there is nothing left to draw")
            round_no = snap.rounds + 1
            if ev.format == "roundrobin" and round_no > 1:
                first = snap.draws[0].seed
                if seed is not None and seed != first:
                    raise TournamentError(
                        f"a round robin's schedule was fixed by round 1's seed {first}"
                    )
                seed = first
            seed_given = seed is not None
            if seed is None:
                seed = secrets.randbelow(10**9)
            inputs = expected_inputs(snap, round_no)
            try:
                replay = replay_draw(ev.format, inputs, seed, _card_of_player(snap))
            except (DrawError, swiss.PairingError, ValueError) as exc:
                raise TournamentError(f"cannot draw round {round_no}: {exc}") from None
            draw = Draw(event_id=ev.id, round_no=round_no, seed=seed, seed_given=seed_given,
                        redraws=replay.redraws, put_backs=replay.put_backs, inputs=inputs)
            s.add(draw)
            s.flush()
            next_no = (s.scalar(select(func.max(Match.no)).where(Match.event_id == ev.id))
                       or 0) + 1
            now = utcnow()
            for row in replay.rows:
                p = row.pairing
                winner = decided_at_draw(p)
                s.add(Match(event_id=ev.id, draw_id=draw.id, round_no=round_no, no=next_no,
                            group_lo=row.group[0] if row.group else None,
                            group_hi=row.group[1] if row.group else None,
                            kind=p.kind, card_a_id=p.a.card,
                            card_b_id=p.b.card if p.b else None,
                            winner_card_id=winner, decided_at=now if winner else None))
                next_no += 1
            s.flush()
            return _snapshot(s, ev)

    # ---- results (T-3)

    def enter_results(self, event: str | None, results: Sequence[tuple[int, str]],
                      correct: bool = False) -> list[MatchView]:
        """Record results `[(match no, "2:1"), ...]`, all or none. `correct` overwrites."""
        if not results:
            raise TournamentError("no result given; pass a match number and a score like 2:1")
        with self.store.transaction() as s:
            ev = _event(s, event, lock=True)
            last_round = s.scalar(select(func.max(Draw.round_no)).where(Draw.event_id == ev.id))
            seen: set[int] = set()
            changed: list[Match] = []
            for no, text in results:
                if no in seen:
                    raise TournamentError(f"match {no} is given twice")
                seen.add(no)
                m = s.scalar(select(Match).where(Match.event_id == ev.id, Match.no == no))
                if m is None:
                    raise TournamentError(f"there is no match {no} in {ev.name!r}")
                if m.kind != "match":
                    what = "a bye" if m.kind == "bye" else "a self-meeting"
                    raise TournamentError(f"match {no} is {what}; it has no result to enter")
                try:
                    a, b = parse_score(text, ev.match_length)
                except ResultError as exc:
                    raise TournamentError(f"match {no}: {exc}") from None
                if not correct and m.winner_card_id is not None:
                    raise TournamentError(
                        f"match {no} already has the result {m.score_a}:{m.score_b}; "
                        f"use `stich tournament correct {no} {a}:{b}` to change it"
                    )
                if correct:
                    if m.winner_card_id is None:
                        raise TournamentError(f"match {no} has no result yet; enter it with "
                                              f"`stich tournament result {no} {a}:{b}`")
                    if last_round is not None and m.round_no < last_round:
                        raise TournamentError(
                            f"match {no} is in round {m.round_no} and round {last_round} is "
                            "already drawn; its result can no longer be corrected"
                        )
                assert m.card_b_id is not None
                m.score_a, m.score_b = a, b
                m.winner_card_id = m.card_a_id if a > b else m.card_b_id
                m.decided_at = utcnow()
                s.add(ResultLog(match_id=m.id, action="correct" if correct else "enter",
                                score_a=a, score_b=b))
                changed.append(m)
            s.flush()
            snap = _snapshot(s, ev)
            by_no = {m.no: m for m in snap.matches}
            return [by_no[m.no] for m in changed]

    # ---- reading

    def snapshot(self, event: str | None) -> Snapshot:
        with self.store.transaction() as s:
            return _snapshot(s, _event(s, event))

    def audit(self, event: str | None) -> list[AuditLine]:
        """Replay every draw from its recorded seed and inputs; compare with what is stored."""
        with self.store.transaction() as s:
            ev = _event(s, event)
            snap = _snapshot(s, ev)
            draws = list(s.scalars(select(Draw).where(Draw.event_id == ev.id)
                                   .order_by(Draw.round_no)))
            lines: list[AuditLine] = []
            for d in draws:
                r = d.round_no
                stored = [_row_of(m) for m in snap.round_matches(r)]
                try:
                    expected = expected_inputs(_truncated(snap, r - 1), r)
                except (BracketError, TournamentError) as exc:
                    lines.append(AuditLine(r, False, f"history before it is broken: {exc}"))
                    continue
                if expected != d.inputs:
                    lines.append(AuditLine(r, False, "the recorded inputs differ from the "
                                           "cards and results before this round"))
                    continue
                try:
                    replay = replay_draw(ev.format, d.inputs, d.seed, _card_of_player(snap))
                except (DrawError, swiss.PairingError, ValueError) as exc:
                    lines.append(AuditLine(r, False, f"replay failed: {exc}"))
                    continue
                if list(replay.rows) != stored:
                    lines.append(AuditLine(r, False,
                                           f"seed {d.seed} gives different pairings"))
                elif (replay.redraws, replay.put_backs) != (d.redraws, d.put_backs):
                    lines.append(AuditLine(r, False, "redraw counts differ"))
                else:
                    extra = (f", {d.redraws} redraw(s), {d.put_backs} put-back(s)"
                             if r == 1 and ev.format == "preis" else "")
                    lines.append(AuditLine(r, True, f"seed {d.seed}: {len(stored)} pairings "
                                           f"replayed identically{extra}"))
            for m in snap.matches:
                if m.kind == "match" and m.decided:
                    try:
                        check_score(m.score_a or 0, m.score_b or 0, ev.match_length)
                    except ResultError as exc:
                        lines.append(AuditLine(m.round, False, f"match {m.no}: {exc}"))
            return lines


# --------------------------------------------------------------------------- draws, pure


def expected_inputs(snap: Snapshot, round_no: int) -> dict[str, Any]:
    """The inputs of round `round_no`'s draw, from the cards and the results before it."""
    ev = snap.event
    if ev.format == "preis":
        if round_no == 1:
            holdings = sorted((c.player, c.id) for c in snap.cards.values())
            per: dict[int, list[int]] = {}
            for player, card in holdings:
                per.setdefault(player, []).append(card)
            return {"n_cards": ev.n_cards,
                    "holdings": [[p, cards] for p, cards in sorted(per.items())]}
        prog = snap.progress
        assert prog is not None
        return {
            "groups": [[g[0], g[1], [[e.card, e.player] for e in es]]
                       for g, es in sorted(prog.next_groups.items())],
            "had_bye": sorted(prog.had_bye),
        }
    players = sorted(p.id for p in snap.active_players)
    if ev.format == "roundrobin":
        return {"players": players, "round": round_no}
    games = [[_pid(m.a), _pid(m.b), m.score_a, m.score_b] for m in snap.matches
             if m.round < round_no]
    total = snap.total_rounds or default_rounds(len(players))
    return {"players": players, "games": games, "rounds": total}


def replay_draw(fmt: str, inputs: dict[str, Any], seed: int,
                card_of_player: dict[int, Entry]) -> Replay:
    """Make a draw from its inputs and seed: the same call draws and audits."""
    rng = random.Random(seed)
    if fmt == "preis" and "holdings" in inputs:
        holdings = [Holding(p, tuple(cards)) for p, cards in inputs["holdings"]]
        n = int(inputs["n_cards"])
        fr = first_round(holdings, n, rng)
        sold = sum(len(h.cards) for h in holdings)
        rows = tuple(Row((1, sold), p) for p in fr.pairings)
        return Replay(rows, fr.redraws, fr.put_backs)
    if fmt == "preis":
        had_bye = set(inputs["had_bye"])
        out: list[Row] = []
        for lo, hi, entries in inputs["groups"]:
            es = [Entry(c, p) for c, p in entries]
            out.extend(Row((lo, hi), p) for p in later_round(es, rng, had_bye))
        return Replay(tuple(out))
    players: list[int] = inputs["players"]
    if fmt == "roundrobin":
        rounds = roundrobin.schedule(players, rng)
        r = int(inputs["round"])
        if r > len(rounds):
            raise ValueError(f"a round robin of {len(players)} has only {len(rounds)} rounds")
        pairs = rounds[r - 1]
    else:
        total = int(inputs["rounds"])
        if total > swiss.max_rounds(len(players)):
            raise ValueError(f"{len(players)} players cannot play {total} rounds without "
                             "repeats; lower --rounds")
        games = [Game(a, b, sa, sb) for a, b, sa, sb in inputs["games"]]
        pairs = swiss.pair_round(players, games, rng)
    return Replay(tuple(
        Row(None, Pairing(card_of_player[a], card_of_player[b] if b is not None else None))
        for a, b in pairs
    ))


def default_rounds(n_players: int) -> int:
    """Swiss rounds when none were set: enough to find a sole winner, log2 of the field."""
    return max(1, math.ceil(math.log2(max(2, n_players))))


# --------------------------------------------------------------------------- helpers


def _check_settings(fmt: str, n_cards: int | None, max_cards: int, match_length: int,
                    prize_count: int, deck: str, rounds: int | None) -> None:
    if fmt == "preis":
        assert n_cards is not None
        if n_cards < 2 or n_cards & (n_cards - 1):
            raise TournamentError(
                f"the number of entry cards must be a power of two (32, 64, 128, ...), "
                f"not {n_cards}"
            )
        if n_cards > 65536:
            raise TournamentError("at most 65536 entry cards")
        if not 1 <= max_cards <= n_cards // 2:
            raise TournamentError(
                f"cards per player must be between 1 and {n_cards // 2} (N/2, so nobody "
                f"must meet himself in round 1), not {max_cards}"
            )
        if not 1 <= prize_count <= n_cards:
            raise TournamentError(f"prizes must be between 1 and {n_cards}, not {prize_count}")
    elif prize_count < 1:
        raise TournamentError(f"prizes must be at least 1, not {prize_count}")
    if match_length not in MATCH_LENGTHS:
        raise TournamentError(f"a match is 1, 2 or 3 Bummerl, not {match_length}")
    if deck not in DECKS:
        raise TournamentError(f"deck must be french or german, not {deck!r}")
    if rounds is not None and rounds < 1:
        raise TournamentError(f"rounds must be at least 1, not {rounds}")


def _clean_name(name: str, what: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise TournamentError(f"the {what} name is empty")
    if len(cleaned) > 200:
        raise TournamentError(f"the {what} name is longer than 200 characters")
    return cleaned


def _find_event(s: Session, name: str) -> Event | None:
    for ev in s.scalars(select(Event)):
        if ev.name.casefold() == name.casefold():
            return ev
    return None


def _event(s: Session, name: str | None, lock: bool = False) -> Event:
    if name is not None:
        ev = _find_event(s, name)
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


def _require_no_draw(s: Session, ev: Event, what: str) -> None:
    if s.scalar(select(func.count(Draw.id)).where(Draw.event_id == ev.id)):
        raise TournamentError(f"round 1 has been drawn; {what} is no longer possible")


def _players(s: Session, ev: Event) -> list[Player]:
    return list(s.scalars(select(Player).where(Player.event_id == ev.id,
                                               Player.withdrawn.is_(False))))


def _find_player(s: Session, ev: Event, name: str) -> Player | None:
    key = " ".join(name.split()).casefold()
    for p in s.scalars(select(Player).where(Player.event_id == ev.id)):
        if p.name.casefold() == key:
            return p
    return None


def _player(s: Session, ev: Event, name: str) -> Player:
    p = _find_player(s, ev, name)
    if p is None or p.withdrawn:
        raise TournamentError(f"no player named {name!r} is registered")
    return p


def _check_cards(s: Session, ev: Event, cards: int, already: int) -> None:
    if ev.format != "preis":
        if cards != 1:
            raise TournamentError("Swiss and round-robin events have one entry per player")
        return
    if not 1 <= cards <= ev.max_cards:
        raise TournamentError(
            f"a player may hold 1 to {ev.max_cards} cards (k), not {cards}"
        )
    assert ev.n_cards is not None
    left = ev.n_cards - sum(p.cards for p in _players(s, ev))
    if cards - already > left:
        raise TournamentError(
            f"only {left} of {ev.n_cards} entry cards are left, {cards - already} asked for"
        )


def _set_cards(s: Session, ev: Event, player: Player, cards: int) -> None:
    have = list(s.scalars(select(Card).where(Card.player_id == player.id)
                          .order_by(Card.ordinal)))
    for c in have[cards:]:
        s.delete(c)
    for ordinal in range(len(have) + 1, cards + 1):
        s.add(Card(event_id=ev.id, player_id=player.id, ordinal=ordinal))
    s.flush()


def _snapshot(s: Session, ev: Event) -> Snapshot:
    players = [PlayerView(p.id, p.name, p.seq, p.cards, p.withdrawn)
               for p in s.scalars(select(Player).where(Player.event_id == ev.id)
                                  .order_by(Player.seq))]
    names = {p.id: p.name for p in players}
    card_rows = list(s.scalars(select(Card).where(Card.event_id == ev.id).order_by(Card.id)))
    counts: dict[int, int] = {}
    for c in card_rows:
        counts[c.player_id] = counts.get(c.player_id, 0) + 1
    cards = {
        c.id: CardView(c.id, c.player_id, names[c.player_id], c.ordinal,
                       names[c.player_id] if counts[c.player_id] == 1
                       else f"{names[c.player_id]} #{c.ordinal}")
        for c in card_rows
    }
    draws = [DrawView(d.round_no, d.seed, d.seed_given, d.redraws, d.put_backs)
             for d in s.scalars(select(Draw).where(Draw.event_id == ev.id)
                                .order_by(Draw.round_no))]
    matches = []
    for m in s.scalars(select(Match).where(Match.event_id == ev.id).order_by(Match.no)):
        group = (m.group_lo, m.group_hi) if m.group_lo is not None and m.group_hi else None
        label = group_label(group, m.round_no) if group else f"Round {m.round_no}"
        matches.append(MatchView(m.no, m.round_no, group, label, m.kind, cards[m.card_a_id],
                                 cards[m.card_b_id] if m.card_b_id else None,
                                 m.score_a, m.score_b, m.winner_card_id))
    snap = Snapshot(ev, players, cards, draws, matches)
    _compute(snap)
    return snap


def _compute(snap: Snapshot) -> None:
    """Fill in progress, standings and prizes from the snapshot's facts."""
    ev = snap.event
    if ev.format == "preis":
        history: list[list[Played]] = [[] for _ in snap.draws]
        for m in snap.matches:
            assert m.group is not None
            history[m.round - 1].append(Played(m.no, m.round, m.group, _pairing(m), m.winner))
        entries = [c.entry for c in snap.cards.values()]
        try:
            snap.progress = progress(entries, ev.prize_count, history)
        except BracketError as exc:
            raise TournamentError(f"the stored event is inconsistent: {exc}") from None
        snap.prizes = prize_list(snap.progress.places, ev.prize_count, ev.one_prize,
                                 open_places(snap.progress))
        return
    players = [p.id for p in snap.active_players]
    games = [Game(_pid(m.a), _pid(m.b), m.score_a, m.score_b) for m in snap.matches]
    fmt = "swiss" if ev.format == "swiss" else "roundrobin"
    snap.standings = standings(players, games, fmt)
    n = len(players)
    if ev.format == "swiss":
        snap.total_rounds = ev.rounds or default_rounds(n)
    else:
        snap.total_rounds = n if n % 2 else max(1, n - 1)
    snap.prizes = _standings_prizes(snap)


def _standings_prizes(snap: Snapshot) -> list[PrizeLine]:
    """Swiss and round robin: prizes go down the final standings (shared ranks noted)."""
    done = snap.finished
    lines = []
    for i in range(snap.event.prize_count):
        if i < len(snap.standings) and done:
            st = snap.standings[i]
            shared = sum(1 for x in snap.standings if x.rank == st.rank) > 1
            lines.append(PrizeLine(i + 1, st.player, None, None, st.rank, "won",
                                   f"shares rank {st.rank}" if shared else ""))
        else:
            lines.append(PrizeLine(i + 1, None, None, None, None,
                                   "not awarded" if done else "open"))
    return lines


def _truncated(snap: Snapshot, rounds: int) -> Snapshot:
    """The snapshot as it was after `rounds` rounds (results of later rounds dropped)."""
    t = Snapshot(snap.event, snap.players, snap.cards, snap.draws[:rounds],
                 [m for m in snap.matches if m.round <= rounds])
    _compute(t)
    return t


def _pairing(m: MatchView) -> Pairing:
    return Pairing(m.a.entry, m.b.entry if m.b else None)


def _row_of(m: MatchView) -> Row:
    return Row(m.group, _pairing(m))


def _pid(c: CardView | None) -> int | None:
    return None if c is None else c.player


def _card_of_player(snap: Snapshot) -> dict[int, Entry]:
    """Swiss and round robin: each player's single entry."""
    return {c.player: c.entry for c in snap.cards.values()}
