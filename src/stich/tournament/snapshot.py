"""An event at one moment: its stored facts as plain views, and what they imply.

Read-only and computed on every command: progress of the knockout (bracket.py), standings
(standings.py) and the prize list (prizes.py) are never stored, so a corrected result cannot
leave a stale copy behind.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from stich.tournament import swiss
from stich.tournament.bracket import (
    BracketError,
    Played,
    Progress,
    Range,
    group_label,
    open_places,
    progress,
)
from stich.tournament.draw import Entry, Pairing
from stich.tournament.errors import InconsistentEvent, TournamentError
from stich.tournament.models import Draw, EntryCard, Event, Player, TournamentMatch
from stich.tournament.prizes import PrizeLine, prize_list
from stich.tournament.standings import Format, Meeting, Standing, standings

#: How a player's second card is written ("Karl #2"); a name may not end like that.
CARD_SUFFIX = re.compile(r"#\s*\d+$")


def name_key(name: str) -> str:
    """Names compare without case, extra spaces or look-alike Unicode forms."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def _starts(key: str) -> list[str]:
    """Where a typed start may match: the whole name and each later word of it."""
    words = key.split()
    return [key, *(" ".join(words[i:]) for i in range(1, len(words)))]


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
            return head + f"{self.a.name}'s own cards meet; goes on with {self.a.label}"
        return head + f"{self.a.label} {self.score_text() or '-'} {self.b.label}"

    def summary_for(self, card_id: int) -> str:
        """The prize list's line from the side of the card whose place the match decided:
        "match 63, Final: won 2:1 against Bert", "match 63, Final: lost 1:2 to Anna" (T-4)."""
        if self.kind != "match" or not self.decided:
            return self.summary()
        _, other = self.sides_for(card_id)
        assert other is not None
        result = self.result_for(card_id)
        word = "against" if result.startswith("won") else "to"
        return f"match {self.no}, {self.label}: {result} {word} {other.label}"

    def card_of(self, player: int) -> CardView:
        """The player's card in this match (the first of them when his own cards meet)."""
        if self.a.player == player:
            return self.a
        if self.b is not None and self.b.player == player:
            return self.b
        raise ValueError(f"player {player} has no card in match {self.no}")

    def sides_for(self, card_id: int) -> tuple[CardView, CardView | None]:
        """(this card, the other one): the match seen from one of its cards."""
        if self.a.id == card_id:
            return self.a, self.b
        if self.b is not None and self.b.id == card_id:
            return self.b, self.a
        raise ValueError(f"card {card_id} is not in match {self.no}")

    def result_for(self, card_id: int) -> str:
        """The result as the holder of one card reads it: his own Bummerl first and whether
        he won ("won 2:1", "lost 0:2"), whichever pot he drew from; "" while open."""
        me, _ = self.sides_for(card_id)
        if self.kind == "bye":
            return "through (bye)"
        if self.kind == "self":
            return "goes on" if me.id == self.winner else "given up"
        if self.score_a is None or self.score_b is None:
            return ""
        mine, theirs = ((self.score_a, self.score_b) if me.id == self.a.id
                        else (self.score_b, self.score_a))
        return f"{'won' if me.id == self.winner else 'lost'} {mine}:{theirs}"

    def score_text(self) -> str:
        """The result in pairing-list order: the first-named (left-pot) player's Bummerl
        first, as it is typed in."""
        if self.kind == "bye":
            return "bye"
        if self.kind == "self":
            return "own cards meet"
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
    bot: str | None = None


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

    @property
    def standings_when(self) -> str:
        """When the standings stand (T-5): "before round 1", "after round 2", or "during round
        3: 2 matches open" while the latest round's results are still coming in."""
        left = len(self.open_matches)
        if not self.rounds:
            return "before round 1"
        if left:
            return (f"during round {self.rounds}: {left} "
                    f"{'match' if left == 1 else 'matches'} open")
        return f"after round {self.rounds}"

    def round_matches(self, round_no: int) -> list[MatchView]:
        return [m for m in self.matches if m.round == round_no]

    def player_named(self, name: str) -> PlayerView | None:
        key = name_key(name)
        return next((p for p in self.active_players if name_key(p.name) == key), None)

    def find_player(self, word: str) -> PlayerView:
        """A player by his name, or by the start of it when only one name starts so (as the
        score pads read names); a card label ("Anna #2") names its holder. A start that also
        begins a later word of another name ("Huber" for Hubert Maier and Anna Huber) is
        ambiguous, and so is one that begins later words of two names. TournamentError names
        what matched, or says nobody did."""
        exact = self.player_named(word)
        if exact is None and CARD_SUFFIX.search(word):
            exact = self.player_named(CARD_SUFFIX.sub("", word))
        if exact is not None:
            return exact
        key = name_key(word)
        found = [p for p in self.active_players
                 if key and any(w.startswith(key) for w in _starts(name_key(p.name)))]
        if len(found) == 1:
            return found[0]
        if found:
            names = ", ".join(p.name for p in sorted(found, key=lambda p: name_key(p.name)))
            raise TournamentError(f"{word!r} matches several players: {names}; "
                                  "give more of the name")
        raise TournamentError(f"no player named {word!r} is registered "
                              "(stich tournament players lists them)")

    def player_matches(self, player: PlayerView) -> list[MatchView]:
        """Every pairing one of the player's cards is in, in match order."""
        return [m for m in self.matches
                if m.a.player == player.id or (m.b is not None and m.b.player == player.id)]

    @property
    def sides(self) -> tuple[str, str]:
        """Column headers of a pairing: the two pots of a knockout draw (T-2, T-3)."""
        return ("Left pot", "Right pot") if self.is_knockout else ("Player", "Player")

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
class PlayerLine:
    """One line of the alphabetical pairing list: a player's card, its match and opponent."""

    name: str
    card: str
    no: int
    stage: str
    opponent: str
    result: str


def opponent_label(m: MatchView, other: CardView | None) -> str:
    """Who a card meets in match ``m``, as its player reads it: a bye, his own other card, or
    the opponent's card."""
    if other is None:
        return "bye (Freilos)"
    if m.kind == "self":
        return f"own card {other.label}"
    return other.label


def by_player(snap: Snapshot, round_no: int) -> list[PlayerLine]:
    """A round's pairings once per card, alphabetically (for the wall): each card with its
    match number, opponent and result from its own side ("won 2:1", "lost 0:2"), so everyone
    finds himself without reading the whole list."""
    lines = []
    for m in snap.round_matches(round_no):
        for me in (m.a, m.b):
            if me is None:
                continue
            lines.append(PlayerLine(me.name, me.label, m.no, m.label,
                                    opponent_label(m, m.sides_for(me.id)[1]),
                                    m.result_for(me.id)))
    lines.sort(key=lambda x: (name_key(x.name), x.card, x.no))
    return lines


def card_status(snap: Snapshot, card: CardView) -> str:
    """Where one entry card is (knockout): in the main draw, in placement play, placed, out."""
    prog = snap.progress
    if prog is None:
        return "in the draw"
    for place in prog.places.values():
        if place.entry.card == card.id:
            return f"place {place.place} (match {place.match})"
    if card.id in prog.live:
        lo, hi = prog.live[card.id]
        return "in the main draw" if lo == 1 else f"plays for places {lo}-{hi}"
    if card.id in prog.out:
        return f"out (match {prog.out[card.id]})"
    return "out"


def card_label(name: str, ordinal: int, cards: int) -> str:
    """"Anna" for a single card, "Anna #2" for her second. A name that itself ends like a card
    label (registration refuses those; an older database may hold one) is shown in quotes, so
    a name and a card label never print the same."""
    shown = f'"{name}"' if CARD_SUFFIX.search(unicodedata.normalize("NFKC", name)) else name
    return shown if cards == 1 else f"{shown} #{ordinal}"


def _match_fault(m: TournamentMatch, cards: dict[int, int]) -> str | None:
    """What is wrong with a stored pairing (`cards`: card id -> player id of this event)."""
    if m.card_a_id not in cards or (m.card_b_id is not None and m.card_b_id not in cards):
        return f"match {m.no} names a card that is not one of this event's"
    kind = ("bye" if m.card_b_id is None
            else "self" if cards[m.card_a_id] == cards[m.card_b_id] else "match")
    if m.kind != kind:
        return f"match {m.no} is stored as {m.kind!r} but its cards make it {kind!r}"
    if m.winner_card_id is None:
        return None if kind == "match" else f"match {m.no} ({kind}) has no winner"
    if m.winner_card_id not in (m.card_a_id, m.card_b_id):
        return (f"match {m.no}'s winner (card {m.winner_card_id}) is not one of its two "
                "players' cards")
    if kind != "match":
        return None if m.winner_card_id == m.card_a_id else f"match {m.no} has the wrong winner"
    if m.score_a is None or m.score_b is None:
        return f"match {m.no} has a winner but no score"
    a_won = m.score_a > m.score_b
    if a_won != (m.winner_card_id == m.card_a_id):
        return (f"match {m.no}'s winner is not the player with more Bummerl "
                f"({m.score_a}:{m.score_b})")
    return None


def row_faults(s: Session, ev: Event) -> list[tuple[int, str]]:
    """Every stored pairing that cannot be right, as (round, what is wrong): what `audit`
    reports and what makes `load` refuse, instead of failing somewhere inside."""
    cards = {c.id: c.player_id
             for c in s.scalars(select(EntryCard).where(EntryCard.event_id == ev.id))}
    faults = []
    for m in s.scalars(select(TournamentMatch).where(TournamentMatch.event_id == ev.id)
                       .order_by(TournamentMatch.no)):
        fault = _match_fault(m, cards)
        if fault is not None:
            faults.append((m.round_no, fault))
    return faults


def load(s: Session, ev: Event) -> Snapshot:
    """Read an event's facts and compute where it stands; a stored pairing that cannot be
    right is refused in one line that points to the audit."""
    players = [PlayerView(p.id, p.name, p.seq, p.cards, p.withdrawn, p.bot)
               for p in s.scalars(select(Player).where(Player.event_id == ev.id)
                                  .order_by(Player.seq))]
    names = {p.id: p.name for p in players}
    card_rows = list(s.scalars(select(EntryCard).where(EntryCard.event_id == ev.id)
                               .order_by(EntryCard.id)))
    counts: dict[int, int] = {}
    for c in card_rows:
        counts[c.player_id] = counts.get(c.player_id, 0) + 1
    cards = {
        c.id: CardView(c.id, c.player_id, names[c.player_id], c.ordinal,
                       card_label(names[c.player_id], c.ordinal, counts[c.player_id]))
        for c in card_rows
    }
    holder = {c.id: c.player_id for c in card_rows}
    draws = [DrawView(d.round_no, d.seed, d.seed_given, d.redraws, d.put_backs)
             for d in s.scalars(select(Draw).where(Draw.event_id == ev.id)
                                .order_by(Draw.round_no))]
    matches = []
    for m in s.scalars(select(TournamentMatch).where(TournamentMatch.event_id == ev.id)
                       .order_by(TournamentMatch.no)):
        fault = _match_fault(m, holder)
        if fault is not None:
            raise InconsistentEvent(f"the stored event is inconsistent: {fault}; "
                                    "see `stich tournament audit`")
        group = (m.group_lo, m.group_hi) if m.group_lo is not None and m.group_hi else None
        label = group_label(group, m.round_no) if group else f"Round {m.round_no}"
        matches.append(MatchView(m.no, m.round_no, group, label, m.kind, cards[m.card_a_id],
                                 cards[m.card_b_id] if m.card_b_id else None,
                                 m.score_a, m.score_b, m.winner_card_id))
    snap = Snapshot(ev, players, cards, draws, matches)
    compute(snap)
    return snap


def compute(snap: Snapshot) -> None:
    """Fill in progress, standings and prizes from the snapshot's facts."""
    ev = snap.event
    if ev.format == "preis":
        history: list[list[Played]] = [[] for _ in snap.draws]
        for m in snap.matches:
            assert m.group is not None
            history[m.round - 1].append(Played(m.no, m.round, m.group, pairing_of(m), m.winner))
        entries = [c.entry for c in snap.cards.values()]
        try:
            snap.progress = progress(entries, ev.prize_count, history)
        except BracketError as exc:
            raise InconsistentEvent(f"the stored event is inconsistent: {exc}") from None
        # before round 1 registration is open (T-1): every prize is still to be played for
        still = (open_places(snap.progress) if snap.draws
                 else set(range(1, ev.prize_count + 1)))
        snap.prizes = prize_list(snap.progress.places, ev.prize_count, ev.one_prize, still,
                                 sold=len(entries))
        return
    players = [p.id for p in snap.active_players]
    games = [Meeting(m.a.player, player_of(m.b), m.score_a, m.score_b) for m in snap.matches]
    fmt: Format = "swiss" if ev.format == "swiss" else "roundrobin"
    snap.standings = standings(players, games, fmt)
    n = len(players)
    if ev.format == "swiss":
        snap.total_rounds = ev.rounds or swiss.default_rounds(n)
    else:
        snap.total_rounds = n if n % 2 else max(1, n - 1)
    snap.prizes = _standings_prizes(snap)


def _standings_prizes(snap: Snapshot) -> list[PrizeLine]:
    """Swiss and round robin: prizes go down the final standings (shared ranks noted); each
    says what decided it: the points, and the tie-break that put it ahead of the next."""
    done = snap.finished
    lines = []
    for i in range(snap.event.prize_count):
        if i < len(snap.standings) and done:
            st = snap.standings[i]
            shared = sum(1 for x in snap.standings if x.rank == st.rank) > 1
            lines.append(PrizeLine(i + 1, st.player, None, None, st.rank, "won",
                                   f"shares rank {st.rank}" if shared else "",
                                   decided=_decided_by(snap, i)))
        elif done:
            lines.append(PrizeLine(i + 1, None, None, None, None, "not awarded",
                                   f"only {len(snap.standings)} players took part"))
        else:
            lines.append(PrizeLine(i + 1, None, None, None, None, "open"))
    return lines


def _decided_by(snap: Snapshot, i: int) -> str:
    """"standings after round 5: 3 points, ahead of Bert on Buchholz (7 to 5)"."""
    st = snap.standings[i]
    text = (f"standings {snap.standings_when}: {st.points:g} "
            f"{'point' if st.points == 1 else 'points'}")
    if i + 1 >= len(snap.standings):
        return text
    nxt = snap.standings[i + 1]
    names = {p.id: p.name for p in snap.players}
    keys: list[tuple[str, float, float]] = [("points", st.points, nxt.points)]
    if snap.event.format == "swiss":
        keys.append(("Buchholz", st.buchholz, nxt.buchholz))
    keys += [("Sonneborn-Berger", st.sonneborn_berger, nxt.sonneborn_berger),
             ("Bummerl difference", st.bummerl_diff, nxt.bummerl_diff),
             ("Bummerl won", st.bummerl_for, nxt.bummerl_for)]
    for label, mine, theirs in keys:
        if mine != theirs:
            if label == "points":
                return text
            return f"{text}, ahead of {names[nxt.player]} on {label} ({mine:g} to {theirs:g})"
    return f"{text}, equal with {names[nxt.player]} on every tie-break"


def truncated(snap: Snapshot, rounds: int) -> Snapshot:
    """The snapshot as it was after `rounds` rounds (results of later rounds dropped)."""
    t = Snapshot(snap.event, snap.players, snap.cards, snap.draws[:rounds],
                 [m for m in snap.matches if m.round <= rounds])
    compute(t)
    return t


def pairing_of(m: MatchView) -> Pairing:
    return Pairing(m.a.entry, m.b.entry if m.b else None)


def player_of(c: CardView | None) -> int | None:
    return None if c is None else c.player
