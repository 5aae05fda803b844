"""The Swiss draw's look-ahead (games.tournaments._ahead) checked against a brute force over
every sequence of rounds on small fields."""

import functools
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments._ahead import Search, most_byes, surely_clean


def perfect_matchings(free, players):
    if not players:
        yield []
        return
    v, rest = players[0], players[1:]
    for k, u in enumerate(rest):
        if free[v] >> u & 1:
            for tail in perfect_matchings(free, rest[:k] + rest[k + 1 :]):
                yield [(v, u), *tail]


def brute_clean(free, byes, rounds):
    """Whether ``rounds`` clean rounds can follow, trying every draw of every round."""
    return _brute_clean(tuple(free), tuple(byes), rounds)


# Remembered by state: the same field is met again down many branches (and across examples),
# and trying every draw anew each time is what made this test the suite's slowest.
@functools.cache
def _brute_clean(free, byes, rounds):
    if rounds == 0:
        return True
    n = len(free)
    sitting = [v for v in range(n) if byes[v] == min(byes)] if n % 2 else [None]
    for bye in sitting:
        players = [v for v in range(n) if v != bye]
        after = list(byes)
        if bye is not None:
            after[bye] += 1
        for games in perfect_matchings(free, players):
            rest = list(free)
            for a, b in games:
                rest[a] &= ~(1 << b)
                rest[b] &= ~(1 << a)
            if _brute_clean(tuple(rest), tuple(after), rounds - 1):
                return True
    return False


@st.composite
def states(draw):
    n = draw(st.integers(2, 7))
    edges = list(combinations(range(n), 2))
    missing = draw(st.sets(st.sampled_from(edges), max_size=len(edges)))
    free = [0] * n
    for a, b in edges:
        if (a, b) not in missing:
            free[a] |= 1 << b
            free[b] |= 1 << a
    byes = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    return free, byes, draw(st.integers(0, n))


@settings(max_examples=300, deadline=None)
@given(states())
def test_the_search_agrees_with_the_brute_force(state):
    free, byes, rounds = state
    expected = brute_clean(free, byes, rounds)
    search = Search(len(free), budget=10**7)
    assert search.clean(tuple(free), tuple(byes), rounds) == expected
    # The cheap checks never contradict it: Dirac's is sufficient, the prune necessary.
    if surely_clean(free, byes if len(free) % 2 else None, rounds):
        assert expected
    if not search.possible(free, byes, rounds):
        assert not expected


def test_the_most_byes_a_pair_can_get():
    # Five pairs, none with a bye: one each in five rounds, a second only in the sixth.
    assert [most_byes([0] * 5, 0, k) for k in (1, 5, 6, 10, 11)] == [1, 1, 2, 2, 3]
    # A pair with a bye waits for the four others.
    assert [most_byes([1, 0, 0, 0, 0], 0, k) for k in (4, 5)] == [0, 1]
