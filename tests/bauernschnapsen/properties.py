"""Invariants both games must keep in every random deal (DESIGN.md, "Quality bar").

Used by a thin test module in each game's folder: random games end, points add up, a record
replays to the same game, and no observation shows a card its seat may not know.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from stich.contract.deal import ContractSchnapsen
from stich.core.actions import PLAY
from stich.core.cards import cards_in
from stich.core.game import TERMINAL
from stich.core.records import DealRecord
from stich.records import replay
from stich.schnapsen.family import DECK, points_of

CARD_CODE = re.compile(r'"([CDHS][AKQJT])"')


def random_deal(cls: type[ContractSchnapsen], seed: int, choices: int,
                options: dict[str, Any]) -> ContractSchnapsen:
    """A deal played to the end with seeded random legal actions, checking as it goes."""
    game = cls.deal(seed, seed % cls.SEATS, cls.OPTIONS.from_preset(None, **options))
    rng = random.Random(choices)
    for _ in range(200):
        if game.is_terminal():
            break
        check_position(game)
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_terminal() and game.current_player() == TERMINAL
    check_position(game)
    return game


def check_position(game: ContractSchnapsen) -> None:
    legal = game.legal_actions()
    if not game.is_terminal():
        assert legal
    # legal_actions generates what the predicates allow: exactly the actions of the whole
    # space that why_illegal lets through, each once, in any order (legality.py)
    allowed = [a for a in game.ACTION_SPACE.actions if game.why_illegal(a) is None]
    assert sorted(legal) == sorted(allowed) and len(set(legal)) == len(legal)
    for card in cards_in(DECK):  # a card outside the legal list is refused with a reason
        if PLAY[card] not in legal:
            assert game.why_illegal(PLAY[card]) is not None
    check_points(game)
    for seat in range(game.SEATS):
        check_hidden(game, seat)


def check_points(game: ContractSchnapsen) -> None:
    """Tricks, hands, the trick on the table and the talon hold all 120 card points."""
    taken = sum(points_of(sum(1 << c for _, c in trick)) for trick in game.tricks)
    assert sum(game.points) == taken
    on_table = points_of(sum(1 << c for _, c in game.trick))
    in_hands = sum(points_of(hand) for hand in game.hands)
    talon = getattr(game, "talon", 0)
    redealt = game.result() is not None and game.result().reason == "redeal"
    if game.phase == "trump" or redealt:  # B-2: the second packets are not dealt (yet)
        return
    assert taken + on_table + in_hands + points_of(talon) == 120


def check_hidden(game: ContractSchnapsen, seat: int) -> None:
    """Every card an observation names is the seat's own, played, turned up or shown."""
    observation = game.observation(seat)
    named = set(CARD_CODE.findall(json.dumps(observation.to_dict())))
    allowed = {c.name for c in cards_in(game.hands[seat])}
    allowed |= {c.name for trick in game.tricks for _, c in trick}
    allowed |= {c.name for _, c in game.trick}
    if game.turned_up is not None:
        allowed.add(game.turned_up.name)
    shown = expected_open_hands(game, seat)
    assert {s for s, _ in observation.open_hands} == shown
    for other in shown:
        allowed |= {c.name for c in cards_in(game.hands[other])}
    if getattr(game, "talon_taker", -1) == seat:
        allowed |= {c.name for c in game.dealt_talon}
        allowed |= {c.name for c in cards_in(getattr(game, "talon", 0))}
    assert named <= allowed, (seat, named - allowed)


def expected_open_hands(game: ContractSchnapsen, seat: int) -> set[int]:
    """B-5 Plauderer, restated: whose hands ``seat`` sees under the variant in force."""
    if game.contract is None or game.contract.name != "plauderer" or game.phase == "over":
        return set()
    opponents = {s for s in range(game.SEATS) if s not in game.side_of(game.declarer)}
    variant = game.options.plauderer
    if variant == "opponents_confer":
        shown = opponents if seat in opponents else set()
    elif not game.tricks:
        shown = set()
    else:
        shown = {game.declarer} if variant == "declarer_open" else opponents
    return shown - {seat}


def check_result(game: ContractSchnapsen) -> None:
    result = game.result()
    assert result is not None
    if result.reason == "redeal":
        assert result.winner == () and not any(result.game_points)
        return
    value = max(result.game_points)
    assert value > 0 and result.winner
    assert all((points == value) == (seat in result.winner)
               for seat, points in enumerate(result.game_points))
    assert all(points in (0, value) for points in result.game_points)
    assert value % result.extra["factor"] == 0


def check_replay(game: ContractSchnapsen) -> None:
    """The record, through JSON, replays to the same actions, result and observations."""
    data = json.loads(json.dumps(game.to_record().to_dict()))
    again = replay(DealRecord.from_dict(data))
    assert again.history == game.history
    assert again.result() == game.result()
    for seat in range(game.SEATS):
        assert again.observation(seat) == game.observation(seat)


def check_undo(game: ContractSchnapsen) -> None:
    """Undoing every action returns to the deal as dealt; a clone is independent."""
    twin = game.clone()
    fresh = type(game)(game.dealt, game.dealt_talon, game.dealer, game.options)
    while game.history:
        game.undo()
    assert all(getattr(game, name) == getattr(fresh, name) for name in game._STATE)
    assert twin.is_terminal() and not game.is_terminal()
