"""Schnapsen bots: the rule-based bot against the random one, through observations only."""

from __future__ import annotations

import pytest

from stich.arena import run_arena
from stich.bots import make_bot
from stich.play.driver import play_deal
from stich.schnapsen.game import Schnapsen, SchnapsenOptions


@pytest.mark.parametrize("preset", ["soft", "sharp"])
def test_rules_bot_wins_nine_in_ten_bummerl(preset: str) -> None:
    report = run_arena("schnapsen", "rules", "random", matches=40, seed=7,
                       options=SchnapsenOptions.from_preset(preset))
    assert report.units >= 40
    assert report.a_units / report.units >= 0.9


@pytest.mark.slow
def test_rules_bot_wins_nine_in_ten_bummerl_long_run() -> None:
    report = run_arena("schnapsen", "rules", "random", matches=1000, seed=1)
    assert report.a_units / report.units >= 0.9


def test_bots_only_ever_choose_legal_actions() -> None:
    # a bot's illegal action would forfeit the deal (S-12); none may occur
    for seed in range(60):
        game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(
            "sharp" if seed % 3 else "soft"))
        result = play_deal(game, [make_bot("schnapsen", "rules", seed),
                                  make_bot("schnapsen", "random", seed)])
        assert result.reason != "revoke"


def test_same_seed_same_arena() -> None:
    first = run_arena("schnapsen", "rules", "random", matches=5, seed=3)
    assert first == run_arena("schnapsen", "rules", "random", matches=5, seed=3)


def test_a_bot_that_breaks_a_rule_forfeits_the_deal() -> None:  # S-12
    from stich.bots.base import Bot
    from stich.core.actions import PLAY, Action
    from stich.core.cards import cards_in
    from stich.core.game import Observation
    from stich.core.records import DealRecord
    from stich.records import replay
    from stich.schnapsen.family import DECK
    from stich.schnapsen.game import SchnapsenObservation

    class Cheat(Bot):
        NAME = "cheat"

        def act(self, observation: Observation) -> Action:
            assert isinstance(observation, SchnapsenObservation)
            return PLAY[next(c for c in cards_in(DECK) if c not in observation.hand)]

    game = Schnapsen.deal(1, 0)
    result = play_deal(game, [make_bot("schnapsen", "random", 1), Cheat()])
    assert result.reason == "revoke" and result.winner == (0,) and result.game_points == (3, 0)
    record = game.to_record()
    assert record.extra["forfeit"]["seat"] == 1
    assert replay(DealRecord.from_dict(record.to_dict())).result() == result


def test_rules_bot_reads_what_happened_from_the_information_state() -> None:
    """The same choice from a live info state and from one read back from JSON (whose
    observation comes from a sampled world): no memory of its own."""
    from stich.core.knowledge import InfoState

    for seed in range(20):
        game = Schnapsen.deal(seed, seed % 2, SchnapsenOptions.from_preset(
            "sharp" if seed % 2 else "soft"))
        bot, other = make_bot("schnapsen", "rules", seed), make_bot("schnapsen", "random", seed)
        assert bot.USES_INFO
        while not game.is_terminal():
            seat = game.current_player()
            if seat == 0:
                info = game.information_state(0)
                action = bot.choose(info)
                assert bot.choose(InfoState.from_dict(info.to_dict(), Schnapsen)) == action
            else:
                action = other.act(game.observation(1))
            game.apply(action)


def test_history_helpers_agree_with_the_deal() -> None:
    from stich.bots.history import open_trick, played_cards, plays, shown_by, tricks
    from stich.core.cards import card_set
    from stich.schnapsen.family import marriage_cards

    for seed in range(30):
        game = Schnapsen.deal(seed, seed % 2)
        bots = [make_bot("schnapsen", "rules", seed), make_bot("schnapsen", "random", seed)]
        while not game.is_terminal() and len(game.history) < 2 * seed % 23 + 1:
            seat = game.current_player()
            game.apply(bots[seat].choose(game.information_state(seat)))
        for seat in (0, 1):
            info = game.information_state(seat)
            lead = card_set([game.lead]) if game.lead is not None else 0
            assert played_cards(info) == game.won[0] | game.won[1] | lead
            assert len(tricks(info, 2)) == sum(game.tricks)
            assert [card for _, card in open_trick(info, 2)] == ([game.lead] if lead else [])
            assert len(plays(info)) == 2 * sum(game.tricks) + bool(lead)
            for who in (0, 1):
                shown = 0
                for owner, suit in game.marriages:
                    if owner == who:
                        shown |= marriage_cards(suit)
                assert shown_by(info, who, "marriage") == shown
