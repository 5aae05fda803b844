"""A club season's standing: each member's results at the season's events, turned into points
by the season's points scheme, counted as the club's rules say and ranked.

Vocabulary, used the same way in the whole module:

- *event*: a tournament or an evening of the season, in the order they were held;
- *result*: one member's place (and score, match points) at one event, worth *points* by the
  scheme (``schemes``);
- *counted*: the results that make a member's *total*. Without a rule, all of them. *Best N*
  counts the N best. *Drop the lowest K* counts the best E − K, where E is the number of events
  held so far (at least one): an event a member missed is the first one dropped, so a member
  who missed two evenings of a "drop 2" season keeps all the rest, like one who played them
  all and dropped their two worst. Both rules together count the fewer. A *ladder* counts
  everything, a running total (best N and drops do not apply);
- *ranked*: members who played at least ``min_events``; the others are listed after them with
  the number of events they still need. ``min_prize_events`` is what a ranked member needs to
  take a prize;
- *tie-breaks*, in this order, among members level on total: more events played, then the best
  single result, then the *head-to-head* record in shared events (each event both played, +1
  for each member of the group they finished above, −1 for each they finished below). Members
  level on all of them share a place;
- *prizes*: the places the club gives prizes for (1, 2, 3, 4, 8, 12, 16), counted among the
  ranked members who may take a prize; the *booby prize* goes to the last of them.

Each line carries its explanation as ``Message``s: the counting rule, every result with its
points (counted or dropped), the total, and what decided the place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from games.rules.errors import Errors
from games.rules.messages import Message, msg, nmsg

from .schemes import EventResult, Number, PointsScheme
from .schemes.base import exact

# The tie-breaks in the order they apply: each is the line's value, the larger the better.
TIE_BREAKS = ("played", "best", "head_to_head")
MAX_EVENTS = 1000


@dataclass(frozen=True)
class Event:
    """An event of the season, compared by its key, named in explanations."""

    key: Hashable
    name: str = field(compare=False, default="")


@dataclass(frozen=True)
class SeasonRules:
    """How the season counts and ranks (see the module's docstring)."""

    best: int | None = None
    drop: int = 0
    min_events: int = 0
    min_prize_events: int = 0
    prizes: tuple[int, ...] = ()
    booby: bool = False
    ladder: bool = False


@dataclass(frozen=True)
class Scored:
    """One result of a line: the event, its place and field, its points, whether it counted."""

    event: Hashable
    place: int
    field: int
    points: Number
    counted: bool
    how: Message


@dataclass(frozen=True)
class Line:
    """One member's line. ``rank`` is ``None`` for a member not (yet) ranked; ``needs`` the
    events they still need to be ranked, ``prize_needs`` to take a prize; ``prize`` the prize
    place they hold; ``decided_by`` what separated them from those level on total (``"total"``
    when nobody was level), ``None`` when the place is shared."""

    rank: int | None
    member: Hashable
    total: Number
    played: int
    best: Number | None
    results: tuple[Scored, ...]
    shared: bool = False
    decided_by: str | None = None
    head_to_head: int | None = None
    needs: int = 0
    prize_needs: int = 0
    prize: int | None = None
    booby: bool = False
    explanation: tuple[Message, ...] = ()


def check_rules(rules: SeasonRules) -> dict[str, Any]:
    """The problems of ``rules`` at their fields (empty: they are fine)."""
    errors = Errors()
    if rules.best is not None and not 1 <= rules.best <= MAX_EVENTS:
        errors.add("best", msg("Count at least the best 1 event, or all of them."))
    if not 0 <= rules.drop <= MAX_EVENTS:
        errors.add("drop", msg("Drop 0 or more of the lowest results."))
    if rules.ladder and (rules.best is not None or rules.drop):
        errors.add("ladder", msg("A ladder counts every result: it has no best N and no drops."))
    for name in ("min_events", "min_prize_events"):
        if not 0 <= getattr(rules, name) <= MAX_EVENTS:
            errors.add(name, msg("A number of events from 0 to %(n)s.", n=MAX_EVENTS))
    prizes = list(rules.prizes)
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 1 for p in prizes):
        errors.add("prizes", msg("Prize places are places: 1, 2, 3 and so on."))
    elif prizes != sorted(set(prizes)):
        errors.add("prizes", msg("Write each prize place once, best first: 1, 2, 3, 4, 8."))
    return errors.as_dict()


def counted_size(rules: SeasonRules, held: int) -> int | None:
    """How many results count after ``held`` events (``None``: all of them)."""
    if rules.ladder:
        return None
    size = rules.best
    if rules.drop:
        kept = max(held - rules.drop, 1)
        size = kept if size is None else min(size, kept)
    return size


def _order(scored: list[tuple[int, Number]]) -> list[int]:
    """The indices of a member's results best first; equal points: the earlier event first."""
    return sorted(range(len(scored)), key=lambda i: (-scored[i][1], scored[i][0]))


def member_total(points_in_order: Sequence[tuple[int, Number]], size: int | None) -> Number:
    """The total of the best ``size`` of (event index, points) results (all when ``None``)."""
    ordered = sorted((p for _i, p in points_in_order), reverse=True)
    return sum(ordered if size is None else ordered[:size], start=0)


def season_standing(
    *,
    events: Sequence[Event],
    results: Sequence[EventResult],
    scheme: PointsScheme,
    options: Mapping[str, Any],
    rules: SeasonRules,
    members: Sequence[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
    explain: bool = True,
) -> tuple[Line, ...]:
    """The standing: ranked members first (best first), then the unranked by total. A member is
    listed if they have a result or are in ``members``; ``names`` names members in the
    explanations of ties. Without ``explain`` the lines carry no explanation (a service that
    stores 200 lines explains one when it is read: ``explain_line``)."""
    names = dict(names or {})
    index = {event.key: n for n, event in enumerate(events)}
    options = scheme.resolve(options)
    mine: dict[Hashable, list[tuple[int, EventResult, Number]]] = {m: [] for m in members}
    for result in results:
        if result.event not in index:
            raise ValueError(f"A result names {result.event!r}, which is not an event.")
        points = exact(scheme.points(result, options))
        mine.setdefault(result.member, []).append((index[result.event], result, points))
    size = counted_size(rules, len(events))
    places: dict[Hashable, dict[int, int]] = {}
    lines: dict[Hashable, Line] = {}
    for member, own in mine.items():
        own.sort(key=lambda item: item[0])
        if len({i for i, _r, _p in own}) != len(own):
            raise ValueError(f"{member!r} has two results at one event.")
        scored = [(i, p) for i, _r, p in own]
        order = _order(scored)
        counted = set(order if size is None else order[:size])
        places[member] = {i: r.place for i, r, _p in own}
        results_line = tuple(
            Scored(
                event=events[i].key,
                place=r.place,
                field=r.field,
                points=p,
                counted=n in counted,
                how=scheme.explain(r, options) if explain else None,
            )
            for n, (i, r, p) in enumerate(own)
        )
        played = len(own)
        lines[member] = Line(
            rank=None,
            member=member,
            total=sum((p for n, (_i, _r, p) in enumerate(own) if n in counted), start=0),
            played=played,
            best=max((p for _i, _r, p in own), default=None),
            results=results_line,
            needs=max(rules.min_events - played, 0),
            prize_needs=max(rules.min_prize_events - played, 0),
        )
    ranked = [m for m, line in lines.items() if not line.needs]
    unranked = [m for m, line in lines.items() if line.needs]
    ordered = _rank(ranked, lines, places)
    prized = _prizes([lines[m] for m in ordered], rules)
    unranked.sort(key=lambda m: (-lines[m].total, -lines[m].played))
    listed = prized + [lines[m] for m in unranked]
    if not explain:
        return tuple(listed)
    return tuple(
        replace(
            line,
            explanation=explain_line(
                line,
                events=events,
                rules=rules,
                held=len(events),
                level=_level(line, listed, names),
            ),
        )
        for line in listed
    )


def _level(line: Line, lines: Sequence[Line], names: Mapping[Hashable, str]) -> list[str]:
    """The names of the other ranked members level with ``line`` on total."""
    if line.needs:
        return []
    return sorted(
        names.get(other.member, str(other.member))
        for other in lines
        if other.member != line.member and not other.needs and other.total == line.total
    )


def _rank(ranked: list[Hashable], lines: dict[Hashable, Line], places) -> list[Hashable]:
    """Orders the ranked members and writes their rank, ties and what decided them."""

    def head_to_head(member: Hashable, group: list[Hashable]) -> int:
        mine = places[member]
        score = 0
        for other in group:
            if other == member:
                continue
            for event, place in places[other].items():
                own = mine.get(event)
                if own is not None:
                    score += (own < place) - (own > place)
        return score

    by_total = sorted(ranked, key=lambda m: -lines[m].total)
    groups: list[list[Hashable]] = []
    for member in by_total:
        if groups and lines[groups[-1][0]].total == lines[member].total:
            groups[-1].append(member)
        else:
            groups.append([member])
    final: list[tuple[list[Hashable], str | None]] = []
    h2h: dict[Hashable, int] = {}
    for group in groups:
        if len(group) == 1:
            final.append((group, "total"))
            continue
        parts: list[tuple[list[Hashable], str | None]] = [(group, None)]
        for step in TIE_BREAKS:
            if step == "head_to_head":
                for part, _ in parts:
                    if len(part) > 1:
                        for member in part:
                            h2h[member] = head_to_head(member, part)

            def value(m: Hashable, step: str = step) -> Any:
                if step == "head_to_head":
                    return h2h.get(m, 0)
                return getattr(lines[m], step)

            split: list[tuple[list[Hashable], str | None]] = []
            for part, decided in parts:
                if len(part) == 1:
                    split.append((part, decided))
                    continue
                part = sorted(part, key=lambda m: value(m), reverse=True)
                pieces: list[list[Hashable]] = []
                for member in part:
                    if pieces and value(pieces[-1][0]) == value(member):
                        pieces[-1].append(member)
                    else:
                        pieces.append([member])
                split += [(piece, step if len(piece) == 1 else None) for piece in pieces]
            parts = split
        final += parts
    ordered = []
    place = 1
    for group, decided in final:
        for member in group:
            lines[member] = replace(
                lines[member],
                rank=place,
                shared=len(group) > 1,
                decided_by=decided if len(group) == 1 else None,
                head_to_head=h2h.get(member),
            )
            ordered.append(member)
        place += len(group)
    return ordered


def _prizes(ordered: list[Line], rules: SeasonRules) -> list[Line]:
    """Marks the prize places among the members who may take a prize, and the booby prize."""
    eligible = [line for line in ordered if not line.prize_needs]
    out = {id(line): line for line in ordered}
    position = 1
    n = 0
    winners = set()
    while n < len(eligible):
        end = n
        while end < len(eligible) and eligible[end].rank == eligible[n].rank:
            end += 1
        if position in rules.prizes:
            for line in eligible[n:end]:
                out[id(line)] = replace(line, prize=position)
                winners.add(id(line))
        position += end - n
        n = end
    if rules.booby and eligible:
        last = eligible[-1].rank
        for line in eligible:
            if line.rank == last and id(line) not in winners:
                out[id(line)] = replace(out[id(line)], booby=True)
    return [out[id(line)] for line in ordered]


def explain_line(
    line: Line, *, events: Sequence[Event], rules: SeasonRules, held: int, level: Sequence[str]
) -> tuple[Message, ...]:
    """The line's explanation, sentence by sentence: the counting rule, each result with its
    points counted or dropped (``Scored.how``), the total, what decided the place (``level``:
    the names of the others level on total), what the member still needs, their prize."""
    size = counted_size(rules, held)
    said: list[Message] = []
    if rules.ladder:
        said.append(msg("A ladder: every result counts."))
    elif size is None:
        said.append(msg("Every result counts."))
    else:
        said.append(
            nmsg(
                "The best %(count)s result counts; the others are dropped.",
                "The best %(count)s results count; the others are dropped.",
                size,
            )
        )
    by_key = {event.key: event for event in events}
    for scored in line.results:
        event = by_key[scored.event].name or str(scored.event)
        if scored.counted:
            said.append(msg("%(event)s: %(how)s, counted.", event=event, how=scored.how))
        else:
            said.append(msg("%(event)s: %(how)s, dropped.", event=event, how=scored.how))
    said.append(msg("Points in all: %(total)s.", total=_plain(line.total)))
    if line.needs:
        said.append(
            nmsg(
                "Plays %(count)s more event to be ranked.",
                "Plays %(count)s more events to be ranked.",
                line.needs,
            )
        )
    else:
        said.append(_decided(line, ", ".join(level)))
        if line.prize_needs:
            said.append(
                nmsg(
                    "Plays %(count)s more event to take a prize.",
                    "Plays %(count)s more events to take a prize.",
                    line.prize_needs,
                )
            )
    if line.prize is not None:
        said.append(msg("Prize place %(place)s.", place=line.prize))
    if line.booby:
        said.append(msg("The booby prize: the last player qualified for a prize."))
    return tuple(said)


def _decided(line: Line, others: str) -> Message:
    if line.decided_by == "total" or not others:
        return msg("Place %(rank)s on total alone.", rank=line.rank)
    if line.decided_by == "played":
        return msg(
            "Level on points with %(others)s; more events played (%(played)s) decided place "
            "%(rank)s.",
            others=others,
            played=line.played,
            rank=line.rank,
        )
    if line.decided_by == "best":
        return msg(
            "Level on points and events played with %(others)s; the best single result "
            "(%(best)s) decided place %(rank)s.",
            others=others,
            best=_plain(line.best),
            rank=line.rank,
        )
    if line.decided_by == "head_to_head":
        return msg(
            "Level on points, events played and best result with %(others)s; the head-to-head "
            "record in shared events (%(score)s) decided place %(rank)s.",
            others=others,
            score=line.head_to_head,
            rank=line.rank,
        )
    return msg(
        "Level on every tie-break with %(others)s: place %(rank)s is shared.",
        others=others,
        rank=line.rank,
    )


def season_progress(
    *,
    events: Sequence[Event],
    results: Sequence[EventResult],
    scheme: PointsScheme,
    options: Mapping[str, Any],
    rules: SeasonRules,
    members: Sequence[Hashable],
) -> dict[Hashable, list[Number]]:
    """Each of ``members``' total after each event (for the chart of the leaders), as the
    rules counted then: after k events, drops apply to those k."""
    index = {event.key: n for n, event in enumerate(events)}
    options = scheme.resolve(options)
    wanted = set(members)
    scored: dict[Hashable, list[tuple[int, Number]]] = {m: [] for m in members}
    for result in results:
        if result.member in wanted:
            scored[result.member].append(
                (index[result.event], exact(scheme.points(result, options)))
            )
    progress: dict[Hashable, list[Number]] = {}
    for member, own in scored.items():
        totals = []
        for held in range(1, len(events) + 1):
            before = [(i, p) for i, p in own if i < held]
            totals.append(_plain(member_total(before, counted_size(rules, held))))
        progress[member] = totals
    return progress


def _plain(value: Any) -> Any:
    """Exact fractions back to ints or floats for display."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value
