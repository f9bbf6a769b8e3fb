"""What a game's terminal view provides; the session and prompt do the rest."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

from rich.console import RenderableType
from rich.text import Text

from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import Card, Suit
from stich.core.game import Game, Observation
from stich.core.match import Match
from stich.schnapsen.family import marriage_value
from stich.terminal.cards import card_text, cards_text, suit_text


class GameView(ABC):
    """Renders one game for one person, from that person's observation only."""

    def __init__(self, names: Sequence[str], deck: Deck) -> None:
        self.names = list(names)
        self.deck = deck

    @abstractmethod
    def table(self, observation: Observation, match: Match) -> RenderableType:
        """Everything the person may see now, above the menu."""

    @abstractmethod
    def hand(self, observation: Observation) -> list[Card]:
        """The person's cards in the order they are numbered."""

    @abstractmethod
    def deal_summary(self, game: Game, match: Match) -> RenderableType:
        """The end of a deal: how it ended and all cards shown, with the score after it."""

    @abstractmethod
    def match_summary(self, match: Match) -> RenderableType:
        """The final score of the match."""

    def hand_line(self, observation: Observation) -> Text:
        """``Your hand: 1:A♥  2:K♥ ...``: the cards numbered as the menu keys play them."""
        line = Text("Your hand: ")
        for number, card in enumerate(self.hand(observation), start=1):
            line.append(f"{number}:", style="cyan").append_text(card_text(card, self.deck))
            line.append("  ")
        return line

    def action_key(self, action: Action) -> str | None:
        """The menu key for an action other than playing a card, or None for the default
        (the verb's letter and the argument's initials)."""
        return None

    def trick_text(self, label: str, trick: Iterable[tuple[int, Card]], style: str = "") -> Text:
        """A trick as who played what, in playing order."""
        text = Text(label, style=style)
        for seat, card in trick:
            text.append(f"{self.names[seat]} ").append_text(card_text(card, self.deck))
            text.append("  ")
        return text

    def marriages_text(self, marriages: Iterable[tuple[int, Suit]], trump: Suit | None) -> Text:
        """The marriages announced so far with their value (Schnapsen games, S-5, B-4)."""
        text = Text("Marriages: ")
        for seat, suit in marriages:
            text.append(f"{self.names[seat]} {marriage_value(suit, trump)} ")
            text.append_text(suit_text(suit, self.deck)).append("  ")
        return text

    def action_text(self, action: Action) -> Text:
        """An action for the menu and the log: cards and suits drawn as on the table."""
        if action.verb == "play":
            return card_text(action.card, self.deck)
        if action.verb in ("weis", "discard", "exchange-talon") and action.arg:
            return Text(f"{action.verb} ").append(cards_text(action.cards, self.deck))
        if action.verb in ("marriage", "trump") and len(action.arg) == 1:
            return Text(f"{action.verb} ").append(suit_text(action.suit, self.deck))
        return Text(str(action))

    def announce(self, seat: int, action: Action, game: Game) -> Text:
        """The line printed when a player acts (the person sees others' moves as they happen)."""
        verb = "plays" if action.verb == "play" else "says"
        text = Text(f"{self.names[seat]} {verb} ", style="dim")
        return text.append(self.action_text(action) if verb == "plays" else Text(str(action)))
