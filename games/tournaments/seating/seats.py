"""The third phase: putting each drawn table's players in seats, so that seat numbers (and, in
partnership games, sides) even out over the rounds."""

from __future__ import annotations

import math
from itertools import combinations, permutations

from .core import DrawState

# A side out of balance weighs four times a seat out of balance when a table is first seated.
SIDE_WEIGHT = 4
# Steps of the random walk that evens out sides in partnership games, per drawn table.
SIDE_WALK = 20

# (round, table) of a drawn table, and its player in seat a then in seat b, per player.
Arcs = dict[int, list[tuple[int, int, int]]]


class Seats(DrawState):
    def assign_seats(self) -> None:
        """Orders each drawn table into seats: first table by table, the order that suits its
        players' seat counts best, then pairs of seats are rebalanced along alternating chains
        across the drawn rounds (see ``_rebalance``)."""
        self.order = [[self._seat_table(table) for table in tables] for tables in self.tables]
        if self.partners:
            self._balance_sides()
            # Only partners may change places: anything else would split a partnership.
            pairs = [(0, 2), (1, 3)]
        else:
            pairs = list(combinations(range(self.width), 2))
        changed = True
        while changed:
            changed = False
            for a, b in pairs:
                changed |= self._rebalance(a, b)

    def _seat_table(self, table: list[int]) -> list[int]:
        """The table's players in the order that evens out their seat counts best (ties broken
        at random), counted in at once: the next table is seated knowing this one."""
        seats, partners = self.seats, self.partners
        counts = [seats[p] for p in table]
        # Read once, not once per order: nothing changes until the order is chosen.
        fewest = [min(c[: len(table)]) for c in counts]
        sides = [self._side(p) for p in table] if partners else []
        best: float = math.inf
        choices: list[tuple[int, ...]] = []
        for perm in _orders(len(table), partners):
            cost = 0
            for s, i in enumerate(perm):
                over = counts[i][s] - fewest[i]
                cost += over * over
                if partners:
                    # Sides first: within a side, partners can still trade seats later.
                    side = sides[i] + (1 if s % 2 == 0 else -1)
                    cost += SIDE_WEIGHT * side * side
            if cost < best:
                best, choices = cost, [perm]
            elif cost == best:
                choices.append(perm)
        perm = choices[self.rng.randrange(len(choices))]
        seated = [table[i] for i in perm]
        for s, p in enumerate(seated):
            seats[p][s] += 1
        return seated

    # -- sides (partnership games) -------------------------------------------------------------

    def _side(self, p: int) -> int:
        """How many more times ``p`` sat on seats 0 and 2 than on seats 1 and 3."""
        c = self.seats[p]
        return c[0] + c[2] - c[1] - c[3]

    def _balance_sides(self) -> None:
        """Swaps the two partnerships of tables so that each player sits on the even seats
        about as often as on the odd ones. First every swap that helps; then a bounded random
        walk from the players still two or more off, also taking swaps that change nothing, as
        a fix often needs a chain of them."""
        changed = True
        while changed:
            changed = False
            for ordered in self.order:
                for seated in ordered:
                    if self._side_gain(seated) > 4:
                        self._swap_sides(seated)
                        changed = True
        self._walk_sides()

    def _side_gain(self, seated: list[int]) -> int:
        # Swapping moves each even-seat player's side by -2 and each odd-seat one's by +2,
        # which changes the sum of squared sides by 16 - 4 * gain.
        side = self._side
        return side(seated[0]) + side(seated[2]) - side(seated[1]) - side(seated[3])

    def _swap_sides(self, seated: list[int]) -> None:
        """Moves each partnership of the table to the other pair of seats."""
        seats = self.seats
        for s, p in enumerate(seated):
            seats[p][s] -= 1
        seated[:] = [seated[1], seated[0], seated[3], seated[2]]
        for s, p in enumerate(seated):
            seats[p][s] += 1

    def _side_excess(self, p: int, change: int = 0) -> int:
        """How far p's side (moved by ``change``) is beyond one off even, squared."""
        over = abs(self._side(p) + change) - 1
        return over * over if over > 0 else 0

    def _side_change(self, seated: list[int]) -> int:
        """The change in total excess if the table's partnerships swapped seats."""
        excess = self._side_excess
        return sum(excess(p, -2 if s % 2 == 0 else 2) - excess(p) for s, p in enumerate(seated))

    def _walk_sides(self) -> None:
        """The random walk of ``_balance_sides``; it ends on the best seating it came by."""
        rng = self.rng
        tables_of = self._tables_of()
        energy = sum(self._side_excess(p) for p in range(self.n))
        best = energy
        best_order = self._copy_order()
        steps = SIDE_WALK * len(self.order) * len(self.sizes)
        for step in range(steps):
            if energy == 0:
                break
            seated = self._heavy_table(tables_of)
            if seated is None:
                continue  # the imbalance comes from the history
            change = self._side_change(seated)
            # Annealing: worse swaps are taken less and less often, to get out of dead ends.
            heat = 2.0 * (1 - step / steps) + 0.05
            if change <= 0 or rng.random() < math.exp(-change / heat):
                self._swap_sides(seated)
                energy += change
                if energy < best:
                    best = energy
                    best_order = self._copy_order()
        if energy > best:
            self._restore_sides(best_order)

    def _tables_of(self) -> list[list[list[int]]]:
        """Each player's drawn tables (the lists in ``order`` themselves, not copies)."""
        tables_of: list[list[list[int]]] = [[] for _ in range(self.n)]
        for ordered in self.order:
            for seated in ordered:
                for p in seated:
                    tables_of[p].append(seated)
        return tables_of

    def _copy_order(self) -> list[list[list[int]]]:
        return [[list(t) for t in ordered] for ordered in self.order]

    def _restore_sides(self, kept: list[list[list[int]]]) -> None:
        """Goes back to a copy of ``order``, by swapping sides in place: ``_tables_of`` and the
        seat counts stay right."""
        for ordered, kept_round in zip(self.order, kept, strict=True):
            for seated, order in zip(ordered, kept_round, strict=True):
                if seated != order:
                    self._swap_sides(seated)

    def _heavy_table(self, tables_of: list[list[list[int]]]) -> list[int] | None:
        """A drawn table at which a player picked at random among those off balance sits on
        the side they have too much of; None if they have no such table."""
        rng, side = self.rng, self._side
        off = [p for p in range(self.n) if self._side_excess(p)]
        p = off[rng.randrange(len(off))]
        heavy = [t for t in tables_of[p] if (t.index(p) % 2 == 0) == (side(p) > 0)]
        if not heavy:
            return None
        return heavy[rng.randrange(len(heavy))]

    # -- seat pairs ----------------------------------------------------------------------------

    def _rebalance(self, a: int, b: int) -> bool:
        """Balances seats ``a`` and ``b``. Each drawn table with both seats is an arc from the
        player in seat a to the player in seat b; reversing a path of arcs from a player with
        too many a's to one with too many b's moves one a along the path and changes nobody
        else's counts. Without history this leaves every player within one of even."""
        changed = False
        while True:
            path = self._imbalance_path(a, b)
            if not path:
                return changed
            seats = self.seats
            for r, t in path:
                seated = self.order[r][t]
                x, y = seated[a], seated[b]
                seated[a], seated[b] = y, x
                seats[x][a] -= 1
                seats[x][b] += 1
                seats[y][b] -= 1
                seats[y][a] += 1
            changed = True

    def _imbalance_path(self, a: int, b: int) -> list[tuple[int, int]] | None:
        """The tables ``(round, table)`` of a path of arcs from a player with the most a's over
        b's to one with at least three fewer, tried from the most; None if there is none."""
        seats = self.seats
        arcs: Arcs = {}
        for r, ordered in enumerate(self.order):
            for t, seated in enumerate(ordered):
                if len(seated) > b:
                    arcs.setdefault(seated[a], []).append((r, t, seated[b]))
        excess = {p: seats[p][a] - seats[p][b] for p in arcs}
        lowest = min(seats[p][a] - seats[p][b] for p in range(self.n))
        for start in sorted(excess, key=lambda p: (-excess[p], p)):
            # Reversing a path moves each end's a-minus-b by 2: ends only two apart would
            # merely trade places.
            if excess[start] < lowest + 3:
                return None
            path = self._path(start, arcs, seats, a, b, excess[start] - 3)
            if path:
                return path
        return None

    @staticmethod
    def _path(
        start: int, arcs: Arcs, seats: list[list[int]], a: int, b: int, limit: int
    ) -> list[tuple[int, int]] | None:
        """Breadth-first search for a player whose a-minus-b count is at most ``limit``."""
        back: dict[int, tuple[int, int, int] | None] = {start: None}
        queue = [start]
        for p in queue:
            for r, t, q in arcs.get(p, ()):
                if q in back:
                    continue
                back[q] = (p, r, t)
                if seats[q][a] - seats[q][b] <= limit:
                    path = []
                    node = q
                    while back[node] is not None:
                        prev, pr, pt = back[node]
                        path.append((pr, pt))
                        node = prev
                    return path
                queue.append(q)
        return None


def _orders(size: int, partners: bool) -> list[tuple[int, ...]]:
    """The ways to seat a table's players: every order, or in partnership games (players 0 and
    2, 1 and 3 partners) the eight orders that keep partners opposite."""
    if not partners:
        return _ALL_ORDERS[size]
    return _PARTNER_ORDERS


_ALL_ORDERS = {size: list(permutations(range(size))) for size in (4, 5, 6)}
_PARTNER_ORDERS = [
    (w, x, y, z)
    for w, y in ((0, 2), (2, 0), (1, 3), (3, 1))
    for x, z in (((1, 3), (3, 1)) if w in (0, 2) else ((0, 2), (2, 0)))
]
