"""The ``schnapsen`` package's bots as our players (``stich.bots.external.vu``) under the ``vu``
preset (docs/rules/schnapsen.md, "The vu preset")."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("schnapsen.game", reason="the vu: bots need the 'schnapsen' package "
                    "(pip install schnapsen==0.0.5, the test and bench extras)")

from schnapsen import game as vu
from stich.arena.plan import ArenaPlan
from stich.bots import make_bot
from stich.bots.external.vu import (
    VUBot,
    make_vu_bot,
    our_action,
    vu_move,
    vu_state,
)
from stich.core.game import sample_world
from stich.schnapsen.actions import CLAIM, CLOSE, PASS
from stich.schnapsen.game import Schnapsen, SchnapsenOptions
from tests.arena.helpers import arena

VU = SchnapsenOptions.from_preset("vu")


def _vu_legal(game: Schnapsen, seat: int) -> set[str]:
    """The package's legal moves at ``seat``'s turn, as our actions."""
    state, lead = vu_state(game, seat)
    engine = vu.SchnapsenGamePlayEngine()
    view = vu.LeaderPerspective(state, engine) if lead is None \
        else vu.FollowerPerspective(state, engine, lead)
    return {str(our_action(move)) for move in view.valid_moves()}


@pytest.mark.parametrize("kind", ["vu:rand", "vu:bully", "vu:rdeep"])
def test_every_vu_move_is_legal_and_the_legal_sets_agree(kind: str) -> None:
    """S-3 to S-6 under ``vu``: each move the package's bot makes is legal here, and at each of
    its turns the package's legal moves are exactly ours (less the claim, S-8)."""
    deals = 2 if kind == "vu:rdeep" else 12
    checked = 0
    for seed in range(deals):
        game = Schnapsen.deal(seed, options=VU)
        bots = [make_bot("schnapsen", kind, seed * 2 + seat) for seat in (0, 1)]
        while not game.is_terminal():
            seat = game.to_act
            legal = game.legal_actions()
            if game.announced is None and not game.final and not (
                    CLAIM in legal and game.score(seat) >= 66):
                ours = {str(action) for action in legal if action not in (CLAIM, PASS)}
                assert _vu_legal(game, seat) == ours, str(game.information_state(seat))
                checked += 1
            action = bots[seat].choose(game.information_state(seat))
            assert action in legal
            game.apply(action)
    assert checked > deals * 8


def _positions(seed: int) -> list[Schnapsen]:
    """The positions of one deal played by ``vu:rand``, at each turn that asks the package."""
    game = Schnapsen.deal(seed, options=VU)
    bots = [make_bot("schnapsen", "vu:rand", seed + seat) for seat in (0, 1)]
    out = []
    while not game.is_terminal():
        if game.announced is None and CLAIM not in game.legal_actions():
            out.append(game.clone())
        game.apply(bots[game.to_act].choose(game.information_state(game.to_act)))
    return out


@pytest.mark.parametrize("kind", ["rand", "bully", "rdeep"])
def test_worlds_the_seat_cannot_tell_apart_give_the_same_move(kind: str) -> None:
    """No hidden card reaches the package: two deals with the same information state for the
    seat (sampled worlds that differ in the opponent's hand) give the same move from the same
    seed."""
    differing = 0
    for game in _positions(3)[:8]:
        seat = game.to_act
        info = game.information_state(seat)
        worlds = [sample_world(info, random.Random(salt)) for salt in range(4)]
        hands = {world.hands[1 - seat] for world in worlds if isinstance(world, Schnapsen)}
        differing += len(hands) > 1
        moves = set()
        for world in worlds:
            assert isinstance(world, Schnapsen)
            state, lead = vu_state(world, seat)
            moves.add(str(our_action(vu_move(make_vu_bot(kind, random.Random(7)), state, lead))))
        assert len(moves) == 1, str(info)
    assert differing >= 4  # the test sees worlds that differ, so it can fail


def test_the_arena_takes_the_vu_bots_under_the_vu_preset_only() -> None:
    plan = ArenaPlan.make("schnapsen", "expert", "vu:rdeep", 1, VU)
    assert plan.b == "vu:rdeep"
    with pytest.raises(ValueError, match="--preset vu only"):
        ArenaPlan.make("schnapsen", "expert", "vu:rdeep", 1, SchnapsenOptions.from_preset())
    refused = arena("schnapsen", "expert", "vu:rand", "--preset", "sharp", "--matches", "1")
    assert refused.exit_code != 0
    assert "--preset vu only" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    played = arena("schnapsen", "vu:rand", "vu:bully", "--preset", "vu", "--matches", "2",
                   "--seed", "1", "--jobs", "1")
    assert played.exit_code == 0, played.stderr
    assert "vu:rand (A) against vu:bully (B), 2 matches" in played.stdout


def test_an_unknown_vu_bot_is_named() -> None:
    with pytest.raises(ValueError, match="vu:rand, vu:bully, vu:rdeep"):
        make_bot("schnapsen", "vu:minimax")


def test_the_vu_preset_has_no_closing_and_no_false_claim() -> None:
    """The preset's rules (S-6 to S-8): no close in any legal set, the exchange with the stock
    at two, a marriage leads its King, a claim only with 66."""
    assert VU.closing is False and VU.exchange_at_two and VU.marriage_lead == "king"
    game = Schnapsen.deal(5, options=VU)
    assert "close" not in {action.verb for action in game.legal_actions()}
    refusal = game.why_illegal(CLOSE)
    assert refusal is not None and refusal.rule == "S-7"
    for seed in range(6):  # S-8 under vu: a claim needs 66, so no false claim at all
        game = Schnapsen.deal(seed, options=VU)
        player = make_bot("schnapsen", "vu:rand", seed)
        while not game.is_terminal():
            claims = CLAIM in game.legal_actions()
            assert claims == (game.may_claim and game.score(game.to_act) >= 66)
            game.apply(player.choose(game.information_state(game.to_act)))
        result = game.result()
        assert result is not None and result.reason != "false claim"
    bot = make_bot("schnapsen", "vu:rand")
    assert isinstance(bot, VUBot) and bot.rules_problem(VU) is None
    assert bot.rules_problem(SchnapsenOptions.from_preset("vu", rubber=3)) is None
    assert bot.rules_problem(SchnapsenOptions.from_preset("vu", closing=True)) is not None
    assert bot.rules_problem(SchnapsenOptions.from_preset("vu", false_claim="table")) is not None
