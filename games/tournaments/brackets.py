"""Round robins (Berger tables) and knockouts (a seeded bracket) of a pairs event; the
vocabulary is pairing.py's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from games.rules.messages import Message, msg, nmsg

from ._input import check_pairs, names

Pair = Hashable
Pairing = tuple[Pair, Pair]


@dataclass(frozen=True)
class RoundRobinRound:
    number: int
    pairings: tuple[Pairing, ...]
    bye: Pair | None


@dataclass(frozen=True)
class KnockoutMatch:
    """A knockout match; ``b`` is ``None`` when ``a`` has a bye and goes through."""

    a: Pair
    b: Pair | None


@dataclass(frozen=True)
class KnockoutRound:
    """One round of a knockout, its matches in bracket order: the winners of matches 1 and 2
    meet next, then those of 3 and 4, and so on."""

    number: int
    matches: tuple[KnockoutMatch, ...]
    explanation: tuple[str, ...]


# --- round robin ---------------------------------------------------------------------------------


def round_robin(*, pairs: Sequence[Pair]) -> tuple[RoundRobinRound, ...]:
    """Every pair meets every other once, by Berger tables: with n pairs (n even; an odd field
    gets a dummy, whose opponent has the bye) there are n - 1 rounds. Numbering the pairs 1..n
    in the given order, pair n meets pair a_r in round r, where a_r steps by n/2 (mod n - 1),
    and the others meet as a_r + k v a_r - k (mod n - 1); pair n is away in odd rounds and
    home in even ones, so everybody's home and away counts differ by at most one."""
    field = check_pairs(pairs)
    n = len(field) + len(field) % 2
    numbered = [*field, None]  # None: the dummy of an odd field

    def at(number: int) -> Pair | None:
        return numbered[number - 1]

    rounds = []
    for r in range(1, n):
        a = ((r - 1) * (n // 2)) % (n - 1) + 1
        games = [(a, n) if r % 2 else (n, a)]
        for k in range(1, n // 2):
            games.append(((a - 1 + k) % (n - 1) + 1, (a - 1 - k) % (n - 1) + 1))
        pairings = []
        bye = None
        for home, away in games:
            if at(home) is None or at(away) is None:
                bye = at(away) if at(home) is None else at(home)
            else:
                pairings.append((at(home), at(away)))
        rounds.append(RoundRobinRound(number=r, pairings=tuple(pairings), bye=bye))
    return tuple(rounds)


# --- knockout ------------------------------------------------------------------------------------


def knockout(*, pairs: Sequence[Pair]) -> KnockoutRound:
    """The first round of a knockout, ``pairs`` in seeding order (best first). The bracket has
    the next power of two of places; the missing places are byes, which go to the top seeds.
    Seeds meet 1 v N, 2 v N-1, ..., placed so that seeds 1 and 2 can only meet in the final,
    1 to 4 only in the semi-finals, and so on."""
    field = check_pairs(pairs)
    size = 1
    while size < len(field):
        size *= 2
    matches = []
    for seed in _bracket(size)[::2]:
        low = size + 1 - seed  # the seed's first-round opponent
        matches.append(
            KnockoutMatch(a=field[seed - 1], b=field[low - 1] if low <= len(field) else None)
        )
    byes = size - len(field)
    lines = [
        nmsg(
            "%(pairs)s pairs: a bracket of %(size)s, %(count)s first-round match.",
            "%(pairs)s pairs: a bracket of %(size)s, %(count)s first-round matches.",
            len(matches),
            pairs=len(field),
            size=size,
        )
    ]
    if byes:
        lines.append(
            nmsg(
                "%(count)s bye to the top seed (%(names)s), since %(pairs)s is not a power of two.",
                "%(count)s byes to the top seeds (%(names)s), since %(pairs)s is not a power of "
                "two.",
                byes,
                names=names(field[:byes]),
                pairs=len(field),
            )
        )
    return KnockoutRound(number=1, matches=tuple(matches), explanation=tuple(lines))


def knockout_next(*, previous: KnockoutRound, winners: Iterable[Pair]) -> KnockoutRound:
    """The next knockout round from the ``winners`` of ``previous`` (a pair with a bye goes
    through whether named or not): the winner of match 1 meets the winner of match 2, and so on.
    """
    if len(previous.matches) == 1 and previous.matches[0].b is None:
        raise ValueError(f"The knockout is over: {previous.matches[0].a!r} has won it.")
    named = list(winners)
    twice = [p for p, k in Counter(named).items() if k > 1]
    if twice:
        raise ValueError(f"Named as a winner twice: {names(twice)}.")
    chosen = set(named)
    playing = {p for m in previous.matches for p in (m.a, m.b) if p is not None}
    strangers = [p for p in named if p not in playing]
    if strangers:
        raise ValueError(f"{names(strangers)} did not play in round {previous.number}.")
    through = []
    problems = []
    for m in previous.matches:
        if m.b is None:
            through.append(m.a)
        elif m.a in chosen and m.b in chosen:
            problems.append(f"both {m.a!r} and {m.b!r} are named as the winner of their match")
        elif m.a in chosen or m.b in chosen:
            through.append(m.a if m.a in chosen else m.b)
        else:
            problems.append(f"no winner is named for {m.a!r} v {m.b!r}")
    if problems:
        raise ValueError(f"Round {previous.number}: {'; '.join(problems)}.")
    if len(through) == 1:
        raise ValueError(f"Round {previous.number} was the final: {through[0]!r} has won.")
    matches = tuple(
        KnockoutMatch(a=through[i], b=through[i + 1]) for i in range(0, len(through), 2)
    )
    lines = (_through_line(len(through), len(matches), previous.number + 1),)
    return KnockoutRound(number=previous.number + 1, matches=matches, explanation=lines)


def _through_line(through: int, matches: int, number: int) -> Message:
    if matches == 1:
        return msg(
            "%(count)s pairs go through to the final; winners of neighbouring matches meet, as "
            "the bracket is drawn.",
            count=through,
        )
    if matches == 2:
        return msg(
            "%(count)s pairs go through to the semi-finals; winners of neighbouring matches "
            "meet, as the bracket is drawn.",
            count=through,
        )
    if matches == 4:
        return msg(
            "%(count)s pairs go through to the quarter-finals; winners of neighbouring matches "
            "meet, as the bracket is drawn.",
            count=through,
        )
    return msg(
        "%(count)s pairs go through to round %(number)s; winners of neighbouring matches meet, "
        "as the bracket is drawn.",
        count=through,
        number=number,
    )


def _bracket(size: int) -> list[int]:
    """Seeds in bracket order: [1, 2] for 2, and each seed s of a bracket of k followed by its
    opponent 2k + 1 - s for a bracket of 2k: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        k = 2 * len(order)
        order = [s for seed in order for s in (seed, k + 1 - seed)]
    return order
