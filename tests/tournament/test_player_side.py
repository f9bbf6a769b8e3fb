"""Every view that shows a match to one of its players shows it from his side, won or lost
(T-2: the left-pot player is named first and his Bummerl are typed first; T-4: the prize list
names the match that decided each place).

The figures come from a real event made through the CLI: a match entered as 0:2 (the
right-pot player wins) and one entered as 1:2 (a right-pot player's 2:1 win), each view then
read from both players' sides.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from stich.tournament import html
from stich.tournament.snapshot import MatchView, Snapshot

Cli = Callable[..., str]

NAMES = ("Anna", "Bert", "Carla", "Dora", "Emil", "Franz", "Gerti")


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables one line per row, so that cells can be read back."""
    monkeypatch.setenv("COLUMNS", "200")


def rows(out: str) -> list[list[str]]:
    """The body rows of the Rich tables in a command's output, as stripped cells."""
    return [[cell.strip() for cell in line.split("│")[1:-1]]
            for line in out.splitlines() if line.startswith("│")]


def row_of(out: str, first: str, no: int | None = None) -> list[str]:
    found = [r for r in rows(out) if r[0] == first and (no is None or str(no) in r)]
    assert len(found) == 1, (first, no, out)
    return found[0]


@pytest.fixture
def played(cli: Cli, snap: Callable[[], Snapshot]) -> tuple[MatchView, MatchView]:
    """Round 1 of an 8-card event, one player per card: the first match entered 0:2, the
    second 1:2 (both won from the right pot), the third 2:0."""
    cli("create", "Cup", "--cards", "8", "--max-cards", "1")
    for name in NAMES:
        cli("register", name)
    cli("draw", "--seed", "5")
    first, second, third = [m for m in snap().open_matches if m.kind == "match"]
    cli("result", str(first.no), "0:2", str(second.no), "1:2", str(third.no), "2:0")
    s = snap()
    by_no = {m.no: m for m in s.matches}
    return by_no[first.no], by_no[second.no]


def side_results(m: MatchView) -> dict[str, str]:
    """What each of the match's two players must read: his own Bummerl first."""
    assert m.b is not None and m.score_a is not None and m.score_b is not None
    return {m.a.label: f"lost {m.score_a}:{m.score_b}",
            m.b.label: f"won {m.score_b}:{m.score_a}"}


def test_wall_list_reads_from_each_players_side(played: tuple[MatchView, MatchView], cli: Cli,
                                                tmp_path: Path) -> None:
    page = tmp_path / "wall.html"
    out = cli("pairings", "--by-player", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    for m in played:
        for label, result in side_results(m).items():
            assert row_of(out, label)[-1] == result  # terminal
            cells = re.search(rf"<tr><td>{label}</td><td class=\"num\">{m.no}</td>"
                              r"(.*?)</tr>", text)
            assert cells is not None, label
            if result.startswith("won"):
                assert f'<span class="win">{result}</span>' in cells.group(1)
            else:
                assert f"<td class=\"score\">{result}</td>" in cells.group(1)
    assert side_results(played[0])[played[0].b.label if played[0].b else ""] == "won 2:0"
    assert side_results(played[1])[played[1].b.label if played[1].b else ""] == "won 2:1"


def test_player_view_reads_from_his_side(played: tuple[MatchView, MatchView], cli: Cli) -> None:
    for m in played:
        for label, result in side_results(m).items():
            out = cli("player", label)
            assert row_of(out, str(m.no))[-1] == result, out


def test_pairing_list_and_bracket_keep_the_typed_order(played: tuple[MatchView, MatchView],
                                                       cli: Cli, snap: Callable[[], Snapshot],
                                                       tmp_path: Path) -> None:
    # by match: left pot, right pot, the result as typed in; the winner marked
    for out in (cli("pairings", "1"), cli("bracket")):
        for m in played:
            assert m.b is not None
            assert row_of(out, str(m.no)) == [str(m.no), m.label, m.a.label, m.b.label,
                                              f"{m.score_a}:{m.score_b}"]
    page = html.pairings_page(snap(), 1)
    for m in played:
        assert m.b is not None
        assert (f'<td>{m.a.label}</td><td class="muted">vs</td>'
                f'<td><span class="win">{m.b.label}</span></td>'
                f'<td class="score">{m.score_a}:{m.score_b}</td>') in page
    # the bracket box: each player's line carries his own Bummerl, never the other's score
    sheet = html.bracket_page(snap())
    for m in played:
        assert m.b is not None
        box = re.search(rf'<span class="no">{m.no}</span>(.*?)</div></div>', sheet)
        assert box is not None
        a_line, b_line = box.group(1).split('</div><div class="line">')
        assert a_line.endswith(f'>{m.a.label}</span><span class="res">{m.score_a}</span>')
        assert 'class="who win"' in b_line
        assert b_line.endswith(f'>{m.b.label}</span><span class="res">{m.score_b}</span>')


def test_status_places_winners_and_losers(played: tuple[MatchView, MatchView],
                                          cli: Cli) -> None:
    # the holdings table: the winner of each match is in the main draw, the loser plays for
    # places 5-8 (T-4)
    out = cli("status")
    for m in played:
        assert m.b is not None
        assert row_of(out, m.b.name)[2:4] == ["1", "0"]  # main draw, placement play
        assert row_of(out, m.a.name)[2:4] == ["0", "1"]


def test_prize_list_reads_from_the_prize_winners_side(cli: Cli, snap: Callable[[], Snapshot],
                                                      tmp_path: Path) -> None:
    # a four-card event whose final is won 2:1 from the right pot (entered 1:2)
    cli("create", "Four", "--cards", "4", "--max-cards", "1", "--prizes", "4")
    for name in NAMES[:4]:
        cli("register", name)
    cli("draw", "--seed", "3")
    for m in snap().open_matches:
        cli("result", str(m.no), "0:2")
    cli("draw", "--seed", "3")
    final = next(m for m in snap().open_matches if m.label == "Final")
    third = next(m for m in snap().open_matches if m.label != "Final")
    cli("result", str(final.no), "1:2", str(third.no), "2:0")
    assert final.b is not None and third.b is not None
    expect = [f"match {final.no}, Final: won 2:1 against {final.a.label}",
              f"match {final.no}, Final: lost 1:2 to {final.b.label}",
              f"match {third.no}, {third.label}: won 2:0 against {third.b.label}",
              f"match {third.no}, {third.label}: lost 0:2 to {third.a.label}"]
    winners = [final.b.name, final.a.name, third.a.name, third.b.name]
    page = tmp_path / "prizes.html"
    out = cli("prizes", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    for prize, (who, decided) in enumerate(zip(winners, expect, strict=True), 1):
        assert row_of(out, str(prize))[1:3] == [who, decided], out
        assert (f'<td class="num">{prize}</td><td>{who}</td><td>{decided}</td>') in text


def test_swiss_views_read_from_each_side(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    cli("create", "Open", "--format", "swiss", "--rounds", "1", "--prizes", "2")
    for name in NAMES[:4]:
        cli("register", name)
    cli("draw", "--seed", "1")
    first, second = snap().open_matches
    cli("result", str(first.no), "0:2", str(second.no), "1:2")
    out = cli("pairings", "--by-player")
    for m in (first, second):
        assert m.b is not None
        assert row_of(out, m.b.label)[-1] == f"won {2}:{0 if m is first else 1}"
        assert row_of(out, m.a.label)[-1] == f"lost {0 if m is first else 1}:2"
        player = cli("player", m.b.label)
        assert row_of(player, str(m.no))[-1].startswith("won ")
    # standings: the right-hand players won (a point each)
    standings = rows(cli("standings"))
    assert {r[1] for r in standings if r[2] == "1"} == {first.b.name if first.b else "",
                                                        second.b.name if second.b else ""}


def test_player_found_by_a_unique_start_of_his_name(cli: Cli, cli_fail: Cli) -> None:
    # as the score pads read names: exact first, else the one name that starts so
    cli("create", "Cup", "--cards", "8", "--max-cards", "2")
    for name, cards in (("Anna Huber", 1), ("Anton Moser", 2), ("Bert", 1), ("Berta", 1)):
        cli("register", name, "--cards", str(cards))
    cli("draw", "--seed", "5")
    assert "Anna Huber: matches" in cli("player", "anna")
    assert "Anton Moser: cards" in cli("player", "ANT")
    assert "Anton Moser: cards" in cli("player", "Anton Moser #2")  # a card label
    assert "Bert: matches" in cli("player", "bert")  # exact wins over Berta's prefix
    assert "Berta: matches" in cli("player", "berta")
    line = cli_fail("player", "an")
    assert "'an' matches several players: Anna Huber, Anton Moser" in line
    assert "no player named 'Zoe'" in cli_fail("player", "Zoe")


def test_a_start_that_begins_another_players_surname_is_ambiguous(cli: Cli,
                                                                   cli_fail: Cli) -> None:
    # 'Huber' starts "Hubert Maier" but is Anna Huber's surname: naming Hubert would show the
    # wrong player's cards and results, so both are named and nobody is picked
    cli("create", "Cup", "--cards", "8", "--max-cards", "1")
    for name in ("Anna Huber", "Hubert Maier", "Carla Moser", "Dora Lang", "Emil Kern"):
        cli("register", name)
    cli("draw", "--seed", "5")
    assert ("'Huber' matches several players: Anna Huber, Hubert Maier; give more of the name"
            in cli_fail("player", "Huber"))
    assert "Carla Moser: matches" in cli("player", "Mos")  # a unique start of a surname
    assert "Hubert Maier: matches" in cli("player", "Hubert")  # his whole first name


def test_result_names_the_winner_with_his_score_first(cli: Cli,
                                                       snap: Callable[[], Snapshot]) -> None:
    cli("create", "Cup", "--cards", "8", "--max-cards", "1")
    for name in NAMES:
        cli("register", name)
    cli("draw", "--seed", "5")
    m = next(x for x in snap().open_matches if x.kind == "match")
    assert m.b is not None
    out = cli("result", str(m.no), "1:2")
    assert f"recorded match {m.no}: {m.a.label} 1:2 {m.b.label} - {m.b.label} wins 2:1" in out


def test_own_cards_meeting_shows_both_cards(cli: Cli, snap: Callable[[], Snapshot]) -> None:
    # T-3: a player whose own cards meet gives one up and goes on with the other; the wall
    # list has a line for each of the two cards
    cli("create", "Four", "--cards", "4", "--max-cards", "2")
    cli("register", "Anna", "--cards", "2")
    cli("register", "Bert")
    cli("register", "Carl")
    cli("draw", "--seed", "1")
    for m in snap().open_matches:
        cli("result", str(m.no), "2:0" if m.a.name == "Anna" else "0:2")
    cli("draw", "--seed", "1")
    final = next(m for m in snap().round_matches(2) if m.label == "Final")
    assert final.kind == "self" and final.b is not None
    out = cli("pairings", "--by-player")
    assert row_of(out, final.a.label)[3:] == [f"own card {final.b.label}", "goes on"]
    assert row_of(out, final.b.label)[3:] == [f"own card {final.a.label}", "given up"]
    assert row_of(cli("player", "Anna"), str(final.no))[4:] == [f"own card {final.b.label}",
                                                                "goes on"]
