"""Bauernschnapsen at the terminal: trump, the auction, doubling, the contract, the race to 24.

:class:`ContractView` draws what both Bauern- and Dreierschnapsen show; the Dreier view adds
the talon. Everything comes from the person's observation: the hands Plauderer lays open,
each team's first trick face up (B-1), never a card the person may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from stich.contract.contracts import TABLE
from stich.contract.deal import ContractSchnapsen
from stich.contract.match import RaceMatch
from stich.contract.view import ContractObservation
from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import SUIT_OF, Card, cards_in
from stich.core.game import Game, Observation
from stich.core.match import Match
from stich.schnapsen.family import CARD_POINTS
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.view import GameView

TITLES = {contract.name: contract.title for contract in TABLE}
BID_KEYS = {
    "bettler": "be", "assenbettler": "ab", "schnapser": "sc", "plauderer": "pl", "gang": "ga",
    "zehnergang": "zg", "kontraschnapser": "ks", "bauernschnapser": "bs", "bauernloch": "bl",
    "farbenringerl": "fr", "kontrabauernschnapser": "kb", "herrenschnapser": "hs",
}
"""Two letters per contract, so no bid needs a numbered key."""
REASONS = {
    "66": "reached 66", "last trick": "took the last trick", "made": "made it",
    "failed": "failed", "shown": "shown and won at once", "redeal": "three Jacks: dealt again",
}
PHASES = {
    "trump": "the caller names trump from his first three cards (or turns one up)",
    "auction": "the auction: pass or announce a higher contract",
    "talon": "the talon",
    "double": "doubling before the first card",
}


class ContractView(GameView):
    """The person sits at seat 0; names in seat order."""

    def __init__(self, names: Sequence[str], deck: Deck) -> None:
        super().__init__(names, deck)
        self._hand_order: list[Card] = []
        """The hand as last numbered, so that talon keys name cards by their numbers."""
        self._races_shown = 0

    # --- pieces ---------------------------------------------------------------------------
    def party_name(self, party: tuple[int, ...]) -> str:
        return " & ".join(self.names[seat] for seat in party)

    def contract_text(self, obs: ContractObservation) -> Text:
        if obs.contract is None:
            return Text("Contract: not yet fixed", style="dim")
        declarer = self.names[obs.declarer if obs.declarer is not None else obs.caller]
        if obs.contract == "normal":
            text = Text(f"Normal game, {declarer} (caller) leads; trump ", style="bold")
            text.append_text(suit_text(obs.trump, self.deck) if obs.trump is not None
                             else Text("-"))
        else:
            text = Text(f"{TITLES[obs.contract]} by {declarer}", style="bold")
            if obs.trump is not None:
                text.append(", trump ").append_text(suit_text(obs.trump, self.deck))
            else:
                text.append(", no trump")
            text.append(", T K Q J A" if obs.ten_high else "")
        return text.append(f"  ×{obs.factor}", style="bold magenta" if obs.factor > 1 else "")

    def score_line(self, match: Match) -> Text:
        assert isinstance(match, RaceMatch)
        race, parties = match.race, match.GAME_CLASS.TEAMS
        count_down = match.options.count_down
        line = Text("Race to 24: " if not count_down else "Counting down from 24: ", style="bold")
        for party, seats in enumerate(parties):
            score = race.score[party]
            line.append(f"{self.party_name(seats)} {24 - score if count_down else score}")
            line.append("   ·   " if party < len(parties) - 1 else "")
        given = ", ".join(f"{self.party_name(seats)} {race.bummerl[party]}"
                          for party, seats in enumerate(parties))
        return line.append(f"   Bummerl: {given}", style="dim")

    def calls_line(self, obs: ContractObservation) -> Text | None:
        calls = [(seat, call) for seat, call in obs.calls if not call.startswith("trump")]
        if not calls and not obs.doubles:
            return None
        text = Text("Auction: ", style="dim")
        for seat, call in calls:
            word = TITLES.get(call[4:], call) if call.startswith("bid ") else call
            text.append(f"{self.names[seat]} {word}   ")
        if obs.doubles:
            text.append("  Doubling: ", style="dim")
            for seat, call in obs.doubles:
                text.append(f"{self.names[seat]} {call}   ")
        return text

    def trump_line(self, obs: ContractObservation) -> Text:
        if obs.named_trump is None:
            if obs.caller == obs.seat:
                return Text("You are the caller: name trump from your first three cards, or "
                            "turn up your next card.", style="bold")
            return Text(f"{self.names[obs.caller]} (the caller) names trump.", style="bold")
        text = Text("Named trump: ").append_text(suit_text(obs.named_trump, self.deck))
        if obs.turned_up is not None:
            text.append("  (turned up ").append_text(card_text(obs.turned_up, self.deck))
            text.append(")")
        return text.append(f"   caller {self.names[obs.caller]}, dealer {self.names[obs.dealer]}",
                           style="dim")

    def play_lines(self, obs: ContractObservation) -> list[RenderableType]:
        lines: list[RenderableType] = []
        tricks = Text("Tricks: ", style="dim")
        for seat, count in enumerate(obs.tricks_won):
            if seat != obs.sitting_out:
                tricks.append(f"{self.names[seat]} {count} ({obs.points[seat]} pts)   ")
        lines.append(tricks)
        if obs.sitting_out is not None:
            lines.append(Text(f"{self.names[obs.sitting_out]} sits out (cards laid aside)",
                              style="dim"))
        if obs.marriages:
            lines.append(self.marriages_text(obs.marriages, obs.trump))
        for trick in obs.first_tricks:
            lines.append(self.trick_text("First trick (face up): ", trick, "dim"))
        for seat, hand in obs.open_hands:
            lines.append(Text(f"{self.names[seat]}'s open hand: ", style="magenta")
                         .append_text(cards_text(hand, self.deck)))
        if obs.last_trick and obs.last_trick not in obs.first_tricks:
            lines.append(self.trick_text("Last trick: ", obs.last_trick, "dim"))
        if obs.trick:
            lines.append(self.trick_text("On the table: ", obs.trick, "bold"))
        elif obs.to_act == obs.seat:
            lines.append(Text("Your lead" + (" (after your marriage)" if obs.announced else ""),
                              style="bold"))
        return lines

    def extra_lines(self, obs: ContractObservation) -> list[RenderableType]:
        """What a game adds (Dreierschnapsen: the talon)."""
        return []

    # --- the view ---------------------------------------------------------------------------
    def hand(self, observation: Observation) -> list[Card]:
        assert isinstance(observation, ContractObservation)
        trump = observation.trump
        self._hand_order = sorted(observation.hand,
                                  key=lambda c: (SUIT_OF[c] != trump, SUIT_OF[c],
                                                 -CARD_POINTS[c]))
        return self._hand_order

    def table(self, observation: Observation, match: Match) -> RenderableType:
        assert isinstance(observation, ContractObservation)
        obs = observation
        title = type(match).__name__.removesuffix("Match")
        lines: list[RenderableType] = [
            Rule(f"Deal {len(match.deals) + 1} · {title} ({match.options.preset})"),
            self.score_line(match), self.trump_line(obs)]
        if obs.phase in PHASES:
            lines.append(Text(f"Now: {PHASES[obs.phase]}", style="cyan"))
        calls = self.calls_line(obs)
        if calls is not None:
            lines.append(calls)
        if obs.contract is not None:
            lines.append(self.contract_text(obs))
        lines.extend(self.extra_lines(obs))
        if obs.phase == "play":
            lines.extend(self.play_lines(obs))
        lines.append(self.hand_line(obs))
        return Group(*lines)

    def action_key(self, action: Action) -> str | None:
        """Bids by two letters (``ga`` Gang); talon cards by their numbers (``k18``)."""
        if action.verb == "bid":
            return BID_KEYS.get(action.arg)
        if action.verb in ("discard", "exchange-talon") and self._hand_order:
            numbers = "".join(sorted(str(self._hand_order.index(c) + 1) for c in action.cards))
            return ("k" if action.verb == "discard" else "e") + numbers
        return None

    def action_text(self, action: Action) -> Text:
        if action.verb == "bid":
            return Text(f"bid {TITLES[action.arg]}")
        return super().action_text(action)

    def announce(self, seat: int, action: Action, game: Game) -> Text:
        """Others' moves as the table sees them: laid-down cards stay face down (D-1)."""
        assert isinstance(game, ContractSchnapsen)
        name = self.names[seat]
        if action.verb in ("discard", "exchange-talon"):
            return Text(f"{name} lays two cards face down", style="dim")
        if action.verb == "turnup":
            turned = game.turned_up
            assert turned is not None
            return Text(f"{name} turns up ", style="dim").append_text(
                card_text(turned, self.deck))
        if action.verb != "play":
            return Text(f"{name} says ", style="dim").append_text(self.action_text(action))
        text = Text(f"{name} plays ", style="dim").append_text(card_text(action.card, self.deck))
        if not game.trick and game.tricks and game.tricks[-1][-1] == (seat, action.card):
            text.append(f"  → trick to {self.names[game.winners[-1]]}", style="dim")
        return text

    def deal_summary(self, game: Game, match: Match) -> RenderableType:
        assert isinstance(game, ContractSchnapsen)
        result = game.result()
        assert result is not None
        lines: list[RenderableType] = [Rule("Deal over")]
        if result.reason == "redeal":
            lines.append(Text(REASONS["redeal"], style="bold"))
            return Group(*lines, self.score_line(match))
        contract = result.extra["contract"]
        what = "Normal game" if contract == "normal" else TITLES[contract]
        declarer = self.names[result.extra["declarer"]]
        lines.append(Text(f"{what} ({declarer}): {REASONS.get(result.reason, result.reason)}, "
                          f"×{result.extra['factor']}", style="bold"))
        points = result.game_points[result.winner[0]]
        lines.append(Text(f"{self.party_name(result.winner)} score {points} each"
                          if len(result.winner) > 1 and game.SEATS == 3 else
                          f"{self.party_name(result.winner)} score {points}", style="bold"))
        for team in game.TEAMS:
            seat = team[0]
            line = Text(f"{self.party_name(team)}: {result.card_points[seat]} card points"
                        f" + {result.extra['marriage_points'][seat]} in marriages")
            lines.append(line)
        for seat in range(game.SEATS):
            if game.hands[seat]:
                lines.append(Text(f"{self.names[seat]} still held: ").append_text(
                    cards_text(cards_in(game.hands[seat]), self.deck)))
        assert isinstance(match, RaceMatch)
        finished = match.race.finished
        if finished and len(finished) > self._races_shown:
            lines.extend(self.race_lines(match, finished[self._races_shown:]))
        self._races_shown = len(finished)
        lines.append(self.score_line(match))
        return Group(*lines)

    def race_lines(self, match: RaceMatch, outcomes: list[dict[str, Any]]) -> list[Text]:
        """How each race ended: who reached 24, who gets how many Bummerl (B-7, D-1)."""
        parties = match.GAME_CLASS.TEAMS
        lines = []
        for outcome in outcomes:
            winners = " and ".join(self.party_name(parties[p]) for p in outcome["winners"])
            losers = " and ".join(self.party_name(parties[p]) for p in outcome["losers"])
            plural = len(outcome["losers"]) > 1 or len(parties[outcome["losers"][0]]) > 1
            score = ":".join(str(points) for points in outcome["score"])
            kind = "" if outcome["kind"] == "bummerl" else f" ({outcome['kind']})"
            lines.append(Text(f"{winners} reach 24 ({score}): {losers} "
                              f"{'get' if plural else 'gets'} {outcome['bummerl']} "
                              f"Bummerl{kind}", style="bold magenta"))
        return lines

    def match_summary(self, match: Match) -> RenderableType:
        assert isinstance(match, RaceMatch)
        return Group(Rule("Match over"), *self.race_lines(match, match.race.finished),
                     self.score_line(match))


class BauernschnapsenView(ContractView):
    """Four seats; seat 2 is the person's partner."""
