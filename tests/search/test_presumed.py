"""Presumed values (``stich.search.presumed``) and the ``pvpimc`` bot in every game: legal,
seeded, the same on both search paths, never below the solver, the cuts keeping the values,
and the opponent's reply chosen from its own information (S-3 to S-9, B-4, B-5, D-1, J-4 to
J-7: card play)."""

from __future__ import annotations

import random

import pytest

from stich import search
from stich.bots import make_bot
from stich.bots.presumed import PresumedPimcBot
from stich.contract.deal import ContractSchnapsen
from stich.core.game import Game, sample_world
from stich.core.knowledge import InfoState
from stich.search import layout
from stich.search import side as _side
from stich.search.adapters import kernel_state
from stich.search.presumed import (
    Cache,
    presumed_reply,
    presumed_values,
    presumed_worlds,
)
from tests.search.helpers import GAMES, card_play, new_deal, smoke_deals


def _position(seed: int, plies: int = 3) -> Game:
    return card_play(new_deal("schnapsen", seed), random.Random(seed), plies)


def test_one_presumed_world_is_the_solver() -> None:
    """With the sampled world as the opponent's only presumed world, each action's value is
    the solver's value of that world (the opponent then knows every card, as in PIMC)."""
    for seed in range(3):
        game = _position(seed)
        legal = game.legal_actions()
        values, nodes = presumed_values(game, legal, game.current_player(), replies=1)
        exact = dict(search.analyze(game).values)
        assert values == [exact[action] for action in legal] and nodes > 0


def test_presumed_reply_is_legal_and_seeded() -> None:
    """The presumed reply is one of the opponent's legal moves, the same for a seed; its
    values in the world are the solver's."""
    game = _position(5)
    after = game.clone()
    after.apply(game.legal_actions()[0])
    assert after.current_player() != game.current_player()
    reply, exact, nodes = presumed_reply(after, 4, seed=9)
    assert reply in after.legal_actions()
    assert exact == dict(search.analyze(after).values)
    assert presumed_reply(after, 4, seed=9) == (reply, exact, nodes)
    with pytest.raises(ValueError, match="replies"):
        presumed_reply(after, 0, seed=9)


def test_presumed_values_never_beat_the_solver() -> None:
    """An opponent that does not see our hand can only do worse for itself than the best
    reply with every card open: each presumed value is at least the solver's (our side)."""
    gained = 0
    for seed in range(4):
        game = _position(seed, plies=2 + seed % 2)
        seat = game.current_player()
        legal = game.legal_actions()
        values, _ = presumed_values(game, legal, seat, replies=4, seed=seed)
        exact = [dict(search.analyze(game).values)[action] for action in legal]
        assert all(value >= best for value, best in zip(values, exact, strict=True))
        gained += sum(value > best for value, best in zip(values, exact, strict=True))
    assert gained  # the correction is not idle (seed 3: a lead the opponent cannot punish)


def test_pvpimc_deal_against_rules() -> None:
    """A seeded deal of pvpimc against the rules bot ends with a result; again the same."""
    from stich.play.driver import play_deal

    def deal() -> dict[str, object]:
        game = new_deal("schnapsen", 1)
        bots = [make_bot("schnapsen", "pvpimc", 1, nodes=3000), make_bot("schnapsen", "rules", 2)]
        return play_deal(game, bots).to_dict()

    first = deal()
    assert first == deal() and first


def test_pvpimc_is_registered_and_takes_budgets() -> None:
    bot = make_bot("schnapsen", "pvpimc", 3, nodes=5000)
    assert isinstance(bot, PresumedPimcBot) and bot.nodes == 5000


@pytest.mark.skipif(not search.native_available(), reason="the native kernel is not built")
def test_pvpimc_same_choices_on_both_paths() -> None:
    """Same seed and budget, same choices and nodes searched, native or Python."""
    for seed in (3, 6):
        game = _position(seed, plies=11)
        info = game.information_state(game.current_player())
        native = PresumedPimcBot(seed, native=True, samples=2)
        python = PresumedPimcBot(seed, native=False, samples=2)
        assert native.choose(info) == python.choose(info)
        assert native.searched == python.searched > 0


# --- every game (B-4, B-5, D-1, J-4 to J-7): the other side, draws, the cuts --------------------
PLIES = {"schnapsen": 3, "bauernschnapsen": 2, "dreierschnapsen": 2, "jass": 18}
"""Card-play plies into a test position (Jass: late enough for the solver)."""


def _game_position(game: str, seed: int, extra: int = 0) -> Game:
    return card_play(new_deal(game, seed), random.Random(seed), PLIES[game] + extra)


def _positions(game: str, count: int, extra: int = 0) -> list[Game]:
    """``count`` positions with a choice to make and the deal not decided (seeds from 0 on)."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        position = _game_position(game, seed, extra)
        seed += 1
        if (not position.is_terminal() and len(position.legal_actions()) > 1
                and not kernel_state(position)[layout.INDEX["done"]]):
            out.append(position)
    return out


def _naive(world: Game, seat: int, replies: int, seed: int) -> list[int]:
    """Presumed values without any cut: every reply analysed in every presumed world."""
    out = []
    for action in world.legal_actions():
        after = world.clone()
        after.apply(action)
        if after.is_terminal() or not search.in_card_play(after) or (
                _side(kernel_state(after), after.current_player())
                == _side(kernel_state(after), seat)):
            out.append(search.solve(after, seat)[0])
            continue
        worlds = presumed_worlds(after, replies, seed)
        analyses = [dict(search.analyze(each).values) for each in worlds]
        order = list(analyses[0])
        totals = [sum(values[reply] for values in analyses) for reply in order]
        best = max(range(len(order)), key=lambda i: (totals[i], -i))
        out.append(-analyses[0][order[best]])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_cuts_keep_the_values(game: str) -> None:
    """Forced and all-alike replies, presumed worlds that are the world again and the cache
    change no value: the same as every reply analysed in every presumed world."""
    for index, position in enumerate(_positions(game, 3)):
        seat = position.current_player()
        cache: Cache = {}
        values, nodes = presumed_values(position, position.legal_actions(), seat, 4, index,
                                        cache=cache)
        assert values == _naive(position, seat, 4, index)
        again, more = presumed_values(position, position.legal_actions(), seat, 4, index,
                                      cache=cache)
        assert again == values and more <= nodes  # the cache: searched positions not again


@pytest.mark.parametrize("game", GAMES)
def test_never_below_the_solver_in_every_game(game: str) -> None:
    for index, position in enumerate(_positions(game, 3)):
        seat = position.current_player()
        legal = position.legal_actions()
        values, _ = presumed_values(position, legal, seat, seed=index)
        exact = dict(search.analyze(position).values)
        assert all(value >= exact[action] for value, action in zip(values, legal, strict=True))


def test_the_sides_are_the_kernels() -> None:
    """Jass: seats 0 and 2 against 1 and 3 (J-1); the contract games: the declarer's side
    (with its partner in Bauernschnapsen, B-4) against the defenders (D-1: the other two)."""
    jass = _game_position("jass", 0)
    state = kernel_state(jass)
    assert [_side(state, seat) for seat in range(4)] == [1, -1, 1, -1]
    for game in ("bauernschnapsen", "dreierschnapsen"):
        position = _positions(game, 1)[0]
        assert isinstance(position, ContractSchnapsen)
        state = kernel_state(position)
        mine = position.sides[0]
        assert len(mine) == (2 if game == "bauernschnapsen" else 1)
        for seat in range(position.SEATS):
            assert _side(state, seat) == (1 if seat in mine else -1)
            assert (seat in position.sides[1]) == (_side(state, seat) == -1)


@pytest.mark.parametrize("game", GAMES)
def test_presumed_worlds_come_from_the_opponents_information(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every presumed world is drawn from the information state of the player who replies,
    in the position after our action, and that player is on the other side: a partner (or
    we ourselves) moving next draws nothing."""
    drawn: list[InfoState] = []

    def watch(info: InfoState, rng: random.Random) -> Game:
        drawn.append(info)
        world = sample_world(info, rng)
        assert world.information_state(info.seat) == info  # honours all it knows
        return world

    monkeypatch.setattr("stich.search.presumed.sample_world", watch)
    for index, position in enumerate(_positions(game, 3, extra=1)):
        seat = position.current_player()
        afters = []
        for action in position.legal_actions():
            after = position.clone()
            after.apply(action)
            afters.append(after)
        drawn.clear()
        presumed_values(position, position.legal_actions(), seat, 3, index)
        theirs = {str(after.information_state(after.current_player())) for after in afters
                  if not after.is_terminal() and search.in_card_play(after)}
        state = kernel_state(position)
        for info in drawn:
            assert _side(state, info.seat) != _side(state, seat)
            assert str(info) in theirs


@pytest.mark.parametrize("game", GAMES)
def test_pvpimc_in_every_game_is_legal_seeded_and_blind(game: str) -> None:
    """Registered for every game; a legal choice, the same for a seed; and it reads only the
    information state: a deal with other hidden cards that the seat cannot tell apart gets
    the same choice and the same nodes."""
    for position in _positions(game, 12, extra=1):  # the first where it searches
        seat = position.current_player()
        info = position.information_state(seat)
        bot = make_bot(game, "pvpimc", 7, nodes=20000)
        assert isinstance(bot, PresumedPimcBot)
        choice = bot.choose(info)
        assert choice in position.legal_actions()
        if bot.searched:
            break
    twin = sample_world(info, random.Random(11))
    assert twin.information_state(seat) == info
    other = make_bot(game, "pvpimc", 7, nodes=20000)
    assert other.choose(twin.information_state(seat)) == choice
    assert isinstance(other, PresumedPimcBot) and other.searched == bot.searched > 0


@pytest.mark.skipif(not search.native_available(), reason="the native kernel is not built")
@pytest.mark.parametrize("game", ["bauernschnapsen", "dreierschnapsen", "jass"])
def test_same_values_on_both_paths_in_every_game(game: str) -> None:
    count, extra = (1, 3) if game == "jass" else (2, 1)
    for index, position in enumerate(_positions(game, count, extra)):
        seat = position.current_player()
        legal = position.legal_actions()
        assert (presumed_values(position, legal, seat, 4, index, native=True)
                == presumed_values(position, legal, seat, 4, index, native=False))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["bauernschnapsen", "dreierschnapsen", "jass"])
def test_pvpimc_deals_against_rules_in_every_game(game: str) -> None:
    """Seeded deals of pvpimc against the rules bots end with a result; again the same."""
    first, again = smoke_deals(game, "pvpimc")
    assert first == again and len(first) == 2
