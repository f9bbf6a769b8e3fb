"""Pads for the Jass games: the Schieber board's Z (J-7 to J-9), the Coiffeur table (J-11)
and the Differenzler sheet with its hidden predictions (J-12)."""

from __future__ import annotations

from typing import Any

from stich.core.scoring.coiffeur import JOKER, CoiffeurDeal, CoiffeurTable
from stich.core.scoring.differenzler import DifferenzlerDeal, DifferenzlerSheet
from stich.core.scoring.entry import EntryError, seat_in, whole
from stich.core.scoring.jass_board import ZBoard, render_svg, render_text
from stich.core.scoring.jass_game import JassDeal, JassScore
from stich.jass.game import JassOptions
from stich.jass.match import jass_rules
from stich.jass.variants import (
    CoiffeurOptions,
    DifferenzlerOptions,
    coiffeur_rules,
    differenzler_rules,
)
from stich.tafel.pad import Pad, fields, number, pick

CONTRACT_WORDS = {"rosen": "H", "h": "H", "eicheln": "D", "d": "D", "schilten": "S", "s": "S",
                  "schellen": "C", "c": "C", "obenabe": "obenabe", "undenufe": "undenufe"}
"""How a line may name a contract: Swiss names or the notation's letters (J-1, J-3)."""
CONTRACT_TITLES = {"H": "Rosen", "D": "Eicheln", "S": "Schilten", "C": "Schellen",
                   "obenabe": "Obenabe", "undenufe": "Undenufe", "slalom": "Slalom",
                   "guschti": "Guschti", JOKER: "Joker"}
ROW_WORDS = {**CONTRACT_WORDS, "slalom": "slalom", "guschti": "guschti"}


def contract_title(word: str) -> str:
    return CONTRACT_TITLES.get(word, word)


class JassPad(Pad):
    """Schieber: each deal's contract, one team's card points, Weis, Stöck, on the Z."""

    GAME = "jass"
    TITLE = "Schieber: Jass board"
    OPTIONS = JassOptions
    PLAYERS = (4,)
    HELP = ("A deal: the contract (rosen, eicheln, schilten, schellen, obenabe, undenufe), a "
            "team (1, 2 or a player) and its card points (the other team gets 157 minus "
            "them; 257 or 'match' for all nine tricks), then 'w TEAM N' for Weis, 'st TEAM' "
            "for Stöck, 'first TEAM' when both teams reach the target with their tricks (J-7). "
            "E.g. 'schellen 1 100 w 2 50 st 1'. A correction: 'korr TEAM -1'.")
    options: JassOptions

    def _reset(self) -> None:
        self.rules = jass_rules(self.options)
        self.score = JassScore(self.rules)

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] == "correction":
            self.score.correct(**fields(entry, "team", "amount"))
            return
        if entry["kind"] != "deal":
            raise EntryError(f"a Jass pad has deals and corrections, not {entry['kind']!r}")
        values = fields(entry, "contract", "card_points", "match", "weis", "stoeck", "first")
        for pair in ("card_points", "weis"):
            if pair in values:
                if not isinstance(values[pair], list) or len(values[pair]) != 2:
                    raise EntryError(f"{pair} must be two numbers, one per team")
                values[pair] = (values[pair][0], values[pair][1])
        self.score.book(JassDeal(**values))

    def parse(self, line: str) -> dict[str, Any]:
        words = line.split()
        if len(words) == 3 and words[0].lower() in ("korr", "k", "fix"):
            return {"kind": "correction", "team": self.team(words[1]),
                    "amount": number(words[2], "the correction")}
        if len(words) < 3:
            raise EntryError("a deal: contract, team, card points, e.g. 'schellen 1 100'")
        contract = pick(words[0], CONTRACT_WORDS, "contract")
        team = self.team(words[1])
        points = (self.rules.deal_points + self.rules.match_bonus
                  if words[2].lower() in ("match", "m") else number(words[2], "card points"))
        weis, stoeck, first = [0, 0], None, None
        rest = words[3:]
        while rest:
            key = rest.pop(0).lower()
            if key in ("w", "weis") and len(rest) >= 2:
                weis[self.team(rest.pop(0))] += number(rest.pop(0), "Weis")
            elif key in ("st", "stoeck", "stöck") and rest:
                stoeck = self.team(rest.pop(0))
            elif key == "first" and rest:
                first = self.team(rest.pop(0))
            else:
                raise EntryError(f"{key!r}: after the card points come 'w TEAM N', 'st TEAM' "
                                 f"or 'first TEAM'")
        deal = JassDeal.entered(self.rules, contract, team, points, (weis[0], weis[1]),
                                stoeck, first)
        return {"kind": "deal", **deal.to_dict()}

    def describe(self, entry: dict[str, Any]) -> str:
        if entry["kind"] == "correction":
            return f"correction {self.team_name(entry['team'])} {entry['amount']:+d}"
        factor = self.rules.factors[entry["contract"]]
        parts = [f"{contract_title(entry['contract'])} x{factor}:"]
        for team in (0, 1):
            parts.append(f"{self.team_name(team)} {entry['card_points'][team]}"
                         + (" Match" if entry.get("match") == team else "")
                         + ("," if team == 0 else ""))
        weis = entry.get("weis") or [0, 0]
        for team in (0, 1):
            if weis[team]:
                parts.append(f"; Weis {self.team_name(team)} {weis[team]}")
        if entry.get("stoeck") is not None:
            parts.append(f"; Stöck {self.team_name(entry['stoeck'])}")
        return " ".join(parts).replace(" ;", ";")

    def is_over(self) -> bool:
        return self.score.winner is not None

    def board_text(self) -> str:
        return "\n\n".join(render_text(board, self.team_name(team), self.rules.target)
                           for team, board in enumerate(self.score.boards()))

    def boards_svg(self) -> str:
        return render_svg([(self.team_name(team), board)
                           for team, board in enumerate(self.score.boards())], self.rules.target)

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        boards = self.score.boards()
        return {"teams": [self.team_name(0), self.team_name(1)], "scores": self.score.scores,
                "target": self.rules.target, "entries": [list(e) for e in self.score.entries],
                "strokes": [strokes(board) for board in boards], "winner": self.score.winner,
                "factors": dict(self.rules.factors)}

    def result_line(self) -> str:
        if self.score.winner is not None:
            return f"{self.team_name(self.score.winner)} win the game (J-7)."
        return " : ".join(f"{self.team_name(t)} {s}" for t, s in enumerate(self.score.scores))


def strokes(board: ZBoard) -> dict[str, Any]:
    return {"hundreds": board.hundreds, "fifties": board.fifties, "twenties": board.twenties,
            "rests": list(board.rests), "total": board.total}


class CoiffeurPad(Pad):
    """Coiffeur: each deal fills a row of the declaring team (J-11)."""

    GAME = "coiffeur"
    TITLE = "Coiffeur"
    OPTIONS = CoiffeurOptions
    PLAYERS = (4,)
    HELP = ("A deal: the declaring team (1, 2 or a player), the row it fills, its card points "
            "(257 or 'match' for all nine tricks, 'kontermatch' when the others took them "
            "all), the contract in a Joker row, 'st TEAM' for Stöck (option stoeck). "
            "E.g. '1 3 98', '2 7 120 obenabe'.")
    options: CoiffeurOptions

    def _reset(self) -> None:
        self.rules = coiffeur_rules(self.options)
        self.table = CoiffeurTable(self.rules)

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] != "deal":
            raise EntryError(f"a Coiffeur pad has deals only, not {entry['kind']!r}")
        self.table.book(CoiffeurDeal(**fields(entry, "team", "row", "card_points", "match",
                                              "contract", "stoeck")))

    def parse(self, line: str) -> dict[str, Any]:
        words = line.split()
        if len(words) < 3:
            raise EntryError("a deal: team, row, card points, e.g. '1 3 98'")
        team = self.team(words[0])
        row = number(words[1], "row")
        word = words[2].lower()
        contract, stoeck = None, None
        rest = words[3:]
        while rest:
            key = rest.pop(0).lower()
            if key in ("st", "stoeck", "stöck") and rest:
                stoeck = self.team(rest.pop(0))
            else:
                contract = pick(key, ROW_WORDS, "contract")
        if word == "kontermatch":
            deal = CoiffeurDeal(team, row, 0, 1 - team, contract, stoeck)
        else:
            points = (self.rules.deal_points + self.rules.match_bonus
                      if word in ("match", "m") else number(word, "card points"))
            deal = CoiffeurDeal.entered(self.rules, team, row, points, contract, stoeck)
        return {"kind": "deal", **deal.to_dict()}

    def describe(self, entry: dict[str, Any]) -> str:
        row = self.rules.rows[entry["row"] - 1] if 1 <= entry["row"] <= len(self.rules.rows) \
            else None
        what = contract_title(entry.get("contract") or (row.contract if row else "?"))
        match = " Match" if entry.get("match") == entry["team"] else (
            " (Match against)" if entry.get("match") is not None else "")
        figure = CoiffeurDeal(**fields(entry, "team", "row", "card_points", "match", "contract",
                                       "stoeck")).figure(self.rules)
        return (f"{self.team_name(entry['team'])} row {entry['row']} {what}: "
                f"{entry['card_points']}{match} -> {figure}")

    def is_over(self) -> bool:
        return self.table.is_over()

    def row_title(self, index: int) -> str:
        row = self.rules.rows[index - 1]
        return f"{index:>2} {contract_title(row.contract):<9} x{row.factor:<2}"

    def board_text(self) -> str:
        head = f"{'':<15}" + "".join(f"{self.team_name(t)[:18]:>20}" for t in (0, 1))
        lines = [head]
        for row in range(1, len(self.rules.rows) + 1):
            cells = [str(self.table.filled[t].get(row, "·")) for t in (0, 1)]
            lines.append(f"{self.row_title(row):<15}" + "".join(f"{c:>20}" for c in cells))
        totals = self.table.totals()
        lines.append(f"{'total':<15}" + "".join(f"{t:>20}" for t in totals))
        return "\n".join(lines)

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        return {"teams": [self.team_name(0), self.team_name(1)],
                "rows": [{"contract": r.contract, "title": contract_title(r.contract),
                          "factor": r.factor} for r in self.rules.rows],
                "filled": [{str(k): v for k, v in rows.items()} for rows in self.table.filled],
                "open": [self.table.open_rows(0), self.table.open_rows(1)],
                "totals": self.table.totals(), "over": self.table.is_over(),
                "winner": self.table.winner()}

    def result_line(self) -> str:
        totals = self.table.totals()
        if self.table.is_over():
            winner = self.table.winner()
            return ("A tie (J-11)." if winner is None
                    else f"{self.team_name(winner)} win {totals[winner]} to "
                         f"{totals[1 - winner]} (J-11).")
        return " : ".join(f"{self.team_name(t)} {totals[t]}, {len(self.table.open_rows(t))} "
                          f"rows open" for t in (0, 1))


class DifferenzlerPad(Pad):
    """Differenzler: predictions (hidden until the deal is entered), points taken, penalties."""

    GAME = "differenzler"
    TITLE = "Differenzler"
    OPTIONS = DifferenzlerOptions
    PLAYERS = (3, 4, 5)
    HELP = ("Before the deal each player's prediction: 'p PLAYER N' (hidden until the points "
            "are in). After it the card points taken, one per player in seat order: "
            "'t 40 30 50 37'. Or all at once after the deal: 'd 40 30 50 37 : 45 20 60 32'.")
    options: DifferenzlerOptions

    def __init__(self, names: list[str], options: DifferenzlerOptions | None = None) -> None:
        options = options or DifferenzlerOptions.from_preset(players=len(names))
        if options.players != len(names):
            raise EntryError(f"differenzler option players is {options.players}, but "
                             f"{len(names)} names are given")
        super().__init__(names, options)

    def _reset(self) -> None:
        self.rules = differenzler_rules(self.options)
        self.sheet = DifferenzlerSheet(self.rules)
        self.pending: dict[int, int] = {}

    @property
    def forehand(self) -> int:
        """The deal passes to the next seat each time, seat 0 dealing first (J-12)."""
        return (len(self.sheet.deals) + 1) % self.rules.players

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] == "predict":
            self._predict(**fields(entry, "seat", "points"))
        elif entry["kind"] == "deal":
            values = fields(entry, "predictions", "taken")
            said = values.get("predictions")
            if said is not None and self.pending:
                raise EntryError("predictions were entered before the deal: enter the points "
                                 "taken only ('t ...')")
            if said is None:
                missing = [self.names[s] for s in range(self.rules.players)
                           if s not in self.pending]
                if missing:
                    raise EntryError(f"still to predict: {', '.join(missing)} (J-12)")
                said = [self.pending[s] for s in range(self.rules.players)]
            self.sheet.book(DifferenzlerDeal(tuple(said), tuple(values["taken"])))
            self.pending = {}
        else:
            raise EntryError(f"a Differenzler pad has predictions and deals, not "
                             f"{entry['kind']!r}")

    def _predict(self, seat: int, points: int) -> None:
        seat = seat_in(seat, self.rules.players, "player")
        if self.sheet.is_over():
            raise EntryError("the game is over (J-12)")
        if not 0 <= whole(points, "prediction") <= self.rules.deal_points:
            raise EntryError(f"a prediction lies between 0 and {self.rules.deal_points} (J-12), "
                             f"not {points}")
        if self.options.open:
            order = [(self.forehand + i) % self.rules.players for i in range(self.rules.players)]
            done = [s for s in order if s in self.pending]
            allowed = order[len(done)] if len(done) < len(order) else None
            if seat != allowed and not (done and seat == done[-1]):
                turn = self.names[allowed] if allowed is not None else "nobody"
                raise EntryError(f"open predictions go round from forehand: it is {turn}'s turn; "
                                 f"a prediction may change only until the next one (J-12)")
        self.pending[seat] = points

    def parse(self, line: str) -> dict[str, Any]:
        words = line.replace(":", " : ").split()
        if not words:
            raise EntryError("empty entry: " + self.HELP)
        key, rest = words[0].lower(), words[1:]
        players = self.rules.players
        if key == "p" and len(rest) == 2:
            return {"kind": "predict", "seat": self.seat(rest[0]),
                    "points": number(rest[1], "prediction")}
        if key == "t" and len(rest) == players:
            return {"kind": "deal", "taken": [number(w, "points taken") for w in rest]}
        if key == "d" and len(rest) == 2 * players + 1 and rest[players] == ":":
            return {"kind": "deal",
                    "predictions": [number(w, "prediction") for w in rest[:players]],
                    "taken": [number(w, "points taken") for w in rest[players + 1:]]}
        raise EntryError(f"not an entry: {self.HELP}")

    def describe(self, entry: dict[str, Any]) -> str:
        if entry["kind"] == "predict":
            shown = f" {entry['points']}" if self.options.open else " (hidden)"
            return f"{self.names[entry['seat']]} predicts{shown}"
        said = entry.get("predictions")
        deal = "deal: " + ", ".join(f"{self.names[s]} took {t}" for s, t in
                                    enumerate(entry["taken"]))
        return deal + (f"; predicted {' '.join(map(str, said))}" if said else "")

    def is_over(self) -> bool:
        return self.sheet.is_over()

    def board_text(self) -> str:
        width = max(13, *(len(n) + 2 for n in self.names))
        lines = ["deal " + "".join(f"{name:>{width}}" for name in self.names)]
        for count, deal in enumerate(self.sheet.deals, 1):
            cells = [f"{s}/{t}:{p}" for s, t, p in zip(deal.predictions, deal.taken,
                                                        deal.penalties(self.rules), strict=True)]
            lines.append(f"{count:>4} " + "".join(f"{c:>{width}}" for c in cells))
        lines.append("sum  " + "".join(f"{t:>{width}}" for t in self.sheet.totals()))
        marks = ["✓" if s in self.pending else "…" for s in range(self.rules.players)]
        if not self.sheet.is_over():
            lines.append("said " + "".join(f"{m:>{width}}" for m in marks))
        return "\n".join(lines)

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        pending = {str(s): (p if self.options.open or s == seat else None)
                   for s, p in self.pending.items()}
        return {"players": self.names, "rounds": self.rules.rounds,
                "deals": [{**deal.to_dict(), "penalties": deal.penalties(self.rules)}
                          for deal in self.sheet.deals],
                "totals": self.sheet.totals(), "predicted": pending,
                "forehand": self.forehand, "over": self.sheet.is_over(),
                "winner": self.sheet.winner(), "open": self.options.open}

    def result_line(self) -> str:
        totals = self.sheet.totals()
        if self.sheet.is_over():
            winner = self.sheet.winner()
            assert winner is not None
            return f"{self.names[winner]} wins with {totals[winner]} penalty points (J-12)."
        left = self.rules.rounds - len(self.sheet.deals)
        more = f"{left} deals to go" if left > 0 else "a tie: one more deal (J-12)"
        return ", ".join(f"{n} {t}" for n, t in zip(self.names, totals, strict=True)) + f"; {more}"
