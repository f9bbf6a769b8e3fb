"""The illegal-move policy (docs/knowledge/jass.md): the club rule."""

from __future__ import annotations

from stich.bots.base import Bot
from stich.bots.random_bot import RandomBot
from stich.core.actions import Action
from stich.core.game import Illegal, Observation
from stich.jass.game import Jass
from stich.jass.match import JassMatch
from stich.jass.scoring.game import JassDeal
from stich.play.driver import play_deal
from tests.jass.helpers import STOECK_HANDS, STOECK_TRICKS, deal, play_tricks


def test_other_team_scores_everything_with_the_match_bonus() -> None:
    # trump S (factor 2): seat 1 breaks a rule; team 0+2 scores 157 + 100, times 2
    game = deal(*STOECK_HANDS)
    game.apply("trump S")
    game.apply("play CA")
    game.forfeit(1, Illegal("J-4", "you must follow suit (C) or play a trump"))
    result = game.result()
    assert result is not None and game.is_terminal()
    assert result.reason == "forfeit" and result.winner == (0, 2)
    assert result.game_points == (514, 0, 514, 0)
    assert result.card_points == (157, 0, 157, 0)
    assert str(game.information_state(3).events[-1]) == \
        "1 forfeit J-4: you must follow suit (C) or play a trump"
    match = JassMatch(["a", "b", "c", "d"], seed=1)
    assert match.score.book(JassDeal.from_result(result))["scores"] == [514, 0]


def test_offender_loses_its_stoeck_the_others_keep_theirs() -> None:
    game = deal(*STOECK_HANDS)
    game.apply("trump H")
    play_tricks(game, STOECK_TRICKS[:6])  # seat 1 has scored Stöck (J-6)
    game.forfeit(0, Illegal("J-4", "revoke"))
    result = game.result()
    assert result is not None
    assert result.extra["stoeck"] == [0, 20]
    assert result.game_points[1] == 157 + 100 + 20


def test_forfeit_before_the_contract_uses_the_smallest_factor() -> None:
    game = Jass.deal(1, 0)
    game.forfeit(game.current_player(), Illegal("J-3", "no such contract"))
    result = game.result()
    assert result is not None and result.extra["multiplier"] == 1
    assert result.extra["contract"] == "D"


class Cheat(Bot):
    NAME = "cheat"

    def act(self, observation: Observation) -> Action:
        return Action("play", "C6") if observation.legal_actions[0].verb == "play" \
            and Action("play", "C6") not in observation.legal_actions else \
            observation.legal_actions[0]


def test_a_bot_that_breaks_a_rule_forfeits_the_deal() -> None:
    for seed in range(20):
        game = Jass.deal(seed, 0)
        result = play_deal(game, [Cheat(), RandomBot(1), RandomBot(2), RandomBot(3)])
        if result.reason == "forfeit":
            assert result.winner == (1, 3)
            twin = game.clone()
            assert twin.result() == result and twin._forfeit == game._forfeit
            return
    raise AssertionError("the cheat never broke a rule")
