"""Clone and undo you can trust: no state outside ``_STATE`` is shared."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stich.jass.game import Jass
from tests.jass.helpers import deal, mask


def test_clone_with_other_hands_leaves_the_original_weis() -> None:
    # J-5: seat 0 holds HA HK HQ (20). Clone, give the clone other hands, play one card on
    # the clone: the original still offers seat 0 its Weis (the cache was shared).
    game = deal("HA HK HQ C6 C7 D6 D7 S6 S7", "C8 C9 CT CJ CQ CK CA D8 D9",
                "DT DJ DQ DK DA S8 S9 ST SJ", "SQ SK SA H6 H7 H8 H9 HT HJ")
    game.apply("trump H")
    twin = game.clone()
    twin.hands = (mask("C6 C7 C8 C9 CT CJ CQ CK CA"), twin.hands[1] ^ mask("C8 C9 CT CJ CQ CK CA")
                  ^ mask("HA HK HQ D6 D7 S6 S7"), twin.hands[2], twin.hands[3])
    twin.apply(twin.legal_actions()[-1])  # a search asks for the legal actions, then plays
    assert "weis HQ HK HA" in {str(a) for a in game.legal_actions()}
    game.apply("weis HQ HK HA")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_play_on_a_clone_leaves_the_original(seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    game = Jass.deal(seed, seed % 4)
    for _ in range(rng.randrange(0, 30)):
        if game.is_terminal():
            break
        game.apply(rng.choice(game.legal_actions()))
    before = ([str(a) for a in game.legal_actions()],
              [game.observation(s) for s in range(4)],
              [game.information_state(s) for s in range(4)], game.position()
              if not game.is_terminal() else None)
    twin = game.clone()
    while not twin.is_terminal():
        twin.apply(rng.choice(twin.legal_actions()))
    after = ([str(a) for a in game.legal_actions()],
             [game.observation(s) for s in range(4)],
             [game.information_state(s) for s in range(4)], game.position()
             if not game.is_terminal() else None)
    assert before == after


def state(game: Jass) -> dict[str, object]:
    """The snapshot without ``_plays`` (a cache of the playable cards, filled when asked)."""
    return {k: v for k, v in zip(game._STATE, type(game)._snapshot(game), strict=True)
            if k != "_plays"}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_undo_restores_exactly(seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    game = Jass.deal(seed, seed % 4)
    snapshots = []
    while not game.is_terminal():
        snapshots.append((state(game), [game.observation(s) for s in range(4)],
                          [game.information_state(s) for s in range(4)]))
        game.apply(rng.choice(game.legal_actions()))
    while snapshots:
        game.undo()
        assert (state(game), [game.observation(s) for s in range(4)],
                [game.information_state(s) for s in range(4)]) == snapshots.pop()
