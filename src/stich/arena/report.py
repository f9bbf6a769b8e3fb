"""Bot against bot over seeded matches, both ways round, with honest statistics."""

from __future__ import annotations

import dataclasses
import math

from stich.bots import make_bot
from stich.bots.base import Bot
from stich.core.dealing import derive_seed
from stich.core.options import RuleOptions
from stich.core.registry import game_class, match_class
from stich.runner import play_match


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a share."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return ((centre - spread) / denominator, (centre + spread) / denominator)


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

    def lines(self) -> list[str]:
        low, high = wilson(self.a_units, self.units)
        deals = max(self.deals, 1)
        return [
            f"{self.game}: {self.a} (A) against {self.b} (B), {self.matches} matches, "
            f"{self.deals} deals, each deal played both ways round (sides swapped)",
            f"units (Bummerl/games) won by A: {self.a_units}/{self.units} = "
            f"{self.a_units / max(self.units, 1):.1%} (95% CI {low:.1%}-{high:.1%})",
            f"deals won by A: {self.a_deals}/{self.deals} = {self.a_deals / deals:.1%}",
            f"game points per deal: A {self.a_points / deals:.3f}, B {self.b_points / deals:.3f}",
        ] + ([] if self.a_shares == self.b_shares else [
            f"game points per deal and player: A {self.a_points / max(self.a_shares, 1):.3f}, "
            f"B {self.b_points / max(self.b_shares, 1):.3f}",
        ])


def _sides(seats: int, rotation: int) -> list[bool]:
    """Which seats side A takes in this match: alternate teams, or one seat against the rest."""
    if seats == 3:
        return [seat == rotation % 3 for seat in range(3)]
    return [(seat + rotation) % 2 == 0 for seat in range(seats)]


def run_arena(game: str, a: str, b: str, matches: int, seed: int,
              options: RuleOptions | None = None) -> ArenaReport:
    """Play ``matches`` whole matches of bot ``a`` against bot ``b`` from one seed.

    Matches come in pairs (threes for three seats) over the same cards, each side taking each
    seat once, so that the luck of the deal cancels out.
    """
    report = ArenaReport(game, a, b)
    teams, seats = game_class(game).TEAMS, game_class(game).SEATS
    rotations = 3 if seats == 3 else 2
    for number in range(matches):
        sides = _sides(seats, number)
        players: list[Bot] = [
            make_bot(game, a if is_a else b, derive_seed(seed, "bot", number, seat))
            for seat, is_a in enumerate(sides)
        ]
        # both ways round: consecutive matches deal the same cards with the sides swapped
        match = match_class(game)([p.NAME for p in players],
                                  derive_seed(seed, "match", number // rotations), options)
        play_match(match, players)
        for deal in match.deals:
            result = deal.result
            assert result is not None  # the record of a finished deal
            report.deals += 1
            report.a_deals += any(sides[w] for w in result["winner"])
            for team in teams:
                side_points = result["game_points"][team[0]]
                if sides[team[0]]:
                    report.a_points += side_points
                    report.a_shares += 1
                else:
                    report.b_points += side_points
                    report.b_shares += 1
        for winners in match.unit_winners():
            report.units += 1
            report.a_units += any(sides[w] for w in winners)
        report.matches += 1
    return report
