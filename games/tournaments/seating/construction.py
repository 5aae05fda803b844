"""The first phase: the table layout of a round, the history as given, and a greedy first plan
that seats each player next to the players met least."""

from __future__ import annotations

from collections.abc import Sequence

from .core import PARTNER_WEIGHT, DrawState, Player, Table


def split_tables(*, players: int, table_size: int, allow_five: bool = False) -> tuple[int, ...]:
    """The table sizes of one round, tables of 5 first; ``ValueError`` when the count cannot be
    split. With tables of 4 and ``allow_five`` the fewest tables of 5 are used. Tables of 5 or
    6 (Rikken's six, the dealer and the player across sitting out) take a multiple of their
    size."""
    if table_size not in (4, 5, 6):
        raise ValueError(f"Tables seat 4, 5 or 6 players, not {table_size}.")
    if table_size != 4 and allow_five:
        raise ValueError("allow_five applies to tables of 4; tables of 5 already seat five.")
    if players < table_size:
        raise ValueError(
            f"{players} player{'s' if players != 1 else ''} cannot fill a table of {table_size}."
        )
    if table_size in (5, 6):
        left = players % table_size
        if left:
            raise ValueError(
                f"{players} players cannot be split into tables of {table_size}: {left} would "
                f"be left over ({players - left} or {players - left + table_size} would fit)."
            )
        return (table_size,) * (players // table_size)
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


def check_history(history: Sequence[Sequence[Sequence[Player]]] | None) -> list[list[Table]]:
    """The rounds already played as tuples of tables; ``ValueError`` if a round seats a player
    twice."""
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


class Construction(DrawState):
    def construct(self) -> None:
        """Seats the rounds one after another, each player next to the players met least. In a
        field with tables of 4 and 5 the tables of 5 go, round after round, to the players who
        have sat at one least often; the search keeps that balance (see ``_fives_allow``)."""
        for _ in range(self.rounds):
            tables: list[list[int]] = []
            for pool in self._pools():
                while pool:
                    size = self.sizes[len(tables)]
                    table = self._greedy_table(pool, size)
                    if size == 5:
                        for p in table:
                            self.fives[p] += 1
                    tables.append(table)
            self.tables.append(tables)
        self._rebuild()

    def _pools(self) -> list[list[int]]:
        """The players of one round in a random order, split into those who fill the tables of 5
        and the rest when a round has both sizes."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        if not (self.sizes[0] == 5 and self.sizes[-1] == 4):
            return [order]
        # Sorting is stable: among players with as many tables of 5, the shuffle decides.
        order.sort(key=self.fives.__getitem__)
        at_fives = 5 * self.sizes.count(5)
        return [order[:at_fives], order[at_fives:]]

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
