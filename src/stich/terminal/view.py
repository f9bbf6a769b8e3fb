"""What a game's terminal view provides; the session and prompt do the rest.

A view reads the person's information state only: the table is drawn from his
observation (its projection), and after each action the session hands the view the events his
seat saw (``game.seat_events``), which it words (``announce``). A deal's summary adds the result
(public) and other hands only where the rules show them (S-8: all cards at a claim).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import Card, Suit
from stich.core.game import TERMINAL, Game, Illegal, Observation
from stich.core.knowledge import Event
from stich.core.match import Match
from stich.schnapsen.family import marriage_value
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.keys import example_card
from stich.terminal.words import subject_verb

PHRASES = {
    "close": ("close", "the stock"), "claim": ("claim", "66 (genug)"), "pass": ("pass", ""),
    "double": ("double", "(×2)"), "redouble": ("answer", "retour (×4)"),
    "reredouble": ("answer", "re (×8)"),
}
"""What the person is told of an event that carries no cards (third person)."""


class GameView(ABC):
    """Renders one game for one person: the table from his observation, what happened from
    his seat's events (``announce``), never from other seats' cards."""

    OWN_KINDS: frozenset[str] = frozenset({"draw", "exchange", "shown", "forfeit"})
    """Events of the person's own seat worth a line: what he learns (the card he drew) or what
    the table now sees of him. His other moves he made himself."""
    SUFFIX_KINDS: frozenset[str] = frozenset()
    """Events told at the end of the line of the play that caused them (Jass: Stöck)."""
    SEAT_NAMES: tuple[str, ...] = ()
    """The other seats' names by default, in seat order: where each sits as the person sees
    the table (empty: the bot's name)."""

    def __init__(self, names: Sequence[str], deck: Deck) -> None:
        self.names = list(names)
        self.deck = deck
        self._shown_order: list[Card] = []
        """The hand as last numbered on screen in this deal."""

    @abstractmethod
    def table(self, observation: Observation, match: Match) -> RenderableType:
        """Everything the person may see now, above the menu."""

    @abstractmethod
    def hand(self, observation: Observation) -> list[Card]:
        """The person's cards in the order they are numbered."""

    @abstractmethod
    def deal_summary(self, game: Game, match: Match, seat: int) -> RenderableType:
        """The end of a deal for the person at ``seat``: the last trick, the result (public),
        the score after it; other hands only where the rules show them (S-8: at a claim)."""

    @abstractmethod
    def match_summary(self, match: Match) -> RenderableType:
        """The final score of the match."""

    def caution(self, game: Game, action: Action) -> str | None:
        """A warning to ask about once before an allowed action likely to cost the deal, or
        None (games with such a check: soft Schnapsen, S-11)."""
        return None

    def new_deal(self) -> None:
        """A new deal starts: the hand's numbering starts afresh."""
        self._shown_order = []

    def match_intro(self, match: Match) -> list[Text]:
        """What one match is, said once where it starts (nothing by default)."""
        return []

    # --- keys and help ----------------------------------------------------------------------
    def offered(self) -> list[Action]:
        """Every action of the game besides playing a card, allowed now or not, so that each
        has its key and a key not allowed now gets the rule's refusal."""
        return []

    def action_key(self, action: Action) -> str | None:
        """The menu key for an action other than playing a card, or None for the default
        (the verb's letter and the argument's initials)."""
        return None

    def help_notes(self) -> list[tuple[str, str]]:
        """Lines the help adds below the keys: key patterns and what the game's words mean."""
        return []

    def typing_help(self) -> tuple[str, str]:
        """How to type a card or an action, with this deck's names."""
        return ("text", f"a card ({example_card(self.deck)}) or a whole action "
                        f"(play HA); numbers play the cards in hand")

    # --- words --------------------------------------------------------------------------------
    def party_name(self, party: Iterable[int]) -> str:
        return " & ".join(self.names[seat] for seat in party)

    def says(self, party: Sequence[int] | int, verb: str) -> str:
        """``You win``, ``Rules wins``, ``You & Rules 2 win``."""
        seats = (party,) if isinstance(party, int) else tuple(party)
        return subject_verb(self.party_name(seats), verb, len(seats) > 1)

    def value_text(self, value: Card | Suit | tuple[Card, ...]) -> Text:
        """A card, suit or cards as this deck draws them."""
        if isinstance(value, tuple):
            return cards_text(value, self.deck)
        if isinstance(value, Card):
            return card_text(value, self.deck)
        return suit_text(value, self.deck)

    def why_text(self, why: Illegal) -> Text:
        """A refusal in the deck's names, with the rule it cites (notation.md keeps codes)."""
        text = Text()
        for part in why.parts():
            text.append_text(Text(part) if isinstance(part, str) else self.value_text(part))
        return text.append(f" ({why.rule})")

    # --- pieces -------------------------------------------------------------------------------
    def hand_line(self, observation: Observation) -> Text:
        """``Your hand: 1:A♥  2:K♥ ...``: the cards numbered as the menu keys play them. Where
        the order of cards already shown changes (sorted anew once trump is known), a line
        above says so, so that a number planned before is not typed unread."""
        hand = self.hand(observation)
        kept = [card for card in hand if card in self._shown_order]
        before = [card for card in self._shown_order if card in hand]
        self._shown_order = list(hand)
        line = Text("Your cards are sorted anew for the contract: the numbers changed\n",
                    style="bold yellow") if kept != before else Text()
        line.append("Your hand: ")
        for number, card in enumerate(hand, start=1):
            line.append(f"{number}:", style="cyan").append_text(card_text(card, self.deck))
            line.append("  ")
        return line

    def trick_text(self, label: str, trick: Iterable[tuple[int, Card]], style: str = "") -> Text:
        """A trick as who played what, in playing order."""
        text = Text(label, style=style)
        for seat, card in trick:
            text.append(f"{self.names[seat]} ").append_text(card_text(card, self.deck))
            text.append("  ")
        return text

    def marriages_text(self, marriages: Iterable[tuple[int, Suit]], trump: Suit | None,
                       counted: Callable[[int], bool] = lambda seat: True) -> Text:
        """The marriages announced so far with their value; one whose side has no trick yet
        is marked pending (it counts from that side's first trick: S-5, B-4)."""
        text = Text("Marriages: ")
        for seat, suit in marriages:
            text.append(f"{self.names[seat]} {marriage_value(suit, trump)} ")
            text.append_text(suit_text(suit, self.deck))
            text.append(" (pending: counts once a trick is won)" if not counted(seat) else "",
                        style="yellow")
            text.append("  ")
        return text

    def action_text(self, action: Action) -> Text:
        """An action for the menu and the log: cards and suits drawn as on the table."""
        if action.verb == "play":
            return card_text(action.card, self.deck)
        if action.verb in ("weis", "discard", "exchange-talon") and action.arg:
            return Text(f"{action.verb} ").append_text(cards_text(action.cards, self.deck))
        if action.verb in ("marriage", "trump") and len(action.arg) == 1:
            return Text(f"{action.verb} ").append_text(suit_text(action.suit, self.deck))
        return Text(str(action))

    def auto_claim(self, observation: Observation) -> bool:
        """Whether to claim for the person now (games that allow it as a convenience, S-8)."""
        return False

    # --- what happened: the person's events --------------------------------------------------
    def announce(self, events: Iterable[Event], observation: Observation) -> list[Text]:
        """The lines the person reads after an action: what his seat saw happen (its events,
        ``game.seat_events``), worded. The observation, the projection of the same
        information state, says which suit is trump and who took a trick. Nothing else of the
        deal is read, so no line tells what the seat did not see: another player's Weis by its
        points until it is shown, a discard as so many cards face down."""
        me = observation.seat
        lines: list[tuple[Text, bool]] = []  # each line, and whether it is said
        play: tuple[Event, int] | None = None  # the play of this action and its line's index
        for event in events:
            if event.kind in self.SUFFIX_KINDS and play is not None and \
                    play[0].seat == event.seat:
                suffix = self.event_text(event, observation)
                if suffix is not None:
                    lines[play[1]] = (lines[play[1]][0].append_text(suffix), True)
                continue
            if event.kind == "play":
                play = (event, len(lines))
                lines.append((self.play_text(event), event.seat != me))
                continue
            if event.seat == me and event.kind not in self.OWN_KINDS:
                continue
            text = self.event_text(event, observation)
            if text is not None:
                lines.append((text, True))
        if play is not None:
            taker = self.trick_taker(play[0], observation)
            if taker is not None:
                line = lines[play[1]][0]
                lines[play[1]] = (line.append(f"  → trick to {self.names[taker]}", style="dim"),
                                  True)
        return [text for text, said in lines if said]

    def play_text(self, event: Event) -> Text:
        """``Anna plays A♥``."""
        assert event.seat is not None and len(event.cards) == 1
        return Text(f"{self.says(event.seat, 'play')} ", style="dim").append_text(
            card_text(event.cards[0], self.deck))

    def trick_taker(self, play: Event, observation: Observation) -> int | None:
        """Who took the trick ``play`` completed, or None if it completed none or the deal is
        over (the summary shows the last trick): the seat that leads next, as the person's
        observation shows it."""
        trick = getattr(observation, "trick", None)
        last = getattr(observation, "last_trick", None)
        leader = getattr(observation, "leader", None)
        if observation.to_act == TERMINAL or trick is None or trick or not last or \
                not isinstance(leader, int):
            return None
        return leader if tuple(last[-1]) == (play.seat, play.cards[0]) else None

    def trump_of(self, observation: Observation) -> Suit | None:
        """The trump suit in force as the person sees it (a marriage's value depends on it)."""
        return None

    def event_text(self, event: Event, observation: Observation) -> Text | None:
        """One event in words, or None where nothing is said of it (the person's own cards
        dealt, the end of the deal the summary shows). Each game view adds its kinds."""
        seat = event.seat
        if seat is None:
            return None
        if event.kind == "marriage":
            suit = event.cards[0].suit
            value = marriage_value(suit, self.trump_of(observation))
            return Text(f"{self.says(seat, 'announce')} {value} in ").append_text(
                suit_text(suit, self.deck))
        if event.kind == "forfeit":
            rule = event.arg.split(":", 1)[0]
            return Text(f"{self.says(seat, 'break')} a rule ({rule}): the deal is forfeited",
                        style="bold red")
        if event.kind in PHRASES:
            verb, rest = PHRASES[event.kind]
            return Text(f"{self.says(seat, verb)} {rest}".rstrip())
        return None


def seat_cell(label: Text, who: int, on_table: dict[int, Card], to_act: int, deck: Deck) -> Text:
    """One seat in a seating picture: its label, then its card on the trick (or … if it is
    to play)."""
    label.append("\n")
    if who in on_table:
        label.append_text(card_text(on_table[who], deck))
    elif who == to_act:
        label.append("…", style="bold cyan")
    return label


def seating_grid(rows: Sequence[tuple[RenderableType, RenderableType, RenderableType]]) -> Table:
    """Seats around the table as rows of three cells (the person at the bottom)."""
    grid = Table.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(justify="center", min_width=18)
    for row in rows:
        grid.add_row(*row)
    return grid
