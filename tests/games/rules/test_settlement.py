"""Netting balances into the fewest transfers."""

from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.settlement import minimal_transfers, to_money


def apply(balances, transfers):
    after = dict(balances)
    for t in transfers:
        assert t.value > 0
        after[t.payer] += t.value
        after[t.payee] -= t.value
    return after


def brute_force_minimum(balances) -> int:
    """n - g, g the largest number of zero-sum groups, by trying every split."""
    items = [v for v in balances.values() if v]

    def most_groups(values):
        if not values:
            return 0
        first, rest = values[0], values[1:]
        best = 0
        for size in range(len(rest) + 1):
            for chosen in combinations(range(len(rest)), size):
                if first + sum(rest[i] for i in chosen) == 0:
                    left = [v for i, v in enumerate(rest) if i not in chosen]
                    best = max(best, 1 + most_groups(left))
        return best

    return len(items) - most_groups(items)


@pytest.mark.parametrize(
    ("balances", "count"),
    [
        ({0: 0, 1: 0, 2: 0, 3: 0}, 0),
        ({0: 5, 1: -5}, 1),
        ({0: 5, 1: -5, 2: 3, 3: -3}, 2),  # two pairs: two transfers, not three
        ({0: 10, 1: -3, 2: -7, 3: 0}, 2),
        ({0: 7, 1: -7, 2: 7, 3: -7}, 2),
        ({0: 4, 1: 4, 2: -3, 3: -5}, 3),
        ({0: 2, 1: 3, 2: -5, 3: 1, 4: -1}, 3),
    ],
)
def test_the_fewest_transfers_settle_the_table(balances, count):
    transfers = minimal_transfers(balances)

    assert len(transfers) == count
    assert all(v == 0 for v in apply(balances, transfers).values())


def test_balances_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        minimal_transfers({0: 1, 1: 0})


def test_money_is_rounded_half_up_to_the_cent():
    assert to_money(7, Decimal("0.125")) == Decimal("0.88")
    assert to_money(-7, Decimal("0.125")) == Decimal("-0.88")
    assert to_money(3, Decimal("0.10")) == Decimal("0.30")


def zero_sum_balances(max_players=6):
    return st.lists(st.integers(-40, 40), min_size=1, max_size=max_players - 1).map(
        lambda values: dict(enumerate([*values, -sum(values)]))
    )


@given(zero_sum_balances())
def test_transfers_reproduce_the_balances_with_the_minimum_count(balances):
    transfers = minimal_transfers(balances)

    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) == brute_force_minimum(balances)
    assert len(transfers) <= max(len([v for v in balances.values() if v]) - 1, 0)


@given(st.lists(st.integers(-500, 500), min_size=17, max_size=30))
def test_large_evenings_still_settle_within_n_minus_one(values):
    balances = dict(enumerate([*values, -sum(values)]))

    transfers = minimal_transfers(balances)

    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) <= len(balances) - 1
