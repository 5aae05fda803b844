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

from ._input import listed_once

Pair = Hashable
Pairing = tuple[Pair, Pair]

_BYE = object()  # the opponent of the pair that sits out, in the matching graph


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
) -> SwissRound:
    """Pairs the next Swiss round.

    ``history`` lists the pairings played so far (a pairing played twice may be listed twice),
    ``byes`` the pairs that have had a bye (a pair with two byes listed twice). In order of
    priority the draw:

    1. gives the bye (odd field) only to a pair without one, while any pair has none (once all
       have had one, only to a pair with the fewest byes);
    2. has the fewest rematches possible (none when they can be avoided), and among draws with
       as few, the pairs that have met least often meet again;
    3. gives the bye to the lowest-ranked such pair;
    4. pairs within score groups, floating pairs as short a way as possible (the sum of the
       squares of the score-group distances of the pairings is least);
    5. pairs neighbours within a group (1 v 2, 3 v 4); with an integer ``seed`` the order
       within each score group is first shuffled, reproducibly, so the draw inside a group is
       random; ``seed=None`` keeps the given order.

    All of this is one maximum-weight perfect matching (networkx, blossom algorithm) on weights
    that encode the priorities lexicographically.
    """
    field = _check_pairs(pairs)
    missing = [p for p in field if p not in scores]
    if missing:
        raise ValueError(f"No score for {_names(missing)}.")
    met = _check_history(history)
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

    # networkx is large (some 20 MB in every web process) and only a Swiss draw, which runs
    # in a Celery worker, needs it: imported here, not at the top.
    import networkx as nx

    graph = nx.Graph()
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            times = met.get(frozenset((a, b)), 0)
            cost = (
                (rematch + again * (times - 1) if times else 0)
                + groups * (group[a] - group[b]) ** 2
                + near * (position[a] - position[b]) ** 2
            )
            graph.add_edge(a, b, weight=top - cost)
    eligible: list[Pair] = []
    if len(field) % 2:
        fewest = min(bye_count[p] for p in field)
        eligible = [p for p in ranked if bye_count[p] == fewest]
        for place, p in enumerate(reversed(eligible)):
            graph.add_edge(p, _BYE, weight=top - bye_place * place)
    matching = nx.max_weight_matching(graph, maxcardinality=True)

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
        field, scores, group_scores, pairings, bye, eligible, had_bye, rematches, met, seed
    )
    return SwissRound(
        pairings=tuple(pairings), bye=bye, rematches=rematches, explanation=explanation
    )


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
                "that have met more often to meet again)."
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
            "be paired without a rematch."
        )
    if seed is None:
        lines.append("Within a score group, pairs meet their neighbours in the given order.")
    else:
        lines.append(f"Within a score group the order was drawn at random (seed {seed}).")
    return tuple(lines)


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
