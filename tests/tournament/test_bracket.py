"""Knockout progress and placement matches (bracket.py) and the prize list (prizes.py): T-3, T-4."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich.tournament.bracket import (
    BracketError,
    Place,
    Played,
    Progress,
    decided_at_draw,
    group_label,
    open_places,
    progress,
)
from stich.tournament.draw import Entry, Holding, first_round, later_round
from stich.tournament.prizes import prize_list


def simulate(holdings: list[Holding], n: int, prizes: int, seed: int
             ) -> tuple[list[list[Played]], Progress]:
    """Play a whole event with random winners, as the service does with real results."""
    rng = random.Random(seed)
    entries = [Entry(c, h.player) for h in holdings for c in h.cards]
    history: list[list[Played]] = []
    no = 0
    state = progress(entries, prizes, history)
    while not state.finished:
        r = len(history) + 1
        plays: list[Played] = []
        if r == 1:
            groups = [((1, len(entries)), p) for p in first_round(holdings, n, rng).pairings]
        else:
            groups = [(g, p) for g, es in sorted(state.next_groups.items())
                      for p in later_round(es, rng, state.had_bye)]
        for g, p in groups:
            no += 1
            plays.append(Played(no, r, g, p, decided_at_draw(p)))
        history.append(plays)
        state = progress(entries, prizes, history)
        assert {p.no for p in state.open} == {p.no for p in plays if p.kind == "match"}
        # results come in; the round is complete before the next draw (T-3)
        history[-1] = [Played(p.no, p.round, p.group, p.pairing,
                              p.winner if p.decided else rng.choice(p.entries).card)
                       for p in plays]
        state = progress(entries, prizes, history)
        assert not state.open
    return history, state


def holdings_for(counts: list[int]) -> list[Holding]:
    out, card = [], 1
    for player, c in enumerate(counts, 1):
        out.append(Holding(player, tuple(range(card, card + c))))
        card += c
    return out


def test_64_card_event_follows_t4() -> None:
    counts = [1, 2, 3] * 9 + [1, 2]  # 57 cards sold, 7 byes
    history, state = simulate(holdings_for(counts), 64, 8, seed=11)
    assert len(history) == 6  # 64 -> 32 -> 16 -> 8 -> 4 -> 2
    groups = [sorted({p.group for p in plays}) for plays in history]
    # T-3: the main draw halves each round
    assert groups[:4] == [[(1, 57)], [(1, 32)], [(1, 16)], [(1, 8)]]
    # T-4: the four losing quarter-finalists play in pairs for 5-8 beside the semi-finals
    assert groups[4] == [(1, 4), (5, 8)]
    # T-4: final; semi-final losers for 3/4; winners of the 5-8 pairs for 5/6, losers for 7/8
    assert groups[5] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert sorted(state.places) == list(range(1, 9))

    final = next(p for p in history[5] if p.group == (1, 2))
    assert state.places[1].entry == final.winner_entry()  # T-4: 1 the winner
    assert state.places[1].match == final.no
    assert state.places[2].match == final.no  # 2 the losing finalist
    semis = [p for p in history[4] if p.group == (1, 4)]
    semi_losers = {p.loser_entry() for p in semis}
    assert {state.places[3].entry, state.places[4].entry} == semi_losers
    quarters = [p for p in history[3] if p.group == (1, 8)]
    qf_losers = {p.loser_entry() for p in quarters}
    assert {state.places[i].entry for i in range(5, 9)} == qf_losers
    pairs = [p for p in history[4] if p.group == (5, 8)]
    assert {state.places[5].entry, state.places[6].entry} == {p.winner_entry() for p in pairs}
    assert {state.places[7].entry, state.places[8].entry} == {p.loser_entry() for p in pairs}
    # every card ends either placed or out, never both
    placed = {pl.entry.card for pl in state.places.values()}
    assert placed.isdisjoint(state.out)
    assert len(placed) + len(state.out) == 57
    assert not state.live and state.finished


@settings(max_examples=60, deadline=None)
@given(n=st.sampled_from([2, 4, 8, 16, 32, 64]), prizes=st.integers(1, 12),
       data=st.data(), seed=st.integers(0, 10**9))
def test_every_event_ends_with_its_prize_places(n: int, prizes: int, data: st.DataObject,
                                                seed: int) -> None:
    k = max(1, min(3, n // 2))
    sold = data.draw(st.integers(n // 2 + 1, n))
    counts: list[int] = []
    while sum(counts) < sold:
        counts.append(data.draw(st.integers(1, min(k, sold - sum(counts)))))
    prizes = min(prizes, n)
    history, state = simulate(holdings_for(counts), n, prizes, seed)
    # T-4: every prize place that a card can reach is decided, and no other
    assert sorted(state.places) == list(range(1, min(prizes, sold) + 1))
    # T-3: a match count per round that halves the cards of each group
    for plays in history:
        for g in {p.group for p in plays}:
            in_group = [p for p in plays if p.group == g]
            cards = sum(len(p.entries) for p in in_group)
            assert sum(1 for p in in_group if p.kind == "bye") == (cards % 2 if plays[0].round > 1
                                                                   else n - sold)


def test_group_labels() -> None:
    assert group_label((1, 57), 1) == "First round"
    assert group_label((1, 8), 4) == "Quarter-finals"
    assert group_label((1, 4), 5) == "Semi-finals"
    assert group_label((1, 2), 6) == "Final"
    assert group_label((3, 4), 6) == "Match for places 3 and 4"
    assert group_label((5, 8), 5) == "Places 5-8"
    assert group_label((1, 16), 3) == "Last 16"


def test_open_places_and_live_cards_before_the_draw() -> None:
    entries = [Entry(c, c) for c in range(1, 6)]
    state = progress(entries, 8, [])
    assert state.next_groups == {(1, 5): entries}
    assert open_places(state) == {1, 2, 3, 4, 5}
    assert not state.finished


def test_inconsistent_history_is_refused() -> None:
    entries = [Entry(1, 1), Entry(2, 2)]
    bogus = [[Played(1, 1, (1, 2), first_round([Holding(1, (1,)), Holding(3, (3,))], 2,
                                                random.Random(0)).pairings[0], None)]]
    with pytest.raises(BracketError):
        progress(entries, 8, bogus)


def place(p: int, player: int, match: int = 1) -> Place:
    return Place(p, Entry(100 + p, player), match)


def test_prize_list_several_prizes_per_player() -> None:
    # T-4: a player with several cards can win several prizes
    places = {1: place(1, 7), 2: place(2, 7), 3: place(3, 8), 4: place(4, 9)}
    lines = prize_list(places, 4, one_prize=False, open_places=set())
    assert [ln.player for ln in lines] == [7, 7, 8, 9]


def test_prize_list_one_prize_per_player_moves_the_others_up() -> None:
    # T-4 option: one prize per player; he keeps his best, the others move up
    places = {1: place(1, 7), 2: place(2, 8), 3: place(3, 7), 4: place(4, 9)}
    lines = prize_list(places, 4, one_prize=True, open_places=set())
    assert [(ln.prize, ln.player, ln.place) for ln in lines[:3]] == [
        (1, 7, 1), (2, 8, 2), (3, 9, 4)]
    assert "moved up from place 4" in lines[2].note
    assert lines[3].status == "not awarded"


def test_prize_list_while_running() -> None:
    places = {5: place(5, 1), 6: place(6, 2)}
    several = prize_list(places, 8, one_prize=False, open_places={1, 2, 3, 4, 7, 8})
    assert [ln.status for ln in several] == ["open"] * 4 + ["won"] * 2 + ["open"] * 2
    one = prize_list(places, 8, one_prize=True, open_places={1, 2, 3, 4, 7, 8})
    assert all(ln.status == "open" for ln in one)  # who moves up is not known yet
    short = prize_list({1: place(1, 1), 2: place(2, 2)}, 4, one_prize=False, open_places=set())
    assert [ln.status for ln in short] == ["won", "won", "not awarded", "not awarded"]
