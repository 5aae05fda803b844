"""Re-seating the players of an individual event at new tables every round.

Vocabulary, used the same way in the whole module:

- *round*: one sitting of the event; every player sits at exactly one table in it.
- *table*: the players of one round who play together, listed in seat order (seat 0 first).
- *meeting*: two players at the same table in one round. A *repeat* is a meeting of two players
  who had already met, earlier in the plan or in the ``history`` (the rounds already played).
- *partners*: in partnership games at tables of 4, seats 0 and 2 play against seats 1 and 3.
- *table of 5*: a table of five in a game for four (Rikken): the dealer sits out each deal, so
  all five play, taking turns to sit out. Trionfo is played at tables of 5 throughout.
- *seat balance*: how evenly each player's seat numbers are spread over the rounds; the *spread*
  of a player is the most minus the fewest times they sat in a seat that every table has.

The draw is made in three steps. A greedy construction seats each round in turn next to players
not met yet; a tabu search then swaps players between tables of one round to remove the repeats
that are left (a repeat costs more the more often the pair has met, so three meetings of one pair
count worse than two pairs meeting twice); finally each table's players are put in seats so that
seat numbers are balanced. Everything is driven by ``random.Random(seed)`` and an iteration
budget, so the same input and seed give the same plan on any machine, unless ``time_limit``
stops the search first.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from ._input import listed_once

Player = Hashable
Table = tuple[Player, ...]
Round = tuple[Table, ...]

# A repeated partner weighs as much as three further repeated meetings: it is the repeat players
# notice most in a partnership game.
PARTNER_WEIGHT = 3
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
SAMPLE = 16
SIDE_WEIGHT = 4
# Steps of the random walk that evens out sides in partnership games, per drawn table.
SIDE_WALK = 20


@dataclass(frozen=True)
class RepeatedPair:
    """Two players who meet (or partner) more than once; ``rounds`` numbers every round in which
    they did, history included (the first round of the history is round 1)."""

    players: tuple[Player, Player]
    times: int
    rounds: tuple[int, ...]


@dataclass(frozen=True)
class SeatingReport:
    """Why the draw came out as it did.

    ``repeats`` counts the meetings in the drawn rounds of players who had already met, and
    ``repeated_pairs`` lists those pairs. ``unavoidable_repeats`` is a lower bound: each player
    meets more people than the field holds (or has left unmet). ``seat_counts`` gives each player's
    times in each seat, history included; ``five_table_counts`` their rounds at a table of 5.
    """

    repeats: int
    repeated_pairs: tuple[RepeatedPair, ...]
    repeats_by_player: Mapping[Player, int]
    unavoidable_repeats: int
    partner_repeats: int
    repeated_partners: tuple[RepeatedPair, ...]
    seat_counts: Mapping[Player, tuple[int, ...]]
    seat_spread: int
    five_table_counts: Mapping[Player, int]
    stopped_by_time: bool
    notes: tuple[str, ...]


@dataclass(frozen=True)
class SeatingPlan:
    """The drawn rounds, numbered from ``first_round`` (one after the history)."""

    rounds: tuple[Round, ...]
    first_round: int
    report: SeatingReport


def split_tables(*, players: int, table_size: int, allow_five: bool = False) -> tuple[int, ...]:
    """The table sizes of one round, tables of 5 first; ``ValueError`` when the count cannot be
    split. With tables of 4 and ``allow_five`` the fewest tables of 5 are used."""
    if table_size not in (4, 5):
        raise ValueError(f"Tables seat 4 or 5 players, not {table_size}.")
    if table_size == 5 and allow_five:
        raise ValueError("allow_five applies to tables of 4; tables of 5 already seat five.")
    if players < table_size:
        raise ValueError(
            f"{players} player{'s' if players != 1 else ''} cannot fill a table of {table_size}."
        )
    if table_size == 5:
        if players % 5:
            raise ValueError(
                f"{players} players cannot be split into tables of 5: {players % 5} would be "
                f"left over ({players - players % 5} or {players - players % 5 + 5} would fit)."
            )
        return (5,) * (players // 5)
    fives = players % 4  # 4a + 5b = n forces b = n mod 4
    if fives and not allow_five:
        raise ValueError(
            f"{players} players cannot be split into tables of 4: {fives} would be left over. "
            "Allow tables of 5 (the dealer sits out) or bring the field to a multiple of 4."
        )
    if 5 * fives > players:
        raise ValueError(
            f"{players} players cannot be split into tables of 4 and 5; every count from 12 up "
            "can, and so can 4, 5, 8, 9 and 10."
        )
    return (5,) * fives + (4,) * ((players - 5 * fives) // 4)


def seat_rounds(
    *,
    players: Sequence[Player],
    rounds: int,
    table_size: int = 4,
    allow_five: bool = False,
    partners: bool = False,
    seed: int = 0,
    history: Sequence[Sequence[Sequence[Player]]] | None = None,
    time_limit: float | None = None,
    effort: int = SEARCH_EFFORT,
) -> SeatingPlan:
    """Draws ``rounds`` new rounds for ``players``.

    ``history`` holds the rounds already played (each a list of tables in seat order); players
    in it who are no longer in ``players`` are ignored, and newcomers simply have met nobody, so
    an event can be drawn one round at a time with late arrivals and withdrawals.
    ``partners`` keeps partners opposite (seats 0 and 2, 1 and 3) and avoids repeated partners.
    ``effort`` bounds the search in evaluated swaps (see ``SEARCH_EFFORT``); ``time_limit``
    (seconds) caps it too; when that triggers, the plan depends on the machine.
    """
    roster = listed_once(players, "Players")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}.")
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 1:
        raise ValueError(f"effort must be a whole number of at least 1, not {effort!r}.")
    sizes = split_tables(players=len(roster), table_size=table_size, allow_five=allow_five)
    if partners and sizes[0] != 4:
        raise ValueError(
            "Partnership games need tables of 4 only; "
            f"{len(roster)} players would need tables of 5."
        )
    past = _check_history(history)
    draw = _Draw(roster, sizes, rounds, partners, past, random.Random(seed))
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    draw.construct()
    stopped = draw.search(deadline, effort)
    draw.assign_seats()
    return draw.plan(stopped)


# --- input ---------------------------------------------------------------------------------------


def _check_history(history: Sequence[Sequence[Sequence[Player]]] | None) -> list[list[Table]]:
    past: list[list[Table]] = []
    for number, tables in enumerate(history or (), start=1):
        seen: set[Player] = set()
        rnd = []
        for table in tables:
            table = tuple(table)
            for p in table:
                if p in seen:
                    raise ValueError(f"History round {number} seats {p!r} twice.")
                seen.add(p)
            rnd.append(table)
        past.append(rnd)
    return past


# --- the draw ------------------------------------------------------------------------------------


class _Draw:
    """State of one draw, on player indices. ``meet[p][q]`` counts meetings of p and q (history
    and drawn rounds), ``mate[p][q]`` partnerships; ``tables[r]`` lists the drawn round r's
    tables, in partnership games ordered so that positions 0/2 and 1/3 are partners."""

    def __init__(self, roster, sizes, rounds, partners, past, rng):
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
        for number, tables in enumerate(past, start=1):
            for table in tables:
                ids = [(seat, self.index[p]) for seat, p in enumerate(table) if p in self.index]
                for seat, i in ids:
                    if seat < self.width:
                        self.seats[i][seat] += 1
                    if len(table) == 5:
                        self.fives[i] += 1
                for (sa, a), (sb, b) in combinations(ids, 2):
                    self.hist_meet[a][b] += 1
                    self.hist_meet[b][a] += 1
                    self.hist_rounds.setdefault(min(a, b) * n + max(a, b), []).append(number)
                    if partners and len(table) == 4 and (sa - sb) % 4 == 2:
                        self.hist_mate[a][b] += 1
                        self.hist_mate[b][a] += 1
        for a in range(n):
            self.meet[a][:] = self.hist_meet[a]
            if partners:
                self.mate[a][:] = self.hist_mate[a]
        self.hist_fives = list(self.fives)
        self.five_limit = 1
        self.five_range = (0, 0)
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.cost = 0
        self.bad: list[int] = []  # fixable conflict pairs, keyed a * n + b with a < b
        self.bad_at: dict[int, int] = {}
        self.lower = self._lower_bound()

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
        pairs = {a * n + b for a in range(n) for b in range(a + 1, n) if self.meet[a][b] >= 2}
        if self.partners:
            pairs |= {a * n + b for a in range(n) for b in range(a + 1, n) if self.mate[a][b] >= 2}
        self.cost = sum(self._pair_cost(*divmod(key, n)) for key in pairs)
        self.bad, self.bad_at = [], {}
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

    # -- construction --------------------------------------------------------------------------

    def construct(self) -> None:
        """Seats the rounds one after another, each player next to the players met least. In a
        field with tables of 4 and 5 the tables of 5 go, round after round, to the players who
        have sat at one least often; the search keeps that balance (see ``_fives_allow``)."""
        n, rng = self.n, self.rng
        mixed = self.sizes[0] == 5 and self.sizes[-1] == 4
        at_fives = 5 * self.sizes.count(5)
        for _ in range(self.rounds):
            order = list(range(n))
            rng.shuffle(order)
            if mixed:
                order.sort(key=self.fives.__getitem__)
                pools = [order[:at_fives], order[at_fives:]]
            else:
                pools = [order]
            tables = []
            for pool in pools:
                while pool:
                    size = self.sizes[len(tables)]
                    table = self._greedy_table(pool, size)
                    if size == 5:
                        for p in table:
                            self.fives[p] += 1
                    tables.append(table)
            self.tables.append(tables)
        self._rebuild()

    def _greedy_table(self, pool: list[int], size: int) -> list[int]:
        """Takes the first player of ``pool`` and adds, one by one, the player who has met the
        table least (the first found who has met nobody there)."""
        meet, mate = self.meet, self.mate
        table = [pool.pop(0)]
        while len(table) < size:
            best, best_cost = 0, None
            partner = table[len(table) - 2] if self.partners and len(table) >= 2 else None
            for i, cand in enumerate(pool):
                row = meet[cand]
                c = 0
                for x in table:
                    c += row[x]
                if partner is not None:
                    c += PARTNER_WEIGHT * mate[cand][partner]
                if best_cost is None or c < best_cost:
                    best, best_cost = i, c
                    if c == 0:
                        break
            table.append(pool.pop(best))
        self._add_table(table, 1)
        return table

    # -- tabu search ---------------------------------------------------------------------------

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
        rng, n = self.rng, self.n
        best_cost = self.cost
        best_tables = [[list(t) for t in tables] for tables in self.tables]
        tabu: dict[int, int] = {}
        effort = 0
        iteration = since_best = 0
        per_move = n + 50  # about the work of one iteration, in evaluated candidates
        while self.cost > self.lower and self.bad and effort < budget:
            iteration += 1
            if deadline is not None and iteration % 32 == 0 and time.perf_counter() > deadline:
                self.tables = best_tables
                self._rebuild()
                return True
            best = None
            for _ in range(SAMPLE):
                a, b = divmod(self.bad[rng.randrange(len(self.bad))], n)
                together = [r for r, where in enumerate(self.where) if where[a] == where[b]]
                r = rng.choice(together)
                mover = a if rng.random() < 0.5 else b
                effort += per_move
                found = self._best_move(r, mover, iteration, tabu, best_cost)
                if found is not None and (best is None or found[0] < best[0]):
                    best = (found[0], r, mover, found[1])
            if best is not None:
                self._apply(best[1], best[2], best[3], iteration, tabu)
            if self.cost < best_cost:
                best_cost = self.cost
                best_tables = [[list(t) for t in tables] for tables in self.tables]
                since_best = 0
            else:
                since_best += 1
                if since_best >= STALL_ITERATIONS:
                    self.tables = [[list(t) for t in tables] for tables in best_tables]
                    self._rebuild()
                    self._shake()
                    tabu.clear()
                    since_best = 0
        if self.cost > best_cost:
            self.tables = best_tables
            self._rebuild()
        return False

    def _best_move(self, r, p, iteration, tabu, best_cost):
        """The best swap of ``p`` with a player at another table of round ``r`` (or, in
        partnership games, a change of partners at p's own table): ``(kind, table, player)``."""
        n, meet, rng = self.n, self.meet, self.rng
        tables, where = self.tables[r], self.where[r]
        home = where[p]
        table_a = tables[home]
        others = [x for x in table_a if x != p]
        row_p = meet[p]
        leave_p = 0
        for x in others:
            leave_p += row_p[x] - 1
        partners = self.partners
        if partners:
            mate = self.mate
            pos_p = table_a.index(p)
            partner_p = table_a[(pos_p + 2) % 4]
            leave_mate_p = mate[p][partner_p] - 1
        ntables = len(tables)
        base = (r * n) * ntables
        choices: list[tuple[int, int, int]] = []
        best = None
        for t, table_b in enumerate(tables):
            if t == home:
                continue
            join_p = 0
            for y in table_b:
                join_p += row_p[y]
            p_tabu = tabu.get(base + p * ntables + t, 0) > iteration
            size_b = len(table_b)
            cross = size_b != len(table_a)
            for pos_q, q in enumerate(table_b):
                if cross and not self._fives_allow(p, q, size_b):
                    continue
                row_q = meet[q]
                delta = join_p - row_p[q] - leave_p + size_b - 1
                for x in others:
                    delta += row_q[x]
                for y in table_b:
                    delta -= row_q[y]
                if partners:
                    partner_q = table_b[(pos_q + 2) % 4]
                    delta += PARTNER_WEIGHT * (
                        mate[p][partner_q]
                        - leave_mate_p
                        + mate[q][partner_p]
                        - (mate[q][partner_q] - 1)
                    )
                if (
                    p_tabu or tabu.get(base + q * ntables + home, 0) > iteration
                ) and self.cost + delta >= best_cost:
                    continue
                if best is None or delta < best:
                    best, choices = delta, [(0, t, q)]
                elif delta == best:
                    choices.append((0, t, q))
        if partners:
            # Re-pairing p's own table: p partners either of the two players beside them.
            for side in (1, 3):
                other = table_a[(pos_p + side) % 4]
                other_partner = table_a[(pos_p + side + 2) % 4]
                delta = PARTNER_WEIGHT * (
                    mate[p][other]
                    + mate[partner_p][other_partner]
                    - leave_mate_p
                    - (mate[other][other_partner] - 1)
                )
                if best is None or delta < best:
                    best, choices = delta, [(1, home, other)]
                elif delta == best:
                    choices.append((1, home, other))
        if not choices:
            return None
        return best, choices[rng.randrange(len(choices))]

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

    def _apply(self, r, p, move, iteration, tabu) -> None:
        kind, t, q = move
        tables, where = self.tables[r], self.where[r]
        home = where[p]
        table_a, table_b = tables[home], tables[t]
        touched = set(table_a) | set(table_b)
        before = self._local_cost(touched)
        self._add_table(table_a, -1)
        if kind == 0:
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

    def _local_cost(self, players: set[int]) -> int:
        ids = sorted(players)
        return sum(self._pair_cost(a, b) for a, b in combinations(ids, 2))

    def _shake(self) -> None:
        """A few random swaps, in rounds that hold a repeat, to leave a local minimum."""
        rng, n = self.rng, self.n
        for _ in range(SHAKE_SWAPS):
            if not self.bad:
                return
            a, b = divmod(self.bad[rng.randrange(len(self.bad))], n)
            together = [r for r, where in enumerate(self.where) if where[a] == where[b]]
            r = rng.choice(together)
            tables = self.tables[r]
            home = self.where[r][a]
            size = len(tables[home])
            same = [i for i in range(len(tables)) if i != home and len(tables[i]) == size]
            if not same:
                continue
            t = rng.choice(same)
            q = rng.choice(tables[t])
            self._apply(r, a, (0, t, q), 0, {})

    # -- seats ---------------------------------------------------------------------------------

    def assign_seats(self) -> None:
        """Orders each drawn table into seats: first table by table, the order that suits its
        players' seat counts best, then pairs of seats are rebalanced along alternating chains
        across the drawn rounds (see ``_rebalance``)."""
        seats, rng = self.seats, self.rng
        self.order: list[list[list[int]]] = []
        for tables in self.tables:
            ordered = []
            for table in tables:
                best, choices = None, []
                for perm in _orders(len(table), self.partners):
                    cost = 0
                    for s, i in enumerate(perm):
                        counts = seats[table[i]]
                        over = counts[s] - min(counts[: len(table)])
                        cost += over * over
                        if self.partners:
                            # Sides first: within a side, partners can still trade seats later.
                            side = self._side(table[i]) + (1 if s % 2 == 0 else -1)
                            cost += SIDE_WEIGHT * side * side
                    if best is None or cost < best:
                        best, choices = cost, [perm]
                    elif cost == best:
                        choices.append(perm)
                perm = choices[rng.randrange(len(choices))]
                seated = [table[i] for i in perm]
                for s, p in enumerate(seated):
                    seats[p][s] += 1
                ordered.append(seated)
            self.order.append(ordered)
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

    def _side(self, p: int) -> int:
        """How many more times ``p`` sat on seats 0 and 2 than on seats 1 and 3."""
        c = self.seats[p]
        return c[0] + c[2] - c[1] - c[3]

    def _balance_sides(self) -> None:
        """Swaps the two partnerships of tables so that each player sits on the even seats
        about as often as on the odd ones. First every swap that helps; then a bounded random
        walk from the players still two or more off, also taking swaps that change nothing, as
        a fix often needs a chain of them."""
        seats, side = self.seats, self._side

        def gain(seated: list[int]) -> int:
            # Swapping moves each even-seat player's side by -2 and each odd-seat one's by +2,
            # which changes the sum of squared sides by 16 - 4 * gain.
            return side(seated[0]) + side(seated[2]) - side(seated[1]) - side(seated[3])

        def swap(seated: list[int]) -> None:
            for s, p in enumerate(seated):
                seats[p][s] -= 1
            seated[:] = [seated[1], seated[0], seated[3], seated[2]]
            for s, p in enumerate(seated):
                seats[p][s] += 1

        changed = True
        while changed:
            changed = False
            for ordered in self.order:
                for seated in ordered:
                    if gain(seated) > 4:
                        swap(seated)
                        changed = True
        tables_of: list[list[list[int]]] = [[] for _ in range(self.n)]
        for ordered in self.order:
            for seated in ordered:
                for p in seated:
                    tables_of[p].append(seated)

        def excess(p: int, change: int = 0) -> int:
            over = abs(side(p) + change) - 1
            return over * over if over > 0 else 0

        def delta(seated: list[int]) -> int:
            return sum(excess(p, -2 if s % 2 == 0 else 2) - excess(p) for s, p in enumerate(seated))

        rng = self.rng
        energy = sum(excess(p) for p in range(self.n))
        best = energy
        best_order = [[list(t) for t in ordered] for ordered in self.order]
        steps = SIDE_WALK * len(self.order) * len(self.sizes)
        for step in range(steps):
            if energy == 0:
                break
            off = [p for p in range(self.n) if excess(p)]
            p = off[rng.randrange(len(off))]
            heavy = [t for t in tables_of[p] if (t.index(p) % 2 == 0) == (side(p) > 0)]
            if not heavy:
                continue  # the imbalance comes from the history
            seated = heavy[rng.randrange(len(heavy))]
            change = delta(seated)
            # Annealing: worse swaps are taken less and less often, to get out of dead ends.
            heat = 2.0 * (1 - step / steps) + 0.05
            if change <= 0 or rng.random() < math.exp(-change / heat):
                swap(seated)
                energy += change
                if energy < best:
                    best = energy
                    best_order = [[list(t) for t in ordered] for ordered in self.order]
        if energy > best:
            for ordered, kept in zip(self.order, best_order, strict=True):
                for seated, order in zip(ordered, kept, strict=True):
                    if seated != order:
                        swap(seated)

    def _rebalance(self, a: int, b: int) -> bool:
        """Balances seats ``a`` and ``b``. Each drawn table with both seats is an arc from the
        player in seat a to the player in seat b; reversing a path of arcs from a player with
        too many a's to one with too many b's moves one a along the path and changes nobody
        else's counts. Without history this leaves every player within one of even."""
        seats = self.seats
        changed = False
        while True:
            arcs: dict[int, list[tuple[int, int, int]]] = {}
            for r, ordered in enumerate(self.order):
                for t, seated in enumerate(ordered):
                    if len(seated) > b:
                        arcs.setdefault(seated[a], []).append((r, t, seated[b]))
            excess = {p: seats[p][a] - seats[p][b] for p in arcs}
            path = None
            lowest = min(seats[p][a] - seats[p][b] for p in range(self.n))
            for start in sorted(excess, key=lambda p: (-excess[p], p)):
                if excess[start] < lowest + 3:
                    break
                path = self._path(start, arcs, seats, a, b, excess[start] - 3)
                if path:
                    break
            if not path:
                return changed
            for r, t in path:
                seated = self.order[r][t]
                x, y = seated[a], seated[b]
                seated[a], seated[b] = y, x
                seats[x][a] -= 1
                seats[x][b] += 1
                seats[y][b] -= 1
                seats[y][a] += 1
            changed = True

    @staticmethod
    def _path(start, arcs, seats, a, b, limit):
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

    # -- the result ----------------------------------------------------------------------------

    def plan(self, stopped: bool) -> SeatingPlan:
        roster, n = self.roster, self.n
        first = len(self.past) + 1
        rounds = tuple(
            tuple(tuple(roster[p] for p in seated) for seated in ordered) for ordered in self.order
        )
        new_meet = [[0] * n for _ in range(n)]
        new_mate = [[0] * n for _ in range(n)]
        met_rounds: dict[int, list[int]] = {k: list(v) for k, v in self.hist_rounds.items()}
        mate_rounds: dict[int, list[int]] = {}
        for number, ordered in enumerate(self.order, start=first):
            for seated in ordered:
                for i, a in enumerate(seated):
                    for j in range(i + 1, len(seated)):
                        b = seated[j]
                        new_meet[a][b] += 1
                        new_meet[b][a] += 1
                        met_rounds.setdefault(min(a, b) * n + max(a, b), []).append(number)
                        if self.partners and j - i == 2:
                            new_mate[a][b] += 1
                            new_mate[b][a] += 1
                            mate_rounds.setdefault(min(a, b) * n + max(a, b), []).append(number)
        repeated, by_player, repeats = _repeats(roster, self.hist_meet, new_meet, met_rounds)
        if self.partners:
            hist_mate_rounds: dict[int, list[int]] = {}
            for number, tables in enumerate(self.past, start=1):
                for table in tables:
                    if len(table) != 4:
                        continue
                    for x, y in ((table[0], table[2]), (table[1], table[3])):
                        if x in self.index and y in self.index:
                            i, j = sorted((self.index[x], self.index[y]))
                            hist_mate_rounds.setdefault(i * n + j, []).append(number)
            for key, numbers in mate_rounds.items():
                hist_mate_rounds.setdefault(key, []).extend(numbers)
            mates, _, mate_repeats = _repeats(roster, self.hist_mate, new_mate, hist_mate_rounds)
        else:
            mates, mate_repeats = (), 0
        unavoidable = self._unavoidable(new_meet)
        common = min(self.sizes)
        spread = max(max(c[:common]) - min(c[:common]) for c in self.seats)
        fives = {roster[p]: self.fives[p] for p in range(n)}
        notes = self._notes(repeats, repeated, unavoidable, mate_repeats, mates, spread, stopped)
        report = SeatingReport(
            repeats=repeats,
            repeated_pairs=repeated,
            repeats_by_player={roster[p]: by_player[p] for p in range(n)},
            unavoidable_repeats=unavoidable,
            partner_repeats=mate_repeats,
            repeated_partners=mates,
            seat_counts={roster[p]: tuple(self.seats[p]) for p in range(n)},
            seat_spread=spread,
            five_table_counts=fives,
            stopped_by_time=stopped,
            notes=notes,
        )
        return SeatingPlan(rounds=rounds, first_round=first, report=report)

    def _unavoidable(self, new_meet: list[list[int]]) -> int:
        """Each player's meetings in the drawn rounds, less the players they have not met yet."""
        n, hist = self.n, self.hist_meet
        total = 0
        for a in range(n):
            meetings = sum(new_meet[a])
            unmet = sum(1 for b in range(n) if b != a and hist[a][b] == 0)
            total += max(0, meetings - unmet)
        return (total + 1) // 2

    def _notes(self, repeats, repeated, unavoidable, mate_repeats, mates, spread, stopped):
        n, sizes = self.n, self.sizes
        fours, fives = sizes.count(4), sizes.count(5)
        layout = []
        if fours:
            layout.append(f"{fours} table{'s' if fours != 1 else ''} of 4")
        if fives:
            layout.append(f"{fives} table{'s' if fives != 1 else ''} of 5")
        rounds = "each round" if self.rounds == 1 else f"each of {self.rounds} rounds"
        notes = [f"{n} players, {' and '.join(layout)} in {rounds}."]
        if fives and fours:
            low, high = min(self.fives), max(self.fives)
            times = f"{low} times" if low == high else f"{low} to {high} times"
            notes.append(
                f"{n} is not a multiple of 4, so {fives} table{'s' if fives != 1 else ''} of 5 "
                f"(the dealer sits out each deal); each player sits at one {times}"
                f"{', history included' if self.past else ''}."
            )
        if repeats == 0:
            notes.append("Nobody meets a player they have met before.")
        else:
            worst = max(p.times for p in repeated)
            notes.append(
                f"{len(repeated)} pair{'s' if len(repeated) != 1 else ''} of players meet again "
                f"({repeats} repeat meeting{'s' if repeats != 1 else ''}; "
                f"the most often any pair meets is {worst})."
            )
            if unavoidable:
                notes.append(
                    f"At least {unavoidable} repeat meeting{'s are' if unavoidable != 1 else ' is'}"
                    " unavoidable: players meet more people than the field has left to meet."
                )
        if self.partners:
            if mate_repeats == 0:
                notes.append("Nobody has the same partner twice.")
            else:
                notes.append(
                    f"{len(mates)} pair{'s' if len(mates) != 1 else ''} partner each other again."
                )
        if spread <= 1:
            notes.append("Each player's seat counts differ by at most one.")
        else:
            notes.append(f"Some player sits in one seat {spread} times more than in another.")
        if stopped:
            notes.append("The search stopped at the time limit; a longer one may do better.")
        return tuple(notes)


def _repeats(roster, hist, new, rounds_of):
    """Pairs that meet in a drawn round after having met before; and the count of such
    meetings, overall and per player."""
    n = len(roster)
    repeated = []
    by_player = [0] * n
    total = 0
    for a in range(n):
        row_new, row_hist = new[a], hist[a]
        for b in range(a + 1, n):
            k = row_new[b]
            if not k:
                continue
            again = k if row_hist[b] else k - 1
            if again:
                total += again
                by_player[a] += again
                by_player[b] += again
                repeated.append(
                    RepeatedPair(
                        players=(roster[a], roster[b]),
                        times=k + row_hist[b],
                        rounds=tuple(rounds_of[a * n + b]),
                    )
                )
    repeated.sort(key=lambda p: -p.times)
    return tuple(repeated), by_player, total


def _orders(size: int, partners: bool) -> list[tuple[int, ...]]:
    """The ways to seat a table's players: every order, or in partnership games (players 0 and
    2, 1 and 3 partners) the eight orders that keep partners opposite."""
    if not partners:
        return _ALL_ORDERS[size]
    return _PARTNER_ORDERS


_ALL_ORDERS = {size: list(permutations(range(size))) for size in (4, 5)}
_PARTNER_ORDERS = [
    (w, x, y, z)
    for w, y in ((0, 2), (2, 0), (1, 3), (3, 1))
    for x, z in (((1, 3), (3, 1)) if w in (0, 2) else ((0, 2), (2, 0)))
]


def _water_fill(counts: list[int], extra: int) -> int:
    """The least sum of m(m-1)/2 after adding ``extra`` meetings to ``counts``."""
    if not counts:
        return 0
    heap = list(counts)
    heapq.heapify(heap)
    for _ in range(extra):
        heapq.heapreplace(heap, heap[0] + 1)
    return sum(m * (m - 1) // 2 for m in heap)
