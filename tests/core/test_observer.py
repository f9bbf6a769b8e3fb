"""The observer of every game (``stich.core.observer``, ``docs/observer.md``): strings and
tensors never show what a seat may not know, the public view is every seat's, the tensor
follows what the seat sees, its slices tile it, and sharp Schnapsen shows no points (S-11)."""

from __future__ import annotations

import random
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import stich
from stich.core.cards import cards_in
from stich.core.game import Game
from stich.core.observer import (
    KINDS,
    ObservationType,
    Observer,
    layout_table,
    observation_type,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "observer.md"

CASES: list[tuple[str, str | None, dict[str, Any]]] = [
    ("schnapsen", "soft", {}),
    ("schnapsen", "sharp", {}),
    ("schnapsen", "tournament", {}),
    ("bauernschnapsen", "standard", {}),
    ("bauernschnapsen", "club", {"plauderer": "opponents_confer",
                                 "bettler_partner_sits_out": True}),
    ("bauernschnapsen", "standard", {"plauderer": "opponents_open_after_first"}),
    ("dreierschnapsen", "standard", {}),
    ("dreierschnapsen", "standard", {"raise_after_talon": True, "raise_before_talon": True}),
    ("jass", "standard", {}),
    ("jass", "swisslos", {"weis": False}),
]
SEEDS = range(6, 12)
IDS = [f"{name}-{preset}-{'-'.join(options) or 'plain'}" for name, preset, options in CASES]


def deal(name: str, preset: str | None, options: dict[str, Any], seed: int) -> Game:
    return stich.new_game(name, preset, seed=seed, **options)


TARGETS = ("plauderer", "bettler", "schnapser", None)
"""The contract each seed's players bid for in the contract games (None: they pass)."""
PREFERRED = frozenset({"exchange", "marriage", "weis", "discard", "exchange-talon"})


def choose(game: Game, seed: int, rng: random.Random) -> Any:
    """A random legal action that makes deals varied: no claim unless nothing else is legal,
    a close in one seed of four, the verbs that show cards (exchange, marriages, Weis) often,
    and in the contract games the bid of ``TARGETS[seed % 4]`` where it is open, else a
    pass."""
    legal = game.legal_actions()
    closing = seed % 4 == 1  # Schnapsen: this seed's players close the stock (S-7)
    quiet = [a for a in legal if a.verb != "claim" and (a.verb != "close" or closing)] or legal
    target = TARGETS[seed % len(TARGETS)]
    if any(a.verb == "bid" for a in quiet):
        wanted = [a for a in quiet if a.verb == "bid" and a.arg == target]
        passes = [a for a in quiet if a.verb == "pass"]
        if wanted or passes:
            return (wanted or passes)[0]
    preferred = [a for a in quiet if a.verb in PREFERRED or (closing and a.verb == "close")]
    return rng.choice(preferred if preferred and rng.random() < 0.5 else quiet)


def states(name: str, preset: str | None, options: dict[str, Any],
           seeds: range) -> Iterator[Game]:
    """Every state of seeded deals played by :func:`choose` (clones)."""
    for seed in seeds:
        rng = random.Random(seed)
        game = deal(name, preset, options, seed)
        yield game.clone()
        while not game.is_terminal():
            game.apply(choose(game, seed, rng))
            yield game.clone()


def observers(game: Game) -> dict[str, Observer]:
    return {kind: type(game).make_observer(kind, game.options) for kind in KINDS}


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_nothing_a_seat_cannot_know(name: str, preset: str | None,
                                    options: dict[str, Any]) -> None:
    """(a) In two worlds a seat cannot tell apart, its private and public tensors and strings
    are the same."""
    rng = random.Random(7)
    checked = 0
    for index, game in enumerate(states(name, preset, options, SEEDS)):
        if index % 3:
            continue
        views = observers(game)
        for seat in range(game.SEATS):
            info = game.information_state(seat)
            world = info.sample_world(rng)
            assert world.information_state(seat) == info
            for kind, observer in views.items():
                assert observer.tensor(world, seat) == observer.tensor(game, seat), (kind, info)
                assert observer.string(world, seat) == observer.string(game, seat), (kind, info)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_public_view_is_every_seats(name: str, preset: str | None,
                                    options: dict[str, Any]) -> None:
    """(b) The public tensor and string do not depend on the seat asking."""
    for game in states(name, preset, options, SEEDS):
        for kind in ("public", "public_history"):
            observer = type(game).make_observer(kind, game.options)
            tensors = {tuple(observer.tensor(game, seat)) for seat in range(game.SEATS)}
            assert tensors == {tuple(observer.tensor(game))}
            assert len({observer.string(game, seat) for seat in range(game.SEATS)}) == 1


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_tensor_follows_what_the_seat_sees(name: str, preset: str | None,
                                           options: dict[str, Any]) -> None:
    """(c) Every action changes what each seat sees (the seat to act at least), and the
    tensor with it; the hand and the seat to act sit where their slices say."""
    for seed in SEEDS:
        before: Game | None = None
        for game in states(name, preset, options, range(seed, seed + 1)):
            views = observers(game)
            for seat in range(game.SEATS):
                for kind, observer in views.items():
                    values = observer.tensor(game, seat)
                    slices = observer.slices()
                    if "hand" in slices:
                        hand = slices["hand"]
                        flags = values[hand.start:hand.stop]
                        codes = [label for label, v in zip(hand.labels, flags, strict=True)
                                 if v]
                        assert codes == [c.name for c in cards_in(game.hands[seat])]  # type: ignore[attr-defined]
                    if "to_act" in slices:
                        to_act = slices["to_act"]
                        flags = values[to_act.start:to_act.stop]
                        player = game.current_player()
                        if player < 0:
                            assert not any(flags)
                        else:
                            counted = (player - seat) % game.SEATS if observer.kind.private \
                                else player
                            assert flags.index(1.0) == counted and sum(flags) == 1
                    if before is not None and kind != "private":
                        assert values != observer.tensor(before, seat), (kind, game.history[-1])
            before = game


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_slices_tile_the_tensor(name: str, preset: str | None, options: dict[str, Any]) -> None:
    """(d) Sizes are the declared shape; slices tile the tensor in order; the layout is fixed
    for a game and its options; labels name every flag."""
    game = deal(name, preset, options, 1)
    for kind, observer in observers(game).items():
        again = type(game).make_observer(kind, game.options)
        assert again.slices() == observer.slices()
        position = 0
        for slice_ in observer.slices().values():
            assert slice_.start == position and slice_.length > 0
            assert not slice_.labels or len(slice_.labels) == slice_.length
            position = slice_.stop
        assert position == observer.size and observer.shape == (observer.size,)
        for state in states(name, preset, options, range(1)):
            for seat in range(state.SEATS):
                values = observer.tensor(state, seat)
                assert len(values) == observer.size
                assert all(type(v) is float for v in values)


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_packed_is_the_tensor_in_float32(name: str, preset: str | None,
                                         options: dict[str, Any]) -> None:
    """(f) ``packed`` is the tensor as native float32 bytes, exactly, in every kind and for
    every seat; one observer reading many states in any order (it keeps the last finished
    tricks it read) answers as a fresh one does."""
    played = list(states(name, preset, options, SEEDS[:3]))
    random.Random(5).shuffle(played)
    shared = observers(played[0])
    for game in played:
        for kind, fresh in observers(game).items():
            for seat in range(game.SEATS):
                values = fresh.tensor(game, seat)
                assert shared[kind].tensor(game, seat) == values, (kind, seat)
                expected = struct.pack(f"{fresh.size}f", *values)
                assert shared[kind].packed(game, seat) == expected, (kind, seat)
                assert fresh.packed(game, seat) == expected, (kind, seat)
            if not fresh.kind.private:
                assert fresh.packed(game) == struct.pack(f"{fresh.size}f", *fresh.tensor(game))


@pytest.mark.parametrize("preset", ["sharp", "tournament"])
def test_sharp_schnapsen_shows_no_points(preset: str) -> None:
    """(e) S-11: in sharp Schnapsen a player may not look at his points or taken tricks: no
    slice holds them, and two states that differ only in the points taken look alike."""
    soft = type(deal("schnapsen", "soft", {}, 1)).make_observer("observation")
    assert "my_points" in soft.slices() and "my_tricks" in soft.slices()
    for kind in KINDS:
        sharp = deal("schnapsen", preset, {}, 1)
        observer = type(sharp).make_observer(kind, sharp.options)
        names = set(observer.slices())
        assert not names & {"my_points", "my_tricks", "last_trick"}, (kind, names)
    game = deal("schnapsen", preset, {}, 4)
    rng = random.Random(4)
    while sum(game.tricks) < 2:  # type: ignore[attr-defined]
        game.apply(rng.choice([a for a in game.legal_actions() if a.verb == "play"]))
    observer = type(game).make_observer("observation", game.options)
    assert observer.tensor(_with_points(game, 30), 0) == observer.tensor(game, 0)
    game.options = soft.options  # the same state under soft shows the points
    assert soft.tensor(_with_points(game, 30), 0) != soft.tensor(game, 0)


def _with_points(game: Game, extra: int) -> Game:
    """The state with ``extra`` card points more for seat 0 (nothing else changed)."""
    twin = game.clone()
    twin.points = (game.points[0] + extra, game.points[1])  # type: ignore[attr-defined]
    return twin


def test_observation_types() -> None:
    assert observation_type("information_state") == ObservationType(True, True, True)
    with pytest.raises(ValueError, match="unknown observation type 'secret'"):
        observation_type("secret")
    with pytest.raises(ValueError, match="private or public"):
        ObservationType(private=False, public=False)
    game = deal("schnapsen", "soft", {}, 1)
    with pytest.raises(ValueError, match="needs a seat"):
        type(game).make_observer().tensor(game)
    with pytest.raises(ValueError, match="needs a seat"):
        type(game).make_observer().packed(game)


def test_strings() -> None:
    """The information state's string is the seat's info state; the public history names
    every action as all seats saw it (a Dreierschnapsen talon laid down without its cards)."""
    game = deal("dreierschnapsen", "standard", {}, 2)
    rng = random.Random(2)
    while not any(a.verb in ("discard", "exchange-talon") for _, a in game.history):
        game.apply(rng.choice(game.legal_actions()))
    info = type(game).make_observer("information_state", game.options)
    assert info.string(game, 1) == str(game.information_state(1))
    public = type(game).make_observer("public_history", game.options).string(game)
    laid = next(a for _, a in game.history if a.verb in ("discard", "exchange-talon"))
    assert f" {laid.verb};" in public and str(laid) not in public
    observation = type(game).make_observer("observation", game.options)
    text = observation.string(game, 0)
    assert text.startswith("hand: ") and "| to_act: " in text


@pytest.mark.parametrize(("name", "preset"), [("schnapsen", "soft"), ("schnapsen", "sharp"),
                                              ("bauernschnapsen", None),
                                              ("dreierschnapsen", None), ("jass", None)])
def test_docs_list_every_slice(name: str, preset: str | None) -> None:
    """docs/observer.md prints each game's slice table as the code declares it."""
    game = stich.new_game(name, preset, seed=0)
    assert layout_table(type(game), game.options) in DOC.read_text()


@pytest.mark.parametrize(("name", "preset", "options"), CASES[::3], ids=IDS[::3])
def test_games_from_positions(name: str, preset: str | None, options: dict[str, Any]) -> None:
    """A game built from a position (its history starts there) keeps the seat's secrets and
    one public view, as a dealt game does."""
    rng = random.Random(3)
    for seed in SEEDS[:3]:
        game = deal(name, preset, options, seed)
        play = random.Random(seed)
        for _ in range(6):
            if not game.is_terminal():
                game.apply(choose(game, seed, play))
        if game.is_terminal():
            continue
        start = type(game).from_position(game.position())
        while True:
            views = observers(start)
            for seat in range(start.SEATS):
                world = start.information_state(seat).sample_world(rng)
                for kind, observer in views.items():
                    assert observer.tensor(world, seat) == observer.tensor(start, seat), kind
                    assert observer.string(world, seat) == observer.string(start, seat), kind
            public = views["public_history"]
            assert len({public.string(start, seat) for seat in range(start.SEATS)}) == 1
            if start.is_terminal():
                break
            start.apply(choose(start, seed, play))
