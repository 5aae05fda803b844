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

from games.rules.messages import Message, msg, nmsg

from ._ahead import OutOfBudget, Search, surely_clean
from ._input import check_pairs, names
from .brackets import (  # noqa: F401  (the draws read every kind of round here)
    KnockoutMatch,
    KnockoutRound,
    RoundRobinRound,
    knockout,
    knockout_next,
    round_robin,
)

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
    field = check_pairs(pairs)
    missing = [p for p in field if p not in scores]
    if missing:
        raise ValueError(f"No score for {names(missing)}.")
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
) -> tuple[Message, ...]:
    lines = [
        msg(
            "%(pairs)s pairs in %(groups)s: %(tables)s.",
            pairs=len(field),
            groups=nmsg("%(count)s score group", "%(count)s score groups", len(group_scores)),
            tables=nmsg("%(count)s table", "%(count)s tables", len(pairings)),
        )
    ]
    later = bool(ahead and ahead.changed)
    if bye is not None:
        lowest = eligible[-1]
        if not any(p not in had_bye for p in field):
            lines.append(
                msg(
                    "Bye: %(pair)s. Every pair has had a bye, so they go round again from the "
                    "bottom, among the pairs with the fewest byes.",
                    pair=repr(bye),
                )
            )
        elif bye == lowest:
            lines.append(
                msg(
                    "Bye: %(pair)s (score %(score)s), the lowest-ranked pair without a bye.",
                    pair=repr(bye),
                    score=_num(scores[bye]),
                )
            )
        else:
            below = eligible[eligible.index(bye) + 1 :]
            lines.append(_bye_line(repr(bye), _num(scores[bye]), below, later))
    if rematches:
        for a, b in rematches:
            lines.append(
                msg(
                    "%(home)s v %(away)s is a rematch (meeting no. %(times)s).",
                    home=repr(a),
                    away=repr(b),
                    times=met[frozenset((a, b))] + 1,
                )
            )
        lines.append(
            nmsg(
                "%(count)s rematch is the fewest possible: no draw has fewer.",
                "%(count)s rematches are the fewest possible: no draw has fewer.",
                len(rematches),
            )
        )
    else:
        lines.append(msg("No rematches."))
    floats = [(a, b) for a, b in pairings if scores[a] != scores[b]]
    for a, b in floats:
        lines.append(_float_line(a, b, scores, later))
    if ahead is not None:
        lines.append(_ahead_line(ahead))
    if seed is None:
        lines.append(msg("Within a score group, pairs meet their neighbours in the given order."))
    else:
        lines.append(
            msg("Within a score group the order was drawn at random (seed %(seed)s).", seed=seed)
        )
    return tuple(lines)


def _bye_line(pair: str, score: str, below: list[Pair], later: bool) -> Message:
    params = {"pair": pair, "score": score, "pairs": names(below)}
    if later:
        return nmsg(
            "Bye: %(pair)s (score %(score)s). The lower-ranked %(pairs)s had no bye either, but "
            "a bye to them would force more rematches (or pairs that have met more often to "
            "meet again), in this round or a later one.",
            "Bye: %(pair)s (score %(score)s). The lower-ranked %(pairs)s had no bye either, but "
            "a bye to them would force more rematches (or pairs that have met more often to "
            "meet again), in this round or a later one.",
            len(below),
            **params,
        )
    return nmsg(
        "Bye: %(pair)s (score %(score)s). The lower-ranked %(pairs)s had no bye either, but a "
        "bye to them would force more rematches (or pairs that have met more often to meet "
        "again).",
        "Bye: %(pair)s (score %(score)s). The lower-ranked %(pairs)s had no bye either, but a "
        "bye to them would force more rematches (or pairs that have met more often to meet "
        "again).",
        len(below),
        **params,
    )


def _float_line(a: Pair, b: Pair, scores: Mapping[Pair, float], later: bool) -> Message:
    params = {
        "home": repr(a),
        "home_score": _num(scores[a]),
        "away": repr(b),
        "away_score": _num(scores[b]),
    }
    if later:
        return msg(
            "%(home)s (score %(home_score)s) meets %(away)s (score %(away_score)s): a pair "
            "floats to another score group when its own has an odd number of pairs or cannot "
            "be paired without a rematch, in this round or a later one.",
            **params,
        )
    return msg(
        "%(home)s (score %(home_score)s) meets %(away)s (score %(away_score)s): a pair floats "
        "to another score group when its own has an odd number of pairs or cannot be paired "
        "without a rematch.",
        **params,
    )


def _ahead_line(ahead: _Ahead) -> Message:
    rounds = ahead.rounds
    if ahead.cut:
        return nmsg(
            "Looking ahead to the round still to come: the search stopped at its bound of "
            "work, so this draw was not checked to the end; a later round may have to have a "
            "rematch or a second bye.",
            "Looking ahead to the %(count)s rounds still to come: the search stopped at its "
            "bound of work, so this draw was not checked to the end; a later round may have to "
            "have a rematch or a second bye.",
            rounds,
        )
    if ahead.clean == rounds:
        return nmsg(
            "Looking ahead to the round still to come: the draw otherwise best here would "
            "leave that round with no draw free of rematches and second byes; this one leaves "
            "it possible.",
            "Looking ahead to the %(count)s rounds still to come: the draw otherwise best here "
            "would leave a later round with no draw free of rematches and second byes; this "
            "one leaves all of them possible.",
            rounds,
        )
    if ahead.clean == 0:
        return nmsg(
            "Looking ahead to the round still to come: no draw now leaves even the next round "
            "possible without a rematch or a second bye.",
            "Looking ahead to the %(count)s rounds still to come: no draw now leaves even the "
            "next round possible without a rematch or a second bye.",
            rounds,
        )
    if ahead.changed:
        return nmsg(
            "Looking ahead to the round still to come: no draw now leaves all of them possible "
            "without a rematch or a second bye; this one, not the draw otherwise best here, "
            "leaves the next %(clean)s possible.",
            "Looking ahead to the %(count)s rounds still to come: no draw now leaves all of "
            "them possible without a rematch or a second bye; this one, not the draw otherwise "
            "best here, leaves the next %(clean)s possible.",
            rounds,
            clean=ahead.clean,
        )
    return nmsg(
        "Looking ahead to the round still to come: no draw now leaves all of them possible "
        "without a rematch or a second bye; this one leaves the next %(clean)s possible.",
        "Looking ahead to the %(count)s rounds still to come: no draw now leaves all of them "
        "possible without a rematch or a second bye; this one leaves the next %(clean)s "
        "possible.",
        rounds,
        clean=ahead.clean,
    )


# --- input ---------------------------------------------------------------------------------------


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
