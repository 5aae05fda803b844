"""Drawing the rounds of a pairs event: Swiss rounds, round robins and knockouts.

Vocabulary, used the same way in the whole module:

- *pair*: one entrant of a pairs event (two players who play together), named by any hashable.
- *score*: a pair's match points so far; a *score group* is the pairs with the same score.
- *rank*: place by score, best first; pairs with equal scores keep the order they are given in,
  so pass them in standings order (tie-breaks applied) or in seeding order.
- *rematch*: two pairs meeting again; *bye*: a round without an opponent, for the odd pair out.
- *home*: the first pair of a pairing (North-South, or the first-named team); round robins
  alternate it as Berger tables do.
- *seed* (knockout): place in the seeding list, 1 the strongest; *bracket*: the knockout tree,
  its size the next power of two.

Pairings are tuples ``(home, away)``; every function checks its input and raises ``ValueError``
with a message for the director when it cannot be used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ._ahead import OutOfBudget, Search, surely_clean
from ._input import listed_once

Pair = Hashable
Pairing = tuple[Pair, Pair]

_BYE = object()  # the opponent of the pair that sits out, in the matching graph

# The Swiss look-ahead searches fields of up to this many pairs (beyond, the matching's draw
# stands unless the degree condition already shows the rounds to come can be drawn clean), and
# at most this many search nodes per draw (a few seconds at worst).
LOOK_AHEAD_PAIRS = 12
LOOK_AHEAD_BUDGET = 200_000


@dataclass(frozen=True)
class SwissRound:
    """One Swiss round: ``pairings`` best-ranked table first, each with the better-ranked pair
    first; ``rematches`` the pairings whose pairs have met before (only when unavoidable);
    ``explanation`` says why the draw came out as it did."""

    pairings: tuple[Pairing, ...]
    bye: Pair | None
    rematches: tuple[Pairing, ...]
    explanation: tuple[str, ...]


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


# --- Swiss ---------------------------------------------------------------------------------------


def swiss_round(
    *,
    pairs: Sequence[Pair],
    scores: Mapping[Pair, float],
    history: Iterable[Iterable[Pair]] = (),
    byes: Iterable[Pair] = (),
    seed: int | None = 0,
    rounds_after: int | None = None,
) -> SwissRound:
    """Pairs the next Swiss round.

    ``history`` lists the pairings played so far (a pairing played twice may be listed twice),
    ``byes`` the pairs that have had a bye (a pair with two byes listed twice);
    ``rounds_after`` is the number of rounds still to be drawn after this one, when the
    tournament's length is known (``None``: this round is drawn on its own). Call a round
    *clean* when it has no rematch and its bye goes to a pair with the fewest byes (no second
    bye while a pair has none). In order of priority the draw:

    1. gives the bye (odd field) only to a pair without one, while any pair has none (once all
       have had one, only to a pair with the fewest byes);
    2. has the fewest rematches possible (none when they can be avoided), and among draws with
       as few, the pairs that have met least often meet again;
    2a. looks ahead (with ``rounds_after``): leaves the ``rounds_after`` rounds to come all
       possible to draw clean, or, when no draw does, as many of the next ones as possible.
       A greedy round can paint the event into a corner (five pairs, four rounds: a round
       where every draw has a rematch or a second bye), so this comes before 3 to 5: a bye
       moves up, or a pair floats out of its score group, rather than force a rematch later;
    3. gives the bye to the lowest-ranked such pair;
    4. pairs within score groups, floating pairs as short a way as possible (the sum of the
       squares of the score-group distances of the pairings is least);
    5. pairs neighbours within a group (1 v 2, 3 v 4); with an integer ``seed`` the order
       within each score group is first shuffled, reproducibly, so the draw inside a group is
       random; ``seed=None`` keeps the given order.

    Priorities 1 to 5 are one maximum-weight perfect matching (networkx, blossom algorithm) on
    weights that encode them lexicographically. The look-ahead (2a) keeps that draw when the
    rounds to come can surely be drawn clean after it (a degree condition, which large fields
    meet); otherwise, for fields of up to ``LOOK_AHEAD_PAIRS`` pairs, it tries the draws that
    are as good on 1 and 2 in the order of 3 to 5, each checked by a backtracking over the
    rounds to come, and takes the first that leaves them clean. The search's work is bounded
    (``LOOK_AHEAD_BUDGET``); past the bound it takes the draw it was checking, and says so.
    Larger fields keep the matching's draw: rematch-free rounds are abundant there.
    """
    field = _check_pairs(pairs)
    missing = [p for p in field if p not in scores]
    if missing:
        raise ValueError(f"No score for {_names(missing)}.")
    met = _check_history(history)
    if rounds_after is not None and rounds_after < 0:
        raise ValueError(f"The rounds after this one cannot be fewer than 0, not {rounds_after}.")
    bye_count = Counter(byes)
    had_bye = set(bye_count)
    # Rank: score, then the given order.
    ranked = sorted(field, key=lambda p: -scores[p])
    rank = {p: i for i, p in enumerate(ranked)}
    group_scores = sorted({scores[p] for p in field}, reverse=True)
    group = {p: group_scores.index(scores[p]) for p in field}
    order = list(ranked)
    if seed is not None:
        rng = random.Random(seed)
        order = []
        for score in group_scores:
            members = [p for p in ranked if scores[p] == score]
            rng.shuffle(members)
            order.extend(members)
    position = {p: i for i, p in enumerate(order)}

    n = len(field) + len(field) % 2
    most = max(met.values(), default=0)
    near = 1  # the weight units, each larger than the most the units below can add up to
    groups = near * n**3 + 1
    bye_place = groups * n**3 + 1
    again = bye_place * (n + 1)  # per earlier meeting beyond the first, of a rematch
    rematch = again * (n * most + 1)  # per rematch: the count comes before how often
    top = rematch + again * most + bye_place * n + groups * n**3

    def cost(a: Pair, b: Pair) -> tuple[int, int]:
        """A pairing's cost: its rematch part (priority 2), then the rest (4 and 5)."""
        times = met.get(frozenset((a, b)), 0)
        return (
            rematch + again * (times - 1) if times else 0,
            groups * (group[a] - group[b]) ** 2 + near * (position[a] - position[b]) ** 2,
        )

    # networkx is large (some 20 MB in every web process) and only a Swiss draw, which runs
    # in a Celery worker, needs it: imported here, not at the top.
    import networkx as nx

    graph = nx.Graph()
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            graph.add_edge(a, b, weight=top - sum(cost(a, b)))
    eligible: list[Pair] = []
    bye_cost: dict[Pair, int] = {}
    if len(field) % 2:
        fewest = min(bye_count[p] for p in field)
        eligible = [p for p in ranked if bye_count[p] == fewest]
        for place, p in enumerate(reversed(eligible)):
            bye_cost[p] = bye_place * place
            graph.add_edge(p, _BYE, weight=top - bye_cost[p])
    matching = [tuple(m) for m in nx.max_weight_matching(graph, maxcardinality=True)]

    ahead = None
    if rounds_after:
        matching, ahead = _look_ahead(order, met, bye_count, matching, cost, bye_cost, rounds_after)

    bye = None
    pairings = []
    for a, b in matching:
        if a is _BYE or b is _BYE:
            bye = b if a is _BYE else a
            continue
        pairings.append((a, b) if rank[a] < rank[b] else (b, a))
    pairings.sort(key=lambda pairing: rank[pairing[0]])
    rematches = tuple(p for p in pairings if met.get(frozenset(p), 0))
    explanation = _swiss_explanation(
        field, scores, group_scores, pairings, bye, eligible, had_bye, rematches, met, seed, ahead
    )
    return SwissRound(
        pairings=tuple(pairings), bye=bye, rematches=rematches, explanation=explanation
    )


@dataclass(frozen=True)
class _Ahead:
    """What the look-ahead found: of the ``rounds`` to come, the next ``clean`` can be drawn
    clean after the chosen draw; ``changed`` when that is not the matching's draw; ``cut`` when
    the search stopped at its bound of work."""

    rounds: int
    clean: int
    changed: bool
    cut: bool = False


def _look_ahead(
    order: list[Pair],
    met: Counter[frozenset[Pair]],
    bye_count: Counter[Pair],
    planned: list[tuple[Pair, Pair]],
    cost,
    bye_cost: dict[Pair, int],
    rounds_after: int,
) -> tuple[list[tuple[Pair, Pair]], _Ahead | None]:
    """The draw to make, ``planned`` (the matching's) unless it leaves fewer of the rounds to
    come possible to draw clean than another draw as good on priorities 1 and 2."""
    n = len(order)
    index = {p: i for i, p in enumerate(order)}
    free0 = [0] * n
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            if i != j and not met.get(frozenset((a, b)), 0):
                free0[i] |= 1 << j
    byes0 = [bye_count[p] for p in order]
    odd = n % 2 == 1

    def after(draw: list[tuple[Pair, Pair]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        free, byes = list(free0), list(byes0)
        for a, b in draw:
            if a is _BYE or b is _BYE:
                byes[index[b if a is _BYE else a]] += 1
            else:
                i, j = index[a], index[b]
                free[i] &= ~(1 << j)
                free[j] &= ~(1 << i)
        return tuple(free), tuple(byes)

    free, byes = after(planned)
    if surely_clean(free, byes if odd else None, rounds_after) or n > LOOK_AHEAD_PAIRS:
        return planned, None
    search = Search(n, LOOK_AHEAD_BUDGET)
    # No draw can do better than the most clean rounds that can follow this one at all,
    # counted on the state before it, for this round too when it is clean.
    now = 0 if any(met.get(frozenset(pairing), 0) for pairing in planned) else 1
    horizon = rounds_after
    while horizon and not search.possible(free0, byes0, horizon + now):
        horizon -= 1
    draw = planned
    try:
        if search.clean(free, byes, horizon):
            shorter = horizon < rounds_after
            return planned, _Ahead(rounds_after, horizon, False) if shorter else None
        same = frozenset(frozenset(pairing) for pairing in planned)
        candidates = [planned] + [
            other
            for other in _draws_as_good(order, cost, bye_cost, planned)
            if frozenset(frozenset(pairing) for pairing in other) != same
        ]
        for clean in range(horizon, 0, -1):
            for draw in candidates:
                if search.clean(*after(draw), clean):
                    return draw, _Ahead(rounds_after, clean, draw is not planned)
    except OutOfBudget:
        return draw, _Ahead(rounds_after, 0, draw is not planned, cut=True)
    return planned, _Ahead(rounds_after, 0, False)


def _draws_as_good(
    order: list[Pair], cost, bye_cost: dict[Pair, int], planned: list[tuple[Pair, Pair]]
) -> list[list[tuple[Pair, Pair]]]:
    """Every draw with as few rematches, as rarely met, as ``planned`` and a fair bye, best
    first on priorities 3 to 5 (ties in the order they are found)."""
    limit = sum(cost(a, b)[0] for a, b in planned if a is not _BYE and b is not _BYE)
    costs: dict[tuple[Pair, Pair], tuple[int, int]] = {}
    vertices = [*order, _BYE] if len(order) % 2 else list(order)
    found: list[tuple[int, list[tuple[Pair, Pair]]]] = []

    def extend(left: list[Pair], draw: list[tuple[Pair, Pair]], rematches: int, rest: int):
        if not left:
            found.append((rest, list(draw)))
            return
        a, others = left[0], left[1:]
        for k, b in enumerate(others):
            if a is _BYE or b is _BYE:
                sitting = b if a is _BYE else a
                if sitting not in bye_cost:
                    continue
                extra = (0, bye_cost[sitting])
            else:
                extra = costs.get((a, b))
                if extra is None:
                    extra = costs[a, b] = cost(a, b)
            if rematches + extra[0] > limit:
                continue
            draw.append((a, b))
            extend(others[:k] + others[k + 1 :], draw, rematches + extra[0], rest + extra[1])
            draw.pop()

    extend(vertices, [], 0, 0)
    found.sort(key=lambda item: item[0])
    return [draw for _, draw in found]


def _swiss_explanation(
    field: list[Pair],
    scores: Mapping[Pair, float],
    group_scores: list[float],
    pairings: list[Pairing],
    bye: Pair | None,
    eligible: list[Pair],
    had_bye: set[Pair],
    rematches: tuple[Pairing, ...],
    met: Counter[frozenset[Pair]],
    seed: int | None,
    ahead: _Ahead | None = None,
) -> tuple[str, ...]:
    lines = [
        f"{len(field)} pairs in {len(group_scores)} score group"
        f"{'s' if len(group_scores) != 1 else ''}: {len(pairings)} table"
        f"{'s' if len(pairings) != 1 else ''}."
    ]
    if bye is not None:
        lowest = eligible[-1]
        if not any(p not in had_bye for p in field):
            lines.append(
                f"Bye: {bye!r}. Every pair has had a bye, so they go round again from the bottom, "
                "among the pairs with the fewest byes."
            )
        elif bye == lowest:
            lines.append(
                f"Bye: {bye!r} (score {_num(scores[bye])}), the lowest-ranked pair without a bye."
            )
        else:
            below = eligible[eligible.index(bye) + 1 :]
            lines.append(
                f"Bye: {bye!r} (score {_num(scores[bye])}). The lower-ranked {_names(below)} "
                "had no bye either, but a bye to them would force more rematches (or pairs "
                "that have met more often to meet again)"
                + (", in this round or a later one." if ahead and ahead.changed else ".")
            )
    if rematches:
        for a, b in rematches:
            times = met[frozenset((a, b))] + 1
            lines.append(f"{a!r} v {b!r} is a rematch (meeting no. {times}).")
        lines.append(
            f"{len(rematches)} rematch{'es are' if len(rematches) != 1 else ' is'} the fewest "
            "possible: no draw has fewer."
        )
    else:
        lines.append("No rematches.")
    floats = [(a, b) for a, b in pairings if scores[a] != scores[b]]
    for a, b in floats:
        lines.append(
            f"{a!r} (score {_num(scores[a])}) meets {b!r} (score {_num(scores[b])}): a pair "
            "floats to another score group when its own has an odd number of pairs or cannot "
            "be paired without a rematch"
            + (", in this round or a later one." if ahead and ahead.changed else ".")
        )
    if ahead is not None:
        lines.append(_ahead_line(ahead))
    if seed is None:
        lines.append("Within a score group, pairs meet their neighbours in the given order.")
    else:
        lines.append(f"Within a score group the order was drawn at random (seed {seed}).")
    return tuple(lines)


def _ahead_line(ahead: _Ahead) -> str:
    one = ahead.rounds == 1
    later = "the round still to come" if one else f"the {ahead.rounds} rounds still to come"
    if ahead.cut:
        return (
            f"Looking ahead to {later}: the search stopped at its bound of work, so this draw "
            "was not checked to the end; a later round may have to have a rematch or a second "
            "bye."
        )
    if ahead.clean == ahead.rounds:
        return (
            f"Looking ahead to {later}: the draw otherwise best here would leave "
            f"{'that round' if one else 'a later round'} with no draw free of rematches and "
            f"second byes; this one leaves {'it' if one else 'all of them'} possible."
        )
    if ahead.clean == 0:
        return (
            f"Looking ahead to {later}: no draw now leaves even the next round possible "
            "without a rematch or a second bye."
        )
    this = "this one, not the draw otherwise best here," if ahead.changed else "this one"
    return (
        f"Looking ahead to {later}: no draw now leaves all of them possible without a "
        f"rematch or a second bye; {this} leaves the next {ahead.clean} possible."
    )


# --- round robin ---------------------------------------------------------------------------------


def round_robin(*, pairs: Sequence[Pair]) -> tuple[RoundRobinRound, ...]:
    """Every pair meets every other once, by Berger tables: with n pairs (n even; an odd field
    gets a dummy, whose opponent has the bye) there are n - 1 rounds. Numbering the pairs 1..n
    in the given order, pair n meets pair a_r in round r, where a_r steps by n/2 (mod n - 1),
    and the others meet as a_r + k v a_r - k (mod n - 1); pair n is away in odd rounds and
    home in even ones, so everybody's home and away counts differ by at most one."""
    field = _check_pairs(pairs)
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
    field = _check_pairs(pairs)
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
    lines = [f"{len(field)} pairs: a bracket of {size}, {len(matches)} first-round matches."]
    if byes:
        lines.append(
            f"{byes} bye{'s' if byes != 1 else ''} to the top seed{'s' if byes != 1 else ''} "
            f"({_names(field[:byes])}), since {len(field)} is not a power of two."
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
        raise ValueError(f"Named as a winner twice: {_names(twice)}.")
    chosen = set(named)
    playing = {p for m in previous.matches for p in (m.a, m.b) if p is not None}
    strangers = [p for p in named if p not in playing]
    if strangers:
        raise ValueError(f"{_names(strangers)} did not play in round {previous.number}.")
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
    name = {1: "the final", 2: "the semi-finals", 4: "the quarter-finals"}.get(
        len(matches), f"round {previous.number + 1}"
    )
    lines = (
        f"{len(through)} pairs go through to {name}; "
        "winners of neighbouring matches meet, as the bracket is drawn.",
    )
    return KnockoutRound(number=previous.number + 1, matches=matches, explanation=lines)


def _bracket(size: int) -> list[int]:
    """Seeds in bracket order: [1, 2] for 2, and each seed s of a bracket of k followed by its
    opponent 2k + 1 - s for a bracket of 2k: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        k = 2 * len(order)
        order = [s for seed in order for s in (seed, k + 1 - seed)]
    return order


# --- input ---------------------------------------------------------------------------------------


def _check_pairs(pairs: Sequence[Pair]) -> list[Pair]:
    field = listed_once(pairs, "Pairs")
    if len(field) < 2:
        raise ValueError(f"A draw needs at least 2 pairs, not {len(field)}.")
    if any(p is None for p in field):
        raise ValueError("None cannot name a pair: it stands for a bye.")
    return field


def _check_history(history: Iterable[Iterable[Pair]]) -> Counter[frozenset[Pair]]:
    met: Counter[frozenset[Pair]] = Counter()
    for pairing in history:
        both = tuple(pairing)
        if len(both) != 2 or both[0] == both[1]:
            raise ValueError(f"A pairing in the history must name two different pairs: {both!r}.")
        met[frozenset(both)] += 1
    return met


def _num(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _names(items: Iterable[Pair]) -> str:
    return ", ".join(repr(p) for p in items)
