"""Schnapsen at the terminal: the trump card, the stock, the trick, the Bummerl counter."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from stich.core.actions import Action
from stich.core.cards import SUIT_OF, Card, Suit, cards_in
from stich.core.game import Game, Observation
from stich.core.knowledge import Event
from stich.core.match import Match
from stich.schnapsen.caution import costly_action_warning
from stich.schnapsen.family import CARD_POINTS, WINNING_SCORE
from stich.schnapsen.game import Schnapsen, SchnapsenObservation
from stich.schnapsen.match import SchnapsenMatch
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.keys import suit_key
from stich.terminal.view import GameView
from stich.terminal.words import count

_REASONS = {
    "claim": "claimed 66", "false claim": "after a false claim",
    "claim after closing": "closed and made it",
    "claim against closer": "claimed against the closer", "closer failed": "the closer failed",
    "last trick": "took the last trick", "revoke": "after a revoke",
}


class SchnapsenView(GameView):
    """Seat 0 or 1 for the person; names in seat order."""

    def __init__(self, names: list[str], deck: Any) -> None:
        super().__init__(names, deck)
        self._bummerl_shown = 0

    def hand(self, observation: Observation) -> list[Card]:
        assert isinstance(observation, SchnapsenObservation)
        trump = observation.trump
        return sorted(observation.hand,
                      key=lambda c: (SUIT_OF[c] != trump, SUIT_OF[c], -CARD_POINTS[c]))

    # --- keys ---------------------------------------------------------------------------------
    def offered(self) -> list[Action]:
        return [Action("exchange"), Action("close"), Action("claim"), Action("pass"),
                *(Action("marriage", suit.name) for suit in Suit)]

    def action_key(self, action: Action) -> str | None:
        """``m`` and the suit's letter in this deck (``mh`` Herz, ``ml`` Laub)."""
        if action.verb == "marriage":
            return "m" + suit_key(action.suit, self.deck)
        return None

    def action_text(self, action: Action) -> Text:
        if action.verb == "pass":
            return Text("pass (do not claim)")
        if action.verb == "claim":
            return Text("claim 66 (genug)")
        return super().action_text(action)

    def help_notes(self) -> list[tuple[str, str]]:
        return [
            ("x", "exchange the trump Jack for the trump card, on lead, stock open (S-6)"),
            ("c", "close the stock: no more drawing, strict play at once (S-7)"),
            ("g", "claim 66 right after winning a trick or announcing a marriage (S-8)"),
            ("m…", "marriage: King and Queen of a suit, 20 (40 in trump); lead one (S-5)"),
            ("", "Rules in full: docs/rules/schnapsen.md"),
        ]

    def caution(self, game: Game, action: Action) -> str | None:
        """Soft preset: a claim below 66 or a close that cannot reach 66 is asked about once
        (S-7, S-8, S-11; the predicate of the rules layer)."""
        assert isinstance(game, Schnapsen)
        warning = costly_action_warning(game, action)
        return None if warning is None else f"{warning.reason} ({warning.rule})"

    def auto_claim(self, observation: Observation) -> bool:
        """Claim for the person once his counted points reach 66 (soft preset only: the
        observation carries no points in sharp, S-11)."""
        assert isinstance(observation, SchnapsenObservation)
        return (observation.my_points is not None and observation.my_points >= WINNING_SCORE
                and Action("claim") in observation.legal_actions)

    # --- the table ----------------------------------------------------------------------------
    def _score_line(self, match: SchnapsenMatch) -> Text:
        counter = match.bummerl
        line = Text("Bummerl: ", style="bold")
        for seat in (0, 1):
            line.append(f"{self.names[seat]} {counter.remaining[seat]} to go")
            line.append(" · " if seat == 0 else "")
        given = ", ".join(f"{self.names[s]} {counter.bummerl[s]}" for s in (0, 1))
        return line.append(f"   Bummerl taken: {given} (rubber of {counter.rubber})",
                           style="dim")

    def table(self, observation: Observation, match: Match) -> RenderableType:
        assert isinstance(observation, SchnapsenObservation) and isinstance(match, SchnapsenMatch)
        obs, me = observation, observation.seat
        other = 1 - me
        lines: list[RenderableType] = [
            Rule(f"Deal {len(match.deals) + 1} · Schnapsen ({match.options.preset})"),
            self._score_line(match),
        ]
        stock = Text("Trump: ").append(suit_text(obs.trump, self.deck))
        if obs.stock_size and obs.closed_by is None:
            stock.append("   trump card ").append(card_text(obs.trump_card, self.deck))
            stock.append(f"   stock: {count(obs.stock_size, 'card')}")
        elif obs.closed_by is not None:
            stock.append(f"   stock closed by {self.names[obs.closed_by]}", style="bold magenta")
        else:
            stock.append("   stock exhausted: follow suit, head, trump", style="bold magenta")
        lines.append(stock)
        tricks = obs.tricks_won[other]
        lines.append(Text(f"{self.names[other]}: {count(tricks, 'trick')}, "
                          f"{count(obs.hand_sizes[other], 'card')} in hand"))
        if obs.marriages:
            lines.append(self.marriages_text(obs.marriages, obs.trump,
                                             lambda seat: obs.tricks_won[seat] > 0))
        if obs.last_trick:
            lines.append(self.trick_text("Last trick: ", obs.last_trick))
        if obs.my_points is not None:
            lines.append(Text(f"Your points: {obs.my_points}   your tricks: ", style="green")
                         .append(cards_text(obs.my_tricks or (), self.deck)))
        if obs.trick:
            lines.append(Text(f"{self.says(obs.leader, 'lead')} ", style="bold")
                         .append(card_text(obs.trick[0], self.deck)))
        elif obs.to_act == me:
            lines.append(Text("Your lead" + (" (after your marriage)" if obs.announced else ""),
                              style="bold"))
        lines.append(self.hand_line(obs))
        return Group(*lines)

    # --- what happens: the person's events (docs/knowledge/schnapsen.md) --------------------
    def trump_of(self, observation: Observation) -> Suit | None:
        assert isinstance(observation, SchnapsenObservation)
        return observation.trump

    def event_text(self, event: Event, observation: Observation) -> Text | None:
        """The draw the person saw (his own card; the other's only where it is the trump card,
        which both see taken, S-3), an exchange with both cards (S-6), a declined claim."""
        seat = event.seat
        if event.kind == "draw" and seat is not None and event.cards:
            if seat == observation.seat:
                return Text("You drew ", style="green").append_text(
                    cards_text(event.cards, self.deck))
            return Text(f"{self.says(seat, 'draw')} ").append_text(
                cards_text(event.cards, self.deck))
        if event.kind == "exchange" and seat is not None:
            jack, taken = event.cards
            return (Text(f"{self.says(seat, 'exchange')} the trump Jack ")
                    .append_text(card_text(jack, self.deck)).append(" for the trump card ")
                    .append_text(card_text(taken, self.deck)))
        if event.kind == "pass" and seat is not None:
            return Text(f"{self.says(seat, 'decline')} to claim")
        return super().event_text(event, observation)

    def deal_summary(self, game: Game, match: Match, seat: int) -> RenderableType:
        """The result and the points (public); the cards still held where they are shown: at
        a claim (S-8: all cards are shown), else only the person's own."""
        assert isinstance(game, Schnapsen) and isinstance(match, SchnapsenMatch)
        result = game.result()
        assert result is not None
        winner = result.winner[0]
        lines: list[RenderableType] = [Rule("Deal over")]
        if game.last_trick:
            lines.append(self.trick_text("Last trick: ", game.last_trick, "dim"))
        points = result.game_points[winner]
        how = _REASONS.get(result.reason, result.reason)
        lines.append(Text(f"{self.says(winner, 'win')} {count(points, 'game point')} ({how})",
                          style="bold"))
        claimed = bool(game.history) and game.history[-1][1].verb == "claim"
        sizes = game.observation(seat).hand_sizes
        for player in (0, 1):
            line = Text(f"{self.names[player]}: {game.score(player)} points "
                        f"({count(game.tricks[player], 'trick')})  cards left: ")
            if claimed or player == seat or not sizes[player]:
                line.append_text(cards_text(cards_in(game.hands[player]), self.deck))
            else:
                line.append(f"{count(sizes[player], 'card')}, not shown", style="dim")
            lines.append(line)
        lines.extend(self.bummerl_lines(match))
        if not match.is_over():  # the match's end says how the last Bummerl was won
            lines.append(self._score_line(match))
        return Group(*lines)

    def bummerl_lines(self, match: SchnapsenMatch) -> list[Text]:
        """Each Bummerl decided since last shown, unless it ended the match (the match's end
        says it): who won it, who gets how many and why (S-10)."""
        finished = match.bummerl.finished
        lines = [] if match.is_over() else [
            Text(self.bummerl_text(outcome), style="bold magenta")
            for outcome in finished[self._bummerl_shown:]]
        self._bummerl_shown = len(finished)
        return lines

    def bummerl_text(self, outcome: dict[str, Any]) -> str:
        """``You win the Bummerl (7:0): Rules gets 2 Bummerl, a Schneider: Rules never scored
        (S-10)``; the tournament preset counts a Schneider as one Bummerl."""
        winner, loser, given = outcome["winner"], outcome["loser"], outcome["bummerl"]
        score = ":".join(str(points) for points in outcome["score"])
        text = (f"{self.says(winner, 'win')} the Bummerl ({score}): "
                f"{self.says(loser, 'get')} {count(given, 'Bummerl', 'Bummerl')}")
        if outcome["schneider"]:
            who = "you" if self.names[loser] == "You" else self.names[loser]
            counted = " (counted as one in this preset)" if given == 1 else ""
            text += f", a Schneider{counted}: {who} never scored"
        return text + " (S-10)"

    def match_summary(self, match: Match) -> RenderableType:
        """Who won the match (the rubber) and why: the Bummerl each holds, and how the last
        one was won (Schneider), S-10."""
        assert isinstance(match, SchnapsenMatch)
        counter = match.bummerl
        winner = counter.rubber_winner()
        lines: list[RenderableType] = [Rule("Match over")]
        if winner is not None:
            loser = 1 - winner
            lines.append(Text(
                f"{self.says(winner, 'win')} the rubber: {self.says(loser, 'have')} "
                f"{count(counter.bummerl[loser], 'Bummerl', 'Bummerl')}, "
                f"{self.names[winner]} {counter.bummerl[winner]} (a rubber is "
                f"{counter.rubber} Bummerl, S-10)", style="bold"))
        if counter.finished:
            lines.append(Text("Last Bummerl: " + self.bummerl_text(counter.finished[-1]),
                              style="bold magenta"))
        return Group(*lines)
