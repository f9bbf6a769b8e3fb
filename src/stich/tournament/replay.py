"""Making a draw from its inputs and seed, and computing those inputs from the event's history.

Drawing and auditing call the same two functions: `expected_inputs` (who is in the draw, from
the cards and results before it) and `replay_draw` (the pairings, from inputs and seed). The
inputs are stored with the draw, so the audit checks both that the draw used the right cards
and that the seed gives the recorded pairings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stich.tournament import roundrobin, swiss
from stich.tournament.bracket import Range
from stich.tournament.draw import Entry, Holding, Pairing, first_round, later_round
from stich.tournament.snapshot import MatchView, Snapshot, pairing_of, player_of
from stich.tournament.standings import Meeting


@dataclass(frozen=True)
class Row:
    """One replayed pairing: the group (knockout only) and the two cards."""

    group: Range | None
    pairing: Pairing


@dataclass(frozen=True)
class Replay:
    """A draw's pairings; for round 1 also how often it was repeated and numbers put back."""

    rows: tuple[Row, ...]
    redraws: int = 0
    put_backs: int = 0


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
    games = [[player_of(m.a), player_of(m.b), m.score_a, m.score_b] for m in snap.matches
             if m.round < round_no]
    total = snap.total_rounds or swiss.default_rounds(len(players))
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
        games = [Meeting(a, b, sa, sb) for a, b, sa, sb in inputs["games"]]
        pairs = swiss.pair_round(players, games, rng)
    return Replay(tuple(
        Row(None, Pairing(card_of_player[a], card_of_player[b] if b is not None else None))
        for a, b in pairs
    ))


def row_of(m: MatchView) -> Row:
    """A stored pairing in the form `replay_draw` returns, for comparison."""
    return Row(m.group, pairing_of(m))


def card_of_player(snap: Snapshot) -> dict[int, Entry]:
    """Swiss and round robin: each player's single entry."""
    return {c.player: c.entry for c in snap.cards.values()}
