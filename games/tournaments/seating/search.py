"""The second phase: a tabu search that swaps players between the tables of one round to remove
the repeats the construction left."""

from __future__ import annotations

import math
import time
from itertools import combinations

from .core import PARTNER_WEIGHT, DrawState

# The search is bounded by evaluated swaps rather than by time, so that the result does not
# depend on the machine; used up, this default is about half a second. It is only used up when
# repeats remain, so a draw that can afford more time passes a larger ``effort``.
SEARCH_EFFORT = 2_000_000
# Without a better plan for this many iterations the search goes back to its best plan and
# shakes it a little.
STALL_ITERATIONS = 400
# A swapped player may not go back to the table they left for this many iterations.
TABU_TENURE = (0, 3)
# Random swaps made when the search goes back to its best plan.
SHAKE_SWAPS = 5
# Repeats drawn at random each iteration; the best move found for any of them is made.
SAMPLE = 16

# A move: (kind, table, player). Kind 0 swaps the mover with ``player`` at ``table``; kind 1
# (partnership games) makes ``player``, at the mover's own table, the mover's partner.
Move = tuple[int, int, int]
# What a mover leaves at its table (see ``Search._best_move``).
Leaving = tuple[list[int], int, int, int, list[int] | None]


def _copy(tables: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[list(t) for t in rnd] for rnd in tables]


class Search(DrawState):
    def search(self, deadline: float | None, effort: int = SEARCH_EFFORT) -> bool:
        """Swaps players between tables of one round while that lowers the cost; returns whether
        the time limit stopped it. In a field with tables of 4 and 5 the search first keeps
        everybody's count of tables of 5 within one of the others; only if repeats remain may
        the counts spread to two."""
        if len(self.sizes) < 2:
            return False  # one table per round: there is nothing to swap
        if not (self.sizes[0] == 5 and self.sizes[-1] == 4):
            return self._search(deadline, effort)
        self.five_limit = 1
        stopped = self._search(deadline, effort // 2)
        if stopped or self.cost <= self.lower:
            return stopped
        self.five_limit = 2
        return self._search(deadline, effort // 2)

    def _search(self, deadline: float | None, budget: int) -> bool:
        best_cost = self.cost
        best_tables = _copy(self.tables)
        tabu: dict[int, int] = {}
        effort = iteration = since_best = 0
        # About the work of one iteration, in evaluated candidates: SAMPLE moves of n + 50.
        per_iteration = SAMPLE * (self.n + 50)
        while self.cost > self.lower and self.bad and effort < budget:
            iteration += 1
            # The clock is read every 32 iterations only: it costs as much as a move.
            if deadline is not None and iteration % 32 == 0 and time.perf_counter() > deadline:
                self.tables = best_tables
                self._rebuild()
                return True
            effort += per_iteration
            self._step(iteration, tabu, best_cost)
            if self.cost < best_cost:
                best_cost = self.cost
                best_tables = _copy(self.tables)
                since_best = 0
            else:
                since_best += 1
                if since_best >= STALL_ITERATIONS:
                    self._restart(best_tables, tabu)
                    since_best = 0
        if self.cost > best_cost:
            self.tables = best_tables
            self._rebuild()
        return False

    def _step(self, iteration: int, tabu: dict[int, int], best_cost: int) -> None:
        """Makes the best of the moves found for SAMPLE repeats drawn at random, even when it
        costs more: that is how the search leaves a local minimum."""
        best = None
        for _ in range(SAMPLE):
            a, b, r = self._random_repeat()
            mover = a if self.rng.random() < 0.5 else b
            found = self._best_move(r, mover, iteration, tabu, best_cost)
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], r, mover, found[1])
        if best is not None:
            self._apply(best[1], best[2], best[3], iteration, tabu)

    def _random_repeat(self) -> tuple[int, int, int]:
        """A fixable repeated pair ``a, b`` and a drawn round ``r`` in which they meet."""
        rng = self.rng
        a, b = divmod(self.bad[rng.randrange(len(self.bad))], self.n)
        together = [r for r, where in enumerate(self.where) if where[a] == where[b]]
        return a, b, rng.choice(together)

    def _restart(self, best_tables: list[list[list[int]]], tabu: dict[int, int]) -> None:
        """Goes back to the best plan (a copy: it stays the best so far) and shakes it."""
        self.tables = _copy(best_tables)
        self._rebuild()
        self._shake()
        tabu.clear()

    def _best_move(
        self, r: int, p: int, iteration: int, tabu: dict[int, int], best_cost: int
    ) -> tuple[int, Move] | None:
        """The best swap of ``p`` with a player at another table of round ``r`` (or, in
        partnership games, a change of partners at p's own table), ties broken at random:
        ``(cost change, move)``."""
        home = self.where[r][p]
        table = self.tables[r][home]
        # What p leaves at its table, the same for every move: the others there, the cost p's
        # meetings with them stop adding, p's seat there, the cost p's partnership stops adding
        # and p's partnerships (0, 0 and None without partners).
        others = [x for x in table if x != p]
        row_p = self.meet[p]
        leave_p = 0
        for x in others:
            leave_p += row_p[x] - 1
        pos_p = leave_mate_p = 0
        mate_p = None
        if self.partners:
            mate_p = self.mate[p]
            pos_p = table.index(p)
            leave_mate_p = mate_p[table[(pos_p + 2) % 4]] - 1
        leaving = (others, leave_p, pos_p, leave_mate_p, mate_p)
        best, choices = self._best_swaps(r, p, home, leaving, iteration, tabu, best_cost)
        if self.partners:
            best, choices = self._best_repairing(r, p, home, leaving, best, choices)
        if not choices:
            return None
        return best, choices[self.rng.randrange(len(choices))]

    def _best_swaps(
        self,
        r: int,
        p: int,
        home: int,
        leaving: Leaving,
        iteration: int,
        tabu: dict[int, int],
        best_cost: int,
    ) -> tuple[float, list[Move]]:
        """The least cost change of swapping ``p`` with a player at another table of round ``r``,
        and the swaps that reach it. The inner loops are written out, not split into calls:
        this is where a long search spends its time."""
        n, meet = self.n, self.meet
        tables = self.tables[r]
        table_a = tables[home]
        others, leave_p, pos_p, leave_mate_p, mate_p = leaving
        # Unused without partners; with them, the part of a swap's change in partnerships that
        # is the same for every q.
        partner_p = table_a[(pos_p + 2) % 4]
        mate_shift = 1 - leave_mate_p
        row_p = meet[p]
        # A tabu swap is still made when it leads to a plan better than the best found.
        aspiration = best_cost - self.cost
        partners, mate = self.partners, self.mate
        ntables = len(tables)
        base = (r * n) * ntables
        # Tabu keys: p going to table t is p_key + t, q going to p's table is q_key + q * ntables.
        p_key = base + p * ntables
        q_key = base + home
        best: float = math.inf
        choices: list[Move] = []
        for t, table_b in enumerate(tables):
            if t == home:
                continue
            join_p = 0
            for y in table_b:
                join_p += row_p[y]
            p_tabu = tabu.get(p_key + t, 0) > iteration
            size_b = len(table_b)
            cross = size_b != len(table_a)
            # The part of the cost change that is the same whichever q p changes places with.
            shift = join_p - leave_p + size_b - 1
            for pos_q, q in enumerate(table_b):
                if cross and not self._fives_allow(p, q, size_b):
                    continue
                row_q = meet[q]
                delta = shift - row_p[q]
                for x in others:
                    delta += row_q[x]
                for y in table_b:
                    delta -= row_q[y]
                if partners:
                    partner_q = table_b[(pos_q + 2) % 4]
                    mate_q = mate[q]
                    delta += PARTNER_WEIGHT * (
                        mate_p[partner_q] + mate_q[partner_p] - mate_q[partner_q] + mate_shift
                    )
                if (p_tabu or tabu.get(q_key + q * ntables, 0) > iteration) and delta >= aspiration:
                    continue
                if delta < best:
                    best, choices = delta, [(0, t, q)]
                elif delta == best:
                    choices.append((0, t, q))
        return best, choices

    def _best_repairing(
        self,
        r: int,
        p: int,
        home: int,
        leaving: Leaving,
        best: float,
        choices: list[Move],
    ) -> tuple[float, list[Move]]:
        """Adds to the best moves so far the re-pairings of p's own table (``home`` of round
        ``r``): p partners either of the two players beside them."""
        mate = self.mate
        table_a = self.tables[r][home]
        _, _, pos_p, leave_mate_p, _ = leaving
        partner_p = table_a[(pos_p + 2) % 4]
        for side in (1, 3):
            other = table_a[(pos_p + side) % 4]
            other_partner = table_a[(pos_p + side + 2) % 4]
            delta = PARTNER_WEIGHT * (
                mate[p][other]
                + mate[partner_p][other_partner]
                - leave_mate_p
                - (mate[other][other_partner] - 1)
            )
            if delta < best:
                best, choices = delta, [(1, home, other)]
            elif delta == best:
                choices.append((1, home, other))
        return best, choices

    def _fives_allow(self, p: int, q: int, size_b: int) -> bool:
        """Whether p and q may change places between a table of 4 and one of 5 (p going to a
        table of ``size_b``): the most and fewest rounds anybody sits at a table of 5 may not
        grow further apart than ``five_limit``, or than they already are."""
        low, high = self.five_range
        if size_b == 5:
            p, q = q, p  # p is the one leaving the table of 5
        down, up = self.fives[p] - 1, self.fives[q] + 1
        if down >= low and up <= high:
            return True
        return max(high, up) - min(low, down) <= max(self.five_limit, high - low)

    def _apply(self, r: int, p: int, move: Move, iteration: int, tabu: dict[int, int]) -> None:
        """Makes ``move`` of player ``p`` in round ``r`` and updates the counts, the cost and
        the bad pairs of the players at the tables it touches."""
        kind, t, q = move
        tables = self.tables[r]
        home = self.where[r][p]
        table_a, table_b = tables[home], tables[t]
        touched = set(table_a) | set(table_b)
        before = self._local_cost(touched)
        self._add_table(table_a, -1)
        if kind == 0:
            self._swap_players(r, p, q, t, iteration, tabu)
        else:
            # q and p's partner change places: p now partners q, and p's old partner q's.
            i = table_a.index(p)
            j = table_a.index(q)
            k = (i + 2) % 4
            table_a[j], table_a[k] = table_a[k], table_a[j]
        self._add_table(table_a, 1)
        after = self._local_cost(touched)
        self.cost += after - before
        for a, b in combinations(sorted(touched), 2):
            self._refresh(a, b)

    def _swap_players(
        self, r: int, p: int, q: int, t: int, iteration: int, tabu: dict[int, int]
    ) -> None:
        """Swaps p with q at table t of round r (p's own table already taken out of the counts,
        and put back by the caller), and makes going back tabu for a few iterations."""
        tables, where = self.tables[r], self.where[r]
        home = where[p]
        table_a, table_b = tables[home], tables[t]
        self._add_table(table_b, -1)
        i, j = table_a.index(p), table_b.index(q)
        table_a[i], table_b[j] = q, p
        if len(table_a) != len(table_b):
            step = 1 if len(table_b) == 5 else -1
            self.fives[p] += step
            self.fives[q] -= step
            self.five_range = (min(self.fives), max(self.fives))
        where[p], where[q] = t, home
        self._add_table(table_b, 1)
        ntables = len(tables)
        base = (r * self.n) * ntables
        tenure = self.rng.randint(*TABU_TENURE)
        tabu[base + p * ntables + home] = iteration + tenure
        tabu[base + q * ntables + t] = iteration + tenure

    def _local_cost(self, players: set[int]) -> int:
        ids = sorted(players)
        return sum(self._pair_cost(a, b) for a, b in combinations(ids, 2))

    def _shake(self) -> None:
        """A few random swaps, in rounds that hold a repeat, to leave a local minimum."""
        rng = self.rng
        for _ in range(SHAKE_SWAPS):
            if not self.bad:
                return
            a, _, r = self._random_repeat()
            tables = self.tables[r]
            home = self.where[r][a]
            size = len(tables[home])
            same = [i for i in range(len(tables)) if i != home and len(tables[i]) == size]
            if not same:
                continue
            t = rng.choice(same)
            q = rng.choice(tables[t])
            self._apply(r, a, (0, t, q), 0, {})
