"""Schieber Jass at the terminal: the table with four seats, the trick, Weis, Stöck, the Z.

The person sits at the bottom, the partner opposite. Play goes counter-clockwise, so the
player after the person (seat 1) sits on the right and seat 3 on the left.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from stich.core.actions import Action
from stich.core.card_names import RANK_NAMES, SUIT_NAMES
from stich.core.cards import RANK_OF, SUIT_OF, Card, Rank, Suit, card_set, cards_in, format_cards
from stich.core.game import Game, Observation
from stich.core.knowledge import Event
from stich.core.match import Match
from stich.drawing import render_text
from stich.jass.cards import Contract, strength
from stich.jass.game import TEAMS, Jass, JassObservation
from stich.jass.match import JassMatch
from stich.jass.scoring.board import ZBoard
from stich.jass.weis import describe, is_four
from stich.terminal.cards import cards_text, suit_text
from stich.terminal.keys import rank_key, suit_key
from stich.terminal.view import GameView, seat_cell, seating_grid


class JassView(GameView):
    """Seat 0 for the person; names in seat order (seat 2 is the partner)."""

    SEAT_NAMES = ("Right", "Partner", "Left")
    """Play goes counter-clockwise: the next seat sits on the right (J-2)."""

    _board_shown_for = -1
    """The deal whose first view showed the Z (it is shown once per deal, and after it)."""

    # --- pieces ---------------------------------------------------------------------------
    def team_name(self, team: int) -> str:
        first, second = TEAMS[team]
        return f"{self.names[first]} & {self.names[second]}"

    def contract_name(self, contract: Contract) -> Text:
        """A trump suit in the deck's colours, or Obenabe / Undenufe."""
        if contract.trump is None:
            return Text(contract.name.capitalize(), style="bold")
        return suit_text(contract.trump, self.deck)

    def contract_text(self, contract: Contract, factor: int) -> Text:
        text = Text("Trump " if contract.trump is not None else "", style="bold")
        return text.append_text(self.contract_name(contract)).append(f" ×{factor}", style="bold")

    def hand(self, observation: Observation) -> list[Card]:
        assert isinstance(observation, JassObservation)
        contract = observation.contract
        trump = contract.trump if contract is not None else None
        order = strength(contract) if contract is not None else RANK_OF
        return sorted(observation.hand, key=lambda c: (SUIT_OF[c] != trump, SUIT_OF[c], -order[c]))

    def boards(self, match: JassMatch, written: tuple[int, int] = (0, 0)) -> Columns:
        """Both teams' Z side by side, as written so far: with ``written``, the points each
        team has written in the deal in play (J-7: as they happen), so that the Z's total is
        the running score shown under it."""
        entries = match.score.entries
        boards = [ZBoard.from_entries([*entries[team], *([written[team]] if written[team]
                                                         else [])]) for team in (0, 1)]
        return Columns([Text(render_text(board, self.team_name(team), match.options.target))
                        for team, board in enumerate(boards)], padding=(0, 6))

    def _score_line(self, obs: JassObservation) -> Text:
        line = Text("Score: ", style="bold")
        for team in (0, 1):
            line.append(f"{self.team_name(team)} {obs.scores[team]}")
            if obs.points[team]:
                line.append(f" (+{obs.points[team]} this deal)", style="green")
            line.append("   ·   " if team == 0 else "")
        return line.append(f"   target {obs.target}", style="dim")

    def _choice_line(self, obs: JassObservation) -> Text:
        chooser = (obs.forehand + 2) % 4 if obs.pushed else obs.forehand
        line = Text(f"Contract to choose: {self.names[chooser]}", style="bold")
        if obs.pushed:
            line.append(f" ({self.names[obs.forehand]} pushed)")
        line.append("   factors: ", style="dim")
        for contract in Contract:
            line.append_text(self.contract_name(contract)).append(f" ×{obs.factors[contract]}  ")
        return line

    def _weis_lines(self, obs: JassObservation) -> list[Text]:
        lines = []
        for weis in obs.weis:
            line = Text(f"Weis: {self.names[weis.seat]} {weis.points}", style="magenta")
            if weis.cards is not None:
                line.append(f" ({describe(card_set(weis.cards))}: ")
                line.append_text(cards_text(weis.cards, self.deck)).append(")")
            if obs.weis_team is not None:
                scores = weis.seat % 2 == obs.weis_team
                line.append("  counts" if scores else "  beaten", style="dim")
            lines.append(line)
        return lines

    def _table_grid(self, obs: JassObservation) -> Table:
        """The four seats around the table, each with the card he put on the trick."""
        on_table = {(obs.leader + i) % 4: card for i, card in enumerate(obs.trick)}
        me = obs.seat

        def seat(offset: int) -> Text:
            who = (me + offset) % 4
            text = Text(self.names[who] + (" (forehand)" if who == obs.forehand else ""),
                        style="bold" if who == obs.to_act else "")
            return seat_cell(text, who, on_table, obs.to_act, self.deck)

        return seating_grid([("", seat(2), ""), (seat(3), Text("(table)", style="dim"), seat(1)),
                             ("", seat(0), "")])

    # --- the view ---------------------------------------------------------------------------
    def table(self, observation: Observation, match: Match) -> RenderableType:
        assert isinstance(observation, JassObservation) and isinstance(match, JassMatch)
        obs = observation
        lines: list[RenderableType] = [
            Rule(f"Deal {len(match.deals) + 1} · Schieber ({match.options.preset})")]
        if self._board_shown_for != len(match.deals):
            self._board_shown_for = len(match.deals)
            lines.append(self.boards(match, obs.points))
        lines.append(self._score_line(obs))
        if obs.contract is None:
            lines.append(self._choice_line(obs))
        else:
            assert obs.multiplier is not None and obs.chosen_by is not None
            line = self.contract_text(obs.contract, obs.multiplier)
            line.append(f", chosen by {self.names[obs.chosen_by]}")
            if obs.pushed:
                line.append(f" (pushed by {self.names[obs.forehand]})")
            lines.append(line.append(f"   tricks {obs.tricks_won[0]} : {obs.tricks_won[1]}",
                                     style="dim"))
        lines.extend(self._weis_lines(obs))
        if obs.stoeck is not None:
            lines.append(Text(f"Stöck: {self.names[obs.stoeck]} (20 × {obs.multiplier})",
                              style="magenta"))
        if obs.last_trick:
            lines.append(self.trick_text("Last trick: ", obs.last_trick, "dim"))
        if obs.contract is not None:
            lines.append(self._table_grid(obs))
        lines.append(self.hand_line(obs))
        return Group(*lines)

    def offered(self) -> list[Action]:
        """Every contract, the push, and every four of a kind (a run's key needs its cards:
        runs held are among the legal actions)."""
        fours = [Action("weis", format_cards(Card.of(suit, rank) for suit in Suit))
                 for rank in sorted(Rank, reverse=True)]
        return [*(Action("trump", word) for word in ("H", "D", "S", "C", "obenabe", "undenufe")),
                Action("push"), *fours]

    def action_key(self, action: Action) -> str | None:
        """Keys in the deck's letters: ``tr`` trump Rosen (Swiss), ``to``/``tu`` Obenabe and
        Undenufe; Weis by kind: ``wu`` four Unders, ``wr8`` a run in Rosen up to the 8."""
        if action.verb == "trump":
            if action.arg in ("obenabe", "undenufe"):
                return "t" + action.arg[0]
            return "t" + suit_key(action.suit, self.deck)
        if action.verb == "weis":
            cards = action.cards
            top = max(cards)
            if is_four(card_set(cards)):
                return "w" + rank_key(top.rank, self.deck)
            return "w" + suit_key(top.suit, self.deck) + rank_key(top.rank, self.deck)
        return None

    def help_notes(self) -> list[tuple[str, str]]:
        four = rank_key(Rank.JACK, self.deck)
        run = suit_key(Suit.H, self.deck) + rank_key(Rank.ACE, self.deck)
        return [  # patterns, not keys: the keys themselves are listed above
            ("w…", f"Weis: w and the rank's letter for four of a kind (w{four}: four "
                   f"{RANK_NAMES[self.deck][Rank.JACK]}), w, the suit's letter and the top "
                   f"card's for a run (w{run}: a run in {SUIT_NAMES[self.deck][Suit.H]} up to "
                   f"the {RANK_NAMES[self.deck][Rank.ACE]}) (J-5)"),
            ("to", "trump Obenabe: no trump, Ace high, 8s count 8 (J-1)"),
            ("tu", "trump Undenufe: no trump, 6 high, 6s count 11, 8s 8, Aces 0 (J-1)"),
            ("s", "push (schieben): your partner must choose the contract (J-3)"),
            ("", "Rules in full: docs/rules/schieber.md"),
        ]

    def action_text(self, action: Action) -> Text:
        if action.verb == "weis":
            cards = card_set(action.cards)
            text = Text(f"weis {describe(cards)} ")
            return text.append_text(cards_text(cards_in(cards), self.deck))
        if action.verb == "push":
            return Text("push (schiebe) to your partner")
        if action.verb == "trump":
            return Text("trump ").append_text(self.contract_name(Contract.from_word(action.arg)))
        return super().action_text(action)

    # --- what happens: the person's events (docs/knowledge/jass.md) ---------------------------
    SUFFIX_KINDS = frozenset({"stoeck"})

    def event_text(self, event: Event, observation: Observation) -> Text | None:
        """Others' moves as the table learns them: a Weis by its points only until the best
        team's are shown after the first trick (J-5), Stöck as its second card falls (J-6)."""
        assert isinstance(observation, JassObservation)
        seat = event.seat
        if seat is None:
            return None
        if event.kind == "weis":
            return Text(f"{self.says(seat, 'declare')} a Weis: {event.arg}", style="magenta")
        if event.kind == "shown":
            return Text(f"{self.says(seat, 'show')} {describe(card_set(event.cards))} "
                        f"({event.arg}): ", style="magenta").append_text(
                cards_text(event.cards, self.deck))
        if event.kind == "stoeck":
            return Text("  Stöck!", style="magenta")
        if event.kind == "push":
            return Text(f"{self.says(seat, 'push')}; {self.says((seat + 2) % 4, 'choose')}",
                        style="dim")
        if event.kind == "trump":
            contract = Contract.from_word(event.arg)
            return Text(f"{self.says(seat, 'choose')} ", style="dim").append_text(
                self.contract_text(contract, observation.factors[contract]))
        return super().event_text(event, observation)

    def announce(self, events: Iterable[Event], observation: Observation) -> list[Text]:
        """The events in words; after the first trick, what the Weis shown score (J-5)."""
        assert isinstance(observation, JassObservation)
        events = tuple(events)
        lines = super().announce(events, observation)
        shown = [event for event in events if event.kind == "shown" and event.seat is not None]
        if shown:
            assert shown[0].seat is not None
            team = shown[0].seat % 2
            points = sum(int(event.arg) for event in shown)
            lines.append(Text(f"Weis: {self.team_name(team)} score {points} × "
                              f"{observation.multiplier}", style="magenta"))
        return lines

    def deal_summary(self, game: Game, match: Match, seat: int) -> RenderableType:
        """The result (public) and the Z; where the game ends mid-deal (J-7) the person's own
        cards still held (the others' are not shown)."""
        assert isinstance(game, Jass) and isinstance(match, JassMatch)
        result = game.result()
        assert result is not None and game.contract is not None
        factor = result.extra["multiplier"]
        lines: list[RenderableType] = [Rule("Deal over")]
        if game.last_trick:
            lines.append(self.trick_text("Last trick: ", game.last_trick, "dim"))
        lines.append(self.contract_text(game.contract, factor))
        for team, (first, _) in enumerate(TEAMS):
            parts = [f"cards {result.card_points[first]}"]
            if result.extra["weis"][team]:
                parts.append(f"Weis {result.extra['weis'][team]}")
            if result.extra["stoeck"][team]:
                parts.append("Stöck 20")
            if result.extra["match"] and result.extra["match"][0] % 2 == team:
                parts.append(f"Match +{game.options.match_bonus}")
            lines.append(Text(f"{self.team_name(team)}: {result.game_points[first]} "
                              f"({', '.join(parts)}; ×{factor})", style="bold"))
        if result.extra["game_over"]:
            lines.append(Text(f"{self.team_name(result.extra['game_winner'][0] % 2)} reach "
                              f"{game.options.target}: the game ends here (J-7)", style="bold"))
            mine = game.observation(seat)
            if mine.hand:
                lines.append(Text(f"{self.says(seat, 'still hold')}: ").append_text(
                    cards_text(self.hand(mine), self.deck)))
        lines.append(self.boards(match))
        self._board_shown_for = len(match.deals)  # the next deal's first view need not repeat it
        return Group(*lines)

    def match_summary(self, match: Match) -> RenderableType:
        """The winner and why (first to the target, J-7) and the totals; the boards were
        drawn once, under the last deal."""
        assert isinstance(match, JassMatch)
        totals = "   ·   ".join(f"{self.team_name(team)} {board.total}"
                                for team, board in enumerate(match.boards()))
        lines: list[RenderableType] = [Rule("Match over")]
        if match.winner is not None:
            lines.append(Text(f"{self.team_name(match.winner)} win the game: first to "
                              f"{match.options.target} (J-7)", style="bold"))
        return Group(*lines, Text(f"Final score: {totals}", style="bold"))
