"""The rule-based bot for Bauern- and Dreierschnapsen: judges each contract when bidding,
doubles when it pays, and plays toward the contract's goal or against it."""

from __future__ import annotations

from stich.bots.base import Bot
from stich.bots.contract.judge import (
    best_bid,
    best_lay_down,
    chance,
    name_trump,
    normal_strength,
    stoppers,
)
from stich.bots.contract.knowledge import Knowledge, contracts_for
from stich.bots.contract.play import choose
from stich.contract.contracts import Goal
from stich.contract.view import ContractObservation
from stich.core.actions import Action
from stich.core.cards import Suit, card_set
from stich.core.game import Observation
from stich.core.knowledge import InfoState

DOUBLE_NORMAL = 55
"""Hand worth (``normal_strength``) from which the defence doubles the normal game."""


class ContractRulesBot(Bot):
    """Plays either game from its seat's information state; deterministic (the seed is not
    needed)."""

    NAME = "rules"
    USES_INFO = True

    def act(self, observation: Observation) -> Action:
        raise TypeError("the rules bot decides from the whole information state: call "
                        "choose(game.information_state(seat))")

    def choose(self, info: InfoState) -> Action:
        observation = info.observation()
        assert isinstance(observation, ContractObservation)
        obs, legal = observation, observation.legal_actions
        verbs = {a.verb for a in legal}
        if obs.phase == "trump":
            return self._trump(obs, legal)
        if obs.phase == "auction":
            return self._bid(obs, legal)
        if obs.phase == "talon":
            return self._talon(obs, legal)
        if obs.phase == "double":
            step = next(a for a in legal if a.verb != "pass")
            return step if self._doubles(obs, step.verb) else Action("pass")
        assert verbs <= {"play", "marriage"}
        return choose(Knowledge(info), legal)

    # --- before play ---------------------------------------------------------------------------
    def _trump(self, obs: ContractObservation, legal: tuple[Action, ...]) -> Action:
        if Action("redeal") in legal:  # three Jacks: the weakest three cards there are
            return Action("redeal")
        suits = [Suit[a.arg] for a in legal if a.verb == "trump"]
        suit = name_trump(int(obs.hand), suits)
        return Action("trump", suit.name) if suit is not None else Action("turnup")

    def _bid(self, obs: ContractObservation, legal: tuple[Action, ...]) -> Action:
        said = [(seat, call) for seat, call in obs.calls if call.startswith("bid ")]
        players = len(obs.hand_sizes)
        if said and players == 4 and said[-1][0] == (obs.seat + 2) % 4:
            return Action("pass")  # never outbid the partner
        options = [contracts_for(players)[a.arg] for a in legal if a.verb == "bid"]
        contract = best_bid(options, int(obs.hand), obs.named_trump, players,
                            talon=players == 3)
        return Action("bid", contract.name) if contract else Action("pass")

    def _talon(self, obs: ContractObservation, legal: tuple[Action, ...]) -> Action:
        hand, players = int(obs.hand), len(obs.hand_sizes)
        contracts = contracts_for(players)
        current = contracts.get(obs.contract or "")
        raises = [contracts[a.arg] for a in legal if a.verb == "bid"]
        if raises:  # D-1 raise_after_talon: judge the best six of the eight cards
            kept = hand & ~card_set(best_lay_down(hand, None, obs.named_trump, players))
            better = best_bid(raises, kept, obs.named_trump, players, talon=False)
            held = chance(current, kept, obs.named_trump, players, False) if current else 0.5
            if better is not None and (2 * held - 1) * (current.value if current else 1) < (
                    2 * chance(better, kept, obs.named_trump, players, False) - 1) * better.value:
                return Action("bid", better.name)
        verb = "exchange-talon" if current is None else "discard"
        first, second = best_lay_down(hand, current, obs.named_trump, players)
        return Action(verb, f"{first} {second}")

    def _doubles(self, obs: ContractObservation, step: str) -> bool:
        """B-6: double with sure stoppers; redouble a contract that looks safe."""
        contract = contracts_for(len(obs.hand_sizes)).get(obs.contract or "")
        hand, trump = int(obs.hand), obs.named_trump
        declaring = obs.seat == obs.declarer or (
            len(obs.hand_sizes) == 4 and obs.seat == ((obs.declarer or 0) + 2) % 4)
        if contract is None:
            need = DOUBLE_NORMAL + (20 if step != "double" else 0)
            return normal_strength(hand, trump) >= need
        if declaring:
            return obs.seat == obs.declarer and chance(
                contract, hand, trump, len(obs.hand_sizes), False) >= 0.85
        if contract.goal is Goal.NO_TRICK:
            return False
        return stoppers(hand, contract, trump) >= (3 if step == "double" else 4)
