"""Standings: pairs (or teams) events by match points and tie-breaks, individual events by total.

Vocabulary, used the same way in the whole module:

- *entrant*: whoever is ranked (a pair, a team, a player), named by any hashable.
- *result*: one match between two entrants, or a bye (``b`` is ``None``); *points* are what the
  match was played for (card points, games won), *match points* what it earned in the
  standings (2 for a win and 1 for a draw, unless given: VP scales work as well).
- *tie-break*: what separates entrants level on match points, applied in the order given to
  those still level after the ones before; each is a class in the registry of
  ``games.tournaments.tie_breaks`` (difference, Buchholz, Sonneborn-Berger, head to head).

Byes count for match points and difference but bring no opponent into Buchholz or
Sonneborn-Berger. Sums are exact (floats are summed as fractions), so entrants with the same
results always tie; entrants level on everything share a rank, and are listed by difference
(when it is not among the tie-breaks, it still orders the lines a reader compares), then in the
order given.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

from ._input import listed_once
from .tie_breaks import TIE_BREAKS, Field, Number, TieBreak

Entrant = Hashable

WIN, DRAW, LOSS = 2, 1, 0  # match points when a result gives none


@dataclass(frozen=True)
class Result:
    """One match, or a bye when ``b`` is ``None``. Match points left out are worked out from
    the points: ``WIN``, ``DRAW`` or ``LOSS``; a bye without match points counts as a win."""

    a: Entrant
    b: Entrant | None
    points_a: Number = 0
    points_b: Number = 0
    match_points_a: Number | None = None
    match_points_b: Number | None = None


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``tie_breaks`` holds the value of each requested tie-break
    (``head_to_head`` only where it was needed: it depends on who is level). ``decided_by``
    names what finally separated the entrant from those level with them (``"match_points"``
    when nobody was), or is ``None`` when the rank is shared."""

    rank: int
    entrant: Entrant
    match_points: Number
    played: int
    byes: int
    tie_breaks: Mapping[str, Number | None]
    shared: bool
    decided_by: str | None
    difference: Number = 0  # points scored less points conceded, whether a tie-break or not


@dataclass(frozen=True)
class IndividualStanding:
    rank: int
    player: Entrant
    total: Number
    rounds: tuple[Number, ...]
    shared: bool


def rank(
    *,
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    tie_breaks: Sequence[str] = (),
) -> tuple[Standing, ...]:
    """Ranks ``entrants`` by match points, then by ``tie_breaks`` in order (see the module's
    docstring). Entrants level on everything share a rank, listed by difference, then in the
    order given."""
    field = listed_once(entrants, "Entrants")
    breaks = _check_tie_breaks(tie_breaks)
    index = {e: i for i, e in enumerate(field)}
    n = len(field)
    match_points: list[Number] = [0] * n
    difference: list[Number] = [0] * n
    played = [0] * n
    byes = [0] * n
    # Each entrant's matches as (opponent, own match points, opponent's match points).
    games: list[list[tuple[int, Number, Number]]] = [[] for _ in range(n)]
    for number, result in enumerate(results, start=1):
        a, b, pa, pb, ma, mb = _read(result, number, index)
        match_points[a] += ma
        difference[a] += pa - pb
        if b is None:
            byes[a] += 1
            continue
        match_points[b] += mb
        difference[b] += pb - pa
        played[a] += 1
        played[b] += 1
        games[a].append((b, ma, mb))
        games[b].append((a, mb, ma))

    results_of = Field(match_points=match_points, difference=difference, byes=byes, games=games)
    values: dict[str, list[Number | None]] = {
        tie_break.slug: [None] * n if tie_break.within_group else tie_break.values(results_of)
        for tie_break in breaks
    }
    decided: list[str | None] = [None] * n

    def split(group: list[int], depth: int) -> list[list[int]]:
        """Orders a group level on everything before ``breaks[depth]`` into groups still level."""
        if len(group) == 1:
            return [group]
        if depth == len(breaks):
            # Level on everything: one shared rank, its lines by difference (stable).
            return [sorted(group, key=lambda i: difference[i], reverse=True)]
        tie_break = breaks[depth]
        name = tie_break.slug
        if tie_break.within_group:
            for i, value in tie_break.values_within(results_of, group).items():
                values[name][i] = value
        key = values[name]
        group = sorted(group, key=lambda i: key[i], reverse=True)
        parts: list[list[int]] = []
        for i in group:
            if parts and key[parts[-1][0]] == key[i]:
                parts[-1].append(i)
            else:
                parts.append([i])
        if len(parts) > 1:
            for part in parts:
                if len(part) == 1:
                    decided[part[0]] = name
        return [final for part in parts for final in split(part, depth + 1)]

    by_points = sorted(range(n), key=lambda i: match_points[i], reverse=True)
    ordered: list[list[int]] = []
    start = 0
    while start < n:
        end = start
        while end < n and match_points[by_points[end]] == match_points[by_points[start]]:
            end += 1
        group = by_points[start:end]
        if len(group) == 1:
            decided[group[0]] = "match_points"
        ordered.extend(split(group, 0))
        start = end

    standings = []
    place = 1
    for group in ordered:
        for i in group:
            standings.append(
                Standing(
                    rank=place,
                    entrant=field[i],
                    match_points=_plain(match_points[i]),
                    played=played[i],
                    byes=byes[i],
                    tie_breaks={t.slug: _plain(values[t.slug][i]) for t in breaks},
                    shared=len(group) > 1,
                    decided_by=decided[i] if len(group) == 1 else None,
                    difference=_plain(difference[i]),
                )
            )
        place += len(group)
    return tuple(standings)


def rank_individual(
    *,
    totals: Mapping[Entrant, Sequence[Number]],
    lower_is_better: bool = False,
) -> tuple[IndividualStanding, ...]:
    """Ranks the players of an individual event by the sum of their rounds' units or points
    (rounds not played are simply left out). Equal totals share a rank and keep the order given.
    Players who have not played a round yet come after those who have, whatever the totals: a
    0 that is no result does not rank above a loss."""
    sums = {}
    for player, rounds in totals.items():
        try:
            sums[player] = sum((_exact(v) for v in rounds), start=0)
        except TypeError:
            raise ValueError(f"The rounds of {player!r} must be numbers: {rounds!r}.") from None
    ordered = sorted(sums, key=sums.__getitem__, reverse=not lower_is_better)
    ordered.sort(key=lambda player: not totals[player])  # stable: the unplayed go last

    def level(player) -> tuple[bool, Number]:
        return (not totals[player], sums[player])

    standings = []
    place = 1
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and level(ordered[end]) == level(ordered[start]):
            end += 1
        for player in ordered[start:end]:
            standings.append(
                IndividualStanding(
                    rank=place,
                    player=player,
                    total=_plain(sums[player]),
                    rounds=tuple(totals[player]),
                    shared=end - start > 1,
                )
            )
        place += end - start
        start = end
    return tuple(standings)


# --- helpers -------------------------------------------------------------------------------------


def _check_tie_breaks(tie_breaks: Sequence[str]) -> tuple[TieBreak, ...]:
    if isinstance(tie_breaks, str):
        tie_breaks = (tie_breaks,)
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise ValueError(
            f"Unknown tie-break {', '.join(map(repr, unknown))}; "
            f"choose from {', '.join(TIE_BREAKS)}."
        )
    if len(set(tie_breaks)) != len(tie_breaks):
        raise ValueError("A tie-break is listed twice; each one can only decide once.")
    return tuple(TIE_BREAKS[t] for t in tie_breaks)


def _read(result: Result, number: int, index: Mapping[Entrant, int]):
    """One result as indices and exact numbers, with its match points worked out."""
    if result.a is None:
        raise ValueError(f"Result {number} names no entrant: only b may be None, for a bye.")
    for who in (result.a, result.b):
        if who is not None and who not in index:
            raise ValueError(f"Result {number} names {who!r}, who is not an entrant.")
    if result.a == result.b:
        raise ValueError(f"Result {number} has {result.a!r} playing themselves.")
    try:
        pa, pb = _exact(result.points_a), _exact(result.points_b)
        ma = None if result.match_points_a is None else _exact(result.match_points_a)
        mb = None if result.match_points_b is None else _exact(result.match_points_b)
    except TypeError:
        raise ValueError(f"Result {number} has points that are not numbers.") from None
    b = None if result.b is None else index[result.b]
    if b is None:
        return index[result.a], None, pa, pb, WIN if ma is None else ma, 0
    if (ma is None) != (mb is None):
        raise ValueError(f"Result {number} gives match points to one side only.")
    if ma is None:
        ma, mb = (WIN, LOSS) if pa > pb else (LOSS, WIN) if pa < pb else (DRAW, DRAW)
    return index[result.a], b, pa, pb, ma, mb


def _exact(value: Number) -> int | Fraction:
    """Ints stay ints (fast); other numbers become exact fractions, so equal sums are equal."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal | Rational):
        raise TypeError(value)
    if isinstance(value, int):
        return value
    return Fraction(value)


def _plain(value: Number | None) -> Number | None:
    """Exact fractions back to ints or floats for display."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value
