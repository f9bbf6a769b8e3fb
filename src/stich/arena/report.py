"""What an arena run found: each match's outcome for side A and side B, summed, with intervals."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from stich.core.match import Match
from stich.core.options import RuleOptions


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a share."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return ((centre - spread) / denominator, (centre + spread) / denominator)


@dataclasses.dataclass(frozen=True)
class Unit:
    """What the arena counts as won in a game, and how a match is made of such units."""

    many: str
    """The unit in the plural: Bummerl, races, games."""
    what: str
    """One unit, with its rule: ``a Bummerl (S-10)``."""
    match: str
    """How a match is made of units under the options in force."""


def unit_of(game: str, options: RuleOptions) -> Unit:
    """The unit of ``game``: a Bummerl in Schnapsen (a match is a rubber, S-10), a race to 24
    in Bauern- and Dreierschnapsen (B-7, D-1), a game to the target in Jass (J-7)."""
    if game == "schnapsen":
        return Unit("Bummerl", "a Bummerl (S-10)",
                    f"a match is a rubber: Bummerl until one player has given the other "
                    f"{getattr(options, 'rubber', 2)}")
    if game in ("bauernschnapsen", "dreierschnapsen"):
        rule, side = ("B-7", "team") if game == "bauernschnapsen" else ("D-1", "player")
        limit = getattr(options, "match_bummerl", 1)
        return Unit("races", f"a race to 24 ({rule}), whose losers get 1 Bummerl (2 Schneider, "
                             "4 Retourschneider)",
                    f"a match is races until a {side} holds {limit} Bummerl (option "
                    f"match_bummerl={limit})")
    return Unit("games", f"a game to {getattr(options, 'target', 2500)} (J-7)",
                "a match is one game")


@dataclasses.dataclass(frozen=True)
class MatchOutcome:
    """One finished match seen from the sides: deals, game points and units (Bummerl, games)."""

    deals: int
    a_deals: int
    a_points: int
    b_points: int
    a_shares: int
    """Deals times the scoring parties side A fields (more than deals where one plays two)."""
    b_shares: int
    units: int
    a_units: int

    @classmethod
    def of(cls, match: Match, sides: Sequence[bool]) -> MatchOutcome:
        """The outcome of a finished match; ``sides[seat]`` is True where side A sits."""
        deals = a_deals = a_points = b_points = a_shares = b_shares = 0
        teams = match.game_class.TEAMS
        for deal in match.deals:
            result = deal.result
            assert result is not None  # the record of a finished deal
            deals += 1
            a_deals += any(sides[w] for w in result["winner"])
            for team in teams:
                side_points = result["game_points"][team[0]]
                if sides[team[0]]:
                    a_points += side_points
                    a_shares += 1
                else:
                    b_points += side_points
                    b_shares += 1
        winners = match.unit_winners()
        return cls(deals, a_deals, a_points, b_points, a_shares, b_shares,
                   len(winners), sum(any(sides[w] for w in won) for won in winners))


@dataclasses.dataclass
class ArenaReport:
    """Side A against side B: deals, game points and match units (Bummerl, games) won."""

    game: str
    a: str
    b: str
    matches: int = 0
    deals: int = 0
    a_deals: int = 0
    a_points: int = 0
    b_points: int = 0
    a_units: int = 0
    units: int = 0
    a_shares: int = 0
    """Deals times the scoring parties side A fields (more than deals where one plays two)."""
    b_shares: int = 0
    unit: Unit | None = None
    """What a unit is in this game (the summary says so); None: units in general."""
    margins: tuple[int, int, int] = (0, 0, 0)
    """Over the matches, the sums of m*m, m*n and n*n for each match's margin m (A's game
    points less B's) and deals n: what the margin's interval needs (:meth:`margin`)."""

    def add(self, outcome: MatchOutcome) -> None:
        """Count one more finished match."""
        margin = outcome.a_points - outcome.b_points
        mm, mn, nn = self.margins
        self.margins = (mm + margin * margin, mn + margin * outcome.deals,
                        nn + outcome.deals * outcome.deals)
        self.matches += 1
        self.deals += outcome.deals
        self.a_deals += outcome.a_deals
        self.a_points += outcome.a_points
        self.b_points += outcome.b_points
        self.a_shares += outcome.a_shares
        self.b_shares += outcome.b_shares
        self.units += outcome.units
        self.a_units += outcome.a_units

    def margin(self, z: float = 1.96) -> tuple[float, float, float]:
        """A's game points less B's a deal, with its 95% interval: the ratio of the sums over
        the deals, its standard error from the matches as independent clusters (the deals of a
        match hang together), so (mean, low, high); an infinite interval below two matches."""
        deals = max(self.deals, 1)
        mean = (self.a_points - self.b_points) / deals
        if self.matches < 2:
            return (mean, -math.inf, math.inf)
        mm, mn, nn = self.margins
        spread = max(0.0, mm - 2 * mean * mn + mean * mean * nn)
        error = math.sqrt(self.matches / (self.matches - 1) * spread) / deals
        return (mean, mean - z * error, mean + z * error)

    def lines(self) -> list[str]:
        """The summary lines (scripts read them: keep their wording)."""
        low, high = wilson(self.a_units, self.units)
        deals = max(self.deals, 1)
        unit = self.unit
        return [
            f"{self.game}: {self.a} (A) against {self.b} (B), {self.matches} matches, "
            f"{self.deals} deals, each deal played both ways round (sides swapped)",
            f"units ({unit.many if unit else 'Bummerl/games'}) won by A: "
            f"{self.a_units}/{self.units} = "
            f"{self.a_units / max(self.units, 1):.1%} (95% CI {low:.1%}-{high:.1%})",
            f"deals won by A: {self.a_deals}/{self.deals} = {self.a_deals / deals:.1%}",
            f"game points per deal: A {self.a_points / deals:.3f}, B {self.b_points / deals:.3f}",
            "game points per deal, A less B: {:+.3f} (95% CI {:+.3f} to {:+.3f})".format(
                *self.margin()),
        ] + ([] if self.a_shares == self.b_shares else [
            f"game points per deal and player: A {self.a_points / max(self.a_shares, 1):.3f}, "
            f"B {self.b_points / max(self.b_shares, 1):.3f}",
        ]) + ([] if unit is None else [
            f"a unit is {unit.what}; {unit.match}: {self.matches} matches held "
            f"{self.units} {unit.many}",
        ])

    def running(self) -> str:
        """A short line for a progress display: units and deals won by A so far."""
        return (f"A {self.a_units}/{self.units} units {self.a_units / max(self.units, 1):.1%}, "
                f"deals {self.a_deals / max(self.deals, 1):.1%}")
