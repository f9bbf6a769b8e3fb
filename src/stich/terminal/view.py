"""What a game's terminal view provides; the session and prompt do the rest."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence

from rich.console import RenderableType
from rich.text import Text

from stich.core.actions import Action
from stich.core.card_names import Deck
from stich.core.cards import Card, Suit
from stich.core.game import Game, Illegal, Observation
from stich.core.match import Match
from stich.schnapsen.family import marriage_value
from stich.terminal.cards import card_text, cards_text, suit_text
from stich.terminal.keys import example_card
from stich.terminal.words import subject_verb

PHRASES = {
    "close": ("close", "the stock"), "claim": ("claim", "66 (genug)"), "pass": ("pass", ""),
    "exchange": ("exchange", "the trump Jack"), "push": ("push", ""),
    "turnup": ("turn", "up a card"), "redeal": ("demand", "a new deal (three Jacks)"),
    "double": ("double", "(×2)"), "redouble": ("answer", "retour (×4)"),
    "reredouble": ("answer", "re (×8)"),
}
"""What others are told when a player takes a bare action (third person)."""


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
        """``Your hand: 1:A♥  2:K♥ ...``: the cards numbered as the menu keys play them."""
        line = Text("Your hand: ")
        for number, card in enumerate(self.hand(observation), start=1):
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

    def phrase(self, seat: int, action: Action, game: Game) -> Text:
        """What the table is told when ``seat`` takes a non-card action."""
        if action.verb == "marriage":
            trump = getattr(game, "trump", None)
            return Text(f"{self.says(seat, 'announce')} {marriage_value(action.suit, trump)} "
                        "in ").append_text(suit_text(action.suit, self.deck))
        if action.verb in PHRASES:
            verb, rest = PHRASES[action.verb]
            return Text(f"{self.says(seat, verb)} {rest}".rstrip())
        return Text(f"{self.says(seat, 'say')} ").append_text(self.action_text(action))

    def own_action(self, seat: int, action: Action, game: Game) -> Text | None:
        """What the person is told after his own action (what an exchange did), or None."""
        return None

    def auto_claim(self, observation: Observation) -> bool:
        """Whether to claim for the person now (games that allow it as a convenience, S-8)."""
        return False

    def announce(self, seat: int, action: Action, game: Game) -> Text:
        """The line printed when another player acts (the person sees others' moves)."""
        if action.verb == "play":
            return Text(f"{self.says(seat, 'play')} ", style="dim").append_text(
                self.action_text(action))
        return self.phrase(seat, action, game)
