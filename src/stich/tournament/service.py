"""The organiser's use cases, each one checked and committed as one transaction.

Every use case reads the event's facts from the database, lets the pure modules (draw,
bracket, swiss, roundrobin, prizes) decide, and writes the new facts back; a check that fails
raises TournamentError before anything is written, so bad input changes nothing. What is only
read is ``stich.tournament.queries``.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stich.core.scoring.ends import count
from stich.tournament import swiss
from stich.tournament.bracket import decided_at_draw
from stich.tournament.draw import DrawError
from stich.tournament.errors import TournamentError
from stich.tournament.models import (
    Draw,
    EntryCard,
    Event,
    Player,
    ResultLog,
    TournamentMatch,
    WithdrawnDraw,
    utcnow,
)
from stich.tournament.queries import (
    Queries,
    active_player_rows,
    event_row,
    find_event,
    find_player_row,
    player_row,
)
from stich.tournament.replay import card_of_player, expected_inputs, replay_draw
from stich.tournament.results import ResultError, check_score, parse_score
from stich.tournament.snapshot import (
    CARD_SUFFIX,
    MatchView,
    Snapshot,
    load,
    name_key,
)

FORMATS = ("preis", "swiss", "roundrobin")
DECKS = ("french", "german")
MATCH_LENGTHS = (1, 2, 3)
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Recorded:
    """What a result command did: results written, and corrections to the same score."""

    changed: list[MatchView]
    unchanged: list[MatchView] = field(default_factory=list)


@dataclass(frozen=True)
class Configured:
    """The event after a settings change, and warnings about it (nothing refused)."""

    snapshot: Snapshot
    warnings: list[str] = field(default_factory=list)


class Tournament(Queries):
    """The operations of `stich tournament` that write, over one open Store (and the
    questions of :class:`Queries`)."""

    # ---- events

    def create(self, name: str, *, fmt: str = "preis", n_cards: int | None = None,
               max_cards: int = 3, match_length: int = 2, prize_count: int | None = None,
               one_prize: bool = False, deck: str = "french",
               rounds: int | None = None,
               also: Callable[[Session, Event], None] | None = None) -> Snapshot:
        """A new event; ``also`` writes more about it in the same transaction (the web
        server's online settings, stich.tournament.online)."""
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
            if find_event(s, name) is not None:
                raise TournamentError(f"an event named {name!r} already exists")
            ev = Event(name=name, format=fmt, n_cards=n_cards, max_cards=max_cards,
                       match_length=match_length, prize_count=prize_count, one_prize=one_prize,
                       deck=deck, rounds=rounds if fmt == "swiss" else None)
            s.add(ev)
            s.flush()
            if also is not None:
                also(s, ev)
                s.flush()
            return load(s, ev)

    def configure(self, event: str | None, *, n_cards: int | None = None,
                  max_cards: int | None = None, match_length: int | None = None,
                  prize_count: int | None = None, one_prize: bool | None = None,
                  deck: str | None = None, rounds: int | None = None) -> Configured:
        """Change settings; allowed until round 1 is drawn, and checked against registrations.

        None leaves a setting as it is.
        """
        changes: dict[str, Any] = {
            "n_cards": n_cards, "max_cards": max_cards, "match_length": match_length,
            "prize_count": prize_count, "one_prize": one_prize, "deck": deck, "rounds": rounds,
        }
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
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
            players = active_player_rows(s, ev)
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
            warnings = []
            if ev.format == "preis" and "n_cards" in values:
                sold = sum(p.cards for p in players)
                n = settings["n_cards"]
                if sold and sold <= n // 2:
                    warnings.append(
                        f"N={n} but only {sold} cards are sold: round 1 needs more than "
                        f"{n // 2}; {fitting_power(sold)} would fit the cards sold now"
                    )
            for k, v in values.items():
                setattr(ev, k, v)
            s.flush()
            return Configured(load(s, ev), warnings)

    # ---- registration (T-1, T-5)

    def register(self, event: str | None, name: str, cards: int = 1,
                 bot: str | None = None) -> Snapshot:
        """Register a player with his cards; `bot` makes the entrant a bot of that level."""
        return self.register_many(event, [(name, cards, bot)])

    def register_many(self, event: str | None,
                      entries: Sequence[tuple[str, int, str | None]],
                      where: Sequence[str] | None = None) -> Snapshot:
        """Register several players, all or none (a CSV import); `where[i]` names entry i in
        refusals ("players.csv line 4")."""
        if not entries:
            raise TournamentError("no player to register")
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            _require_no_draw(s, ev, "registration")
            seen: dict[str, str] = {}
            for i, (raw_name, cards, bot) in enumerate(entries):
                at = f"{where[i]}: " if where else ""
                try:
                    name = _player_name(raw_name)
                    key = name_key(name)
                    if key in seen:
                        raise TournamentError(f"{name!r} is listed twice ({seen[key]})")
                    seen[key] = where[i] if where else name
                    if bot is not None:
                        bot = _bot_level(bot)
                    existing = find_player_row(s, ev, name)
                    if existing is not None and not existing.withdrawn:
                        raise TournamentError(
                            f"player {existing.name!r} is already registered with "
                            f"{count(existing.cards, 'card')}; change that with "
                            "`stich tournament cards`"
                        )
                    _check_cards(s, ev, cards, already=0)
                except TournamentError as exc:
                    raise TournamentError(f"{at}{exc}") from None
                if existing is not None:
                    existing.withdrawn = False
                    existing.cards = cards
                    existing.bot = bot
                    player = existing
                else:
                    seq = (s.scalar(select(func.max(Player.seq))
                                    .where(Player.event_id == ev.id)) or 0) + 1
                    player = Player(event_id=ev.id, name=name, seq=seq, cards=cards, bot=bot)
                    s.add(player)
                    s.flush()
                _set_cards(s, ev, player, cards)
            return load(s, ev)

    def set_cards(self, event: str | None, name: str, cards: int) -> Snapshot:
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            _require_no_draw(s, ev, "changing cards")
            player = player_row(s, ev, name)
            _check_cards(s, ev, cards, already=player.cards)
            player.cards = cards
            _set_cards(s, ev, player, cards)
            return load(s, ev)

    def withdraw(self, event: str | None, name: str) -> Snapshot:
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            _require_no_draw(s, ev, "withdrawal")
            player = player_row(s, ev, name)
            player.withdrawn = True
            player.cards = 0
            _set_cards(s, ev, player, 0)
            return load(s, ev)

    # ---- draws (T-2, T-3, T-4, T-5)

    def draw(self, event: str | None, seed: int | None = None) -> Snapshot:
        """Draw the next round from `seed` (or a fresh one), and record seed and inputs."""
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise TournamentError(f"seed must be between 0 and {MAX_SEED}")
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            snap = load(s, ev)
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
                        f"a round robin's schedule was fixed by round 1's seed {first}; "
                        "leave out --seed"
                    )
                seed = first
            elif seed is not None and s.scalar(select(WithdrawnDraw.id).where(
                    WithdrawnDraw.event_id == ev.id, WithdrawnDraw.round_no == round_no,
                    WithdrawnDraw.seed == seed).limit(1)) is not None:
                raise TournamentError(
                    f"seed {seed} made the withdrawn draw of round {round_no}; T-5 draws again "
                    "from a new seed: leave out --seed or give another"
                )
            seed_given = seed is not None
            if seed is None:
                seed = secrets.randbelow(10**9)
            inputs = expected_inputs(snap, round_no)
            try:
                replay = replay_draw(ev.format, inputs, seed, card_of_player(snap))
            except (DrawError, swiss.PairingError, ValueError) as exc:
                raise TournamentError(f"cannot draw round {round_no}: {exc}") from None
            draw = Draw(event_id=ev.id, round_no=round_no, seed=seed, seed_given=seed_given,
                        redraws=replay.redraws, put_backs=replay.put_backs, inputs=inputs)
            s.add(draw)
            s.flush()
            next_no = (s.scalar(select(func.max(TournamentMatch.no))
                                .where(TournamentMatch.event_id == ev.id)) or 0) + 1
            now = utcnow()
            for row in replay.rows:
                p = row.pairing
                winner = decided_at_draw(p)
                s.add(TournamentMatch(
                            event_id=ev.id, draw_id=draw.id, round_no=round_no, no=next_no,
                            group_lo=row.group[0] if row.group else None,
                            group_hi=row.group[1] if row.group else None,
                            kind=p.kind, card_a_id=p.a.card,
                            card_b_id=p.b.card if p.b else None,
                            winner_card_id=winner, decided_at=now if winner else None))
                next_no += 1
            s.flush()
            return load(s, ev)

    def withdraw_round(self, event: str | None, round_no: int | None = None
                       ) -> tuple[WithdrawnDraw, Snapshot]:
        """T-5: take back the latest draw while none of its matches has a result, so that a
        result of the round before can still be corrected; the round is then drawn again from
        a new seed. The withdrawn draw's seed is kept and listed by the audit."""
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            last = s.scalar(select(Draw).where(Draw.event_id == ev.id)
                            .order_by(Draw.round_no.desc()).limit(1))
            if last is None:
                raise TournamentError("no round has been drawn; there is nothing to withdraw")
            if round_no is not None and round_no != last.round_no:
                raise TournamentError(
                    f"only the latest round ({last.round_no}) can be withdrawn, not round "
                    f"{round_no}"
                )
            rows = list(s.scalars(select(TournamentMatch).where(
                TournamentMatch.draw_id == last.id).order_by(TournamentMatch.no)))
            played = [m.no for m in rows if m.kind == "match" and m.winner_card_id is not None]
            if played:
                nos = ", ".join(map(str, played[:12]))
                raise TournamentError(
                    f"round {last.round_no} already has results (match {nos}); a round "
                    "with results cannot be withdrawn"
                )
            gone = WithdrawnDraw(event_id=ev.id, round_no=last.round_no, seed=last.seed,
                                 pairings=len(rows))
            s.add(gone)
            for m in rows:
                s.delete(m)
            s.flush()
            s.delete(last)
            s.flush()
            return gone, load(s, ev)

    # ---- results (T-3)

    def enter_results(self, event: str | None, results: Sequence[tuple[int, str]],
                      correct: bool = False) -> Recorded:
        """Record results `[(match no, "2:1"), ...]`, all or none. `correct` overwrites."""
        if not results:
            raise TournamentError("no result given; pass a match number and a score like 2:1")
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            last_round = s.scalar(select(func.max(Draw.round_no)).where(Draw.event_id == ev.id))
            seen: set[int] = set()
            changed: list[TournamentMatch] = []
            unchanged: list[TournamentMatch] = []
            for no, text in results:
                if no < 1:
                    raise TournamentError(f"match number {no} is not a match: matches are "
                                          "numbered from 1")
                if no in seen:
                    raise TournamentError(f"match {no} is given twice")
                seen.add(no)
                m = s.scalar(select(TournamentMatch).where(TournamentMatch.event_id == ev.id,
                                                           TournamentMatch.no == no))
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
                        raise TournamentError(_too_late(no, m.round_no, last_round))
                    if (m.score_a, m.score_b) == (a, b):
                        unchanged.append(m)
                        continue
                assert m.card_b_id is not None
                m.score_a, m.score_b = a, b
                m.winner_card_id = m.card_a_id if a > b else m.card_b_id
                m.decided_at = utcnow()
                s.add(ResultLog(match_id=m.id, action="correct" if correct else "enter",
                                score_a=a, score_b=b))
                changed.append(m)
            s.flush()
            snap = load(s, ev)
            by_no = {m.no: m for m in snap.matches}
            return Recorded([by_no[m.no] for m in changed], [by_no[m.no] for m in unchanged])

    # ---- bot events (T-5)

    def play(self, event: str | None, *, level: str | None = None, nodes: int | None = None,
             rounds: int | None = None, play_all: bool = False, seed: int | None = None,
             note: Callable[[str], None] | None = None) -> Snapshot:
        """Play with bots and write the results as the platform (T-5): the open matches, or
        the next round drawn and played; ``play_all`` goes on to the end, ``rounds`` for that
        many rounds. ``level`` is the bot of every player registered without one; ``nodes``
        the search budget per move, recorded with every result; ``seed`` seeds the draws made
        here (else fresh ones, recorded). Each match is seeded from its round's recorded draw
        seed. Every draw and result is told to ``note`` (if given) as a line; returns the event
        after."""
        from stich.core.dealing import derive_seed
        from stich.tournament import botplay

        tell = note or (lambda line: None)
        try:
            if level is not None:
                botplay.check_level(level)
        except botplay.BotPlayError as exc:
            raise TournamentError(str(exc)) from None
        if nodes is not None and nodes < 1:
            raise TournamentError(f"--nodes must be 1 or more, not {nodes}")
        if rounds is not None and rounds < 1:
            raise TournamentError(f"--rounds must be 1 or more, not {rounds}")
        if seed is not None and not 0 <= seed < 2**63:
            raise TournamentError(f"--seed must be between 0 and {2**63 - 1}")
        if nodes is not None:
            takers = sorted(botplay.budget_takers())
            tell(f"budget: {nodes} nodes per move, " + (
                f"taken by {', '.join(takers)} (the other levels play without one)"
                if takers else "recorded with each result (no bot level takes a budget "
                f"yet: {', '.join(botplay.levels())})"))
        self.bot_jobs(event, level)  # every player has a level, before anything is drawn
        limit = rounds if rounds is not None else (None if play_all else 1)
        done = 0
        while limit is None or done < limit:
            snap = self.snapshot(event)
            if snap.finished:
                break
            if not snap.open_matches:  # the round is complete: draw the next one
                fixed = snap.event.format == "roundrobin" and snap.rounds >= 1
                draw_seed = (derive_seed(seed, "draw", snap.rounds + 1)
                             if seed is not None and not fixed else None)
                snap = self.draw(event, draw_seed)
                tell(f"round {snap.rounds} drawn with seed {snap.draws[-1].seed}")
            for job in self.bot_jobs(event, level):
                try:
                    played = botplay.play(job.levels, job.labels, job.seed,
                                          snap.event.match_length, nodes)
                except botplay.BotPlayError as exc:
                    raise TournamentError(f"match {job.no}: {exc}") from None
                view = self.record_played(event, job.no, played.score_a, played.score_b,
                                          played.detail)
                if view is None:
                    continue
                tell(f"match {job.no}: {job.labels[0]} {view.score_text()} "
                     f"{job.labels[1]} ({job.levels[0]} vs {job.levels[1]}, "
                     f"{played.detail['deals']} deals): {played.verdict(job.labels)}")
            done += 1
        return self.snapshot(event)

    def record_played(self, event: str | None, no: int, score_a: int, score_b: int,
                      detail: dict[str, Any]) -> MatchView | None:
        """Write a result the platform produced (T-5), with what replays it; None when the
        match got a result meanwhile (typed in from another terminal)."""
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            m = _open_match(s, ev, no)
            if m is None:
                return None
            try:
                check_score(score_a, score_b, ev.match_length)
            except ResultError as exc:
                raise TournamentError(f"match {no} as played: {exc}") from None
            assert m.card_b_id is not None
            m.score_a, m.score_b = score_a, score_b
            m.winner_card_id = m.card_a_id if score_a > score_b else m.card_b_id
            m.decided_at = utcnow()
            s.add(ResultLog(match_id=m.id, action="played", score_a=score_a, score_b=score_b,
                            detail=detail))
            s.flush()
            return next(x for x in load(s, ev).matches if x.no == no)

    def record_no_show(self, event: str | None, no: int, absent: int,
                       detail: dict[str, Any]) -> MatchView | None:
        """A player who did not come to his match in time loses it by the match length to
        nothing (docs/tournament.md, "Online": the rule the organiser chose); ``absent`` is
        his side (0: the first-named card). Logged as "no-show" with ``detail``; None when
        the match got a result meanwhile."""
        with self.store.transaction() as s:
            ev = event_row(s, event, lock=True)
            m = _open_match(s, ev, no)
            if m is None:
                return None
            assert m.card_b_id is not None
            length = ev.match_length
            m.score_a, m.score_b = (0, length) if absent == 0 else (length, 0)
            m.winner_card_id = m.card_b_id if absent == 0 else m.card_a_id
            m.decided_at = utcnow()
            s.add(ResultLog(match_id=m.id, action="no-show", score_a=m.score_a,
                            score_b=m.score_b, detail=detail))
            s.flush()
            return next(x for x in load(s, ev).matches if x.no == no)


def _check_settings(fmt: str, n_cards: int | None, max_cards: int, match_length: int,
                    prize_count: int, deck: str, rounds: int | None) -> None:
    if fmt == "preis":
        assert n_cards is not None
        if n_cards < 2 or n_cards & (n_cards - 1):
            hint = f"; take {fitting_power(n_cards)}" if 2 <= n_cards <= 65536 else ""
            raise TournamentError(
                f"the number of entry cards must be a power of two (32, 64, 128, ...), "
                f"not {n_cards}{hint}"
            )
        if n_cards > 65536:
            raise TournamentError("at most 65536 entry cards")
        if not 1 <= max_cards <= n_cards // 2:
            raise TournamentError(
                f"cards per player must be between 1 and {n_cards // 2} (N/2, so that no "
                f"player's own cards must meet in round 1), not {max_cards}"
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


def fitting_power(n: int) -> int:
    """The smallest power of two holding `n` entry cards (at least 2): the N to suggest."""
    return max(2, 1 << (max(n, 1) - 1).bit_length())


def _too_late(no: int, round_no: int, last_round: int) -> str:
    """Why a result can no longer be corrected, naming the withdraw command (T-5)."""
    head = f"match {no} is in round {round_no} and round {last_round} is already drawn"
    if round_no == last_round - 1:
        return (f"{head}; withdraw round {last_round} first (stich tournament withdraw-round) "
                "while none of its matches has a result, then correct and draw again")
    return (f"{head}; only the latest round can be withdrawn (stich tournament "
            "withdraw-round), so this result can no longer be corrected")


def _player_name(name: str) -> str:
    """A player's name, refused when it could be read as a card label ("Karl #2")."""
    cleaned = _clean_name(name, "player")
    if CARD_SUFFIX.search(unicodedata.normalize("NFKC", cleaned)):
        raise TournamentError(
            f"a player name may not end in a number after '#' ({cleaned!r}): that is how a "
            "player's second or third card is written; write it e.g. 'Karl 2' or 'Karl II'"
        )
    return cleaned


def _bot_level(level: str) -> str:
    from stich.bots import bot_names

    known = bot_names("schnapsen")
    if level not in known and not (level.startswith("engine:") and level[7:].strip()):
        raise TournamentError(f"no bot level {level!r}; known: {', '.join(known)}")
    return level


def _clean_name(name: str, what: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise TournamentError(f"the {what} name is empty")
    if len(cleaned) > 200:
        raise TournamentError(f"the {what} name is longer than 200 characters")
    return cleaned


def _require_no_draw(s: Session, ev: Event, what: str) -> None:
    if s.scalar(select(func.count(Draw.id)).where(Draw.event_id == ev.id)):
        raise TournamentError(f"round 1 has been drawn; {what} is no longer possible")


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
    left = ev.n_cards - sum(p.cards for p in active_player_rows(s, ev))
    if cards - already > left:
        raise TournamentError(
            f"only {left} of {ev.n_cards} entry cards are left, {cards - already} asked for"
        )


def _set_cards(s: Session, ev: Event, player: Player, cards: int) -> None:
    have = list(s.scalars(select(EntryCard).where(EntryCard.player_id == player.id)
                          .order_by(EntryCard.ordinal)))
    for c in have[cards:]:
        s.delete(c)
    for ordinal in range(len(have) + 1, cards + 1):
        s.add(EntryCard(event_id=ev.id, player_id=player.id, ordinal=ordinal))
    s.flush()


def _open_match(s: Session, ev: Event, no: int) -> TournamentMatch | None:
    """Match ``no`` of the event if it is a match still waiting for its result."""
    m = s.scalar(select(TournamentMatch).where(TournamentMatch.event_id == ev.id,
                                               TournamentMatch.no == no))
    return None if m is None or m.kind != "match" or m.winner_card_id is not None else m
