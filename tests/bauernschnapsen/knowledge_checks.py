"""Checks of what each seat knows, shared by both contract games.

Each game's ``test_knowledge.py`` runs them over random deals: info states are perfect recall
and name no card their seat may not know; they round-trip through JSON and project to the
observation; sampled worlds replay to the same info state; positions, action ids, clone and
undo can be trusted. The exact-enumeration helpers compare the sampler with every deal a seat
cannot tell apart (brute force over placements, each replayed through the rules).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from math import erfc, sqrt
from typing import Any

from stich import from_position
from stich.contract.deal import ContractSchnapsen
from stich.core.actions import Action
from stich.core.cards import Card, card_set, cards_in
from stich.core.knowledge import InfoState
from stich.schnapsen.family import marriage_cards

OPTIONS_BOTH: list[dict[str, Any]] = [
    {}, {"plauderer": "opponents_confer"}, {"plauderer": "opponents_open_after_first"},
    {"assenbettler": "must_hold_ace"}, {"trump_must_be_held": False, "must_overtrump": False},
    {"contracts": "plauderer,farbenringerl,herrenschnapser,bettler"},
]


def random_game(cls: type[ContractSchnapsen], seed: int, options: dict[str, Any],
                bid_bias: float = 0.3) -> Iterator[ContractSchnapsen]:
    """A seeded random deal, yielded before each action and at its end; bids and doubling
    steps are preferred with probability ``bid_bias`` so that contracts get played."""
    game = cls.deal(seed, seed % cls.SEATS, cls.OPTIONS.from_preset(None, **options))
    rng = random.Random(seed)
    while True:
        yield game
        if game.is_terminal():
            return
        legal = game.legal_actions()
        eager = [a for a in legal if a.verb in ("bid", "double", "redouble", "reredouble")]
        game.apply(rng.choice(eager) if eager and rng.random() < bid_bias else rng.choice(legal))


def public_cards(game: ContractSchnapsen, seat: int) -> int:
    """Cards ``seat`` may have seen: its own, its talon, and what the table saw (B-1, B-2, B-4,
    B-5, D-1), replayed from the history."""
    seen = card_set(game.dealt[seat])
    replay = type(game)(game.dealt, game.dealt_talon, game.dealer, game.options)
    for actor, action in game.history:
        if replay.turned_up is not None:
            seen |= 1 << replay.turned_up
        for _, hand in replay.visible_hands(seat):
            seen |= int(hand)
        if action.verb == "marriage":
            seen |= marriage_cards(action.suit)
        if action.verb == "redeal":
            seen |= card_set(game.dealt[actor][:3])
        if getattr(replay, "talon_taker", -1) == seat:
            seen |= card_set(game.dealt_talon)
        replay.apply(action)
    if replay.turned_up is not None:
        seen |= 1 << replay.turned_up
    for _, hand in replay.visible_hands(seat):
        seen |= int(hand)
    if getattr(replay, "talon_taker", -1) == seat:
        seen |= card_set(game.dealt_talon)
    for trick in (*game.tricks, game.trick):
        seen |= card_set(card for _, card in trick)
    result = game.result()
    if result is not None and result.reason == "shown":
        seen |= game.hands[game.declarer]
    return seen


def check_info_states(cls: type[ContractSchnapsen], seed: int, options: dict[str, Any]) -> None:
    """Items 1 and 2 along a random deal, for every seat at every step."""
    rng = random.Random(seed)
    previous: list[InfoState | None] = [None] * cls.SEATS
    for game in random_game(cls, seed, options):
        for seat in range(cls.SEATS):
            info = game.information_state(seat)
            named = card_set(c for event in info.events for c in event.cards)
            for event in info.kinds("position"):
                named |= card_set(Card[w] for w in event.arg.replace("/", ".").replace(
                    "=", ".").replace(":", ".").split(".") if w in Card.__members__)
            assert named & ~public_cards(game, seat) == 0, (seat, str(info))
            before = previous[seat]
            if before is not None:  # perfect recall: what was known stays, in order
                assert info.events[:len(before.events)] == before.events
            previous[seat] = info
            data = json.loads(json.dumps(info.to_dict()))
            back = InfoState.from_dict(data, cls)
            assert back == info and str(back) == str(info)
            assert info.observation() == game.observation(seat)
            if rng.random() < 0.15:
                assert back.observation() == game.observation(seat)
            world = info.sample_world(rng)
            assert world.information_state(seat) == info
            assert str(world.information_state(seat)) == str(info)


def check_positions(cls: type[ContractSchnapsen], seed: int, options: dict[str, Any]) -> None:
    """Item 4: every state of a random deal round-trips through its position; the game read
    back acts, shows and ends as the original does after the same continuation."""
    states = list(_snapshots(cls, seed, options))
    final = states[-1][0]
    assert final.is_terminal()
    for game, actions_after in states[:-1]:
        text = game.position()
        again = from_position(text)
        assert again.position() == text
        assert again.legal_actions() == game.legal_actions()
        for seat in range(cls.SEATS):
            assert again.observation(seat) == game.observation(seat)
        for action in actions_after:
            again.apply(action)
        assert again.result() == final.result()


def _snapshots(cls: type[ContractSchnapsen], seed: int,
               options: dict[str, Any]) -> Iterator[tuple[ContractSchnapsen, list[Action]]]:
    *_, game = random_game(cls, seed, options)
    actions = [action for _, action in game.history]
    replay = type(game)(game.dealt, game.dealt_talon, game.dealer, game.options)
    for index, action in enumerate(actions):
        yield replay.clone(), actions[index:]
        replay.apply(action)
    yield replay, []


def check_action_ids(cls: type[ContractSchnapsen], seed: int, options: dict[str, Any]) -> None:
    """Item 3: every legal action has an id that maps back to it; the mask marks them."""
    size = cls.num_distinct_actions()
    for game in random_game(cls, seed, options):
        legal = game.legal_actions()
        ids = game.legal_action_ids()
        assert len(set(ids)) == len(ids) == len(legal)
        assert [cls.id_to_action(i) for i in ids] == legal
        assert all(0 <= i < size and cls.action_to_id(str(a)) == i
                   for a, i in zip(legal, ids, strict=True))
        mask = game.legal_action_mask()
        assert len(mask) == size and sum(mask) == len(legal)


def check_clone_and_undo(cls: type[ContractSchnapsen], seed: int,
                         options: dict[str, Any]) -> None:
    """Item 6: play on a clone or a sampled world leaves the original as it was; undo
    restores the state, the observations and the info states exactly."""
    rng = random.Random(seed)
    for game in random_game(cls, seed, options):
        if game.is_terminal():
            break
        state = game._snapshot(game)
        seen = [(game.observation(s), game.information_state(s)) for s in range(cls.SEATS)]
        legal = game.legal_actions()
        twin = game.clone()
        world = game.information_state(game.current_player()).sample_world(rng)
        for other in (twin, world):
            while not other.is_terminal():
                other.apply(rng.choice(other.legal_actions()))
        assert game.legal_actions() == legal and game._snapshot(game) == state
        game.apply(rng.choice(legal))
        game.undo()
        assert game._snapshot(game) == state and game.legal_actions() == legal
        assert [(game.observation(s), game.information_state(s))
                for s in range(cls.SEATS)] == seen


def check_position_histories(cls: type[ContractSchnapsen], seed: int,
                             options: dict[str, Any]) -> None:
    """Items 1, 2, 4: a game built from a position starts its history there; its info
    states are sampled, read back and projected as a dealt game's are."""
    rng = random.Random(seed)
    stop = rng.randrange(0, 25)
    for game in random_game(cls, seed, options):
        if game.is_terminal():
            return
        if len(game.history) == stop:
            break
    start = from_position(game.position())
    assert isinstance(start, cls)
    for seat in range(cls.SEATS):
        first = start.information_state(seat).events[0]
        assert first.kind == "position" and first.arg.split()[0] == cls.NAME
    while True:
        for seat in range(cls.SEATS):
            info = start.information_state(seat)
            assert info.sample_world(rng).information_state(seat) == info
            back = InfoState.from_dict(json.loads(json.dumps(info.to_dict())), cls)
            assert back.observation() == start.observation(seat)
        if start.is_terminal():
            return
        start.apply(rng.choice(start.legal_actions()))


# --- exact enumeration -----------------------------------------------------------------------
def chi_square_p(observed: Counter[Any], expected: dict[Any, float], n: int) -> float:
    """Pearson's chi-square p-value (Wilson-Hilferty) of counts against probabilities."""
    stat = sum((observed.get(o, 0) - n * p) ** 2 / (n * p) for o, p in expected.items())
    k = len(expected) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / (2 / (9 * k)) ** 0.5
    return 0.5 * erfc(z / sqrt(2))


def placements(unknown: int, sizes: list[int]) -> Iterator[list[int]]:
    """Every way to split ``unknown`` into groups of the given sizes (masks)."""
    cards = list(cards_in(unknown))
    if not sizes:
        yield []
        return
    for group in itertools.combinations(cards, sizes[0]):
        mask = card_set(group)
        for rest in placements(unknown & ~mask, sizes[1:]):
            yield [mask, *rest]


def exact_distribution(info: InfoState, worlds: Iterator[ContractSchnapsen],
                       key: Callable[[ContractSchnapsen], Any]) -> dict[Any, float]:
    """Probability of each key among the given candidate worlds whose replay gives ``info``
    (each candidate is one deal, so consistent deals are counted once each)."""
    counts: Counter[Any] = Counter()
    for world in worlds:
        if world.information_state(info.seat) == info:
            counts[key(world)] += 1
    total = sum(counts.values())
    return {k: v / total for k, v in counts.items()}


def replayed(cls: type[ContractSchnapsen], hands: list[list[Card]], talon: list[Card],
             game: ContractSchnapsen, actions: list[Action]) -> ContractSchnapsen | None:
    """The deal with these hands and talon and the actions replayed; None if one is illegal."""
    world = cls(hands, talon, game.dealer, game.options)
    for action in actions:
        if world.is_terminal() or world.why_illegal(action) is not None:
            return None
        world.apply(action)
    return world


def hands_now(world: ContractSchnapsen) -> tuple[int, ...]:
    return (*world.hands, getattr(world, "talon", 0))


def sample_counts(info: InfoState, n: int, seed: int,
                  key: Callable[[ContractSchnapsen], Any]) -> Counter[Any]:
    rng = random.Random(seed)
    return Counter(key(info.sample_world(rng)) for _ in range(n))
