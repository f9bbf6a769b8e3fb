"""The expert bot for every game: seeded smoke deals, budgets, the same
choices on both search paths, inference weights, Bummerl chances and the match score."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from stich.bots import make_bot
from stich.bots.expert import DEFAULT_THINK_MS, ExpertBot
from stich.bots.expert.inference import PRIOR, Agreement, Choices, choices, likelihood
from stich.bots.match_value import bummerl_chance, deal_value, remaining_for, tree_utility
from stich.bots.pimc import nodes_for_ms
from stich.bots.random_bot import RandomBot
from stich.core.game import Observation
from stich.games import match_class
from stich.play.driver import play_match
from stich.search import native_available
from tests.bots.helpers import play_deals
from tests.search.helpers import GAMES, card_play, new_deal, searched_choices, smoke_deals


@pytest.mark.parametrize("game", GAMES)
def test_smoke_deals_against_rules(game: str) -> None:
    """A few seeded deals of expert against the rules bots end with a result; again the same."""
    first, again = smoke_deals(game, "expert")
    assert first == again and len(first) == 2


def test_make_bot_passes_budgets() -> None:
    assert make_bot("jass", "expert", 3, nodes=5000).nodes == 5000  # type: ignore[attr-defined]
    assert make_bot("schnapsen", "expert", 1, think_ms=2).nodes == nodes_for_ms(2)  # type: ignore[attr-defined]
    assert ExpertBot(1).nodes == nodes_for_ms(DEFAULT_THINK_MS)
    with pytest.raises(ValueError, match="budget"):
        ExpertBot(1, nodes=0)


def _choices(game_name: str, seed: int, native: bool, **budget: int) -> list[str]:
    return searched_choices(ExpertBot(seed, native=native, **budget), game_name, seed)


@pytest.mark.skipif(not native_available(), reason="the native kernel is not built")
@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen"])
def test_same_choices_on_both_paths(game: str) -> None:
    """Same seed and budget, same choices and nodes searched, native or Python."""
    for budget in ({"samples": 1}, {"nodes": 50}):
        assert _choices(game, 4, True, **budget) == _choices(game, 4, False, **budget)


@pytest.mark.skipif(not native_available(), reason="the native kernel is not built")
@pytest.mark.parametrize("plies", [pytest.param(-1, marks=pytest.mark.slow), 24])
def test_same_choices_on_both_paths_jass(plies: int) -> None:
    """The contract (-1: the policy plays on to five cards, then solved; about 13 s on the
    Python path, so a slow run) and late card play."""
    game = new_deal("jass", 2)
    if plies >= 0:
        game = card_play(game, random.Random(2), plies)
    info = game.information_state(game.current_player())
    native, python = ExpertBot(5, samples=2, native=True), ExpertBot(5, samples=2, native=False)
    assert native.choose(info) == python.choose(info)
    assert native.searched == python.searched > 0


def _deal_played(game_name: str, seed: int, other: str) -> Any:
    """A Schnapsen deal played half-way: seat 0 random, seat 1 by ``other``."""
    game = new_deal(game_name, seed)
    bots = [RandomBot(seed), make_bot(game_name, other, seed + 1)]
    while not game.is_terminal() and len(game.history) < 8:
        seat = game.current_player()
        bot = bots[seat]
        game.apply(bot.choose(game.information_state(seat)) if bot.USES_INFO
                   else bot.act(game.observation(seat)))
    return game


def test_the_models_own_choices_are_all_explained() -> None:
    """The real deal explains the rules bot's choices perfectly (weight 1); a random
    player's choices mostly differ from the model's, each weighing (1 - p) / (p (n - 1))
    for a choice among n."""
    model = {1: make_bot("schnapsen", "rules", 0)}
    for seed in range(6):
        seen = choices(_deal_played("schnapsen", seed, "rules"), model)
        assert not any(seen.missed.values()) and seen.matched["card"] > 0
        assert likelihood(_deal_played("schnapsen", seed, "rules"), model) == 1.0
    rates = Agreement().rates()
    missed = 0
    for seed in range(6):
        game = _deal_played("schnapsen", seed, "random")
        seen = choices(game, model)
        missed += sum(map(len, seen.missed.values()))
        expected = math.prod((1 - rates[kind]) / (rates[kind] * (n - 1))
                             for kind, legal in seen.missed.items() for n in legal)
        assert math.isclose(likelihood(game, model), expected)
        assert all(n > 1 for legal in seen.missed.values() for n in legal)
    assert missed > 0


def test_agreement_is_fitted_to_the_opponent() -> None:
    """Worlds where the model explains the opponent outweigh those where it does not; an
    opponent the model predicts raises the rates above the prior, one it does not lowers
    them, and what a deal taught is carried into the next."""
    prior = Agreement().rates()
    assert prior["card"] == pytest.approx(PRIOR["card"][0] / sum(PRIOR["card"]))
    explained = Choices({"card": 5, "other": 1}, {"card": (), "other": ()})
    unexplained = Choices({"card": 0, "other": 0}, {"card": (4, 3, 4, 2, 3), "other": (3,)})
    agreement = Agreement()
    weights = agreement.fit([(explained, 3), (unexplained, 3)])
    assert weights[0] == 3.0 and weights[1] < weights[0] * 1e-3
    assert agreement.rates(agreement.deal)["card"] > prior["card"]
    agreement.learn()
    assert agreement.rates()["card"] > prior["card"] and agreement.deal == {}
    stranger = Agreement()
    weights = stranger.fit([(unexplained, 5)])  # the only world there is: the model is wrong
    assert stranger.rates(stranger.deal)["card"] < prior["card"]
    stranger.learn()
    assert stranger.rates()["card"] < prior["card"]
    assert stranger.rates()["other"] < prior["other"]


@pytest.mark.parametrize(("other", "trusted"), [("rules", True), ("random", False)])
def test_the_expert_learns_how_far_to_trust_the_model(other: str, trusted: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a few deals against the rules bot (the model itself) the card rate rises above
    the prior; against the random bot it falls below it (the PIMC path's inference, here for
    every decision)."""
    monkeypatch.setattr(ExpertBot, "TREE_GAMES", frozenset())
    expert = ExpertBot(3, nodes=40_000)
    play_deals(expert, other, 3)
    prior = Agreement().rates()["card"]
    assert (expert.agreement.rates()["card"] > prior) is trusted
    assert (expert.agreement.rates()["card"] < prior) is not trusted


def test_worlds_are_merged_and_weighed() -> None:
    """Worlds equal from here on are merged; with the stock exhausted there is exactly one
    world, solved once; worlds drawn more than once count by how often, the heaviest
    first."""
    for seed in range(20):
        game = new_deal("schnapsen", seed)
        rng = random.Random(seed)
        while not game.is_terminal() and game.stock_size > 0:  # type: ignore[attr-defined]
            game.apply_legal(rng.choice([a for a in game.legal_actions()
                                         if a.verb not in ("close", "claim")]
                                        or game.legal_actions()))
        if not game.is_terminal():
            break
    assert not game.is_terminal()
    bot = ExpertBot(1, samples=4)
    info = game.information_state(game.current_player())
    worlds = bot.worlds(info, 7)
    assert len(worlds) == 1
    assert worlds[0][1] == 1  # every world drawn: each counts once
    assert worlds[0][2] == Agreement.weight(choices(worlds[0][0], bot._models(info)),
                                            bot.agreement.rates(bot.agreement.deal))
    early = new_deal("schnapsen", 3)  # many worlds: counted as drawn, the heaviest first
    drawn = bot.worlds(early.information_state(early.current_player()), 7)
    assert sum(count for _, count, _ in drawn) == bot.candidates
    heaviness = [count * chance for _, count, chance in drawn]
    assert heaviness == sorted(heaviness, reverse=True)


def test_bummerl_chances() -> None:
    """S-10: equal counts are even; needing fewer points is better; a deal's points count
    only as far as they are needed."""
    assert bummerl_chance(7, 7) == pytest.approx(0.5)
    assert bummerl_chance(3, 5) == pytest.approx(1 - bummerl_chance(5, 3))
    assert bummerl_chance(1, 7) > bummerl_chance(2, 7) > bummerl_chance(7, 7)
    assert deal_value(1, 1, 5) == deal_value(3, 1, 5) == 1.0
    assert deal_value(-1, 4, 1) == deal_value(-3, 4, 1) == 0.0
    assert deal_value(2, 7, 7) > deal_value(1, 7, 7) > deal_value(-1, 7, 7) > deal_value(-2, 7, 7)
    assert remaining_for({"remaining": [2, 6]}, 1, 7) == (6, 2)
    assert remaining_for(None, 0, 7) == (7, 7)


def test_the_trees_utility() -> None:
    """S-10 for the tree: the worth of each result -3..3 rises with the result from -1 to +1;
    at even counts it is the same for both seats turned round; where one point wins the
    Bummerl for either, every win is worth nearly 1 and every loss nearly -1."""
    for mine, theirs in ((7, 7), (2, 5), (6, 1), (1, 1)):
        table = tree_utility(mine, theirs)
        assert len(table) == 7 and table[0] == pytest.approx(-1) and table[-1] == pytest.approx(1)
        assert list(table) == sorted(table) and len(set(table)) == 7
    even = tree_utility(7, 7)
    assert [-u for u in even[::-1]] == pytest.approx(list(even))
    last = tree_utility(1, 1)
    assert all(u > 0.99 for u in last[4:]) and all(u < -0.99 for u in last[:3])


class _Watcher(RandomBot):
    """A random bot that keeps the match scores it was shown."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seen: list[Any] = []

    def see_match(self, state: dict[str, Any] | None) -> None:
        self.seen.append(state)

    def act(self, observation: Observation) -> Any:
        return super().act(observation)


def test_the_runner_shows_the_match_score_before_each_deal() -> None:
    match = match_class("schnapsen")(["a", "b"], seed=3)
    bots = [_Watcher(1), _Watcher(2)]
    play_match(match, bots)
    assert len(bots[0].seen) == len(match.deals)
    assert bots[0].seen[0]["remaining"] == [7, 7]
    assert any(state["remaining"] != [7, 7] for state in bots[0].seen[1:])


def test_utility_follows_the_match_score() -> None:
    """At 1 point to go, any won deal wins the Bummerl: all wins are worth about the same."""
    bot = ExpertBot(1, samples=2)
    info = new_deal("schnapsen", 1).information_state(0)
    bot.see_match({"remaining": [1, 7]})
    utility = bot._utility(info)
    assert utility(1) == pytest.approx(utility(3), abs=1e-3) == pytest.approx(1.0, abs=1e-3)
    assert utility(-3) < utility(-1) < utility(1) < utility(3)  # ties told apart by the deal
    bot.see_match({"remaining": [7, 1]})  # every loss loses the Bummerl: lose less
    assert bot._utility(info)(-1) > bot._utility(info)(-3)
    bot.see_match({"remaining": [7, 7]})
    assert bot._utility(info)(3) > bot._utility(info)(1)


def _first_close_check(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, list[Any]]:
    """The first decision of seeded expert-against-expert deals where the solver's values
    prefer closing (S-7), with what ``_check_close`` was given and returned."""
    from stich.schnapsen.game import Schnapsen

    seen: list[Any] = []
    original = ExpertBot._check_close

    def spy(self: ExpertBot, *args: Any) -> tuple[int, int]:
        result = original(self, *args)
        seen.append((args, result))
        return result

    monkeypatch.setattr(ExpertBot, "_check_close", spy)
    monkeypatch.setattr(ExpertBot, "TREE_GAMES", frozenset())  # the PIMC path decides closes
    for seed in range(6):
        game = Schnapsen.deal(seed, seed % 2)
        bots = [ExpertBot(seed * 2 + seat, nodes=200_000) for seat in range(2)]
        for seat, bot in enumerate(bots):
            bot.new_deal(seat)
        while not game.is_terminal() and not seen:
            info = game.information_state(game.current_player())
            action = bots[info.seat].choose(info)
            if seen:
                return game, action, seen
            game.apply(action)
    raise AssertionError("no deal made the solver prefer closing")


def test_a_close_is_checked_without_seeing_the_other_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """S-7: a close the perfect-information values prefer is played out by both players from
    their own information states; the bot closes only if that beats the best other action."""
    _, action, seen = _first_close_check(monkeypatch)
    (legal, close, searched, utility, seat, _), (chosen, nodes) = seen[0]
    assert legal[close].verb == "close" and nodes > 0 and searched
    assert action == legal[chosen]
    bot = ExpertBot(5, samples=4)

    def blind(closing: int, other: int) -> Any:
        return lambda self, world, action, *rest: (
            closing if action.verb == "close" else other, 0)

    monkeypatch.setattr(ExpertBot, "_play_blind", blind(-3, -1))
    kept, _ = bot._check_close(legal, close, searched, utility, seat, 1)
    assert kept != close  # closing loses 3 in every world: another action
    monkeypatch.setattr(ExpertBot, "_play_blind", blind(3, -1))
    kept, _ = bot._check_close(legal, close, searched, utility, seat, 1)
    assert kept == close
    monkeypatch.setattr(ExpertBot, "_play_blind", blind(1, 2))  # playing on does better
    kept, _ = bot._check_close(legal, close, searched, utility, seat, 1)
    assert kept != close


def test_the_closed_playout_decides_from_information_states(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the playout after a close each player is asked with its own seat's information
    state (never the world), and the deal is played to its S-9 result, the same again."""
    from stich.bots.pimc import PimcBot
    from stich.core.knowledge import InfoState

    _, _, seen = _first_close_check(monkeypatch)
    (legal, close, searched, _, seat, _), _ = seen[0]
    asked: dict[int, set[int]] = {}
    original = PimcBot.choose

    def watch(self: PimcBot, info: Any) -> Any:
        assert isinstance(info, InfoState)
        asked.setdefault(id(self), set()).add(info.seat)
        return original(self, info)

    monkeypatch.setattr(PimcBot, "choose", watch)
    world = searched[0][0]
    value, nodes = ExpertBot(5, samples=4)._play_blind(world, legal[close], seat, 9)
    assert nodes > 0 and asked and all(len(seats) == 1 for seats in asked.values())
    assert value in (-3, -2, -1, 1, 2, 3)  # S-9: a deal after a close always has a winner
    assert (value, nodes) == ExpertBot(5, samples=4)._play_blind(world, legal[close], seat, 9)


def test_a_surrender_is_checked_without_seeing_the_other_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """S-8/S-9: a false claim that every world values as a loss (perfect play wins them all
    for the opponent) is checked by playing the best other action out blind; it is taken
    when that beats the claim's sure loss, else the bot gives up."""
    from stich.core.actions import Action

    legal = (Action.parse("claim"), Action.parse("play HA"), Action.parse("play HT"))
    world = new_deal("schnapsen", 1)
    searched = [(world, 1.0, [-1, -2, -3]), (world, 2.0, [-1, -2, -2])]
    assert ExpertBot._surrenders(legal[0], searched, 0)
    assert not ExpertBot._surrenders(legal[0], searched[:1], 0)  # one world: exact already
    assert not ExpertBot._surrenders(legal[0], [(world, 1.0, [1, -2, -3])] * 2, 0)  # 66 made
    assert not ExpertBot._surrenders(legal[1], searched, 1)
    played: list[Action] = []

    def blind(value: int) -> Any:
        def play(self: ExpertBot, world: Any, action: Action, seat: int,
                 seed: int) -> tuple[int, int]:
            played.append(action)
            return value, 7
        return play

    bot = ExpertBot(5, samples=4)
    monkeypatch.setattr(ExpertBot, "_play_blind", blind(1))
    assert bot._check_surrender(legal, 0, searched, float, 0, 1) == (1, 14)
    assert played == [legal[1], legal[1]]  # the best other action by the solver's values
    monkeypatch.setattr(ExpertBot, "_play_blind", blind(-2))
    assert bot._check_surrender(legal, 0, searched, float, 0, 1) == (0, 14)


def test_a_blind_check_stops_at_its_node_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a node budget the blind play-outs of a check stop after the world in which they
    reach CHECK_BUDGETS budgets (the time target: never more than 3 s a move); every action
    is played in each world used, and a surrender is weighed over those worlds only."""
    from stich.bots import expert
    from stich.core.actions import Action

    legal = (Action.parse("claim"), Action.parse("play HA"), Action.parse("play HT"))
    world = new_deal("schnapsen", 1)
    searched = [(world, 1.0, [-1, -2, -3]), (world, 1.0, [-3, -2, -2]),
                (world, 1.0, [-3, -2, -2])]
    played: list[tuple[Action, int]] = []

    def play(self: ExpertBot, world: Any, action: Action, seat: int,
             seed: int) -> tuple[int, int]:
        played.append((action, seed))
        return 1, 60

    monkeypatch.setattr(ExpertBot, "_play_blind", play)
    bot = ExpertBot(5, nodes=100)
    assert expert.CHECK_BUDGETS * 100 == 200
    values, worlds, nodes = bot.blind(legal[1:], searched, float, 0, 10)
    assert (worlds, nodes) == (2, 240) and values == [2.0, 2.0]  # 120 < 200 after one world
    assert played == [(legal[1], 10), (legal[2], 10), (legal[1], 11), (legal[2], 11)]
    played.clear()
    values, worlds, nodes = ExpertBot(5, samples=4).blind(legal[1:], searched, float, 0, 10)
    assert worlds == 3 and nodes == 360  # a budget in samples: no cap
    monkeypatch.setattr(ExpertBot, "_play_blind",
                        lambda self, world, action, seat, seed: (-2, 150))
    # two worlds (150 nodes, then 300 >= 200): playing on loses 4 there, as the claim does
    # (over all three worlds the claim would lose 7 and playing on would look better)
    assert bot._check_surrender(legal, 0, searched, float, 0, 1) == (0, 300)


def test_the_solver_model_weighs_ties_and_misses() -> None:
    """``inference.solver_choices`` (``ExpertBot.MODEL = "solver"``): an opponent that always
    takes one of the solver's best cards agrees at every choice, each weighing 1/b of a
    single best among b; a random one misses some, each counted as one of the n - b others."""
    import stich
    from stich import search
    from stich.bots.expert.inference import solver_choices

    missed_any = False
    for seed in range(3):
        for player in ("solver", "random"):
            game = stich.new_game("schnapsen", seed=seed)
            rng = random.Random(seed)
            matched, ties, missed = 0, [], []
            while not game.is_terminal() and game.stock_size > 2:  # type: ignore[attr-defined]
                legal = game.legal_actions()
                action = legal[0]
                if game.current_player() == 1 and len(legal) > 1:
                    values = dict(search.analyze(game).values)
                    best = [a for a in legal if values[a] == max(values.values())]
                    action = best[0] if player == "solver" else rng.choice(legal)
                    if action in best:
                        matched += 1
                        ties += [len(best)] if len(best) > 1 else []
                    else:
                        missed.append(len(legal) - len(best) + 1)
                game.apply(action)
            seen, nodes = solver_choices(game, (1,))
            assert seen.matched["card"] + seen.matched["other"] == matched
            assert seen.ties == tuple(ties)
            assert sorted(seen.missed["card"] + seen.missed["other"]) == sorted(missed)
            assert (nodes > 0) == (matched + len(missed) > 0)
            if player == "solver":
                assert not missed
            missed_any |= bool(missed)
            rates = {"card": 0.6, "other": 0.6}
            expected = math.prod(1 / b for b in ties) * math.prod(
                0.4 / (0.6 * (n - 1)) for n in missed)
            assert math.isclose(Agreement.weight(seen, rates), expected)
    assert missed_any


def test_the_expert_can_weigh_worlds_by_the_solver_model() -> None:
    """``MODEL = "solver"``: the same worlds, weighed by the solver model, its nodes counted
    apart from the budget."""

    class SolverModel(ExpertBot):
        MODEL = "solver"

    game = new_deal("schnapsen", 4)
    for _ in range(3):
        game.apply_legal(next(a for a in game.legal_actions() if a.verb == "play"))
    info = game.information_state(game.current_player())
    plain, solver = ExpertBot(2, nodes=200_000), SolverModel(2, nodes=200_000)
    drawn, weighed = plain.worlds(info, 9), solver.worlds(info, 9)
    assert sorted(w.position() for w, _, _ in drawn) == sorted(w.position() for w, _, _ in weighed)
    assert plain.inferred == 0 < solver.inferred
    assert [c for _, _, c in drawn] != [c for _, _, c in weighed]


def test_the_open_stock_is_the_trees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Schnapsen (ExpertBot.TREE_GAMES): while the stock is open (S-3 to S-7) the expert plays
    the move of information-set MCTS at its budget, its results valued by the Bummerl chance
    from the score it was shown (S-10); once the stock is closed, its PIMC path's."""
    import stich.bots.expert.bot as expert_bot

    calls: list[tuple[int | None, Any, Any]] = []
    original = expert_bot.tree_search

    def spy(info: Any, seed: int, nodes: int | None, native: bool | None = None,
            utility: Any = None) -> Any:
        answer = original(info, seed, nodes, native, utility=utility)
        calls.append((nodes, answer[0], utility))
        return answer

    monkeypatch.setattr(expert_bot, "tree_search", spy)
    game = new_deal("schnapsen", 4)
    seat = game.current_player()
    bot = ExpertBot(3, nodes=20_000)
    bot.see_match({"remaining": [2, 5] if seat == 0 else [5, 2]})
    action = bot.choose(game.information_state(seat))
    assert calls == [(20_000, action, tree_utility(2, 5))]
    game.apply(next(a for a in game.legal_actions() if a.verb == "close"))
    other = game.current_player()
    assert ExpertBot(3, nodes=20_000).choose(game.information_state(other)) in (
        game.legal_actions())
    assert len(calls) == 1  # the closed stock is the PIMC path's
