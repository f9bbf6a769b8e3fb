"""Information-set MCTS (``stich.search.ismcts``) and the ``ismcts`` bot: seeded, legal, blind
to hidden cards, within its node budget, the same on both search paths, whole deals of every
game (docs/search.md, "Information-set MCTS")."""

from __future__ import annotations

import random

import pytest

from stich.bots import make_bot
from stich.bots.ismcts import IsmctsBot, match_utility
from stich.bots.match_value import tree_utility
from stich.core.game import Game, sample_world
from stich.play.driver import play_deal
from stich.search import native_available
from stich.search.ismcts import MAX_WORLDS, MIN_WORLDS, NODES_A_WORLD, Ismcts, worlds
from tests.search.helpers import GAMES, card_play, new_deal

_PLIES = {"schnapsen": 3, "bauernschnapsen": 1, "dreierschnapsen": 1, "jass": 2}


def _position(game: str, seed: int) -> Game:
    """A decision early in card play with more than one legal move."""
    position = card_play(new_deal(game, seed), random.Random(seed), _PLIES[game])
    while len(position.legal_actions()) < 2 or any(
            a.verb == "weis" for a in position.legal_actions()):
        position.apply_legal(random.Random(seed).choice(
            [a for a in position.legal_actions() if a.verb != "weis"]))
    return position


@pytest.mark.parametrize("game", GAMES)
def test_seeded_and_legal(game: str) -> None:
    """The same seed and budget give the same search; the move chosen is legal."""
    position = _position(game, 1)
    info = position.information_state(position.current_player())
    first = Ismcts(info, 7).run(1500)
    assert first == Ismcts(info, 7).run(1500)
    assert first.best in position.legal_actions()
    assert set(first.actions) == set(position.legal_actions())
    assert sum(first.visits) == first.iterations


@pytest.mark.parametrize("game", ["schnapsen", "jass"])
def test_budget(game: str) -> None:
    """The search stops once the budget is spent: before its last iteration it had spent
    less than the budget, so it overshoots by at most one iteration (a descent and a leaf)."""
    position = _position(game, 2)
    info = position.information_state(position.current_player())
    budget = 5000
    result = Ismcts(info, 3).run(budget)
    again = Ismcts(info, 3, native=False)
    again.prepare(budget)
    before = 0
    while again.iterations < result.iterations:
        before = again.nodes
        again.iterate()
    assert before < budget <= again.nodes == result.nodes


def test_pool_of_worlds() -> None:
    """Iterations go round a pool of worlds drawn from the information state, more of them
    for a larger budget; each is a world the seat cannot tell from the real one."""
    position = _position("schnapsen", 1)
    seat = position.current_player()
    info = position.information_state(seat)
    searcher = Ismcts(info, 5, native=False)
    searcher.prepare(100_000)
    assert len(searcher.pool) == worlds(100_000) == max(MIN_WORLDS, 100_000 // NODES_A_WORLD)
    assert worlds(10**9) == MAX_WORLDS
    assert len({world.position() for world in searcher.pool}) > 1
    for world in searcher.pool:
        assert world.information_state(seat).to_dict() == info.to_dict()


def test_hidden_cards_are_never_read() -> None:
    """Deals the seat cannot tell apart (worlds drawn from its information state, differing in
    the opponent's hand and the stock) give the same move for the same seed."""
    differing = 0
    for seed in range(4):
        position = _position("schnapsen", seed)
        seat = position.current_player()
        info = position.information_state(seat)
        worlds = [sample_world(info, random.Random(salt)) for salt in range(3)]
        differing += len({world.position() for world in worlds}) > 1
        moves = {str(IsmctsBot(5, nodes=3000).choose(world.information_state(seat)))
                 for world in worlds}
        assert len(moves) == 1
    assert differing >= 3  # the worlds differ, so the test can fail


@pytest.mark.skipif(not native_available(), reason="the native kernel is not built")
@pytest.mark.parametrize("observers", ["single", "multiple"])
@pytest.mark.parametrize("leaf", ["rollout", "playouts"])
@pytest.mark.parametrize("game", GAMES)
def test_same_search_on_both_paths(game: str, leaf: str, observers: str) -> None:
    """The native kernel (the whole search in one call) and the Python path give the same
    visits, values and nodes, with one tree or one a seat."""
    position = _position(game, 2)
    info = position.information_state(position.current_player())
    native = Ismcts(info, 4, native=True, leaf=leaf, observers=observers).run(6000)
    python = Ismcts(info, 4, native=False, leaf=leaf, observers=observers).run(6000)
    assert native == python and native.iterations > 1


@pytest.mark.parametrize("game", GAMES)
def test_a_tree_for_each_seat(game: str) -> None:
    """Multiple observers: a tree a seat; each follows every move (its root has the first
    mover's moves) and the searching seat's root counts every iteration; the seats' trees
    part where what they see parts (their own hands), so they are not all alike."""
    position = _position(game, 1)
    seat = position.current_player()
    searcher = Ismcts(position.information_state(seat), 3, native=False, observers="multiple")
    result = searcher.run(4000)
    assert len(searcher.trees) == position.SEATS and searcher.root is searcher.trees[seat]
    assert sum(result.visits) == result.iterations
    assert all(sum(edge.visits for edge in tree.edges.values()) == result.iterations
               for tree in searcher.trees)
    assert len(searcher.trees[seat].edges) == len(position.legal_actions())
    others = [tree for index, tree in enumerate(searcher.trees) if index != seat]
    # another seat's hand differs between the worlds: its tree has nodes apart for them
    assert any(len(edge.after) > 1 for tree in others for edge in tree.edges.values())
    with pytest.raises(ValueError, match="observers"):
        Ismcts(position.information_state(seat), 1, observers="all")


def test_registered_with_budgets() -> None:
    for game in GAMES:
        bot = make_bot(game, "ismcts", 3, nodes=5000)
        assert isinstance(bot, IsmctsBot) and bot.nodes == 5000
    with pytest.raises(ValueError, match="leaf"):
        Ismcts(_position("schnapsen", 1).information_state(0), 1, leaf="nothing")


@pytest.mark.parametrize("game", GAMES)
def test_whole_deal(game: str) -> None:
    """A seeded deal of ismcts against the rules bots ends with a result; again the same."""
    def deal() -> dict[str, object]:
        cls = type(new_deal(game, 0))
        bots = [make_bot(game, "ismcts" if seat % 2 == 0 else "rules", seat, nodes=1000)
                for seat in range(cls.SEATS)]
        return play_deal(new_deal(game, 1), bots).to_dict()

    first = deal()
    assert first == deal() and first


def test_the_phases_of_the_search() -> None:
    """Schnapsen: the search while the stock is open, pimc once it is closed (S-7); Jass: the
    search while a hand holds more than five cards."""
    game = new_deal("schnapsen", 4)
    seat = game.current_player()
    assert IsmctsBot.searched_phase(game.information_state(seat), 1)
    closing = next(a for a in game.legal_actions() if a.verb == "close")
    game.apply(closing)
    assert not IsmctsBot.searched_phase(game.information_state(seat), 1)
    jass = _position("jass", 1)
    assert IsmctsBot.searched_phase(jass.information_state(jass.current_player()), 1)
    late = card_play(new_deal("jass", 1), random.Random(1), 20)
    assert not IsmctsBot.searched_phase(late.information_state(late.current_player()), 1)


def _seat_position(seat: int) -> Game:
    """A Schnapsen decision early in a deal where ``seat`` is to move."""
    for seed in range(40):
        position = _position("schnapsen", seed)
        if position.current_player() == seat:
            return position
    raise AssertionError(f"no position with seat {seat} to move")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_utility_table(seat: int) -> None:
    """A utility table (what each result is worth to the searching seat, -k..k) is read on
    both paths alike; it is the max side's as given, turned round for the other side; the root's
    means are the searching seat's worth (a table worth 0.5 whatever happens gives 0.5), and
    the table v/3 searches as game points scaled by 3 (the default)."""
    position = _seat_position(seat)
    info = position.information_state(seat)
    table = (-1.0, -0.9, -0.2, 0.0, 0.1, 0.7, 1.0)
    searcher = Ismcts(info, 4, native=False, utility=table)
    assert searcher.utility == (table if seat == 0 else tuple(-u for u in table[::-1]))
    if native_available():
        assert Ismcts(info, 4, native=True, utility=table).run(6000) == searcher.run(6000)
    flat = Ismcts(info, 2, native=False, utility=[0.5] * 7).run(3000)
    assert all(mean == pytest.approx(0.5) for mean, visits in zip(flat.means, flat.visits,
                                                                   strict=True) if visits)
    scaled = Ismcts(info, 5, native=False, utility=[v / 3 for v in range(-3, 4)]).run(3000)
    plain = Ismcts(info, 5, native=False).run(3000)
    assert scaled.visits == plain.visits
    assert [3 * m for m in scaled.means] == pytest.approx(list(plain.means))
    for wrong in ([], [0.0, 1.0], [0.0] * 65):
        with pytest.raises(ValueError, match="utility"):
            Ismcts(info, 1, utility=wrong)


def test_the_tree_plays_to_the_match_score() -> None:
    """S-10: the ``ismcts`` bot's tree values a Schnapsen result by the chance of winning the
    Bummerl from the score it was shown: at 1 to 1 (any win wins the Bummerl) it chooses
    otherwise than by game points in some positions; in Jass it has no table."""
    differ = 0
    for seed in range(12):
        position = _position("schnapsen", seed)
        seat = position.current_player()
        info = position.information_state(seat)
        scored = IsmctsBot(seed, nodes=20_000)
        scored.see_match({"remaining": [1, 1]})
        plain = IsmctsBot(seed, nodes=20_000)
        plain.MATCH_VALUES = False
        differ += scored.choose(info) != plain.choose(info)
    assert differ >= 3   # 7 of the 12 when written
    jass = _position("jass", 1)
    assert match_utility(jass.information_state(jass.current_player()), None) is None
    at_start = match_utility(position.information_state(0), None)
    assert at_start == tree_utility(7, 7)
