"""Pads for the Jass games: the Schieber board's Z (J-7 to J-9), the Coiffeur table (J-11)
and the Differenzler sheet with its hidden predictions (J-12)."""

from __future__ import annotations

from typing import Any, ClassVar

from stich.core.scoring.ends import count, joined, says
from stich.core.scoring.entry import EntryError, seat_in, whole
from stich.drawing import render_svg, render_text
from stich.jass.game import JassOptions
from stich.jass.match import jass_rules
from stich.jass.scoring.board import ZBoard
from stich.jass.scoring.coiffeur import JOKER, CoiffeurDeal, CoiffeurTable
from stich.jass.scoring.differenzler import DifferenzlerDeal, DifferenzlerSheet
from stich.jass.scoring.ends import jass_end
from stich.jass.scoring.game import JassDeal, JassScore
from stich.jass.variants import (
    SWISS_NAMES,
    WORDS,
    CoiffeurOptions,
    DifferenzlerOptions,
    coiffeur_rules,
    differenzler_rules,
)
from stich.tafel.pad import Pad, Said, fields, number, pick

CONTRACT_WORDS = {**SWISS_NAMES, **{letter.lower(): letter for letter in "DHSC"}}
"""How a line may name a contract: Swiss names or the notation's letters (J-1, J-3)."""
CONTRACT_TITLES = {contract: word.capitalize() for contract, word in WORDS.items()}
ROW_WORDS = {**CONTRACT_WORDS, "slalom": "slalom", "guschti": "guschti"}
STOECK = ("st", "stoeck", "stöck")
MATCH = ("match", "m")
ROW_RULES = {JOKER: "any of {plain}, named after the card points",
             "slalom": "the tricks alternate Obenabe and Undenufe, the declarer says which "
                       "comes first",
             "guschti": "the first five tricks one way, the last four the other, the declarer "
                        "says which"}
"""What the rows beyond the six plain contracts mean (J-11), for the pad's help."""


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
            "them; 257 or 'match' for all nine tricks), then 'w TEAM N' for Weis (one team "
            "only, J-5; several 'w' of that team add up), 'st TEAM' for Stöck, 'first TEAM' "
            "when both teams reach the target with their tricks (J-7). "
            "E.g. 'schellen 1 100 w 2 50 st 1'. A correction: 'korr TEAM -1'.")
    options: JassOptions

    def _reset(self) -> None:
        self.rules = jass_rules(self.options)
        self.score = JassScore(self.rules)

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] == "correction":
            self.score.correct(**fields(entry, "team", "amount"))
        elif entry["kind"] != "deal":
            raise EntryError(f"a Jass pad has deals and corrections, not {entry['kind']!r}")
        else:
            values = fields(entry, "contract", "card_points", "match", "weis", "stoeck", "first")
            for pair in ("card_points", "weis"):
                if pair in values:
                    if not isinstance(values[pair], list) or len(values[pair]) != 2:
                        raise EntryError(f"{pair} must be two numbers, one per team")
                    values[pair] = (values[pair][0], values[pair][1])
            self.score.book(JassDeal(**values))
        end = jass_end(self.score, [self.team_name(0), self.team_name(1)])
        if end is not None:
            self._ended(end)

    def parse(self, line: str) -> dict[str, Any]:
        words = line.split()
        if words and words[0].lower() in ("korr", "k", "fix"):
            if len(words) != 3:
                raise EntryError("a correction is three words: 'korr', the team and the "
                                 "amount, e.g. 'korr 1 -1' (J-8)")
            return {"kind": "correction", "team": self.team(words[1]),
                    "amount": number(words[2], "the correction")}
        if len(words) < 3:
            raise EntryError("a deal: contract, team, card points, e.g. 'schellen 1 100'")
        contract = pick(words[0], CONTRACT_WORDS, "contract")
        team = self.team(words[1])
        points = (self.rules.deal_points + self.rules.match_bonus
                  if words[2].lower() in MATCH else number(words[2], "card points"))
        said = Said()
        said.put("contract", words[0], contract, "a deal has one contract (J-3)")
        said.put("card points", words[2], words[2].lower(),
                 "one team's card points; the other team's are 157 minus them (J-1)")
        weis, weis_word = [0, 0], ["", ""]
        rest = words[3:]
        while rest:
            word = rest.pop(0)
            key = word.lower()
            if key in ("w", "weis"):
                if len(rest) < 2:
                    raise EntryError(f"{word!r} takes a team and its Weis, e.g. 'w 1 50' (J-5)")
                said_team, value = self.team(rest.pop(0)), rest.pop(0)
                if whole(number(value, "Weis"), "Weis") <= 0:
                    raise EntryError(f"Weis {value} is no Weis: each is worth 20 or more (J-5)")
                written = f"{word} {said_team + 1} {value}"
                if weis_word[1 - said_team]:
                    raise EntryError(f"{weis_word[1 - said_team]!r} and {written!r} contradict "
                                     f"each other: only the team with the best Weis scores "
                                     f"Weis (J-5)")
                weis[said_team] += int(value)
                weis_word[said_team] = weis_word[said_team] or written
            elif key in STOECK or key == "first":
                if not rest:
                    raise EntryError(f"{word!r} takes a team, e.g. '{key} 1'")
                slot, why = (("Stöck", "one team has Stöck, King and Queen of trumps (J-6)")
                             if key in STOECK else
                             ("first", "one team got to the target first (J-7)"))
                team_word = rest.pop(0)
                said.put(slot, f"{word} {team_word}", self.team(team_word), why)
            elif key in CONTRACT_WORDS:
                said.put("contract", word, CONTRACT_WORDS[key], "a deal has one contract (J-3)")
            elif key in MATCH or key.lstrip("-").isdigit():
                said.put("card points", word, key,
                         "one team's card points; the other team's are 157 minus them (J-1)")
            else:
                raise EntryError(f"{word!r}: after the card points come 'w TEAM N', 'st TEAM' "
                                 f"or 'first TEAM'")
        deal = JassDeal.entered(self.rules, contract, team, points, (weis[0], weis[1]),
                                said.get("Stöck"), said.get("first"))
        return {"kind": "deal", **deal.to_dict()}

    def text(self, entry: dict[str, Any]) -> str:
        if entry["kind"] == "correction":
            return f"korr {entry['team'] + 1} {entry['amount']}"
        words = [WORDS.get(entry["contract"], entry["contract"])]
        match = entry.get("match")
        if match is not None:
            words += [str(match + 1), "match"]
        else:
            words += ["1", str(entry["card_points"][0])]
        for team, weis in enumerate(entry.get("weis") or (0, 0)):
            if weis:
                words += ["w", str(team + 1), str(weis)]
        for key, field in (("st", "stoeck"), ("first", "first")):
            if entry.get(field) is not None:
                words += [key, str(entry[field] + 1)]
        return " ".join(words)

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
        end = jass_end(self.score, [self.team_name(0), self.team_name(1)])
        if end is not None:
            return end
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
        if self.table.is_over():
            self._ended(self.result_line())

    def parse(self, line: str) -> dict[str, Any]:
        words = line.split()
        if len(words) < 3:
            raise EntryError("a deal: team, row, card points, e.g. '1 3 98'")
        team = self.team(words[0])
        row = number(words[1], "row")
        word = words[2].lower()
        said = Said()
        points_why = "one number of card points, the declaring team's (J-11)"
        said.put("card points", words[2], word, points_why)
        rest = words[3:]
        while rest:
            key = rest.pop(0)
            if key.lower() in STOECK:
                if not rest:
                    raise EntryError(f"{key!r} takes a team, e.g. 'st 1'")
                team_word = rest.pop(0)
                said.put("Stöck", f"{key} {team_word}", self.team(team_word),
                         "one team has Stöck, King and Queen of trumps (J-6)")
            elif key.lower() in (*MATCH, "kontermatch") or key.lstrip("-").isdigit():
                said.put("card points", key, key.lower(), points_why)
            else:
                said.put("contract", key, pick(key, ROW_WORDS, "contract"),
                         "a row is played as one contract (J-11)")
        contract, stoeck = said.get("contract"), said.get("Stöck")
        if word == "kontermatch":
            deal = CoiffeurDeal(team, row, 0, 1 - team, contract, stoeck)
        else:
            points = (self.rules.deal_points + self.rules.match_bonus
                      if word in MATCH else number(word, "card points"))
            deal = CoiffeurDeal.entered(self.rules, team, row, points, contract, stoeck)
        return {"kind": "deal", **deal.to_dict()}

    def text(self, entry: dict[str, Any]) -> str:
        team, match = entry["team"], entry.get("match")
        points = ("match" if match == team else "kontermatch" if match is not None
                  else str(entry["card_points"]))
        words = [str(team + 1), str(entry["row"]), points]
        if entry.get("contract") is not None:
            words.append(WORDS.get(entry["contract"], entry["contract"]))
        if entry.get("stoeck") is not None:
            words += ["st", str(entry["stoeck"] + 1)]
        return " ".join(words)

    def describe(self, entry: dict[str, Any]) -> str:
        row = self.rules.rows[entry["row"] - 1] if 1 <= entry["row"] <= len(self.rules.rows) \
            else None
        what = contract_title(entry.get("contract") or (row.contract if row else "?"))
        if row is not None and row.contract == JOKER:
            what = f"Joker as {what}"
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

    def cell(self, team: int, row: int) -> str:
        """A team's figure in a row; a Joker row names the contract it was played as."""
        if row not in self.table.filled[team]:
            return "·"
        figure = str(self.table.filled[team][row])
        if self.rules.rows[row - 1].contract != JOKER:
            return figure
        return f"{figure} {contract_title(self.table.played[team][row])}"

    def board_text(self) -> str:
        head = f"{'':<15}" + "".join(f"{self.team_name(t)[:18]:>20}" for t in (0, 1))
        lines = [head]
        for row in range(1, len(self.rules.rows) + 1):
            cells = [self.cell(t, row) for t in (0, 1)]
            lines.append(f"{self.row_title(row):<15}" + "".join(f"{c:>20}" for c in cells))
        totals = self.table.totals()
        lines.append(f"{'total':<15}" + "".join(f"{t:>20}" for t in totals))
        return "\n".join(lines)

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        return {"teams": [self.team_name(0), self.team_name(1)],
                "rows": [{"contract": r.contract, "title": contract_title(r.contract),
                          "factor": r.factor} for r in self.rules.rows],
                "filled": [{str(k): v for k, v in rows.items()} for rows in self.table.filled],
                "played": [{str(k): v for k, v in rows.items()} for rows in self.table.played],
                "open": [self.table.open_rows(0), self.table.open_rows(1)],
                "totals": self.table.totals(), "over": self.table.is_over(),
                "winner": self.table.winner()}

    def entry_help(self) -> str:
        rows = ", ".join(f"{n} {contract_title(row.contract)} x{row.factor}"
                         for n, row in enumerate(self.rules.rows, 1))
        plain = ", ".join(WORDS[c] for c in self.rules.plain)
        kinds = dict.fromkeys(r.contract for r in self.rules.rows if r.contract in ROW_RULES)
        meaning = "".join(f" {contract_title(kind)}: {ROW_RULES[kind].format(plain=plain)}."
                          for kind in kinds)
        return f"{self.HELP}\nRows (J-11): {rows}.{meaning}"

    def result_line(self) -> str:
        totals = self.table.totals()
        names = [self.team_name(0), self.team_name(1)]
        if self.table.is_over():
            winner = self.table.winner()
            if winner is None:
                return f"A tie, {totals[0]} each: every row is filled (J-11)."
            return (f"{says(names[winner], 'win')} the game, {totals[winner]} to "
                    f"{totals[1 - winner]}: every row is filled and the higher total wins "
                    f"(J-11).")
        return " : ".join(f"{names[t]} {totals[t]}, {count(len(self.table.open_rows(t)), 'row')}"
                          f" open" for t in (0, 1))


class DifferenzlerPad(Pad):
    """Differenzler: predictions (hidden until the deal is entered), points taken, penalties."""

    GAME = "differenzler"
    TITLE = "Differenzler"
    OPTIONS = DifferenzlerOptions
    PLAYERS = (3, 4, 5)
    HELP = ("Before the deal each player's prediction: 'p PLAYER N' (hidden until the points "
            "are in). After it the card points taken, one per player in seat order: "
            "'t {taken}'. Or all at once after the deal: 'd {said} : {taken}'.")
    EXAMPLES: ClassVar[dict[int, tuple[str, str]]] = {
        3: ("40 50 60", "45 62 50"), 4: ("40 30 50 37", "45 20 60 32"),
        5: ("30 30 40 20 37", "35 20 45 25 32")}
    """Predictions and points taken for the help, one per player; the points make 157 (J-1)."""
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
            if self.sheet.is_over():
                self._ended(self.result_line())
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
            raise EntryError("empty entry: " + self.entry_help())
        key, rest = words[0].lower(), words[1:]
        players = self.rules.players
        if key == "p":
            if len(rest) != 2:
                raise EntryError(f"a prediction is 'p PLAYER N', e.g. "
                                 f"'p {self.names[0].split()[0].lower()} 40'")
            return {"kind": "predict", "seat": self.seat(rest[0]),
                    "points": number(rest[1], "prediction")}
        if key == "t":
            if len(rest) != players:
                raise EntryError(f"'t' takes the card points of every player, {players} numbers "
                                 f"in seat order ({', '.join(self.names)}); got {len(rest)}")
            return {"kind": "deal", "taken": [number(w, "points taken") for w in rest]}
        if key == "d":
            if len(rest) != 2 * players + 1 or rest[players] != ":":
                said, taken = self.EXAMPLES[players]
                raise EntryError(f"'d' takes every player's prediction, ':', then the points "
                                 f"taken: {players} numbers each, e.g. 'd {said} : {taken}'")
            return {"kind": "deal",
                    "predictions": [number(w, "prediction") for w in rest[:players]],
                    "taken": [number(w, "points taken") for w in rest[players + 1:]]}
        raise EntryError(f"not an entry: {self.entry_help()}")

    def entry_help(self) -> str:
        said, taken = self.EXAMPLES[self.rules.players]
        return self.HELP.format(said=said, taken=taken)

    def text(self, entry: dict[str, Any]) -> str:
        if entry["kind"] == "predict":
            return f"p {entry['seat'] + 1} {entry['points']}"
        taken = " ".join(map(str, entry["taken"]))
        said = entry.get("predictions")
        return f"d {' '.join(map(str, said))} : {taken}" if said is not None else f"t {taken}"

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
        for index, deal in enumerate(self.sheet.deals, 1):
            cells = [f"{s}/{t}:{p}" for s, t, p in zip(deal.predictions, deal.taken,
                                                        deal.penalties(self.rules), strict=True)]
            lines.append(f"{index:>4} " + "".join(f"{c:>{width}}" for c in cells))
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
            others = ", ".join(f"{n} {t}" for s, (n, t) in
                               enumerate(zip(self.names, totals, strict=True)) if s != winner)
            return (f"{says(self.names[winner], 'win')} the game with "
                    f"{count(totals[winner], 'penalty point')}, the fewest ({others}; J-12).")
        left = self.rules.rounds - len(self.sheet.deals)
        leaders = joined([self.names[s] for s in self.sheet.leaders()])
        more = (f"{count(left, 'deal')} to go" if left > 0
                else f"a tie between {leaders}: one more deal (J-12)")
        return ", ".join(f"{n} {t}" for n, t in zip(self.names, totals, strict=True)) + f"; {more}"
