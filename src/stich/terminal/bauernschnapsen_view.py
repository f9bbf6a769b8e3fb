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
from rich.table import Table
from rich.text import Text

from stich.contract.contracts import TABLE, Bidder, Contract, Goal
from stich.contract.deal import ContractSchnapsen
from stich.contract.events import HIDDEN_TALON_VERBS
from stich.contract.match import RaceMatch
from stich.contract.view import ContractObservation
from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import SUIT_OF, Card, Suit, cards_in
from stich.core.game import Game, Observation
from stich.core.knowledge import Event
from stich.core.match import Match
from stich.core.tricks import trick_winner
from stich.schnapsen.family import CARD_POINTS, NORMAL_ORDER, TEN_HIGH_ORDER
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.keys import suit_key
from stich.terminal.view import GameView, seat_cell, seating_grid
from stich.terminal.words import count

TITLES = {contract.name: contract.title for contract in TABLE}
BID_KEYS = {
    "bettler": "be", "assenbettler": "ab", "schnapser": "sc", "plauderer": "pl", "gang": "ga",
    "zehnergang": "zg", "kontraschnapser": "ks", "bauernschnapser": "bs", "bauernloch": "bl",
    "farbenringerl": "fr", "kontrabauernschnapser": "kb", "herrenschnapser": "hs",
}
"""Two letters per contract, so no bid needs a numbered key."""
PHASES = {
    "trump": "the caller names trump from his first three cards (or turns one up)",
    "auction": "the auction: pass or announce a higher contract",
    "talon": "the talon",
    "double": "doubling before the first card",
}
GOALS = {
    Goal.NO_TRICK: "take no trick",
    Goal.ALL_TRICKS: "take every trick himself",
    Goal.SCHNAPSER: "win every trick until his own tricks and marriages reach 66, within the "
                    "first 3 tricks (4 with three players)",
    Goal.SHOWN: "show the cards: won at once, without play",
}
BIDDERS = {
    Bidder.ANYONE: "anyone", Bidder.CALLER: "the caller only",
    Bidder.OPPONENTS: "the caller's opponents (the caller leads)",
    Bidder.SUIT_HOLDER: "whoever holds all five cards of a suit (3 players: and takes all 6 "
                        "tricks)",
    Bidder.TRUMP_HOLDER: "the caller holding all five trumps",
}
NUMBERS = {1: "one", 2: "two"}
ALSO_CALLED = {"assenbettler": " (Zehnerloch)"}
AFTER_GOAL = {"plauderer": "; after the first trick his cards lie open"}


def contract_help(contract: Contract) -> str:
    """One contract in words for the help (B-5, D-1)."""
    trump = "named trump" if contract.trump else "no trump"
    order = ", the Ace lowest (T K Q J A)" if contract.ten_high else ""
    return (f"{contract.title}{ALSO_CALLED.get(contract.name, '')}, {contract.value} points: "
            f"{BIDDERS[contract.bidder]} may announce it; {trump}{order}; the declarer must "
            f"{GOALS[contract.goal]}{AFTER_GOAL.get(contract.name, '')} (B-5)")


class ContractView(GameView):
    """The person sits at seat 0; names in seat order (clockwise, B-1)."""

    RACE_RULE = "B-7"
    """Where the race to 24 and its Bummerl are ruled."""
    PARTY = "team"
    """Who races: a team with four, each player with three."""
    RETOUR = "had led 23 to 0 and lost all the same"
    """Why the losers of a race get a Retourschneider (B-7)."""

    def __init__(self, names: Sequence[str], deck: Deck) -> None:
        super().__init__(names, deck)
        self._races_shown = 0

    # --- pieces ---------------------------------------------------------------------------
    def party_of(self, seat: int) -> tuple[int, ...]:
        """The seats that share ``seat``'s tricks: partners opposite with four (B-1)."""
        seats = len(self.names)
        return tuple(sorted((seat, (seat + 2) % 4))) if seats == 4 else (seat,)

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
            line.append("  ·  " if party < len(parties) - 1 else "")
        given = ", ".join(f"{self.party_name(seats)} {race.bummerl[party]}"
                          for party, seats in enumerate(parties))
        # a line of its own: appended to the race it wrapped a lone number at 100 columns
        return line.append(f"\nBummerl: {given}", style="dim")

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
            return Text(f"{self.says(obs.caller, 'name')} trump (the caller).", style="bold")
        roles = f"   caller {self.names[obs.caller]}, dealer {self.names[obs.dealer]}"
        if obs.contract not in (None, "normal") and obs.trump is None:
            return Text(f"No trump in {TITLES[obs.contract]}", style="bold").append(
                roles, style="dim")
        text = Text("Named trump: ").append_text(suit_text(obs.named_trump, self.deck))
        if obs.turned_up is not None:
            text.append("  (turned up ").append_text(card_text(obs.turned_up, self.deck))
            text.append(")")
        return text.append(roles, style="dim")

    def seating(self, obs: ContractObservation) -> Table:
        """The table seen from the person's chair: play goes clockwise, so the next seat sits
        on the left (B-1); each seat with its role and the card it put on the trick."""
        seats = len(self.names)
        on_table = dict(obs.trick)

        def seat(who: int) -> Text:
            roles = [role for role, holder in (("dealer", obs.dealer), ("caller", obs.caller),
                                               ("declarer", obs.declarer)) if holder == who]
            if obs.sitting_out == who:
                roles.append("sits out")
            text = Text(self.names[who], style="bold" if who == obs.to_act else "")
            text.append(f" ({', '.join(roles)})" if roles else "", style="dim")
            return seat_cell(text, who, on_table, obs.to_act, self.deck)

        middle = Text("(table)", style="dim")
        rows: list[tuple[RenderableType, RenderableType, RenderableType]] = (
            [("", seat(2), ""), (seat(1), middle, seat(3))] if seats == 4
            else [(seat(1), middle, seat(2))])
        return seating_grid([*rows, ("", seat(0), "")])

    def first_trick_text(self, obs: ContractObservation, trick: Sequence[tuple[int, Card]]) -> Text:
        """A team's first trick, face up (B-1), saying whose it is."""
        order = TEN_HIGH_ORDER if obs.ten_high else NORMAL_ORDER
        cards = [card for _, card in trick]
        winner = trick[trick_winner(cards, obs.trump, order)][0]
        return self.trick_text(f"First trick of {self.party_name(self.party_of(winner))} "
                               "(face up): ", trick, "dim")

    def play_lines(self, obs: ContractObservation) -> list[RenderableType]:
        lines: list[RenderableType] = []
        tricks = Text("Tricks: ", style="dim")
        for seat, won in enumerate(obs.tricks_won):
            if seat != obs.sitting_out:
                tricks.append(f"{self.names[seat]} {won} ({obs.points[seat]} pts)   ")
        lines.append(tricks)
        if obs.sitting_out is not None:
            lines.append(Text(f"{self.says(obs.sitting_out, 'sit')} out (cards laid aside)",
                              style="dim"))
        if obs.marriages:
            lines.append(self.marriages_text(
                obs.marriages, obs.trump,
                lambda seat: any(obs.tricks_won[s] for s in self.party_of(seat))))
        for trick in obs.first_tricks:
            lines.append(self.first_trick_text(obs, trick))
        for seat, hand in obs.open_hands:
            lines.append(Text(f"{self.names[seat]}'s open hand: ", style="magenta")
                         .append_text(cards_text(hand, self.deck)))
        if obs.last_trick and obs.last_trick not in obs.first_tricks:
            lines.append(self.trick_text("Last trick: ", obs.last_trick, "dim"))
        lines.append(self.seating(obs))
        if not obs.trick and obs.to_act == obs.seat:
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
        return sorted(observation.hand,
                      key=lambda c: (SUIT_OF[c] != trump, SUIT_OF[c], -CARD_POINTS[c]))

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
        else:
            lines.append(self.seating(obs))
        lines.append(self.hand_line(obs))
        return Group(*lines)

    # --- keys -----------------------------------------------------------------------------
    def offered(self) -> list[Action]:
        suits = [suit.name for suit in Suit]
        return [*(Action("trump", suit) for suit in suits), Action("turnup"), Action("redeal"),
                Action("pass"), *(Action("bid", name) for name in BID_KEYS),
                Action("double"), Action("redouble"), Action("reredouble"),
                *(Action("marriage", suit) for suit in suits)]

    def action_key(self, action: Action) -> str | None:
        """Bids by two letters (``ga`` Gang); trump and marriages by the suit's letter in this
        deck (``th``, ``mh``; German ``tl`` Laub)."""
        if action.verb == "bid":
            return BID_KEYS.get(action.arg)
        if action.verb in ("trump", "marriage") and action.arg in Suit.__members__:
            return action.verb[0] + suit_key(action.suit, self.deck)
        return None

    def action_text(self, action: Action) -> Text:
        if action.verb == "bid" and action.arg in TITLES:
            return Text(f"bid {TITLES[action.arg]}")
        return super().action_text(action)

    def help_notes(self) -> list[tuple[str, str]]:
        keys = {name: key for name, key in BID_KEYS.items()}
        return [("", "Bids are listed lowest first: a later bid must be higher (B-3)"),
                *((keys[c.name], contract_help(c)) for c in TABLE),
                ("", "Rules in full: docs/rules/bauernschnapsen.md")]

    # --- what happens: the person's events (docs/knowledge/contract.md) ----------------------
    def trump_of(self, observation: Observation) -> Suit | None:
        assert isinstance(observation, ContractObservation)
        return observation.trump

    def event_text(self, event: Event, observation: Observation) -> Text | None:
        """Others' moves as the table sees them: the turned-up card and three Jacks shown
        (B-2), bids (B-3), the talon taken up and laid-down cards face down (D-1), a hand laid
        open (B-5 Plauderer), a suit shown (B-5)."""
        seat = event.seat
        if seat is None:
            return None
        kind, cards = event.kind, event.cards
        if kind in HIDDEN_TALON_VERBS:
            laid = len(cards) + event.hidden
            return Text(f"{self.says(seat, 'lay')} {NUMBERS.get(laid, str(laid))} cards face "
                        "down", style="dim")
        if kind == "talon":
            return Text(f"{self.says(seat, 'take')} up the talon "
                        f"({count(len(cards) + event.hidden, 'card')} you do not see)",
                        style="dim")
        if kind == "turnup":
            return Text(f"{self.says(seat, 'turn')} up ", style="dim").append_text(
                cards_text(cards, self.deck))
        if kind == "redeal":
            return Text(f"{self.says(seat, 'show')} three Jacks (", style="bold").append_text(
                cards_text(cards, self.deck)).append("): dealt again (B-2)")
        if kind == "trump":
            return Text(f"{self.says(seat, 'name')} trump ", style="dim").append_text(
                suit_text(Suit[event.arg], self.deck))
        if kind == "bid":
            return Text(f"{self.says(seat, 'announce')} {TITLES[event.arg]}", style="bold")
        if kind == "open":
            return Text(f"{self.names[seat]}'s hand lies open: ", style="magenta").append_text(
                cards_text(cards, self.deck))
        if kind == "shown":
            return Text(f"{self.says(seat, 'show')} ", style="bold").append_text(
                cards_text(cards, self.deck)).append(": won at once, without play (B-5)")
        return super().event_text(event, observation)

    def outcome_text(self, game: ContractSchnapsen, result: Any) -> Text:
        """How the deal ended, naming who did it (D-1: in the normal game the defenders, not
        the caller, may be the ones who reach 66)."""
        contract = result.extra["contract"]
        declarer = result.extra["declarer"]
        what = (f"Normal game (caller {self.names[declarer]})" if contract == "normal"
                else f"{TITLES[contract]} by {self.names[declarer]}")
        winners = result.winner
        how = {
            "66": f"{self.says(winners, 'reach')} 66",
            "last trick": f"{self.says(winners, 'take')} the last trick",
            "made": f"{self.says(declarer, 'make')} it",
            "failed": f"{self.says(declarer, 'fail')}",
            "shown": "shown and won at once",
        }.get(result.reason, result.reason)
        return Text(f"{what}: {how}, ×{result.extra['factor']}", style="bold")

    def deal_summary(self, game: Game, match: Match, seat: int) -> RenderableType:
        """The result (public); of the cards still held, the person's own and the hands he
        sees laid open (B-5 Plauderer): nothing else is shown."""
        assert isinstance(game, ContractSchnapsen)
        result = game.result()
        assert result is not None
        lines: list[RenderableType] = [Rule("Deal over")]
        if result.reason == "redeal":
            lines.append(Text("Three Jacks: dealt again (B-2)", style="bold"))
            return Group(*lines, self.score_line(match))
        if game.tricks:
            lines.append(self.trick_text("Last trick: ", game.tricks[-1], "dim"))
        lines.append(self.outcome_text(game, result))
        points = result.game_points[result.winner[0]]
        each = " each" if len(result.winner) > 1 and game.SEATS == 3 else ""
        lines.append(Text(f"{self.says(result.winner, 'score')} {points}{each}", style="bold"))
        for team in game.TEAMS:
            first = team[0]
            lines.append(Text(f"{self.party_name(team)}: {result.card_points[first]} card "
                              f"points + {result.extra['marriage_points'][first]} in marriages"))
        mine = game.observation(seat)
        assert isinstance(mine, ContractObservation)
        held: list[tuple[int, list[Card]]] = [(seat, self.hand(mine))]
        held.extend((other, list(cards_in(hand))) for other, hand in mine.open_hands)
        for player, cards in held:
            if cards:
                lines.append(Text(f"{self.says(player, 'still hold')}: ").append_text(
                    cards_text(cards, self.deck)))
        assert isinstance(match, RaceMatch)
        finished = match.race.finished
        if finished and len(finished) > self._races_shown and not match.is_over():
            lines.extend(self.race_lines(match, finished[self._races_shown:]))
        self._races_shown = len(finished)
        if not match.is_over():  # the match's end says how the last race ended
            lines.append(self.score_line(match))
        return Group(*lines)

    def race_lines(self, match: RaceMatch, outcomes: list[dict[str, Any]]) -> list[Text]:
        """How each race ended: who reached 24, who gets how many Bummerl and why (B-7, D-1)."""
        return [Text(self.race_text(match, outcome), style="bold magenta")
                for outcome in outcomes]

    def race_text(self, match: RaceMatch, outcome: dict[str, Any]) -> str:
        """``Left & Right reach 24 (8:24): You & Partner get 2 Bummerl, a Schneider: they still
        had 0 points (B-7)``; a Retourschneider names the 23:0 lead that was lost."""
        parties = match.GAME_CLASS.TEAMS
        winners = tuple(s for p in outcome["winners"] for s in parties[p])
        losers = tuple(s for p in outcome["losers"] for s in parties[p])
        loser_parties = len(outcome["losers"])
        score = ":".join(str(points) for points in outcome["score"])
        given = count(outcome["bummerl"], "Bummerl", "Bummerl")
        each = " each" if loser_parties > 1 else ""
        got = f"{self.says(losers, 'get')} {given}{each}"
        they = self._they(losers)
        why = {
            "bummerl": "",
            "schneider": f", a Schneider: {they} still had 0 points",
            "retourschneider": f", a Retourschneider: {they} {self.RETOUR}",
        }[outcome["kind"]]
        return f"{self.says(winners, 'reach')} 24 ({score}): {got}{why} ({self.RACE_RULE})"

    def _they(self, seats: tuple[int, ...]) -> str:
        """The losers again, as a pronoun: ``you`` where the person called You is among them."""
        if 0 in seats and self.names[0] == "You":
            return "you"
        return "they" if len(seats) > 1 else self.names[seats[0]]

    def match_winners(self, match: RaceMatch) -> tuple[int, ...]:
        """The parties with the fewest Bummerl; where several tie, those of them who won the
        race that ended the match (with three players and one Bummerl: who reached 24)."""
        bummerl = match.race.bummerl
        fewest = [p for p, held in enumerate(bummerl) if held == min(bummerl)]
        last = match.race.finished[-1]["winners"] if match.race.finished else []
        narrowed = [p for p in fewest if p in last] or fewest
        parties = match.GAME_CLASS.TEAMS
        return tuple(seat for party in narrowed for seat in parties[party])

    def match_summary(self, match: Match) -> RenderableType:
        """Who won the match and why: the race that ended it (Schneider, Retourschneider) and,
        where a match is more than one Bummerl, the Bummerl each side holds (B-7, D-1)."""
        assert isinstance(match, RaceMatch)
        winners = self.match_winners(match)
        lines: list[RenderableType] = [
            Rule("Match over"), Text(f"{self.says(winners, 'win')} the match", style="bold")]
        if match.race.finished:
            lines.append(Text(self.race_text(match, match.race.finished[-1]),
                              style="bold magenta"))
        if match.options.match_bummerl > 1:
            lines.append(self.bummerl_line(match))
        return Group(*lines)

    def bummerl_line(self, match: RaceMatch) -> Text:
        given = ", ".join(f"{self.party_name(seats)} {match.race.bummerl[party]}"
                          for party, seats in enumerate(match.GAME_CLASS.TEAMS))
        return Text(f"Bummerl: {given} (the match ends at {match.options.match_bummerl}, "
                    "option match_bummerl)")

    def match_intro(self, match: Match) -> list[Text]:
        """What one match is, said where it starts: a first-time player may not expect one
        deal to end it (B-7, D-1; option match_bummerl)."""
        assert isinstance(match, RaceMatch)
        limit = match.options.match_bummerl
        ends = ("one race decides it: a big contract, doubled, can reach 24 in a single deal"
                if limit == 1 else f"it ends once a {self.PARTY} holds {limit} Bummerl")
        return [Text(f"A match: races to 24 game points; the losers of a race get a Bummerl "
                     f"(2 for a Schneider, 4 for a Retourschneider; {self.RACE_RULE}). Option "
                     f"match_bummerl={limit} (default 1): {ends}.", style="cyan")]


class BauernschnapsenView(ContractView):
    """Four seats; seat 2 is the person's partner."""

    SEAT_NAMES = ("Left", "Partner", "Right")
    """Play goes clockwise: the next seat sits on the left (B-1)."""
