"""The knockout draws (draw.py): T-2 first round with two pots, T-3 later rounds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.tournament import draw as draw_mod
from stich.tournament.draw import (
    DrawError,
    Entry,
    Holding,
    Pairing,
    first_round,
    later_round,
)


@st.composite
def first_round_inputs(draw: st.DrawFn) -> tuple[list[Holding], int, int]:
    """N, k <= N/2, and players holding 1..k cards with N/2 < sold <= N (T-1)."""
    n = draw(st.sampled_from([4, 8, 16, 32, 64, 128]))
    k = draw(st.integers(1, min(3, n // 2)))
    sold = draw(st.integers(n // 2 + 1, n))
    holdings: list[Holding] = []
    card = 100
    player = 1
    left = sold
    while left:
        c = draw(st.integers(1, min(k, left)))
        holdings.append(Holding(player, tuple(range(card, card + c))))
        card += c
        player += 1
        left -= c
    seed = draw(st.integers(0, 2**32))
    return holdings, n, seed


@settings(max_examples=300, deadline=None)
@given(first_round_inputs())
def test_first_round_properties(case: tuple[list[Holding], int, int]) -> None:
    holdings, n, seed = case
    fr = first_round(holdings, n, random.Random(seed))
    sold = sum(len(h.cards) for h in holdings)
    # T-2: one pairing per number 1..N/2; the left pot is emptied, every number has a left holder
    assert len(fr.pairings) == n // 2
    # T-2: the right pot gives out exactly the cards beyond N/2; what is left in it are byes
    byes = [p for p in fr.pairings if p.b is None]
    assert len(byes) == n - sold  # T-1: unsold cards are byes
    # every card sold is drawn exactly once
    drawn = Counter(e.card for p in fr.pairings for e in (p.a, p.b) if e is not None)
    assert sorted(drawn) == sorted(c for h in holdings for c in h.cards)
    assert set(drawn.values()) == {1}
    # T-2: nobody meets himself; with k <= N/2 it is always avoidable
    assert all(p.kind != "self" for p in fr.pairings)
    # T-2: reproducible from the seed
    assert first_round(holdings, n, random.Random(seed)) == fr


def test_first_round_ignores_input_order() -> None:
    holdings = [Holding(p, (2 * p, 2 * p + 1)) for p in range(1, 13)]
    a = first_round(holdings, 32, random.Random(5))
    b = first_round(list(reversed(holdings)), 32, random.Random(5))
    assert a == b


def test_first_round_differs_between_seeds() -> None:
    holdings = [Holding(p, (p,)) for p in range(1, 33)]
    draws = {first_round(holdings, 32, random.Random(s)).pairings for s in range(20)}
    assert len(draws) == 20


def test_put_backs_are_counted() -> None:
    # T-2: a player drawing his own number from the right pot puts it back and draws again
    holdings = [Holding(p, (3 * p, 3 * p + 1, 3 * p + 2)) for p in range(1, 12)]
    total = sum(first_round(holdings, 64, random.Random(s)).put_backs for s in range(200))
    assert total > 0


def test_stuck_draw_is_redrawn_and_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    # T-2: if only the drawer's own numbers are left, the draw is repeated and that is recorded.
    # With every player drawing his cards one after another and k <= N/2 this cannot happen
    # (a player reaching the right pot finds it full), so the first attempt is forced to stick.
    real = draw_mod._first_round_attempt
    calls = {"n": 0}

    def sticky(*args: object) -> object:
        calls["n"] += 1
        if calls["n"] <= 2:
            raise draw_mod._Stuck(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(draw_mod, "_first_round_attempt", sticky)
    holdings = [Holding(p, (p,)) for p in range(1, 7)]
    fr = first_round(holdings, 8, random.Random(1))
    assert fr.redraws == 2
    assert fr.put_backs >= 2


def test_attempt_gets_stuck_when_only_own_numbers_are_left() -> None:
    # A player holding more than N/2 cards must meet himself: the attempt reports it stuck.
    with pytest.raises(draw_mod._Stuck):
        draw_mod._first_round_attempt([Holding(1, (1, 2, 3))], 2, random.Random(0))


@pytest.mark.parametrize(
    ("holdings", "n", "message"),
    [
        ([Holding(1, (1,)), Holding(2, (2,))], 6, "power of two"),
        ([Holding(1, (1,)), Holding(2, (2,))], 8, "needs more than 4"),
        ([Holding(1, tuple(range(9)))], 8, "cards sold but only 8"),
        ([Holding(1, (1, 2, 3)), Holding(2, (4,))], 4, "nobody may hold more than 2"),
        ([Holding(1, (1,)), Holding(1, (2,)), Holding(2, (3,))], 4, "listed twice"),
        ([Holding(1, (1,)), Holding(2, (1,)), Holding(3, (3,))], 4, "card 1 is listed twice"),
    ],
)
def test_first_round_rejects_bad_inputs(holdings: list[Holding], n: int, message: str) -> None:
    with pytest.raises(DrawError, match=message):
        first_round(holdings, n, random.Random(0))


@st.composite
def later_round_inputs(draw: st.DrawFn) -> tuple[list[Entry], set[int], int]:
    size = draw(st.integers(2, 40))
    players = draw(st.lists(st.integers(1, 12), min_size=size, max_size=size))
    entries = [Entry(100 + i, p) for i, p in enumerate(players)]
    had_bye = set(draw(st.sets(st.sampled_from([e.card for e in entries]))))
    return entries, had_bye, draw(st.integers(0, 2**32))


@settings(max_examples=300, deadline=None)
@given(later_round_inputs())
def test_later_round_properties(case: tuple[list[Entry], set[int], int]) -> None:
    entries, had_bye, seed = case
    pairings = later_round(entries, random.Random(seed), had_bye)
    drawn = [e for p in pairings for e in (p.a, p.b) if e is not None]
    assert sorted(drawn) == sorted(entries)  # every card once
    byes = [p for p in pairings if p.kind == "bye"]
    # T-3: a bye only with an odd number of cards, and then exactly one
    assert len(byes) == len(entries) % 2
    if byes:
        fresh = [e for e in entries if e.card not in had_bye]
        # T-3: the bye goes to a card without a bye before, where possible
        assert byes[0].a.card not in had_bye or not fresh
    # T-3: players with several cards draw first, so nobody meets himself when the
    # multi-card players' cards fit into the left pot
    per = Counter(e.player for e in entries if not byes or e != byes[0].a)
    multi = sum(c for c in per.values() if c > 1)
    if multi <= len(entries) // 2 and all(c <= len(entries) // 2 for c in per.values()):
        # each multi-card player's cards all land in the left pot
        assert all(p.kind != "self" for p in pairings)
    assert later_round(entries, random.Random(seed), had_bye) == pairings


def test_self_meeting_when_unavoidable() -> None:
    # T-3: a player holding three of four cards must meet himself
    entries = [Entry(1, 7), Entry(2, 7), Entry(3, 7), Entry(4, 8)]
    pairings = later_round(entries, random.Random(3), set())
    kinds = sorted(p.kind for p in pairings)
    assert kinds == ["match", "self"]
    self_meeting = next(p for p in pairings if p.kind == "self")
    assert self_meeting.a.player == self_meeting.b.player == 7  # type: ignore[union-attr]


def test_byes_rotate_in_later_rounds() -> None:
    # T-3: with an odd number of cards, the bye goes by lot to cards not given one before
    entries = [Entry(c, c) for c in range(1, 6)]
    had: set[int] = set()
    for r in range(5):
        pairings = later_round(entries, random.Random(r), had)
        bye = next(p.a.card for p in pairings if p.b is None)
        assert bye not in had
        had.add(bye)
    assert had == {1, 2, 3, 4, 5}


def test_pairing_kinds() -> None:
    a, b, c = Entry(1, 1), Entry(2, 2), Entry(3, 1)
    assert Pairing(a, b).kind == "match"
    assert Pairing(a, None).kind == "bye"
    assert Pairing(a, c).kind == "self"
