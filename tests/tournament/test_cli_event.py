"""A whole 64-card Preisschnapsen through the CLI, from registration to the prize list."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from stich.tournament.snapshot import Snapshot

Cli = Callable[..., str]


def play_round(cli: Cli, snap: Callable[[], Snapshot], rng: random.Random,
               length: int = 2) -> None:
    """Enter a result for every open match: some one by one, the rest in one command."""
    items: list[str] = []
    for i, m in enumerate(snap().open_matches):
        loser = rng.randrange(length)
        score = f"{length}:{loser}" if rng.random() < .5 else f"{loser}:{length}"
        if i < 2:
            cli("result", str(m.no), score)
        else:
            items += [str(m.no), score]
    if items:
        cli("result", *items)


def test_64_card_event_end_to_end(cli: Cli, snap: Callable[[], Snapshot], tmp_path: Path
                                  ) -> None:
    rng = random.Random(64)
    out = cli("create", "Preisschnapsen Gmunden", "--cards", "64", "--max-cards", "3",
              "--deck", "german")
    assert "N=64" in out
    # T-1: players buy one to three cards; 59 sold, so 5 unsold cards are byes
    counts = [1, 2, 3, 1, 3, 2] * 4 + [3, 2, 1, 2, 3]  # 36 + 11 = 47 ... topped up below
    while sum(counts) < 59:
        counts.append(min(3, 59 - sum(counts)))
    for i, c in enumerate(counts, 1):
        cli("register", f"Spieler {i:02d}", "--cards", str(c))
    s = snap()
    assert s.sold == 59 and len(s.active_players) == len(counts)

    # T-2: the first-round draw with the two pots
    out = cli("draw", "--seed", "20260101")
    assert "seed 20260101" in out
    s = snap()
    first = s.round_matches(1)
    assert len(first) == 32 and [m.no for m in first] == list(range(1, 33))
    assert sum(1 for m in first if m.kind == "bye") == 5
    assert all(m.kind != "self" for m in first)

    html_dir = tmp_path / "pages"
    html_dir.mkdir()
    cli("pairings", "1", "--html", str(html_dir / "round1.html"))
    status = cli("status")
    # T-5: status shows the open matches, who holds how many cards, and what comes next
    assert "Open matches" in status and "In the main draw" in status
    assert "next: enter the results of matches" in status
    rounds = 1
    while True:
        play_round(cli, snap, rng)
        status = cli("status")
        if "finished" in status:
            break
        cli("draw")
        rounds += 1
    assert rounds == 6  # 32 matches, then 16, 8, quarter-finals, semi-finals, final

    s = snap()
    labels = {r: sorted({m.label for m in s.round_matches(r)}) for r in range(1, 7)}
    assert labels[4] == ["Quarter-finals"]
    assert labels[5] == ["Places 5-8", "Semi-finals"]  # T-4: QF losers play in pairs
    assert labels[6] == ["Final", "Match for places 3 and 4", "Match for places 5 and 6",
                         "Match for places 7 and 8"]
    assert [line.status for line in s.prizes] == ["won"] * 8
    final = next(m for m in s.round_matches(6) if m.label == "Final")
    assert s.prizes[0].match == s.prizes[1].match == final.no
    assert s.prizes[0].card == final.winner

    out = cli("prizes", "--html", str(html_dir / "prizes.html"))
    names = {p.id: p.name for p in s.players}
    for line in s.prizes:
        assert line.player is not None and names[line.player] in out
    cli("bracket", "--html", str(html_dir / "bracket.html"))
    page = (html_dir / "prizes.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "double-German" in page and names[s.prizes[0].player] in page  # type: ignore[index]
    assert "Spieler" in (html_dir / "round1.html").read_text()
    assert "Final" in (html_dir / "bracket.html").read_text()

    # T-2/T-3: every draw replays from its recorded seed
    assert "audit passed: 6 draws" in cli("audit")


def test_one_prize_per_player(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    # T-4 option: a player holding several of the placed cards keeps only his best place
    cli("create", "Klein", "--cards", "8", "--max-cards", "4", "--one-prize")
    cli("register", "Vielkarten", "--cards", "4")
    for name in ("A", "B", "C", "D"):
        cli("register", name)
    cli("draw", "--seed", "1")
    rng = random.Random(3)
    while "finished" not in cli("status"):
        s = snap()
        items = []
        for m in s.open_matches:
            # the four-card player wins every match he plays
            a_wins = m.a.name == "Vielkarten" or (m.b is not None and m.b.name != "Vielkarten"
                                                  and rng.random() < .5)
            items += [str(m.no), "2:0" if a_wins else "0:2"]
        if items:
            cli("result", *items)
        if "finished" not in cli("status"):
            cli("draw")
    s = snap()
    winners = [line.player for line in s.prizes if line.player is not None]
    assert len(winners) == len(set(winners))  # nobody twice
    names = {p.id: p.name for p in s.players}
    assert names[s.prizes[0].player] == "Vielkarten"  # type: ignore[index]
    assert any("moved up" in line.note for line in s.prizes)
    assert "Vielkarten" in cli("prizes", "--html", "/dev/null")
    assert "audit passed" in cli("audit")
