"""``seat_rounds``: checks its input and runs the phases of a draw in turn."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .._input import listed_once
from .construction import Construction, check_history, split_tables
from .core import Player
from .report import Report, SeatingPlan
from .search import SEARCH_EFFORT, Search
from .seats import Seats


class Draw(Construction, Search, Seats, Report):
    """One draw: each phase's methods over the state in ``DrawState``."""


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
    past = check_history(history)
    draw = Draw(roster, sizes, rounds, partners, past, random.Random(seed))
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    draw.construct()
    stopped = draw.search(deadline, effort)
    draw.assign_seats()
    return draw.plan(stopped)
