"""Swiss-system and round-robin events through the CLI (T-5)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from stich.tournament.snapshot import Snapshot

Cli = Callable[..., str]


def finish_round(cli: Cli, snap: Callable[[], Snapshot], rng: random.Random, length: int
                 ) -> None:
    items = []
    for m in snap().open_matches:
        loser = rng.randrange(length)
        items += [str(m.no), f"{length}:{loser}" if rng.random() < .5 else f"{loser}:{length}"]
    if items:
        cli("result", *items)


def test_swiss_event(cli: Cli, cli_fail: Cli, snap: Callable[[], Snapshot]) -> None:
    cli("create", "Swiss Open", "--format", "swiss", "--rounds", "4", "--bummerl", "3")
    for i in range(1, 10):  # odd field: one bye per round
        cli("register", f"P{i}")
    assert "one entry per player" in cli_fail("register", "P10", "--cards", "2")
    rng = random.Random(1)
    for r in range(1, 5):
        cli("draw")
        s = snap()
        assert sum(1 for m in s.round_matches(r) if m.kind == "bye") == 1
        finish_round(cli, snap, rng, 3)
    assert "finished" in cli("status")
    assert "nothing left to draw" in cli_fail("draw")
    s = snap()
    pairs = [frozenset((m.a.player, m.b.player)) for m in s.matches if m.b is not None]
    assert len(pairs) == len(set(pairs))  # T-5: no repeats
    byes = [m.a.player for m in s.matches if m.b is None]
    assert len(byes) == len(set(byes)) == 4  # nobody has two byes
    out = cli("standings", "--html", "/dev/null")
    assert "Buchholz" in out
    assert [st.rank for st in s.standings] == sorted(st.rank for st in s.standings)
    assert s.prizes[0].player == s.standings[0].player
    assert "audit passed: 4 draws" in cli("audit")


def test_round_robin_event(cli: Cli, cli_fail: Cli, snap: Callable[[], Snapshot]) -> None:
    cli("create", "Liga", "--format", "roundrobin", "--bummerl", "1", "--prizes", "3")
    for name in ("A", "B", "C", "D", "E", "F"):
        cli("register", name)
    cli("draw", "--seed", "77")
    rng = random.Random(2)
    finish_round(cli, snap, rng, 1)
    assert "fixed by round 1's seed 77; leave out --seed" in cli_fail("draw", "--seed", "78")
    for _ in range(4):
        cli("draw")
        finish_round(cli, snap, rng, 1)
    s = snap()
    assert s.finished and s.rounds == 5
    met = sorted(tuple(sorted((m.a.name, m.b.name))) for m in s.matches if m.b)
    assert met == sorted(combinations("ABCDEF", 2))  # T-5: everyone meets everyone once
    assert "S-B" in cli("standings")
    assert "audit passed: 5 draws" in cli("audit")
    assert "has not been drawn" in cli_fail("--event", "Liga", "pairings", "9")


def test_swiss_rounds_beyond_the_field_are_refused(cli: Cli, cli_fail: Cli) -> None:
    cli("create", "Tiny", "--format", "swiss", "--rounds", "4")
    for name in ("A", "B", "C", "D"):
        cli("register", name)
    assert "cannot play 4 rounds without repeats" in cli_fail("draw")
    cli("configure", "--rounds", "3")
    cli("draw")


def test_standings_mid_round_say_the_round_is_in_play(cli: Cli, tmp_path: Path) -> None:
    # T-5: while round 1's matches are open the standings are not those "after round 1"
    cli("create", "Swiss", "--format", "swiss", "--rounds", "3")
    for name in ("Anna", "Bert", "Carla", "Dora", "Emil"):
        cli("register", name)
    cli("draw", "--seed", "1")
    page = tmp_path / "standings.html"
    out = cli("standings", "--html", str(page))
    assert "Standings during round 1: 2 matches open" in out, out
    assert "standings during round 1: 2 matches open" in page.read_text(encoding="utf-8")
    assert "after round 1" not in out + cli("status")
    first = next(m for m in cli_snapshot_matches(cli))
    cli("result", first, "2:0")
    assert "Standings during round 1: 1 match open" in cli("standings")
    second = next(m for m in cli_snapshot_matches(cli))
    cli("result", second, "0:2")
    assert "Standings after round 1" in cli("standings")


def cli_snapshot_matches(cli: Cli) -> list[str]:
    """The numbers of the open matches, read from `status` as the organiser reads them."""
    out = cli("status")
    line = next(x for x in out.splitlines() if x.startswith("next: enter the results"))
    return re.findall(r"\d+", line.split("(")[0])


def test_prize_note_says_1_point(cli: Cli) -> None:
    # T-5: prizes go down the final standings, and the note counts the winner's one point
    cli("create", "Duel", "--format", "swiss", "--rounds", "1", "--prizes", "2")
    cli("register", "Anna")
    cli("register", "Bert")
    cli("draw", "--seed", "1")
    cli("result", "1", "2:0")
    out = cli("prizes")
    assert "standings after round 1: 1 point " in out, out
    assert "1 points" not in out
