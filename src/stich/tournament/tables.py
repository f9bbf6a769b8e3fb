"""Rich tables and one-line summaries for the terminal; the HTML twins live in html.py."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from stich.core.scoring.ends import count
from stich.tournament.html import DECK_NAMES, FORMAT_NAMES
from stich.tournament.models import Event
from stich.tournament.snapshot import (
    CardView,
    MatchView,
    PlayerView,
    Snapshot,
    by_player,
    card_status,
    name_key,
    opponent_label,
)


def settings_line(snap: Snapshot) -> str:
    ev = snap.event
    parts = [FORMAT_NAMES[ev.format]]
    if ev.format == "preis":
        parts.append(f"N={ev.n_cards} cards, up to {ev.max_cards} per player")
    elif ev.format == "swiss":
        parts.append(f"{snap.total_rounds} rounds" if ev.rounds else "rounds: log2 of the field")
    parts.append(f"matches to {ev.match_length} Bummerl")
    parts.append(count(ev.prize_count, "prize") + (", one per player" if ev.one_prize else ""))
    parts.append(DECK_NAMES[ev.deck])
    return "; ".join(parts)


def registered_name(snap: Snapshot, typed: str) -> str:
    """The player's name as registered, for a name typed in another case or spacing."""
    key = name_key(typed)
    return next((p.name for p in snap.players if name_key(p.name) == key), typed)


def sold_line(snap: Snapshot) -> str:
    if snap.is_knockout:
        return (f"{count(len(snap.active_players), 'player')}, {snap.sold} of "
                f"{snap.event.n_cards} cards sold")
    return count(len(snap.active_players), "player")


def events_table(events: Sequence[Event]) -> Table:
    table = Table("Event", "Format", "Created")
    for ev in events:
        table.add_row(ev.name, FORMAT_NAMES[ev.format], f"{ev.created_at:%Y-%m-%d %H:%M}")
    return table


def players_table(snap: Snapshot) -> Table:
    table = Table("#", "Player", "Cards", title=f"{snap.event.name}: players")
    for p in snap.active_players:
        table.add_row(str(p.seq), p.name, str(p.cards))
    return table


def pairings_table(snap: Snapshot, round_no: int) -> Table:
    """A round by match: the result in column order (left pot first, as typed in), and the
    winner's name in bold, as on the printed list."""
    left, right = snap.sides
    table = Table("No.", "Stage", left, right, "Result", title=f"Round {round_no}")
    for m in snap.round_matches(round_no):
        if m.kind == "bye":
            res = "bye"
        elif m.kind == "self":
            res = "own cards meet: one is given up"
        else:
            res = m.score_text()
        table.add_row(str(m.no), m.label, _named(m, m.a),
                      _named(m, m.b) if m.b else "(Freilos)", res)
    return table


def _named(m: MatchView, card: CardView) -> Text:
    return Text(card.label, style="bold" if m.kind == "match" and m.winner == card.id else "")


def by_player_table(snap: Snapshot, round_no: int) -> Table:
    """The round's pairings alphabetically by player (each card once)."""
    table = Table("Player", "Match", "Stage", "Opponent", "Result",
                  title=f"Round {round_no} by player")
    for line in by_player(snap, round_no):
        table.add_row(line.card, str(line.no), line.stage, line.opponent, line.result)
    return table


def open_matches_table(snap: Snapshot) -> Table:
    left, right = snap.sides
    table = Table("No.", "Stage", left, right, title="Open matches")
    for m in snap.open_matches:
        table.add_row(str(m.no), m.label, m.a.label, m.b.label if m.b else "")
    return table


def player_tables(snap: Snapshot, player: PlayerView) -> list[Table]:
    """One player's cards (knockout) and every pairing of them, open ones first."""
    out = []
    if snap.is_knockout:
        cards = Table("Card", "Where", title=f"{player.name}: cards")
        for c in sorted((c for c in snap.cards.values() if c.player == player.id),
                        key=lambda c: c.ordinal):
            cards.add_row(c.label, card_status(snap, c))
        out.append(cards)
    matches = Table("No.", "Round", "Stage", "Card", "Opponent", "Result",
                    title=f"{player.name}: matches")
    mine = snap.player_matches(player)
    for m in sorted(mine, key=lambda m: (m.decided, m.no)):
        me, other = m.sides_for(m.card_of(player.id).id)
        opponent = opponent_label(m, other)
        res = m.result_for(me.id) if m.decided else "open"
        matches.add_row(str(m.no), str(m.round), m.label, me.label, opponent, res)
    out.append(matches)
    return out


def player_line(snap: Snapshot, player: PlayerView) -> str:
    """What the player does next, in one line."""
    open_ = [m for m in snap.player_matches(player) if not m.decided]
    if open_:
        parts = []
        for m in open_:
            me, other = m.sides_for(m.card_of(player.id).id)
            parts.append(f"match {m.no} ({me.label} against {other.label if other else ''})")
        return f"{player.name} plays next: " + ", ".join(parts)
    return f"{player.name} has no open match"


def holdings_table(snap: Snapshot) -> Table:
    """Who still holds how many cards, and where (T-3)."""
    table = Table("Player", "Bought", "In the main draw", "In placement play", "Out",
                  "Places", title="Cards")
    for h in snap.holdings():
        table.add_row(h.player.name, str(h.player.cards), str(h.main), str(h.placement),
                      str(h.out), ", ".join(map(str, h.places)))
    return table


def prizes_table(snap: Snapshot) -> Table:
    names = {p.id: p.name for p in snap.players}
    by_no = {m.no: m for m in snap.matches}
    table = Table("Prize", "Player", "Decided by", "Note", title=f"{snap.event.name}: prizes")
    for line in snap.prizes:
        decided = (by_no[line.match].summary_for(line.card)
                   if line.match is not None and line.card is not None else line.decided)
        who = names[line.player] if line.player is not None else f"({line.status})"
        table.add_row(str(line.prize), who, decided, line.note)
    return table


def standings_table(snap: Snapshot) -> Table:
    names = {p.id: p.name for p in snap.players}
    swiss = snap.event.format == "swiss"
    cols = ["Rank", "Player", "Points"] + (["Buchholz"] if swiss else [])
    cols += ["S-B", "Bummerl +/-", "Played", "Byes"]
    table = Table(*cols, title=f"Standings {snap.standings_when}")
    for st in snap.standings:
        row = [str(st.rank), names[st.player], f"{st.points:g}"]
        row += [f"{st.buchholz:g}"] if swiss else []
        row += [f"{st.sonneborn_berger:g}", f"{st.bummerl_diff:+d}", str(st.played),
                str(st.byes)]
        table.add_row(*row)
    return table
