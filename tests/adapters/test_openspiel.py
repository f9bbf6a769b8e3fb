"""The games registered with OpenSpiel (stich.adapters.openspiel, docs/research.md)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install stich[rl])")

import pyspiel

import stich
from stich.adapters import openspiel
from stich.core.dealing import shuffled


@pytest.mark.parametrize("name", stich.GAMES)
def test_registered_and_random_sim_test_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(f"python_stich_{name}")
    assert game.num_distinct_actions() == stich.new_game(name, seed=1).num_distinct_actions()
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_a_match_passes_random_sim_test() -> None:
    game = openspiel.load("schnapsen", preset="sharp", match=True)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", stich.GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_deal_plays_as_new_game(name: str, seed: int) -> None:
    """The chance outcomes of our shuffle deal new_game's deal; then every legal-action set
    and the returns agree, move by move."""
    dealer = seed % stich.new_game(name, seed=0).SEATS
    game = openspiel.load(name, dealer=dealer)
    state = game.new_initial_state()
    ours = stich.new_game(name, seed=seed, dealer=dealer)
    for card in shuffled(game.dealing.deck, seed):
        assert state.is_chance_node()
        assert int(card) in dict(state.chance_outcomes())
        state.apply_action(int(card))
    rng = random.Random(seed)
    while not ours.is_terminal():
        assert state.current_player() == ours.current_player()
        assert state.legal_actions() == sorted(ours.legal_action_ids())
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        ours.apply(ours.id_to_action(action))
    assert state.is_terminal()
    assert state.returns() == pytest.approx(list(ours.utilities()))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_strings_and_tensors_come_from_the_observer() -> None:
    game = openspiel.load("schnapsen", preset="sharp")
    state = game.new_initial_state()
    for card in shuffled(game.dealing.deck, 7):
        state.apply_action(int(card))
    state.apply_action(state.legal_actions()[0])
    deal = state.deal
    seat = deal.current_player()
    info = deal.make_observer("information_state", deal.options)
    observation = deal.make_observer("observation", deal.options)
    assert state.information_state_string(seat) == str(deal.information_state(seat))
    assert state.information_state_tensor(seat) == pytest.approx(info.tensor(deal, seat))
    assert state.observation_string(seat) == observation.string(deal, seat)
    assert state.observation_tensor(seat) == pytest.approx(observation.tensor(deal, seat))


def test_resampling_keeps_the_information_state() -> None:
    game = openspiel.load("bauernschnapsen")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.history()) < 26:
        outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                    else state.legal_actions())
        state.apply_action(rng.choice(outcomes))
    seat = state.current_player()
    worlds = [state.resample_from_infostate(seat, None) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    assert len({str(world) for world in worlds}) > 1


def test_parameters_are_the_preset_and_options() -> None:
    game = pyspiel.load_game("python_stich_jass(preset=turnier,options=weis:false;stoeck:0)")
    assert game.options == stich.new_game("jass", preset="turnier", seed=1, weis=False,
                                          stoeck=False).options
    with pytest.raises(ValueError, match="unknown jass option 'wies'"):
        pyspiel.load_game("python_stich_jass(options=wies:false)")
    assert openspiel.load("jass", options="target=1000").options.target == 1000
    with pytest.raises(ValueError, match="dealer must be a seat"):
        openspiel.load("schnapsen", dealer=2)


def test_resampling_in_a_match_keeps_the_earlier_deals() -> None:
    game = openspiel.load("schnapsen", preset="sharp", match=True)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.match is None or not state.match.deals or state.is_chance_node() or \
            len(state.deal.history) < 3:
        outcomes = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                    else state.legal_actions())
        state.apply_action(rng.choice(outcomes))
    seat = state.current_player()
    world = state.resample_from_infostate(seat, None)
    assert world.history()[:state.deal_start] == state.history()[:state.deal_start]
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.information_state_string(seat).count("||") == 2
