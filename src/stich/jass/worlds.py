"""Jass worlds consistent with what a seat knows (its events, ``stich.jass.events``).

Sampling (:func:`propose`). The seat knows its own cards and every card played; the
other cards lie in the other hands (and, in a game started from a position after trick 1, in
the tricks played before it, which no seat can attribute). Every play narrows the hand it came
from by J-4 (:func:`excluded`): a card of another suit on a plain lead proves a void there,
unless it is a trump (trumping is always allowed); a non-trump on a trump lead proves no trump
but perhaps the Buur; an under-trump proves a hand of trumps only. These are per-hand
exclusions, so the hands are drawn uniformly among all that respect them with
:func:`stich.core.sampling.sample_assignment`. A Weis known only by its points (J-5; a player
declares some, all or none of his) proves only that the declarer's hand as dealt held at least
that many Weis of those points (maximal runs, fours of a kind): the hands are then drawn
uniformly among all that respect the exclusions *and* hold them, exactly and without rejection,
by :class:`stich.jass.weis_deals.WeisHands` (dynamic programming over the suits), and the deal
is kept if any way of declaring them from those hands replays the history. Shown Weis and
Stöck are cards seen. From a position after trick 1, the earlier tricks (cards no seat can
attribute, whose points must make the points the position states, J-1) and the hands are drawn
together, exactly, by :class:`stich.jass.earlier_tricks.EarlierTricks`; trump King or Queen that
no hand can hold (J-6: ``stoeck=-`` in the public position, or Stöck scored after it) lie
there. The history is then replayed through the rules, and ``sample_world`` keeps the world
only if the seat's information state comes out equal, which settles whatever the proposal
relaxes (who had the best Weis, who holds Stöck in a position the seat cannot see into).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from stich.core.actions import Action
from stich.core.cards import FULL_DECK, SUIT_MASK, Card, card_set, cards_in
from stich.core.game import Illegal
from stich.core.knowledge import Event, read_forfeit
from stich.core.sampling import NoWorld, Slot, count_assignments, sample_assignment
from stich.core.worlds import LastReading
from stich.jass.cards import POINTS, STOECK_PAIR, Contract, stronger
from stich.jass.earlier_tricks import EarlierTricks, TooMany
from stich.jass.position import FIELDS, cards_text, hand_sizes, parse_cards, parse_fields
from stich.jass.weis import held_weis, is_four, weis_action, weis_points
from stich.jass.weis_deals import WeisHands

if TYPE_CHECKING:
    from stich.core.knowledge import InfoState

_SUIT = tuple(card // 9 for card in range(36))
# --- what plays prove (J-4) ----------------------------------------------------------------
def excluded(contract: Contract, trick: list[int], card: int) -> int:
    """Cards the player cannot have held when he played ``card`` to ``trick`` (J-4)."""
    if not trick:
        return 0
    lead, suit, trump = _SUIT[trick[0]], _SUIT[card], contract.trump
    if trump is None:  # Obenabe, Undenufe: follow suit if possible
        return SUIT_MASK[lead] if suit != lead else 0
    trumps = SUIT_MASK[trump]
    if lead == trump:  # J-4 2: a non-trump proves no trump, but the Buur may be kept back
        buur = 1 << (trump * 9 + 5)
        return trumps & ~buur if suit != trump else 0
    if suit == lead:
        return 0
    if suit == trump:  # J-4 3: an under-trump proves a hand of trumps only
        in_trick = [c for c in trick if _SUIT[c] == trump]
        if in_trick:
            top = min(in_trick, key=lambda c: stronger(contract, c).bit_count())
            if not stronger(contract, top) >> card & 1:
                return FULL_DECK & ~trumps
        return 0
    return SUIT_MASK[lead]  # J-4 1: a card of a third suit proves a void in the suit led


def _all_weis(four_low: bool) -> dict[int, list[int]]:
    """Every Weis of the deck by its points."""
    out: dict[int, list[int]] = {}
    for suit in range(4):
        for length in range(3, 10):
            for low in range(10 - length):
                mask = ((1 << length) - 1) << (suit * 9 + low)
                out.setdefault(weis_points(mask), []).append(mask)
    for four in held_weis(FULL_DECK, four_low):
        if is_four(four):
            out.setdefault(weis_points(four), []).append(four)
    return out


_WEIS_BY_POINTS = {low: _all_weis(low) for low in (False, True)}


# --- the plan: what the info state pins down, worked out once per info state ----------------
@dataclasses.dataclass
class _HiddenWeis:
    seat: int
    points: int
    index: int
    """Its place in the list of Weis declared (the position's first, then the history's)."""


@dataclasses.dataclass
class _Plan:
    viewer: int
    fields: dict[str, str]
    options: Any
    fresh: bool
    actions: list[Action | int]
    """The history's actions; an int stands for a Weis seen by its points only (its index
    in ``declared``)."""
    own: int
    """The seat's cards where its history starts."""
    history: list[int]
    """Per seat, the cards it played during the history."""
    played: list[int]
    """Per seat, the cards it is seen to have played since its hand was whole or the history
    started (those a Weis may include)."""
    attributable: bool
    """Every card each seat played since the deal is known (no unattributed earlier tricks)."""
    sizes: list[int]
    allowed: list[int]
    known: list[int]
    """Per seat, cards known to be in its hand now (from a shown Weis)."""
    unknown: int
    pile: int
    """Cards of the tricks before the position's last trick (no seat attributed)."""
    declared: list[int | None]
    hidden: list[_HiddenWeis]
    forfeit: tuple[int, Illegal] | None
    stoeck_open: bool
    pile_table: _PileTable | None = None
    earlier: EarlierTricks | None = None
    earlier_too_big: bool = False
    weis_hands: WeisHands | None = None


@LastReading
def _plan(info: InfoState) -> _Plan:
    """What ``info`` pins down (the last one is kept: a search samples many worlds of one)."""
    return _make_plan(info)


def _make_plan(info: InfoState) -> _Plan:
    from stich.jass.position import parse_options

    viewer = info.seat
    events = info.events
    if not events or events[0].kind != "deal":
        raise NoWorld("a Jass information state starts with its deal event")
    options_word, fields = parse_fields(events[0].arg)
    options = parse_options(options_word)
    own = card_set(events[0].cards)
    sizes = [size if seat != viewer else own.bit_count()
             for seat, size in enumerate(hand_sizes(fields["hands"]))]
    contract = None if fields["contract"] == "-" else Contract.from_word(fields["contract"])
    start_tricks = int(fields["tricks"])
    played = [0, 0, 0, 0]
    history = [0, 0, 0, 0]
    excl = [0, 0, 0, 0]
    seen = own
    leader = int(fields["leader"])
    trick: list[int] = []

    def play(seat: int, card: int) -> None:
        nonlocal trick, leader
        if contract is not None:
            excl[seat] |= excluded(contract, trick, card)
        trick.append(card)
        if len(trick) == 4:
            trick = []

    if fields["last"] != "-":
        last_seat = int(fields["last"][0])
        for i, card in enumerate(parse_cards(fields["last"][2:], "the last trick")):
            seen |= 1 << card
            play((last_seat + i) % 4, card)
            if start_tricks == 1:
                played[(last_seat + i) % 4] |= 1 << card
        trick = []
    for i, card in enumerate(parse_cards(fields["trick"], "trick")):
        seen |= 1 << card
        played[(leader + i) % 4] |= 1 << card
        play((leader + i) % 4, card)
    declared: list[int | None] = []
    hidden: list[_HiddenWeis] = []
    if fields["weis"] != "-":
        for item in fields["weis"].split(","):
            seat_text, _, text = item.partition(":")
            if text.startswith("="):
                hidden.append(_HiddenWeis(int(seat_text), int(text[1:]), len(declared)))
                declared.append(None)
            else:
                declared.append(card_set(parse_cards(text, "a Weis")))
    actions: list[Action | int] = []
    shown: list[tuple[int, int]] = []
    forfeit = None
    for event in events[1:]:
        kind, seat = event.kind, event.seat
        assert seat is not None
        if kind == "play":
            card = event.cards[0]
            actions.append(Action("play", card.name))
            seen |= 1 << card
            history[seat] |= 1 << card
            if seat != viewer:
                played[seat] |= 1 << card
                sizes[seat] -= 1
            play(seat, card)
        elif kind == "trump":
            contract = Contract.from_word(event.arg)
            actions.append(Action("trump", event.arg))
        elif kind == "push":
            actions.append(Action("push"))
        elif kind == "weis":
            if event.cards:
                declared.append(card_set(event.cards))
                actions.append(weis_action(card_set(event.cards)))
            else:
                actions.append(len(declared))
                hidden.append(_HiddenWeis(seat, int(event.arg), len(declared)))
                declared.append(None)
        elif kind == "shown":
            shown.append((seat, card_set(event.cards)))
        elif kind == "stoeck" and contract is not None and not start_tricks <= 1:
            # J-6: scored as the second of trump King and Queen falls, so the first, unseen,
            # was played by the same seat in the tricks before the position: in no hand now
            excl = [e | STOECK_PAIR[contract] for e in excl]
        elif kind == "forfeit":
            forfeiter, rule, reason = read_forfeit(event)
            forfeit = (forfeiter, Illegal(rule, reason))
    known = [0, 0, 0, 0]
    if shown:  # J-5: the best team's Weis, in the order declared
        team_items = [i for i, (s, _) in enumerate(_declared_seats(fields, events)) if s % 2
                      == shown[0][0] % 2]
        for i, (_, cards) in zip(team_items, shown, strict=True):
            declared[i] = cards
        hidden = [h for h in hidden if declared[h.index] is None]
    fresh = fields["contract"] == "-" and fields["pushed"] == "0"
    attributable = start_tricks <= 1
    seen_all = seen
    for index, weis in enumerate(declared):
        if weis is None:
            continue
        seat = _declared_seats(fields, events)[index][0]
        rest = weis & ~played[seat] & ~seen_all
        if attributable and seat != viewer:
            known[seat] |= rest
        else:  # in the declarer's hand or played before the position (the viewer's: played)
            for other in range(4):
                if other != seat:
                    excl[other] |= rest
    if fields["contract"] != "-" and options.stoeck and fields["stoeck"] == fields["stoecked"] \
            == "-":
        # J-6: a public position says Stöck is off the table where no hand holds trump King or
        # Queen any more (a viewer holding one knows more): unseen, they lie in earlier tricks
        pair = STOECK_PAIR[Contract.from_word(fields["contract"])]
        if not own & pair:
            excl = [e | pair for e in excl]
    unknown = FULL_DECK & ~seen_all & ~(known[0] | known[1] | known[2] | known[3])
    allowed = [unknown & ~excl[seat] for seat in range(4)]
    pile = 4 * (start_tricks - 1) if start_tricks >= 2 else 0
    for seat in range(4):
        if seat != viewer:
            sizes[seat] -= known[seat].bit_count()
    stoeck_open = fields["stoeck"] == "?"
    plan = _Plan(viewer, fields, options, fresh, actions, own, history, played, attributable, sizes,
                 allowed, known, unknown, pile, declared, hidden, forfeit, stoeck_open)
    if hidden and attributable:
        plan.weis_hands = _weis_hands(plan)
    return plan


def _declared_seats(fields: dict[str, str], events: tuple[Event, ...]) -> list[tuple[int, int]]:
    """(seat, order) of every Weis declared: the position's, then the history's."""
    out = []
    if fields["weis"] != "-":
        out = [(int(item.partition(":")[0]), i) for i, item in enumerate(fields["weis"].split(","))]
    for event in events[1:]:
        if event.kind == "weis":
            assert event.seat is not None
            out.append((event.seat, len(out)))
    return out


def _slots(plan: _Plan) -> list[Slot]:
    slots = [Slot(plan.sizes[seat], plan.allowed[seat]) for seat in range(4)
             if seat != plan.viewer]
    if plan.pile:
        slots.append(Slot(plan.pile, plan.unknown))
    return slots


def _others(plan: _Plan) -> list[int]:
    return [seat for seat in range(4) if seat != plan.viewer]


def _weis_hands(plan: _Plan) -> WeisHands:
    """J-5: the other hands drawn so that each declarer's hand as dealt holds the Weis he was
    heard declaring by points (:mod:`stich.jass.weis_deals`)."""
    need: list[dict[int, int]] = [{} for _ in range(4)]
    for item in plan.hidden:
        need[item.seat][item.points] = need[item.seat].get(item.points, 0) + 1
    others = _others(plan)
    return WeisHands(plan.unknown, [plan.sizes[s] for s in others],
                     [plan.allowed[s] for s in others],
                     [plan.played[s] | plan.known[s] for s in others],
                     [need[s] for s in others], plan.options.four_of_a_kind_low)


def _weis_choices(plan: _Plan, dealt: list[int], rng: random.Random) -> list[list[int]]:
    """Every way the dealt hands could have declared the hidden Weis (equal points in
    ascending order: the seat cannot tell the orders apart), shuffled."""
    per_group: list[tuple[list[int], list[tuple[int, ...]]]] = []
    for seat in sorted({item.seat for item in plan.hidden}):
        held = held_weis(dealt[seat], plan.options.four_of_a_kind_low)
        positions = [i for i, item in enumerate(plan.hidden) if item.seat == seat]
        for points in sorted({plan.hidden[i].points for i in positions}):
            mine = [i for i in positions if plan.hidden[i].points == points]
            pool = sorted(w for w in held if weis_points(w) == points)
            per_group.append((mine, list(itertools.combinations(pool, len(mine)))))
    out = []
    for pick in itertools.product(*(options for _, options in per_group)):
        weis = [0] * len(plan.hidden)
        for (mine, _), chosen in zip(per_group, pick, strict=True):
            for i, w in zip(mine, chosen, strict=True):
                weis[i] = w
        out.append(weis)
    rng.shuffle(out)
    return out


# --- a position's earlier tricks ---------------------------------------------------------------
def _earlier_tricks(plan: _Plan) -> EarlierTricks | None:
    """The exact joint draw of the earlier tricks and the hands (:mod:`stich.jass.earlier_tricks`),
    or None where its table would be too big (then :func:`_draw_pile` and :func:`_pile_fits`)."""
    if plan.earlier is None and not plan.earlier_too_big:
        contract = Contract.from_word(plan.fields["contract"])
        table = POINTS[contract]
        last = parse_cards(plan.fields["last"][2:], "the last trick")
        target = sum(int(p) for p in plan.fields["points"].split(",")) - sum(
            table[card] for card in last)
        try:
            plan.earlier = EarlierTricks(plan.unknown, _slots(plan)[:-1], plan.pile, table, target)
        except TooMany:
            plan.earlier_too_big = True
    return plan.earlier


def _draw_pile(plan: _Plan, slots: list[Slot], rng: random.Random) -> int | None:
    """The cards of the tricks before a position's last one (no seat can attribute them):
    uniform among the sets of the right size whose card points make the points the position
    states (J-1), then kept with probability (ways to deal the rest into the hands) / (ways
    without the hands' constraints), which makes (tricks, hands) uniform. None: rejected.
    Every other proposal instead deals these cards like a hand and keeps them only if their
    points fit (:func:`_pile_fits`): each way is exact, so their mixture is, and each is fast
    where the other is slow (many constraints on the hands, or few)."""
    table = plan.pile_table
    if table is None:
        table = plan.pile_table = _PileTable(plan)
    drawn = table.draw(rng)
    if drawn is None:
        return None
    rest = plan.unknown & ~drawn
    if any(slot.allowed & rest != rest for slot in slots):
        free = [Slot(slot.size, rest) for slot in slots]
        if rng.random() * count_assignments(rest, free) >= count_assignments(rest, slots):
            return None
    return drawn


def _pile_fits(plan: _Plan, drawn: int) -> bool:
    """Whether the earlier tricks' cards make the points the position states."""
    table = plan.pile_table
    if table is None:
        table = plan.pile_table = _PileTable(plan)
    return sum(table.points[card] for card in cards_in(drawn)) == table.target


class _PileTable:
    """Counts of card sets by size and point sum, to draw one uniformly (dynamic programming
    over the unknown cards). Cards no hand may hold (trump King or Queen where the position
    says nobody holds them, J-6) are in every such set."""

    def __init__(self, plan: _Plan) -> None:
        contract = Contract.from_word(plan.fields["contract"])
        self.points = table = POINTS[contract]
        hands = 0
        for seat in _others(plan):
            hands |= plan.allowed[seat]
        self.forced = plan.unknown & ~hands
        self.cards = list(cards_in(plan.unknown & hands))
        self.values = [table[card] for card in self.cards]
        last = parse_cards(plan.fields["last"][2:], "the last trick")
        points = [int(p) for p in plan.fields["points"].split(",")]
        self.target = sum(points) - sum(table[card] for card in last)
        self.size = plan.pile - self.forced.bit_count()
        self.rest = self.target - sum(table[card] for card in cards_in(self.forced))
        # ways[i][(j, s)]: sets of j cards with s points among cards i..end
        ways: list[dict[tuple[int, int], int]] = [{} for _ in range(len(self.cards) + 1)]
        ways[-1][0, 0] = 1
        for i in range(len(self.cards) - 1, -1, -1):
            here = dict(ways[i + 1])
            value = self.values[i]
            for (j, total), count in ways[i + 1].items():
                if j < self.size:
                    key = (j + 1, total + value)
                    here[key] = here.get(key, 0) + count
            ways[i] = here
        self.ways = ways

    def draw(self, rng: random.Random) -> int | None:
        need, total = self.size, self.rest
        if need < 0 or not self.ways[0].get((need, total)):
            raise NoWorld("no earlier tricks make the points the position states")
        mask = self.forced
        for i, card in enumerate(self.cards):
            if not need:
                break
            here = self.ways[i][need, total]
            taking = self.ways[i + 1].get((need - 1, total - self.values[i]), 0)
            if rng.randrange(here) < taking:
                mask |= 1 << card
                need, total = need - 1, total - self.values[i]
        return mask


# --- proposing a world ----------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Deal:
    """A world as plain values: a fresh deal (``hands``, ``dealer``, ``scores``, J-2) or the
    position its history starts at (``position``; then ``hands`` is empty), and the history
    to replay."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: int
    options: Any
    scores: tuple[int, int]
    position: str | None
    actions: list[Action]


@dataclasses.dataclass(frozen=True)
class Proposal:
    """The deals one draw allows (one per way of declaring the Weis seen by their points
    only, J-5, made as they are asked for), any of which the world may be, and the forfeit
    after the history. ``several``: a deal counts only if its events are the seat's."""

    deals: Iterator[Deal]
    several: bool
    forfeit: tuple[int, Illegal] | None


def propose(info: InfoState, rng: random.Random) -> Proposal | None:
    """A deal drawn uniformly among those the seat cannot rule out (module doc); None if the
    draw is rejected."""
    plan = _plan(info)
    viewer = plan.viewer
    others = _others(plan)
    if plan.weis_hands is not None:
        masks = plan.weis_hands.sample(rng)
    elif plan.pile and (earlier := _earlier_tricks(plan)) is not None:
        masks = earlier.sample(rng)[1]
    else:
        unknown, slots = plan.unknown, _slots(plan)
        if plan.pile and rng.randrange(2):
            drawn = _draw_pile(plan, slots[:-1], rng)
            if drawn is None:
                return None
            unknown, slots = unknown & ~drawn, slots[:-1]
        masks = sample_assignment(unknown, slots, rng)
        if len(masks) == 4 and not _pile_fits(plan, masks[-1]):
            return None
    hands = [0, 0, 0, 0]
    for seat, mask in zip(others, masks, strict=False):
        hands[seat] = mask | plan.known[seat]
    hands[viewer] = plan.own
    dealt = [hands[seat] | (plan.played[seat] if seat != viewer else 0) for seat in range(4)]
    choices: list[list[int]] = [[]]
    if plan.hidden and not plan.attributable:
        relaxed = _relaxed_weis(plan, hands, rng)
        if relaxed is None:
            return None
        choices = [relaxed]
    elif plan.hidden:
        choices = _weis_choices(plan, dealt, rng)
    start = [hands[seat] | plan.history[seat] if seat != viewer else plan.own
             for seat in range(4)]
    stoeck = _stoeck_holder(plan, start, rng) if plan.stoeck_open else ""
    if plan.stoeck_open and not stoeck:
        return None
    # the deal is consistent if any way of declaring the hidden Weis gives the same history
    # (J-5: which one was declared can decide the best Weis), so deals stay uniform
    return Proposal(_deals(plan, start, choices, stoeck), len(choices) > 1, plan.forfeit)


def _deals(plan: _Plan, start: list[int], choices: list[list[int]], stoeck: str,
           ) -> Iterator[Deal]:
    for weis in choices:
        declared = list(plan.declared)
        for item, w in zip(plan.hidden, weis, strict=False):
            declared[item.index] = w
        deal = _deal(plan, start, declared, stoeck)
        if deal is not None:
            yield deal


def _relaxed_weis(plan: _Plan, hands: list[int], rng: random.Random) -> list[int] | None:
    """A position after trick 1 with a Weis known by points: one drawn among the Weis of those
    points (J-5) that no other seat is seen to hold or to have played, that the declarer holds
    no neighbour of (a run counts whole), and that his other such Weis leave room for (the
    acceptance check keeps what fits)."""
    had = [hands[seat] | plan.played[seat] | plan.history[seat] for seat in range(4)]
    if plan.fields["last"] != "-":
        leader = int(plan.fields["last"][0])
        for i, card in enumerate(parse_cards(plan.fields["last"][2:], "the last trick")):
            had[(leader + i) % 4] |= 1 << card
    out: list[int] = []
    for item in plan.hidden:
        blocked = sum(had[s] for s in range(4) if s != item.seat)
        mine = [w for w, other in zip(out, plan.hidden, strict=False) if other.seat == item.seat]
        pool = [w for w in _WEIS_BY_POINTS[plan.options.four_of_a_kind_low].get(item.points, [])
                if not w & blocked and not _neighbours(w) & had[item.seat]
                and not any(w == c or w & _neighbours(c) or (w & c and not (is_four(w)
                            or is_four(c))) for c in mine)]
        if not pool:
            return None
        out.append(rng.choice(pool))
    return out


def _neighbours(weis: int) -> int:
    """The cards that would lengthen a run (J-5: a run counts whole), none for a four."""
    if is_four(weis):
        return 0
    suit = SUIT_MASK[_SUIT[weis.bit_length() - 1]]
    return ((weis << 1) | (weis >> 1)) & suit & ~weis


def _deal(plan: _Plan, start: list[int], declared: list[int | None], stoeck: str,
          ) -> Deal | None:
    """The deal with these hands where the history starts and these Weis declared; None
    where a Weis seen by its points has no cards here."""
    actions = []
    for action in plan.actions:
        if isinstance(action, int):
            mask = declared[action]
            if mask is None:
                return None
            action = weis_action(mask)
        actions.append(action)
    fields = plan.fields
    if plan.fresh:
        first, second = (int(s) for s in fields["scores"].split(","))
        return Deal(tuple(tuple(cards_in(hand)) for hand in start), int(fields["dealer"]),
                    plan.options, (first, second), None, actions)
    values = dict(fields)
    values["hands"] = "/".join(cards_text(hand) for hand in start)
    if fields["weis"] != "-":
        items = fields["weis"].split(",")
        values["weis"] = ",".join(f"{item.partition(':')[0]}:{cards_text(declared[i] or 0)}"
                                  for i, item in enumerate(items))
    if plan.stoeck_open:
        values["stoeck"] = stoeck
    text = " ".join(["jass", _options_word(plan), *(f"{k}={values[k]}" for k in FIELDS)])
    return Deal((), int(fields["dealer"]), plan.options, (0, 0), text, actions)


def _options_word(plan: _Plan) -> str:
    from stich.jass.position import options_text

    return options_text(plan.options)


def _stoeck_holder(plan: _Plan, start: list[int], rng: random.Random) -> str:
    """J-6 in a position the seat cannot see into: who holds trump King and Queen. Where one of
    them was played in an unattributed trick, the holder of the other may have played it or
    not: two worlds, so such hands are kept in full and others at half ('' = reject)."""
    contract = Contract.from_word(plan.fields["contract"])
    pair = STOECK_PAIR[contract]
    holders = [seat for seat in range(4) if start[seat] & pair]
    if len(holders) == 2 or not holders:
        options = ["-"]
    elif (start[holders[0]] & pair) == pair:
        options = [str(holders[0])]
    else:
        seat = holders[0]
        other = pair & ~start[seat]
        visible = _visible_player(plan, other)
        if visible is not None:
            options = [str(seat)] if visible == seat else ["-"]
        else:
            options = [str(seat), "-"]
    if len(options) == 1 and rng.randrange(2):
        return ""
    return rng.choice(options)


def _visible_player(plan: _Plan, card: int) -> int | None:
    """The seat seen playing ``card`` in the position's trick or last trick, if any."""
    fields = plan.fields
    if fields["last"] != "-":
        leader = int(fields["last"][0])
        for i, c in enumerate(parse_cards(fields["last"][2:], "the last trick")):
            if 1 << c == card:
                return (leader + i) % 4
    leader = int(fields["leader"])
    for i, c in enumerate(parse_cards(fields["trick"], "trick")):
        if 1 << c == card:
            return (leader + i) % 4
    return None
