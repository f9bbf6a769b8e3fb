"""Swiss-system pairing, round robin and standings (T-5): pure, no database."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.tournament.roundrobin import schedule
from stich.tournament.standings import Meeting, points, standings
from stich.tournament.swiss import PairingError, max_rounds, pair_round


def play(pairs: list[tuple[int, int | None]], rng: random.Random, length: int = 2
         ) -> list[Meeting[int]]:
    games = []
    for a, b in pairs:
        if b is None:
            games.append(Meeting(a, None))
        else:
            loser = rng.randrange(length)
            games.append(Meeting(a, b, length, loser) if rng.random() < .5 else
                         Meeting(a, b, loser, length))
    return games


def can_pair(players: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: is there a pairing of `players` without a repeat?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(frozenset((first, q)) not in met and can_pair([x for x in rest if x != q], met)
               for q in rest)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 20), seed=st.integers(0, 10**9), data=st.data())
def test_swiss_never_repeats(n: int, seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    rounds = data.draw(st.integers(1, min(max_rounds(n), 7)))
    games: list[Meeting[int]] = []
    for _ in range(rounds):
        try:
            pairs = pair_round(players, games, rng)
        except PairingError:
            # a Swiss field can paint itself into a corner only late in a long event
            assert len(games) >= n // 2 * 2
            return
        seen = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seen) == players  # everyone exactly once
        assert sum(1 for _, b in pairs if b is None) == n % 2  # T-5: a bye only if odd
        met = {frozenset((g.a, g.b)) for g in games if g.b is not None}
        for a, b in pairs:
            if b is not None:
                assert frozenset((a, b)) not in met  # T-5: nobody meets an opponent twice
        byes_before = {g.a for g in games if g.b is None}
        bye = next((a for a, b in pairs if b is None), None)
        if bye is not None and bye in byes_before:
            # a second bye only when every player without one would force a repeat
            for fresh in set(players) - byes_before:
                assert not can_pair([p for p in players if p != fresh], met)
        games += play(pairs, rng)


def test_swiss_pairs_equal_scores() -> None:
    # T-5: after round 1 winners meet winners and losers meet losers
    rng = random.Random(4)
    players = list(range(1, 17))
    games = play(pair_round(players, [], rng), rng)
    pts = points(players, games, 1.0)
    for a, b in pair_round(players, games, rng):
        assert b is not None and pts[a] == pts[b]


def test_swiss_is_reproducible() -> None:
    players = list(range(1, 12))
    a = pair_round(players, [], random.Random(9))
    b = pair_round(players, [], random.Random(9))
    assert a == b


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    players = [1, 2, 3]
    games = [Meeting(1, 2, 2, 0), Meeting(3, None)]
    pairs = pair_round(players, games, random.Random(0))
    # 2 has no point and no bye yet; 3 had the bye
    assert (2, None) in pairs
    assert {frozenset(p) for p in pairs if p[1] is not None} == {frozenset((1, 3))}


def test_swiss_backtracks_instead_of_repeating() -> None:
    # 1-2, 3-4 played; greedy 1-3 would leave 2-4 fine; force a corner: 1-3 and 2-4 also played
    games = [Meeting(1, 2, 2, 0), Meeting(3, 4, 2, 0), Meeting(1, 3, 2, 0), Meeting(2, 4, 2, 0)]
    pairs = pair_round([1, 2, 3, 4], games, random.Random(0))
    assert {frozenset(p) for p in pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    games += [Meeting(1, 4, 2, 0), Meeting(2, 3, 2, 0)]
    with pytest.raises(PairingError):
        pair_round([1, 2, 3, 4], games, random.Random(0))


def test_swiss_refuses_open_rounds_and_duplicates() -> None:
    with pytest.raises(PairingError, match="open"):
        pair_round([1, 2], [Meeting(1, 2)], random.Random(0))
    with pytest.raises(PairingError, match="twice"):
        pair_round([1, 1], [], random.Random(0))


def test_swiss_works_with_bot_names() -> None:
    bots = ["alpha", "beta", "gamma", "delta"]
    pairs = pair_round(bots, [], random.Random(1))
    assert sorted(p for pair in pairs for p in pair if p) == sorted(bots)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 12])
def test_round_robin_circle_method(n: int) -> None:
    players = list(range(1, n + 1))
    rounds = schedule(players, random.Random(n))
    assert len(rounds) == (n if n % 2 else n - 1)
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for games in rounds:
        seen = [p for g in games for p in g if p is not None]
        assert sorted(seen) == players  # everyone once per round
        for a, b in games:
            if b is None:
                byes[a] += 1
            else:
                met[frozenset((a, b))] += 1
    # T-5: everyone meets everyone exactly once; with an odd field everyone sits out once
    assert set(met) == {frozenset(c) for c in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(players) if n % 2 else Counter())
    assert schedule(players, random.Random(n)) == rounds


def test_standings_tiebreaks_swiss() -> None:
    # 1 beats 2 and 3; 2 beats 4; 3 beats 4. 2 and 3 tie on points, Buchholz (2 + 0),
    # Sonneborn-Berger (0) and Bummerl difference (0); Bummerl won decides: 2 has 3, 3 has 2.
    games = [Meeting(1, 2, 2, 1), Meeting(3, 4, 2, 0), Meeting(1, 3, 2, 0), Meeting(2, 4, 2, 1)]
    rows = standings([1, 2, 3, 4], games, "swiss")
    assert [r.player for r in rows] == [1, 2, 3, 4]
    assert [r.points for r in rows] == [2, 1, 1, 0]
    assert [(r.buchholz, r.sonneborn_berger, r.bummerl_diff) for r in rows[1:3]] == [
        (2, 0, 0), (2, 0, 0)]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    # equal on every key: the rank is shared
    same = standings([1, 2, 3, 4], [Meeting(1, 2, 2, 0), Meeting(3, 4, 2, 0)], "swiss")
    assert [r.rank for r in same] == [1, 1, 3, 3]


def test_standings_buchholz_breaks_ties() -> None:
    games = [Meeting(1, 2, 2, 0), Meeting(3, 4, 2, 0), Meeting(1, 3, 2, 0), Meeting(2, 4, 0, 2),
             Meeting(5, 6, 2, 0)]
    rows = standings([1, 2, 3, 4, 5, 6], games, "swiss")
    by = {r.player: r for r in rows}
    # 3 and 4 both have one win; 3's opponents (4, 1) have 1+2 points, 4's (3, 2) have 1+0
    assert by[3].buchholz == 3 and by[4].buchholz == 1
    assert by[3].rank < by[4].rank


def test_standings_bye_points() -> None:
    games = [Meeting(1, 2, 2, 0), Meeting(3, None)]
    swiss_rows = {r.player: r for r in standings([1, 2, 3], games, "swiss")}
    rr_rows = {r.player: r for r in standings([1, 2, 3], games, "roundrobin")}
    assert swiss_rows[3].points == 1 and swiss_rows[3].byes == 1
    assert rr_rows[3].points == 0
    assert swiss_rows[3].bummerl_for == 0


def test_round_robin_uses_sonneborn_berger() -> None:
    # a cycle: everyone 1 point; SB: each beat someone with 1 point; Bummerl difference
    # decides: 1 has +1 (3:2), 3 has 0 (3:3), 2 has -1 (2:3)
    games = [Meeting(1, 2, 2, 0), Meeting(2, 3, 2, 1), Meeting(3, 1, 2, 1)]
    rows = standings([1, 2, 3], games, "roundrobin")
    assert [r.player for r in rows] == [1, 3, 2]
    assert all(r.sonneborn_berger == 1 for r in rows)
