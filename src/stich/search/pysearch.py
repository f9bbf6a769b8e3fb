"""The Python search path: the kernel's solver and playouts, run over the engine itself.

Moves, their effects and results come from the game engine (``legal_actions``, ``apply_legal``,
``undo``), so this path holds no rules of its own; what it shares with ``_kernel.c`` is the
search: the same move ids and order, the same ordering scores, equivalent-card pruning, exact
transposition table (keys, bounds, the same size limit), MTD(f) driver and SplitMix64 playouts.
Both paths therefore visit the same nodes and return the same values, node counts included.
"""

from __future__ import annotations

from collections import Counter

from stich.core.dealing import splitmix64
from stich.core.game import Game
from stich.search import layout as L
from stich.search.adapters import kernel_state, move_action, move_id

INF = 1000000
TT_MAX_ENTRIES = 1 << 22
_I = L.INDEX
_HAND = [_I[f"hand{i}"] for i in range(4)]
_TRICK = [_I[f"trick{i}"] for i in range(4)]


def running(state: tuple[int, ...]) -> int:
    """Written difference in Jass; the result once the deal is over in the other games."""
    if state[_I["fam"]] == L.JASS:
        return state[_I["written0"]] - state[_I["written1"]]
    return state[_I["payoff"]] if state[_I["done"]] else 0


def equivalent(s: tuple[int, ...], strength: tuple[int, ...], cpts: tuple[int, ...], a: int,
               b: int) -> bool:
    """Whether cards ``a`` and ``b`` of the player to act in state ``s`` are worth the same to
    the search (its equivalent-card pruning): one suit, the same card points, and no card
    between them in strength outside that player's hand and the cards gone, so alike in every
    world the player cannot tell apart."""
    if a // 9 != b // 9 or cpts[a] != cpts[b]:
        return False
    low, high = sorted((strength[a], strength[b]))
    suit = 0x1FF << (9 * (a // 9))
    outside = suit & ~(s[_HAND[s[_I["to_act"]]]] | s[_I["gone"]])
    while outside:
        bit = outside & -outside
        if low < strength[bit.bit_length() - 1] < high:
            return False
        outside ^= bit
    return True


class EngineWorld:
    """A deal searched through its engine (a private clone); moves are kernel ids."""

    def __init__(self, game: Game) -> None:
        self.game = game.clone()
        self.root = kernel_state(self.game)
        self.fam = self.root[_I["fam"]]
        self.key_written = self.root[_I["key_written"]]
        self.strength = self.root[_I["strength0"]:_I["strength0"] + 36]
        self.cpts = self.root[_I["cpts0"]:_I["cpts0"] + 36]
        self.trump = self.root[_I["trump"]]
        self.maxmask = self.root[_I["maxmask"]]
        self.above = [sum(1 << other for other in range(36) if other // 9 == card // 9
                          and self.strength[other] > self.strength[card])
                      if self.strength[card] >= 0 else 0 for card in range(36)]
        self._applied: list[int] = []

    def state(self) -> tuple[int, ...]:
        return kernel_state(self.game)

    def legal(self) -> list[int]:
        return [move_id(a) for a in self.game.legal_actions() if a.verb != "weis"]

    def apply(self, move: int) -> int:
        """Apply a move (in Jass's trick 1 after declaring every Weis held); the reward."""
        game = self.game
        before = running(kernel_state(game))
        count = 1
        for action in game.legal_actions():
            if action.verb == "weis":  # perfect information: declare all (encoders/jass.py)
                game.apply_legal(action)
                count += 1
        game.apply_legal(move_action(move))
        self._applied.append(count)
        return running(kernel_state(game)) - before

    def undo(self) -> None:
        for _ in range(self._applied.pop()):
            self.game.undo()

    # --- what the search reads (the same as _kernel.c) ----------------------------------------
    def key(self, s: tuple[int, ...]) -> tuple[int, ...]:
        hands = tuple(s[i] for i in _HAND)
        if self.fam == L.SCHNAPSEN:
            names: tuple[str, ...] = (
                "drawn", "trump_card", "closed_by", "announced", "may_claim", "final", "to_act",
                "cscore0", "cscore1", "ctricks0", "ctricks1", "points0", "points1", "tricks0",
                "tricks1", "marr0", "marr1")
            return hands + tuple(s[_I[name]] for name in names)
        if self.fam == L.CONTRACT:
            names = ("to_act", "announced", *(f"{f}{i}" for f in ("points", "tricks", "marr")
                                               for i in range(4)))
            return hands + tuple(s[_I[name]] for name in names)
        key = (*hands, s[_I["to_act"]], int(s[_I["tricks1"]] == 0), int(s[_I["tricks0"]] == 0))
        if self.key_written:
            key += (s[_I["written0"]], s[_I["written1"]])
        return key

    def winner_index(self, cards: list[int]) -> int:
        strength, trump = self.strength, self.trump
        best, best_card = 0, cards[0]
        for index in range(1, len(cards)):
            card = cards[index]
            if card // 9 == best_card // 9:
                if strength[card] > strength[best_card]:
                    best, best_card = index, card
            elif card // 9 == trump:
                best, best_card = index, card
        return best

    def equivalent(self, s: tuple[int, ...], a: int, b: int) -> bool:
        return equivalent(s, self.strength, self.cpts, a, b)

    def move_score(self, s: tuple[int, ...], move: int, ttbest: int) -> int:
        if move == ttbest:
            return 1000000
        if move >= 36:
            if move == L.CLAIM:
                return 500000
            if move < L.MARRIAGE_BASE + 4:
                return 450000
            if move == L.EXCHANGE:
                return 440000
            return 100 if move == L.CLOSE else 0
        strength, cpts = self.strength, self.cpts
        ntrick = s[_I["ntrick"]]
        if not ntrick:  # a lead: first the cards no other hand can beat in their suit
            to_act = s[_I["to_act"]]
            others = 0
            for i in range(4):
                if i != to_act:
                    others |= s[_HAND[i]]
            master = not others & self.above[move]
            return (2000 if master else 1000) + 10 * strength[move] + cpts[move]
        cards = [s[_TRICK[i]] for i in range(ntrick)]
        now = s[_I[f"tseat{self.winner_index(cards)}"]]
        maxmask = self.maxmask
        partner_wins = (maxmask >> now & 1) == (maxmask >> s[_I["to_act"]] & 1)
        wins = self.winner_index([*cards, move]) == ntrick
        if partner_wins and not wins:
            return 4000 + 10 * cpts[move] - strength[move]
        if wins:
            return 3000 - 10 * strength[move] + (0 if move // 9 == self.trump else 50)
        return 1000 - 10 * cpts[move] - strength[move]

    def reach(self, s: tuple[int, ...]) -> int:
        """Jass: what both teams can still write (as ``j_reach`` in the kernel)."""
        cpts = self.cpts
        total = 5
        cards = 0
        for i in range(4):
            cards |= s[_HAND[i]]
        for i in range(s[_I["ntrick"]]):
            cards |= 1 << s[_TRICK[i]]
        while cards:
            bit = cards & -cards
            total += cpts[bit.bit_length() - 1]
            cards ^= bit
        tricks0, tricks1 = s[_I["tricks0"]], s[_I["tricks1"]]
        if tricks0 == 0 or tricks1 == 0:
            total += self.root[_I["match_bonus"]]
        holder = self.root[_I["stoeck_holder"]]
        if holder >= 0 and s[_HAND[holder]] & self.root[_I["stoeck_pair"]]:
            total += 20
        if self.root[_I["weis_team"]] >= 0 and tricks0 + tricks1 == 0:
            total += self.root[_I["weis_raw"]]
        return total * self.root[_I["factor"]]

    def order(self, s: tuple[int, ...], moves: list[int], ttbest: int) -> list[int]:
        kept: list[int] = []
        for move in moves:
            if move < 36 and any(k < 36 and self.equivalent(s, k, move) for k in kept):
                continue
            kept.append(move)
        scores = {move: self.move_score(s, move, ttbest) for move in kept}
        return sorted(kept, key=lambda move: -scores[move])  # stable: legal order on ties


def key_cards(key: tuple[int, ...]) -> int:
    """Cards still in hands in a table key (its first four items are the hands)."""
    return sum(hand.bit_count() for hand in key[:4])


class Search:
    """Alpha-beta with an exact table at trick starts, under an MTD(f) driver (as the kernel)."""

    def __init__(self, world: EngineWorld, horizon: int = -1,
                 table: int = TT_MAX_ENTRIES) -> None:
        if not 1 <= table <= TT_MAX_ENTRIES:
            raise ValueError(f"table size must be 1 to {TT_MAX_ENTRIES} entries")
        self.world = world
        self.cap = table
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.nodes = 0
        self.limit = -1 if horizon < 0 else played(world.root) + horizon

    def alphabeta(self, alpha: int, beta: int) -> int:
        world = self.world
        self.nodes += 1
        if world.game.is_terminal():
            return 0
        s = world.state()
        boundary = s[_I["ntrick"]] == 0
        if boundary and self.limit >= 0 and played(s) >= self.limit:
            return 0  # the horizon
        ttbest = -1
        key: tuple[int, ...] = ()
        if boundary:
            key = world.key(s)
            entry = self.table.get(key)
            if entry is not None:
                lower, upper, ttbest = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        if world.fam == L.JASS:
            reach = world.reach(s)
            if reach <= alpha:
                return reach
            if -reach >= beta:
                return -reach
        moves = world.order(s, world.legal(), ttbest)
        maxing = world.maxmask >> s[_I["to_act"]] & 1
        g = -INF if maxing else INF
        best, a, b = moves[0], alpha, beta
        for move in moves:
            reward = world.apply(move)
            value = reward + self.alphabeta(a - reward, b - reward)
            world.undo()
            if maxing:
                if value > g:
                    g, best = value, move
                a = max(a, g)
                if g >= beta:
                    break
            else:
                if value < g:
                    g, best = value, move
                b = min(b, g)
                if g <= alpha:
                    break
        if boundary:
            self._store(key, g, alpha, beta, best)
        return g

    def _store(self, key: tuple[int, ...], g: int, alpha: int, beta: int, best: int) -> None:
        entry = self.table.get(key)
        if entry is None:
            if len(self.table) >= self.cap:
                self._purge()
            if len(self.table) >= self.cap:
                return
            entry = self.table[key] = [-INF, INF, best]
        if g <= alpha:
            entry[1] = g
        elif g >= beta:
            entry[0] = g
        else:
            entry[0] = entry[1] = g
        entry[2] = best

    def _purge(self) -> None:
        """A full table drops its deepest positions (as the kernel's ``tt_purge``): those with
        the fewest cards in hands, level by level until at least a quarter of the limit."""
        levels = Counter(key_cards(key) for key in self.table)
        need, total, deepest = max(1, self.cap // 4), 0, 36
        for cards in sorted(levels):
            total += levels[cards]
            if total >= need:
                deepest = cards
                break
        self.table = {key: entry for key, entry in self.table.items()
                      if key_cards(key) > deepest}

    def bound(self) -> int:
        """The values a search from here can return lie within plus or minus this."""
        world = self.world
        s = world.state()
        if world.fam == L.JASS:
            return world.reach(s)
        if world.fam == L.SCHNAPSEN:
            return 3
        return max(world.root[_I["cvalue"]], 3 * world.root[_I["factor"]])

    def mtd(self) -> int:
        """MTD with bisection (as the kernel's ``mtd``)."""
        high = self.bound()
        low = -high
        while low < high:
            beta = low + (high - low + 1) // 2
            g = self.alphabeta(beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        return low

    def analyze(self) -> list[tuple[int, int]]:
        """Each legal move's exact value for the max side, from here on, in legal order."""
        world = self.world
        out = []
        for move in world.legal():
            reward = world.apply(move)
            value = reward + (0 if world.game.is_terminal() else self.mtd())
            world.undo()
            out.append((move, value))
        return out


def best_index(maxing: bool, values: list[int]) -> int:
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best] if maxing else values[i] < values[best]:
            best = i
    return best


def played(state: tuple[int, ...]) -> int:
    """Tricks played so far (the kernel's ``played``)."""
    return sum(state[_I[f"tricks{i}"]] for i in range(4))


def analyze(game: Game, horizon: int = -1,
            table: int = TT_MAX_ENTRIES) -> tuple[list[tuple[int, int]], int]:
    search = Search(EngineWorld(game), horizon, table)
    return search.analyze(), search.nodes


def solve(game: Game, horizon: int = -1, table: int = TT_MAX_ENTRIES) -> tuple[int, int]:
    search = Search(EngineWorld(game), horizon, table)
    return (0 if game.is_terminal() else search.mtd()), search.nodes


def line(game: Game) -> tuple[list[tuple[int, int]], int]:
    world = EngineWorld(game)
    search = Search(world)
    out = []
    while True:
        pairs = search.analyze()
        if not pairs:
            break
        maxing = bool(world.maxmask >> world.game.current_player() & 1)
        move, value = pairs[best_index(maxing, [v for _, v in pairs])]
        out.append((move, value))
        world.apply(move)
    return out, search.nodes


def playout(game: Game, seed: int) -> tuple[list[int], int]:
    world = EngineWorld(game)
    numbers = splitmix64(seed)
    trace, total = [], 0
    while moves := world.legal():
        move = moves[next(numbers) % len(moves)]
        trace.append(move)
        total += world.apply(move)
    return trace, total


def playouts(world: EngineWorld, seed: int, count: int) -> tuple[int, int]:
    """``count`` random playouts from the world's position on one SplitMix64 stream (the
    kernel's ``playouts``): the moves played and the sum of their rewards; the world is left
    where it was."""
    numbers = splitmix64(seed)
    played = total = 0
    for _ in range(count):
        depth = 0
        while moves := world.legal():
            total += world.apply(moves[next(numbers) % len(moves)])
            played += 1
            depth += 1
        for _ in range(depth):
            world.undo()
    return played, total
