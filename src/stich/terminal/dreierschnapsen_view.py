"""Dreierschnapsen at the terminal: the Bauernschnapsen view with the talon (D-1)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from stich.contract.dreierschnapsen import DreierObservation
from stich.contract.view import ContractObservation
from stich.terminal.bauernschnapsen_view import ContractView
from stich.terminal.cards import cards_text


class DreierschnapsenView(ContractView):
    """Three seats, each for himself; the talon shows only to the one who took it up."""

    RACE_RULE = "D-1"
    PARTY = "player"
    RETOUR = "stood at 23 and the winner came from 0"
    SEAT_NAMES = ("Left", "Right")
    """Play goes clockwise: the next seat sits on the left (B-1, D-1)."""

    def extra_lines(self, obs: ContractObservation) -> list[RenderableType]:
        assert isinstance(obs, DreierObservation)
        seen, laid = obs.talon_seen, obs.laid_down
        if laid is not None:
            return [Text("You laid down (count for nobody): ", style="dim")
                    .append_text(cards_text(laid, self.deck))]
        if seen is not None:
            what = ("exchange up to two cards: lay down two (the talon's own to keep your hand)"
                    if obs.contract == "normal" else "lay down two cards")
            raises = "; or raise: a bid's key" if self._raises(obs) else ""
            return [Text("You took up the talon: ").append_text(cards_text(seen, self.deck)),
                    Text(f"Now {what}; they count for nobody{raises}", style="cyan")]
        size = obs.talon_size
        return [Text(f"Talon: {size} cards face down", style="dim")] if size else []

    @staticmethod
    def _raises(obs: ContractObservation) -> bool:
        return any(action.verb == "bid" for action in obs.legal_actions)
