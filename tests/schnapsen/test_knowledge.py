"""What each Schnapsen seat knows: events, information states, sampled worlds,
action ids, positions, the revoke (S-12), clone and undo."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from math import erfc, sqrt
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stich import from_position
from stich.core.actions import Action
from stich.core.cards import Card, card_set, cards_in
from stich.core.game import Illegal, IllegalActionError
from stich.core.knowledge import InfoState
from stich.core.position import PositionError
from stich.schnapsen.family import DECK
from stich.schnapsen.game import Schnapsen, SchnapsenOptions

PRESETS = ("soft", "sharp")


def random_deal(seed: int, preset: str = "soft", claims: float = 0.05,
                stop: int | None = None) -> Schnapsen:
    """A seeded deal played at random (claims rarely), ``stop`` actions or to the end."""
    rng = random.Random(seed)
    game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(preset))
    while not game.is_terminal() and (stop is None or len(game.history) < stop):
        legal = game.legal_actions()
        quiet = [a for a in legal if a.verb != "claim"]
        game.apply_legal(rng.choice(legal if not quiet or rng.random() < claims else quiet))
    return game


def states_of(game: Schnapsen) -> list[Schnapsen]:
    """The game after each prefix of its history (fresh replays)."""
    out = []
    replay = Schnapsen(game.dealt, game.talon, game.first_trump_card, game.dealer, game.options)
    out.append(replay.clone())
    for _, action in game.history:
        replay.apply(action)
        out.append(replay.clone())
    return out


# --- 1. events and information states -----------------------------------------------------
def hidden_from(game: Schnapsen, seat: int) -> int:
    """Cards ``seat`` has had no chance to see: the face-down stock and the opponent's cards
    that were neither played, shown in a marriage nor taken as the face-up trump card."""
    other = 1 - seat
    shown = game.won[0] | game.won[1] | (1 << game.lead if game.lead is not None else 0)
    for who, suit in game.marriages:
        if who == other:
            shown |= card_set(c for c in Card if c.suit == suit and c.rank.letter in "KQ")
    shown |= 1 << game.first_trump_card | 1 << game.trump_card
    stock = card_set(game.talon[game.drawn:]) if game.drawn < 9 else 0
    return (game.hands[other] | stock) & ~shown & ~game.hands[seat]


@pytest.mark.parametrize("preset", PRESETS)
def test_info_states_are_perfect_recall_and_keep_secrets(preset: str) -> None:
    for seed in range(60):
        game = random_deal(seed, preset)
        for seat in (0, 1):
            earlier: tuple[Any, ...] = ()
            for state in states_of(game):
                info = state.information_state(seat)
                assert info.events[:len(earlier)] == earlier  # perfect recall
                earlier = info.events
                seen = 0
                for event in info.events:
                    seen |= card_set(event.cards)
                assert not seen & hidden_from(state, seat), (seed, seat, str(info))


def test_event_vocabulary_of_a_deal() -> None:
    game = Schnapsen.deal(3, 0)
    info = game.information_state(1)
    assert [e.kind for e in info.events] == ["dealer", "deal", "turnup"]
    assert card_set(info.events[1].cards) == game.hands[1]
    assert info.events[2].cards == (game.trump_card,)
    lead = game.legal_actions()[-1]
    game.apply(lead)
    game.apply(game.legal_actions()[0])
    kinds = [(e.kind, e.seat, len(e.cards), e.hidden) for e in game.information_state(0).events]
    winner = game.leader
    assert kinds[3:] == [("play", 1, 1, 0), ("play", 0, 1, 0),
                         ("draw", winner, winner == 0, winner == 1),
                         ("draw", 1 - winner, winner == 1, winner == 0)]


def test_the_trump_card_drawn_last_is_seen_by_both() -> None:  # S-3
    checked = 0
    for seed in range(20):
        game = random_deal(seed, claims=0.0)
        views = [[e for e in game.information_state(s).events if e.kind == "draw"]
                 for s in (0, 1)]
        if len(views[0]) < 10:
            continue
        checked += 1
        for draws in views:
            assert draws[9].cards == (game.trump_card,)  # the loser of trick 5 takes it
        last_face_down = views[0][8]
        assert bool(last_face_down.cards) == (last_face_down.seat == 0)
        assert bool(views[1][8].cards) == (views[1][8].seat == 1)
    assert checked


def test_str_tells_histories_apart_exactly() -> None:
    """Equal strings for worlds the seat cannot tell apart (sampled ones), different ones for
    a different public move or a different own draw."""
    game = random_deal(5, claims=0.0, stop=8)
    rng = random.Random(1)
    for seat in (0, 1):
        info = game.information_state(seat)
        for _ in range(20):
            world = info.sample_world(rng)
            assert str(world.information_state(seat)) == str(info)
            assert world.information_state(seat) == info
    other = game.clone()
    other.undo()
    alternatives = [a for a in other.legal_actions() if a != game.history[-1][1]]
    other.apply(alternatives[0])
    for seat in (0, 1):
        assert str(other.information_state(seat)) != str(game.information_state(seat))


@pytest.mark.parametrize("preset", PRESETS)
def test_dict_round_trip_and_observation(preset: str) -> None:
    rng = random.Random(2)
    for seed in range(25):
        game = random_deal(seed, preset, stop=rng.randrange(0, 22))
        for seat in (0, 1):
            info = game.information_state(seat)
            back = InfoState.from_dict(info.to_dict(), Schnapsen)
            assert back == info and str(back) == str(info)
            assert info.observation() == game.observation(seat)
            assert back.observation() == game.observation(seat)  # through a sampled world


def test_from_dict_names_what_is_wrong() -> None:
    from stich.core.knowledge import InfoStateError

    info = Schnapsen.deal(1).information_state(0).to_dict()
    with pytest.raises(InfoStateError, match="seat"):
        InfoState.from_dict({**info, "seat": 2}, Schnapsen)
    with pytest.raises(InfoStateError, match="unknown card"):
        InfoState.from_dict({**info, "events": [{"kind": "deal", "seat": 0, "cards": ["X9"]}]},
                            Schnapsen)
    broken = InfoState.from_dict({**info, "events": [*info["events"], {"kind": "play",
                                                                       "seat": 1}]}, Schnapsen)
    with pytest.raises(InfoStateError, match="lacks what its kind needs"):
        broken.sample_world(random.Random(1))


# --- 2. sampled worlds -----------------------------------------------------------------------
def chi_square_p(observed: Counter[Any], outcomes: list[Any], n: int) -> float:
    """p-value of Pearson's chi-square against uniform (Wilson-Hilferty)."""
    expected = n / len(outcomes)
    stat = sum((observed.get(o, 0) - expected) ** 2 / expected for o in outcomes)
    k = len(outcomes) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / (2 / (9 * k)) ** 0.5
    return 0.5 * erfc(z / sqrt(2))


def consistent_deals(game: Schnapsen, seat: int,
                     ) -> tuple[list[tuple[int, tuple[Card, ...]]], int]:
    """Every deal (the opponent's hand where the history starts, the stock order) whose replay
    gives ``seat`` the same information state: brute force over the places the seat did not
    see filled, the engine as judge (independent of the sampler's constraints); and how many
    fillings the engine refused for breaking strict play (S-4)."""
    info = game.information_state(seat)
    other = 1 - seat
    start = states_of_start(game)
    own_draws = {}  # stock position -> card, the seat's own draws
    draws = [e for e in info.events if e.kind == "draw"]
    for index, event in enumerate(draws, start=start.drawn):
        if event.seat == seat and index < 9:
            own_draws[index] = event.cards[0]
    open_places = [i for i in range(start.drawn, 9) if i not in own_draws]
    known = start.hands[seat] | card_set(own_draws.values()) | start.won[0] | start.won[1]
    if start.lead is not None:
        known |= 1 << start.lead
    if start.drawn < 10:
        known |= 1 << start.trump_card
    unknown = list(cards_in(DECK & ~known))
    size = start.hands[other].bit_count()
    out, refused = [], 0
    for hand in itertools.combinations(unknown, size):
        rest = [c for c in unknown if c not in hand]
        for order in itertools.permutations(rest):
            talon = list(start.talon)
            for index, card in own_draws.items():
                talon[index] = card
            for index, card in zip(open_places, order, strict=True):
                talon[index] = card
            world = start.clone()
            hands = [0, 0]
            hands[seat], hands[other] = start.hands[seat], card_set(hand)
            world.hands = (hands[0], hands[1])
            world.talon = tuple(talon)
            try:
                for _, action in game.history:
                    world.apply(action)
            except IllegalActionError as error:
                refused += error.why.rule == "S-4"
                continue
            if world.information_state(seat) == info:
                out.append((card_set(hand), tuple(talon[start.drawn:9])))
    return out, refused


def states_of_start(game: Schnapsen) -> Schnapsen:
    start = game.clone()
    while start.history:
        start.undo()
    return start


def sampled_key(world: Schnapsen, start_drawn: int, seat: int) -> tuple[int, tuple[Card, ...]]:
    first = states_of_start(world)
    return first.hands[1 - seat], tuple(world.talon[start_drawn:9])


@functools.cache
def proof_cases() -> list[tuple[str, Schnapsen, int, list[Any]]]:
    """Small positions late in a deal (so that brute force is feasible): a position with 4
    cards in the stock, closed by the leader, then a few tricks under strict play in which
    the opponent's replies prove something (no higher card, void, no trump: S-4) that rules
    out deals the engine would otherwise accept. With the seat to sample for and every
    consistent deal."""
    out = []
    rng = random.Random(4)
    for seed in range(400):
        game = Schnapsen.deal(seed, seed % 2)
        while game.stock_size > 4 and not game.is_terminal():
            legal = [a for a in game.legal_actions() if a.verb not in ("claim", "close")]
            game.apply_legal(rng.choice(legal))
        if game.is_terminal() or game.lead is not None \
                or Action("close") not in game.legal_actions():
            continue
        position = Schnapsen.from_position(game.position())
        seat = 1 - position.to_act
        position.apply("close")
        while not position.is_terminal() and len(position.history) < 6:
            legal = [a for a in position.legal_actions() if a.verb not in ("claim", "pass")]
            if not legal:
                break
            position.apply(rng.choice(legal))
        if position.is_terminal():
            continue
        outcomes, refused = consistent_deals(position, seat)
        if refused and len(outcomes) > 1:
            out.append((f"closed-{seed}", position, seat, outcomes))
        if len(out) == 2:
            break
    return out


@pytest.mark.parametrize("case", range(2))
def test_samples_are_uniform_among_consistent_deals(case: int) -> None:
    name, game, seat, outcomes = proof_cases()[case]
    info = game.information_state(seat)
    rng = random.Random(9)
    n = 20_000
    start_drawn = states_of_start(game).drawn
    seen: Counter[Any] = Counter()
    for _ in range(n):
        world = info.sample_world(rng)
        assert world.information_state(seat) == info
        seen[sampled_key(world, start_drawn, seat)] += 1
    assert set(seen) <= set(outcomes), name
    assert chi_square_p(seen, outcomes, n) > 0.001, name


def test_samples_from_a_whole_deal_are_uniform() -> None:
    """Late in a dealt deal (stock exhausted): the opponent's first hand and hidden draws are
    placed uniformly among the deals that replay to the same information state."""
    rng = random.Random(3)
    for seed in range(200):
        game = random_deal(seed, claims=0.0)
        while game.history and (game.is_terminal() or sum(game.tricks) > 7):
            game.undo()
        if game.drawn == 10 and sum(game.tricks) == 7 and game.lead is None:
            break
    seat = game.to_act
    info = game.information_state(seat)
    outcomes = whole_deal_outcomes(game, seat)
    assert len(outcomes) > 1
    n = 20_000
    seen: Counter[Any] = Counter()
    for _ in range(n):
        world = info.sample_world(rng)
        seen[(card_set(world.dealt[1 - seat]), world.talon)] += 1
    assert set(seen) <= set(outcomes)
    assert chi_square_p(seen, outcomes, n) > 0.001


def whole_deal_outcomes(game: Schnapsen, seat: int) -> list[tuple[int, tuple[Card, ...]]]:
    """Brute force over the opponent's first hand and the stock positions he drew from."""
    info = game.information_state(seat)
    draws = [e for e in info.events if e.kind == "draw"]
    mine = {i: e.cards[0] for i, e in enumerate(draws) if e.seat == seat and i < 9}
    places = [i for i in range(9) if i not in mine]
    known = card_set(game.dealt[seat]) | card_set(mine.values()) | 1 << game.first_trump_card
    unknown = list(cards_in(DECK & ~known))
    out = []
    for hand in itertools.combinations(unknown, 5):
        rest = [c for c in unknown if c not in hand]
        for order in itertools.permutations(rest):
            talon = [Card.CA] * 9
            for index, card in mine.items():
                talon[index] = card
            for index, card in zip(places, order, strict=True):
                talon[index] = card
            hands = [list(game.dealt[seat]), list(hand)] if seat == 0 else \
                [list(hand), list(game.dealt[seat])]
            world = Schnapsen(hands, talon, game.first_trump_card, game.dealer, game.options)
            try:
                for _, action in game.history:
                    world.apply(action)
            except ValueError:
                continue
            if world.information_state(seat) == info:
                out.append((card_set(hand), tuple(talon)))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_every_sample_replays_to_the_same_information_state(preset: str) -> None:
    rng = random.Random(6)
    for seed in range(40):
        game = random_deal(seed, preset, stop=rng.randrange(1, 24))
        for seat in (0, 1):
            info = game.information_state(seat)
            for _ in range(5):
                assert info.sample_world(rng).information_state(seat) == info


def test_marriage_partner_and_exchanged_card_stay_with_the_opponent() -> None:  # S-5, S-6
    for seed in range(300):
        game = random_deal(seed, claims=0.0, stop=14)
        shown = [(w, s) for w, s in game.marriages]
        exchanged = game.trump_card != game.first_trump_card
        if not shown and not exchanged:
            continue
        rng = random.Random(seed)
        for seat in (0, 1):
            info = game.information_state(seat)
            known = game.hands[1 - seat] & ~hidden_from(game, seat)
            for _ in range(10):
                world = info.sample_world(rng)
                assert world.hands[1 - seat] & known == known


# --- 3. action ids -----------------------------------------------------------------------------
def test_action_space_covers_every_legal_action() -> None:
    space = Schnapsen.ACTION_SPACE
    assert Schnapsen.num_distinct_actions() == 28
    assert {a.verb for a in space.actions} == {"play", "marriage", "exchange", "close",
                                                "claim", "pass"}
    for seed in range(60):
        game = random_deal(seed)
        for state in states_of(game):
            legal = state.legal_actions()
            ids = state.legal_action_ids()
            assert [Schnapsen.id_to_action(i) for i in ids] == legal
            assert all(Schnapsen.action_to_id(str(a)) == i for a, i in zip(legal, ids,
                                                                             strict=True))
            assert sum(state.legal_action_mask()) == len(legal)
    with pytest.raises(ValueError, match="ids 0 to 27"):
        Schnapsen.id_to_action(28)


# --- 4. positions ------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.sampled_from(PRESETS), st.integers(0, 99))
def test_positions_round_trip(seed: int, stop: int, preset: str, tail: int) -> None:
    game = random_deal(seed, preset, stop=stop)
    if game.is_terminal():
        with pytest.raises(PositionError):
            game.position()
        return
    text = game.position()
    twin = from_position(text)
    assert isinstance(twin, Schnapsen)
    assert twin.position() == text
    assert twin.legal_actions() == game.legal_actions()
    for seat in (0, 1):
        assert twin.observation(seat) == game.observation(seat)
    rng = random.Random(tail)
    while not game.is_terminal():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        twin.apply(action)
        assert twin.observation(0) == game.observation(0)
    assert twin.result() == game.result()


def test_position_of_a_closed_stock_and_a_pending_marriage() -> None:
    for seed in range(200):
        game = random_deal(seed, claims=0.0, stop=9)
        if game.closed_by >= 0 or game.announced is not None:
            text = game.position()
            assert Schnapsen.from_position(text).position() == text
            assert ("closed=-" in text) == (game.closed_by < 0)
            assert ("announced=-" in text) == (game.announced is None)


def test_a_game_from_a_position_starts_its_history_there() -> None:
    game = random_deal(8, claims=0.0, stop=7)
    twin = Schnapsen.from_position(game.position())
    for seat in (0, 1):
        (event,) = twin.information_state(seat).events
        assert event.kind == "position" and card_set(event.cards) == game.hands[seat]
        assert "?" in event.arg and all(c.name not in event.arg.split("hands=")[1].split()[0]
                                         for c in cards_in(game.hands[1 - seat]))
        world = twin.information_state(seat).sample_world(random.Random(1))
        assert world.information_state(seat) == twin.information_state(seat)


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace("schnapsen soft", "schnapsen mild"), "preset"),
    (lambda t: t.replace("dealer=", "dealr="), "unexpected field 'dealr=0'"),
    (lambda t: t.replace(" lead=-", ""), "missing lead"),
    (lambda t: t.replace("hands=", "hands=CA."), "20 cards once"),
    (lambda t: t.replace("claim=0", "claim=2"), "claim must be 1 or 0"),
    (lambda t: t.replace("stock=", "stock=?."), "hidden cards are not allowed"),
    (lambda t: t.replace("stock=", "stock=C6."), "'C6' is not a card of this game"),
])
def test_bad_positions_are_refused_clearly(change: Any, message: str) -> None:
    text = Schnapsen.deal(2).position()
    with pytest.raises(PositionError, match=message):
        from_position(change(text))


# --- 5. revoke (S-12) ----------------------------------------------------------------------------
def test_a_revoke_is_public_and_in_the_snapshot() -> None:
    game = random_deal(4, claims=0.0, stop=6)
    twin = game.clone()
    twin.forfeit(twin.to_act, Illegal("S-4", "you must follow suit (H): HA"))
    assert game.result() is None and game._forfeit is None
    result = twin.result()
    assert result is not None and result.game_points[1 - twin.to_act] == 3
    for seat in (0, 1):
        info = twin.information_state(seat)
        assert [e.kind for e in info.events[-2:]] == ["forfeit", "end"]
        assert "HA" not in str(info).split("forfeit")[1]  # the reason may name hidden cards
        world = info.sample_world(random.Random(2))
        assert world.information_state(seat) == info and world.result() == result


# --- 6. clone and undo ---------------------------------------------------------------------------
def snapshot(game: Schnapsen) -> tuple[Any, ...]:
    return (type(game)._snapshot(game), tuple(game.legal_actions()),
            tuple(game.observation(s) for s in (0, 1)),
            tuple(game.information_state(s) for s in (0, 1)))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 25), st.sampled_from(PRESETS))
def test_clones_worlds_and_undo_leave_the_original_alone(seed: int, stop: int,
                                                         preset: str) -> None:
    game = random_deal(seed, preset, stop=stop)
    before = snapshot(game)
    rng = random.Random(seed)
    twin = game.clone()
    while not twin.is_terminal():
        twin.apply(rng.choice(twin.legal_actions()))
    if not game.is_terminal():
        world = game.information_state(game.to_act).sample_world(rng)
        while not world.is_terminal():
            world.apply(rng.choice(world.legal_actions()))
        game.apply(rng.choice(game.legal_actions()))
        game.undo()
    assert snapshot(game) == before


def test_the_general_sampler_agrees_where_the_chain_is_not_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds come from places in time order (``worlds._chain``); the general constrained
    sampler, used where constraints take another shape, is uniform on the same deals."""
    from stich.schnapsen import worlds

    monkeypatch.setattr(worlds, "_chain", lambda *args: None)
    name, game, seat, outcomes = proof_cases()[0]
    info = InfoState.from_dict(game.information_state(seat).to_dict(), Schnapsen)  # afresh
    assert worlds._plan_for(info).order is None
    rng = random.Random(10)
    n = 20_000
    start_drawn = states_of_start(game).drawn
    seen: Counter[Any] = Counter(sampled_key(info.sample_world(rng), start_drawn, seat)
                                 for _ in range(n))
    assert set(seen) <= set(outcomes), name
    assert chi_square_p(seen, outcomes, n) > 0.001, name


@pytest.mark.parametrize("preset", PRESETS)
def test_worlds_of_games_built_from_positions(preset: str) -> None:
    """From a position (any phase: mid-trick, closed, a marriage pending), then play on: every
    sample replays to the same information state for both seats."""
    rng = random.Random(12)
    for seed in range(40):
        game = random_deal(seed, preset, claims=0.0, stop=rng.randrange(0, 18))
        if game.is_terminal():
            continue
        twin = Schnapsen.from_position(game.position())
        for _ in range(rng.randrange(0, 8)):
            if twin.is_terminal():
                break
            twin.apply(rng.choice(twin.legal_actions()))
        for seat in (0, 1):
            info = twin.information_state(seat)
            for _ in range(3):
                assert info.sample_world(rng).information_state(seat) == info
