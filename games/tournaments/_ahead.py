"""The Swiss draw's look-ahead: can the rounds still to come all be drawn *clean*, that is
without a rematch and with every bye to a pair with the fewest byes (no second bye while a pair
has none)?

Pure Python on bit masks, used by ``pairing.swiss_round``. Pairs are numbered 0..n-1; ``free[v]``
is the mask of the pairs ``v`` has not met; ``byes[v]`` how many byes ``v`` has had. An odd field
gives one bye a round, so a clean round is a perfect matching of the not-met graph on all pairs
but one, the one with the bye being among those with the fewest byes.

Two answers:

- ``surely_clean``: a sufficient condition that needs no search (Dirac: a graph on N vertices, N
  even, whose every vertex has at least N/2 neighbours has a perfect matching, and a perfect
  matching taken out lowers every degree by exactly one). It holds in large fields, where
  rematch-free rounds are abundant.
- ``Search.clean``: an exact backtracking over the matchings of the rounds to come, with failed
  states remembered and a bound on the work (``Search.budget`` nodes; past it the search raises
  ``OutOfBudget`` and the caller decides without it). It prunes a state as soon as the field
  has fewer not-met pairings left than the games still to play, or a pair has fewer opponents
  left than its games.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


class OutOfBudget(Exception):
    """The look-ahead used up its work bound before it knew the answer."""


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def most_byes(byes: Sequence[int], v: int, rounds: int) -> int:
    """The most byes pair ``v`` can get in ``rounds`` clean rounds: its j-th needs every other
    pair to have had at least as many byes as ``v`` had before it, each of those byes taking a
    round of its own."""
    mine = byes[v]
    most = 0
    for j in range(1, rounds + 1):
        level = mine + j - 1
        before = j - 1 + sum(level - b for u, b in enumerate(byes) if u != v and b < level)
        if before + 1 > rounds:
            break
        most = j
    return most


def surely_clean(free: Sequence[int], byes: Sequence[int] | None, rounds: int) -> bool:
    """True when ``rounds`` clean rounds can surely follow (Dirac's condition on the not-met
    graph, with a bye vertex next to the pairs with the fewest byes for an odd field); False
    says nothing."""
    if rounds <= 0:
        return True
    n = len(free)
    vertices = n + (n % 2)
    need = vertices // 2 + rounds - 1
    if byes is None:
        return all(f.bit_count() >= need for f in free)
    fewest = min(byes)
    eligible = sum(1 for b in byes if b == fewest)
    if eligible < need:
        return False
    return all(f.bit_count() + (b == fewest) >= need for f, b in zip(free, byes, strict=True))


class Search:
    """One draw's exact look-ahead; the states found to fail are kept between calls."""

    def __init__(self, n: int, budget: int) -> None:
        self.n = n
        self.odd = n % 2 == 1
        self.budget = budget
        self.nodes = 0
        self.failed: set[tuple] = set()
        self._spares: dict[tuple, tuple[int, ...]] = {}

    def clean(self, free: tuple[int, ...], byes: tuple[int, ...], rounds: int) -> bool:
        """Whether ``rounds`` clean rounds can follow the state (``free``, ``byes``)."""
        if rounds <= 0:
            return True
        fewest = min(byes) if self.odd else 0
        relative = tuple(b - fewest for b in byes) if self.odd else ()
        key = (free, relative, rounds)
        if key in self.failed:
            return False
        if not self.possible(free, relative, rounds):
            self.failed.add(key)
            return False
        everybody = (1 << self.n) - 1
        if self.odd:
            eligible = [v for v in range(self.n) if relative[v] == 0]
            # The pair with the fewest opponents left first: a bye spares it a game.
            eligible.sort(key=lambda v: free[v].bit_count())
            sitting = [(v, everybody & ~(1 << v)) for v in eligible]
        else:
            sitting = [(None, everybody)]
        for bye, playing in sitting:
            after = relative
            if bye is not None:
                after = (*relative[:bye], relative[bye] + 1, *relative[bye + 1 :])
            for games in self._matchings(free, playing):
                rest = list(free)
                for a, b in games:
                    rest[a] &= ~(1 << b)
                    rest[b] &= ~(1 << a)
                if self.clean(tuple(rest), after, rounds - 1):
                    return True
        self.failed.add(key)
        return False

    def possible(self, free: Sequence[int], byes: Sequence[int], rounds: int) -> bool:
        """False when ``rounds`` clean rounds surely cannot follow: the field has fewer not-met
        pairings left than the games of those rounds (n // 2 each), or a pair fewer opponents
        left than the rounds in which it plays (all but its byes)."""
        if sum(f.bit_count() for f in free) < 2 * rounds * (self.n // 2):
            return False
        if self.odd:
            fewest = min(byes)
            spares = self._spare(tuple(b - fewest for b in byes), rounds)
        else:
            spares = (0,) * self.n
        return all(free[v].bit_count() >= rounds - spares[v] for v in range(self.n))

    def _spare(self, relative: tuple[int, ...], rounds: int) -> tuple[int, ...]:
        if not self.odd:
            return (0,) * self.n
        spares = self._spares.get((relative, rounds))
        if spares is None:
            spares = tuple(most_byes(relative, v, rounds) for v in range(self.n))
            self._spares[relative, rounds] = spares
        return spares

    def _matchings(self, free: Sequence[int], mask: int) -> Iterator[list[tuple[int, int]]]:
        """Every perfect matching of the pairs in ``mask`` on not-met edges, most constrained
        pair first."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if not mask:
            yield []
            return
        v = min(bits(mask), key=lambda u: (free[u] & mask).bit_count())
        options = free[v] & mask
        if not options:
            return
        rest = mask & ~(1 << v)
        for u in sorted(bits(options), key=lambda u: (free[u] & rest).bit_count()):
            for tail in self._matchings(free, rest & ~(1 << u)):
                yield [(v, u), *tail]
