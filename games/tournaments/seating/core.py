"""The state every phase of a draw shares: who met whom, in the history and in the drawn rounds,
and the cost of the repeats (see the package docstring for the words)."""

from __future__ import annotations

import heapq
import random
from collections.abc import Hashable, Sequence
from itertools import combinations

Player = Hashable
Table = tuple[Player, ...]
Round = tuple[Table, ...]

# A repeated partner weighs as much as three further repeated meetings: it is the repeat players
# notice most in a partnership game.
PARTNER_WEIGHT = 3


class DrawState:
    """State of one draw, on player indices. ``meet[p][q]`` counts meetings of p and q (history
    and drawn rounds), ``mate[p][q]`` partnerships; ``tables[r]`` lists the drawn round r's
    tables, in partnership games ordered so that positions 0/2 and 1/3 are partners."""

    def __init__(
        self,
        roster: list[Player],
        sizes: tuple[int, ...],
        rounds: int,
        partners: bool,
        past: list[list[Table]],
        rng: random.Random,
    ) -> None:
        self.roster = roster
        self.index = {p: i for i, p in enumerate(roster)}
        self.n = n = len(roster)
        self.sizes = sizes
        self.rounds = rounds
        self.partners = partners
        self.past = past
        self.rng = rng
        self.meet = [[0] * n for _ in range(n)]
        self.mate = [[0] * n for _ in range(n)] if partners else None
        self.fives = [0] * n
        self.width = max(sizes)
        self.seats = [[0] * self.width for _ in range(n)]
        # Meetings that happened in the history: a pair is fixable only if it met in a drawn round.
        self.hist_meet = [[0] * n for _ in range(n)]
        self.hist_mate = [[0] * n for _ in range(n)] if partners else None
        self.hist_rounds: dict[int, list[int]] = {}
        self._count_history()
        self.hist_fives = list(self.fives)
        self.five_limit = 1
        self.five_range = (0, 0)
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        # The drawn tables again, each listing its players by seat (see Seats.assign_seats).
        self.order: list[list[list[int]]] = []
        self.cost = 0
        self.bad: list[int] = []  # fixable conflict pairs, keyed a * n + b with a < b
        self.bad_at: dict[int, int] = {}
        self.lower = self._lower_bound()

    def _count_history(self) -> None:
        """Counts the history's seats, tables of 5 and meetings; the drawn rounds start from
        its meetings."""
        for number, tables in enumerate(self.past, start=1):
            for table in tables:
                self._count_past_table(number, table)
        for a in range(self.n):
            self.meet[a][:] = self.hist_meet[a]
            if self.partners:
                self.mate[a][:] = self.hist_mate[a]

    def _count_past_table(self, number: int, table: Table) -> None:
        """Adds a history table (of round ``number``) to the seat, table-of-5 and meeting counts;
        players who have left the event are skipped."""
        ids = [(seat, self.index[p]) for seat, p in enumerate(table) if p in self.index]
        for seat, i in ids:
            # A history table may have more seats than this draw's tables (a table of 5 then,
            # only tables of 4 now): its extra seat has no count to balance.
            if seat < self.width:
                self.seats[i][seat] += 1
            if len(table) == 5:
                self.fives[i] += 1
        partnered = self.partners and len(table) == 4
        for (sa, a), (sb, b) in combinations(ids, 2):
            self.hist_meet[a][b] += 1
            self.hist_meet[b][a] += 1
            self.hist_rounds.setdefault(min(a, b) * self.n + max(a, b), []).append(number)
            if partnered and (sa - sb) % 4 == 2:
                self.hist_mate[a][b] += 1
                self.hist_mate[b][a] += 1

    # -- cost bookkeeping ----------------------------------------------------------------------

    def _pair_cost(self, a: int, b: int) -> int:
        m = self.meet[a][b]
        cost = m * (m - 1) // 2
        if self.partners:
            k = self.mate[a][b]
            cost += PARTNER_WEIGHT * (k * (k - 1) // 2)
        return cost

    def _is_bad(self, a: int, b: int) -> bool:
        if self.meet[a][b] >= 2 and self.meet[a][b] > self.hist_meet[a][b]:
            return True
        return self.partners and self.mate[a][b] >= 2 and self.mate[a][b] > self.hist_mate[a][b]

    def _refresh(self, a: int, b: int) -> None:
        """Keeps ``bad`` (a list, for drawing a pair at random in O(1)) in step with the pair."""
        key = a * self.n + b if a < b else b * self.n + a
        bad = self._is_bad(a, b)
        at = self.bad_at.get(key)
        if bad and at is None:
            self.bad_at[key] = len(self.bad)
            self.bad.append(key)
        elif not bad and at is not None:
            last = self.bad.pop()
            if last != key:
                self.bad[at] = last
                self.bad_at[last] = at
            del self.bad_at[key]

    def _rebuild(self) -> None:
        """Recounts everything from the history and ``self.tables``."""
        self._recount_meetings()
        self._recount_cost()

    def _recount_meetings(self) -> None:
        n = self.n
        for a in range(n):
            self.meet[a][:] = self.hist_meet[a]
            if self.partners:
                self.mate[a][:] = self.hist_mate[a]
        self.where = []
        self.fives[:] = self.hist_fives
        for tables in self.tables:
            where = [0] * n
            for t, table in enumerate(tables):
                for p in table:
                    where[p] = t
                    if len(table) == 5:
                        self.fives[p] += 1
                self._add_table(table, 1)
            self.where.append(where)
        self.five_range = (min(self.fives), max(self.fives))

    def _recount_cost(self) -> None:
        n = self.n
        pairs = {a * n + b for a in range(n) for b in range(a + 1, n) if self.meet[a][b] >= 2}
        if self.partners:
            pairs |= {a * n + b for a in range(n) for b in range(a + 1, n) if self.mate[a][b] >= 2}
        self.cost = sum(self._pair_cost(*divmod(key, n)) for key in pairs)
        self.bad, self.bad_at = [], {}
        # In key order, so that the list the search draws from does not depend on the set's.
        for key in sorted(pairs):
            a, b = divmod(key, n)
            self._refresh(a, b)

    def _add_table(self, table: list[int], step: int) -> None:
        meet = self.meet
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                meet[a][b] += step
                meet[b][a] += step
        if self.partners:
            for a, b in ((table[0], table[2]), (table[1], table[3])):
                self.mate[a][b] += step
                self.mate[b][a] += step

    def _lower_bound(self) -> int:
        """The least cost possible: each player's new meetings (and partners) spread over the
        others as evenly as possible, fewest meetings first."""
        n, rounds = self.n, self.rounds
        per_round = min(self.sizes) - 1
        total = 0
        for a in range(n):
            total += _water_fill([self.meet[a][b] for b in range(n) if b != a], rounds * per_round)
            if self.partners:
                rows = [self.mate[a][b] for b in range(n) if b != a]
                total += PARTNER_WEIGHT * _water_fill(rows, rounds)
        return (total + 1) // 2


def _water_fill(counts: Sequence[int], extra: int) -> int:
    """The least sum of m(m-1)/2 after adding ``extra`` meetings to ``counts``."""
    if not counts:
        return 0
    heap = list(counts)
    heapq.heapify(heap)
    for _ in range(extra):
        heapq.heapreplace(heap, heap[0] + 1)
    return sum(m * (m - 1) // 2 for m in heap)
