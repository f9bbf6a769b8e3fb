"""Schnapsen at the terminal: the trump card, the stock, the trick, the Bummerl counter."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from stich.core.cards import SUIT_OF, Card, cards_in
from stich.core.game import Game, Observation
from stich.core.match import Match
from stich.schnapsen.family import CARD_POINTS
from stich.schnapsen.game import Schnapsen, SchnapsenObservation
from stich.schnapsen.match import SchnapsenMatch
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.view import GameView

_REASONS = {
    "claim": "claimed 66", "false claim": "false claim",
    "claim after closing": "closed and made it",
    "claim against closer": "claimed against the closer", "closer failed": "the closer failed",
    "last trick": "took the last trick", "revoke": "revoke",
}


class SchnapsenView(GameView):
    """Seat 0 or 1 for the person; names in seat order."""

    def hand(self, observation: Observation) -> list[Card]:
        assert isinstance(observation, SchnapsenObservation)
        trump = observation.trump
        return sorted(observation.hand,
                      key=lambda c: (SUIT_OF[c] != trump, SUIT_OF[c], -CARD_POINTS[c]))

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
            stock.append(f"   stock: {obs.stock_size} cards")
        elif obs.closed_by is not None:
            stock.append(f"   stock closed by {self.names[obs.closed_by]}", style="bold magenta")
        else:
            stock.append("   stock exhausted: follow suit, head, trump", style="bold magenta")
        lines.append(stock)
        tricks = obs.tricks_won[other]
        lines.append(Text(f"{self.names[other]}: {tricks} trick{'' if tricks == 1 else 's'}, "
                          f"{obs.hand_sizes[other]} cards in hand"))
        if obs.marriages:
            lines.append(self.marriages_text(obs.marriages, obs.trump))
        if obs.last_trick:
            lines.append(self.trick_text("Last trick: ", obs.last_trick))
        if obs.my_points is not None:
            lines.append(Text(f"Your points: {obs.my_points}   your tricks: ", style="green")
                         .append(cards_text(obs.my_tricks or (), self.deck)))
        if obs.trick:
            lines.append(Text(f"{self.names[obs.leader]} led ", style="bold")
                         .append(card_text(obs.trick[0], self.deck)))
        elif obs.to_act == me:
            lines.append(Text("Your lead" + (" (after your marriage)" if obs.announced else ""),
                              style="bold"))
        lines.append(self.hand_line(obs))
        return Group(*lines)

    def deal_summary(self, game: Game, match: Match) -> RenderableType:
        assert isinstance(game, Schnapsen) and isinstance(match, SchnapsenMatch)
        result = game.result()
        assert result is not None
        winner = result.winner[0]
        lines: list[RenderableType] = [Rule("Deal over")]
        points = result.game_points[winner]
        how = _REASONS.get(result.reason, result.reason)
        lines.append(Text(f"{self.names[winner]} wins {points} game point"
                          f"{'s' if points > 1 else ''} ({how})", style="bold"))
        for seat in (0, 1):
            score = game.score(seat)
            line = Text(f"{self.names[seat]}: {score} points ({game.tricks[seat]} tricks)  "
                        "cards left: ")
            lines.append(line.append(cards_text(cards_in(game.hands[seat]), self.deck)))
        lines.append(self._score_line(match))
        return Group(*lines)

    def match_summary(self, match: Match) -> RenderableType:
        assert isinstance(match, SchnapsenMatch)
        winner = match.bummerl.rubber_winner()
        title = f"{self.names[winner]} wins the rubber" if winner is not None else "Match"
        return Group(Rule(title), self._score_line(match))
