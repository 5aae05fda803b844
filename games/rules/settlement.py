"""Settling up: turning balances into the fewest transfers that pay everybody.

A table of n players with non-zero balances needs n - g transfers, where g is the largest number
of groups the players can be split into with each group's balances summing to zero: inside a
group of k players, k - 1 transfers always suffice, and no fewer can settle it. Finding g exactly
is a search over subsets (the classic "optimal account balancing"); at a card table n is small,
so the exact search is cheap, and for large evenings we fall back to greedy netting, which never
needs more than n - 1 transfers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
Number = TypeVar("Number", int, Decimal)

EXACT_LIMIT = 16  # 2^16 subsets: well under a millisecond's worth of work per subset
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Transfer:
    payer: Hashable
    payee: Hashable
    value: int | Decimal


def _zero_sum_groups(items: list[tuple[K, Number]]) -> list[list[tuple[K, Number]]]:
    """Splits the items into the largest number of zero-sum groups."""
    n = len(items)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    groups = [0] * (1 << n)  # the most zero-sum groups that a set's members can be split into
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + items[low.bit_length() - 1][1]
        best = 0
        rest = mask
        while rest:
            bit = rest & -rest
            best = max(best, groups[mask ^ bit])
            rest ^= bit
        groups[mask] = best + (1 if sums[mask] == 0 else 0)
    # Walk back: remove, one by one, a member whose removal keeps the best count; in the
    # resulting order every prefix that sums to zero closes a group.
    order: list[int] = []
    mask = full
    while mask:
        closing = 1 if sums[mask] == 0 else 0
        rest = mask
        while rest:
            bit = rest & -rest
            if groups[mask ^ bit] + closing == groups[mask]:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
            rest ^= bit
    order.reverse()
    result, current, running = [], [], 0
    for index in order:
        current.append(items[index])
        running += items[index][1]
        if running == 0:
            result.append(current)
            current = []
    if current:
        result.append(current)
    return result


def _net(group: list[tuple[K, Number]]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are even: at most len(group) - 1."""
    debtors = sorted(((-v, k) for k, v in group if v < 0), key=lambda x: (-x[0], str(x[1])))
    creditors = sorted(((v, k) for k, v in group if v > 0), key=lambda x: (-x[0], str(x[1])))
    transfers = []
    d = c = 0
    debts = [list(x) for x in debtors]
    credits = [list(x) for x in creditors]
    while d < len(debts) and c < len(credits):
        value = min(debts[d][0], credits[c][0])
        transfers.append(Transfer(debts[d][1], credits[c][1], value))
        debts[d][0] -= value
        credits[c][0] -= value
        if debts[d][0] == 0:
            d += 1
        if credits[c][0] == 0:
            c += 1
    return transfers


def minimal_transfers(balances: Mapping[K, Number]) -> list[Transfer]:
    """Transfers that bring every balance to zero: the fewest possible for up to 16 non-zero
    balances, never more than n - 1. Balances must sum to zero."""
    if sum(balances.values()) != 0:
        raise ValueError("Balances must sum to zero to be settled.")
    items = [(k, v) for k, v in balances.items() if v != 0]
    if len(items) > EXACT_LIMIT:
        return _net(items)
    return [t for group in _zero_sum_groups(items) for t in _net(group)]


def to_money(units: int | Decimal, stake: Decimal) -> Decimal:
    return (Decimal(units) * stake).quantize(CENT, rounding=ROUND_HALF_UP)
