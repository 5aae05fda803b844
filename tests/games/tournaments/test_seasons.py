"""The season engine, table-driven from the examples in docs/directors.md (Club seasons): each
points scheme, each counting rule, the tie-breaks, the unranked and the prizes."""

from __future__ import annotations

import pytest

from games.tournaments.seasons import (
    Event,
    EventResult,
    SeasonRules,
    check_rules,
    get_scheme,
    season_progress,
    season_standing,
)

# --- the points schemes: one event of five (docs/directors.md: "Points schemes") ------------------

SCHEME_EXAMPLES = [
    # scheme, options, (place, field, score, match points), points
    ("place_table", {}, (1, 5, None, None), 10),
    ("place_table", {}, (2, 5, None, None), 8),
    ("place_table", {}, (8, 9, None, None), 1),
    ("place_table", {}, (9, 9, None, None), 0),
    ("place_table", {"table": [25, 18, 15]}, (3, 5, None, None), 15),
    ("place_table", {"table": [25, 18, 15]}, (4, 5, None, None), 0),
    ("field_size", {}, (1, 5, None, None), 5),
    ("field_size", {}, (5, 5, None, None), 1),
    ("field_size", {}, (1, 14, None, None), 14),
    ("field_size", {"per_place": 2, "base": 0}, (2, 5, None, None), 6),
    ("field_size", {"per_place": 2, "base": 0}, (5, 5, None, None), 0),
    ("own_score", {}, (1, 5, 57, None), 57),
    ("own_score", {}, (3, 5, -12, None), -12),  # 12 penalty points
    ("match_points", {}, (2, 8, None, 6), 6),
]


@pytest.mark.parametrize(("slug", "options", "facts", "points"), SCHEME_EXAMPLES)
def test_each_scheme_gives_the_points_of_the_readme(slug, options, facts, points):
    scheme = get_scheme(slug)
    place, field, score, match_points = facts
    result = EventResult("e", "m", place, field, score, match_points)
    assert scheme.check_options(options) == {}
    assert scheme.points(result, scheme.resolve(options)) == points
    # The explanation says the points.
    assert str(points) in str(scheme.explain(result, scheme.resolve(options)))


def test_a_shared_place_takes_the_points_of_that_place():
    events = [Event("e1", "Evening 1")]
    results = [EventResult("e1", m, p, 4) for m, p in (("A", 1), ("B", 2), ("C", 2), ("D", 4))]
    lines = season_standing(
        events=events,
        results=results,
        scheme=get_scheme("place_table"),
        options={},
        rules=SeasonRules(),
    )
    assert {line.member: line.total for line in lines} == {"A": 10, "B": 8, "C": 8, "D": 5}


@pytest.mark.parametrize(
    ("slug", "options", "field"),
    [
        ("place_table", {"table": [8, 10]}, "table"),
        ("place_table", {"table": []}, "table"),
        ("place_table", {"table": [10, "x"]}, "table"),
        ("field_size", {"per_place": 0}, "per_place"),
        ("field_size", {"base": -1}, "base"),
        ("own_score", {"table": [1]}, "table"),
    ],
)
def test_a_scheme_refuses_wrong_options_at_their_field(slug, options, field):
    assert field in get_scheme(slug).check_options(options)


# --- counting: one member's results (docs/directors.md: "Counting") -------------------------------

# Points at each of 7 events, None where the member did not play.
MISSED_TWO = [10, 8, None, 6, 5, 2, None]
PLAYED_ALL = [10, 8, 1, 6, 5, 2, 4]

COUNTING_EXAMPLES = [
    # results, rules, total, counted (event numbers from 1)
    (MISSED_TWO, SeasonRules(), 31, {1, 2, 4, 5, 6}),
    (MISSED_TWO, SeasonRules(best=3), 24, {1, 2, 4}),
    (MISSED_TWO, SeasonRules(drop=2), 31, {1, 2, 4, 5, 6}),
    (PLAYED_ALL, SeasonRules(drop=2), 33, {1, 2, 4, 5, 7}),
    (PLAYED_ALL, SeasonRules(best=3, drop=2), 24, {1, 2, 4}),
    (PLAYED_ALL, SeasonRules(ladder=True), 36, {1, 2, 3, 4, 5, 6, 7}),
    # Equal points: the earlier event counts.
    ([5, 5, 5], SeasonRules(best=2), 10, {1, 2}),
    # After 2 events of a "drop 2" season, the best result counts.
    ([10, 8], SeasonRules(drop=2), 10, {1}),
]


def _standing_of(points_by_event, rules, *, member="A"):
    events = [Event(n, f"Event {n}") for n in range(1, len(points_by_event) + 1)]
    results = [
        EventResult(n, member, 1, 1, None, points)
        for n, points in enumerate(points_by_event, start=1)
        if points is not None
    ]
    return season_standing(
        events=events,
        results=results,
        scheme=get_scheme("match_points"),
        options={},
        rules=rules,
    )


@pytest.mark.parametrize(("points", "rules", "total", "counted"), COUNTING_EXAMPLES)
def test_each_counting_rule_counts_as_the_readme_says(points, rules, total, counted):
    (line,) = _standing_of(points, rules)
    assert line.total == total
    assert {r.event for r in line.results if r.counted} == counted
    said = [str(m) for m in line.explanation]
    assert f"Points in all: {total}." in said
    assert sum(s.endswith(", dropped.") for s in said) == len(line.results) - len(counted)


def test_a_member_short_of_the_minimum_is_listed_after_with_what_they_need():
    events = [Event(n, f"Evening {n}") for n in range(1, 6)]
    results = [EventResult(n, "Ana", 1, 2) for n in range(1, 6)] + [
        EventResult(n, "Bo", 2, 2) for n in range(1, 4)
    ]
    rules = SeasonRules(min_events=5)
    ana, bo = season_standing(
        events=events, results=results, scheme=get_scheme("field_size"), options={}, rules=rules
    )
    assert (ana.member, ana.rank, ana.needs) == ("Ana", 1, 0)
    assert (bo.member, bo.rank, bo.needs) == ("Bo", None, 2)
    assert "Plays 2 more events to be ranked." in [str(m) for m in bo.explanation]


def test_an_unranked_member_comes_after_even_with_more_points():
    events = [Event(n) for n in range(1, 4)]
    results = [EventResult(1, "Ana", 2, 2), EventResult(1, "Bo", 1, 2)]
    results += [EventResult(n, "Ana", 1, 1) for n in (2, 3)]
    lines = season_standing(
        events=events,
        results=results,
        scheme=get_scheme("place_table"),
        options={},
        rules=SeasonRules(min_events=2),
    )
    assert [(line.member, line.rank) for line in lines] == [("Ana", 1), ("Bo", None)]


# --- tie-breaks (docs/directors.md: "Ties") -------------------------------------------------------


def _season(rows, rules=None):
    """rows: member -> points at each event (None: not played); places from the points given
    as (place, points) tuples where the head-to-head matters."""
    n = max(len(points) for points in rows.values())
    events = [Event(e, f"E{e}") for e in range(1, n + 1)]
    results = []
    for member, points in rows.items():
        for e, value in enumerate(points, start=1):
            if value is None:
                continue
            place, mp = value if isinstance(value, tuple) else (1, value)
            results.append(EventResult(e, member, place, 4, None, mp))
    return season_standing(
        events=events,
        results=results,
        scheme=get_scheme("match_points"),
        options={},
        rules=rules or SeasonRules(),
        names={m: m for m in rows},
    )


TIE_EXAMPLES = [
    # More events played decides.
    ({"Ana": [10, 10, 10, None], "Bo": [10, 10, 5, 5]}, ["Bo", "Ana"], "played", [1, 2]),
    # Then the best single result.
    ({"Ana": [10, 6, 4], "Bo": [9, 8, 3]}, ["Ana", "Bo"], "best", [1, 2]),
    # Then the head-to-head in shared events: Ana above Bo twice, below once.
    (
        {"Ana": [(1, 10), (1, 5), (3, 5)], "Bo": [(2, 10), (2, 5), (1, 5)]},
        ["Ana", "Bo"],
        "head_to_head",
        [1, 2],
    ),
    # Level on everything: the place is shared, the next one is 3.
    ({"Ana": [10, 5], "Bo": [5, 10], "Cas": [1, 1]}, ["Ana", "Bo", "Cas"], None, [1, 1, 3]),
]


@pytest.mark.parametrize(("rows", "order", "decided", "ranks"), TIE_EXAMPLES)
def test_ties_are_broken_in_the_order_the_readme_gives(rows, order, decided, ranks):
    lines = _season(rows)
    assert [line.member for line in lines] == order
    assert [line.rank for line in lines] == ranks
    assert lines[0].decided_by == decided
    assert lines[0].shared == (decided is None)
    text = " ".join(str(m) for m in lines[0].explanation)
    assert ("decided place 1" in text) == (decided is not None)


# --- prizes (docs/directors.md: "Prizes") ---------------------------------------------------------


def test_prize_places_go_to_those_who_may_take_a_prize_and_the_booby_to_the_last():
    # Ten members, M1 best; M3 played too few events for a prize.
    rows = {f"M{n}": [11 - n, 11 - n, 11 - n] for n in range(1, 11)}
    rows["M3"] = [20, 4, None]
    lines = _season(rows, SeasonRules(min_prize_events=3, prizes=(1, 2, 3, 4, 8), booby=True))
    prizes = {line.member: line.prize for line in lines if line.prize}
    assert prizes == {"M1": 1, "M2": 2, "M4": 3, "M5": 4, "M9": 8}
    assert [line.member for line in lines if line.booby] == ["M10"]
    m3 = next(line for line in lines if line.member == "M3")
    assert m3.rank == 3 and m3.prize is None and m3.prize_needs == 1
    assert "Plays 1 more event to take a prize." in [str(m) for m in m3.explanation]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        (SeasonRules(best=0), "best"),
        (SeasonRules(drop=-1), "drop"),
        (SeasonRules(ladder=True, best=3), "ladder"),
        (SeasonRules(prizes=(1, 1, 2)), "prizes"),
        (SeasonRules(prizes=(0,)), "prizes"),
        (SeasonRules(min_events=-2), "min_events"),
    ],
)
def test_wrong_rules_are_refused_at_their_field(rules, field):
    assert field in check_rules(rules)


def test_the_chart_follows_the_rules_after_each_event():
    events = [Event(n) for n in range(1, 5)]
    results = [
        EventResult(n, "Ana", 1, 1, None, p)
        for n, p in zip((1, 2, 3, 4), (4, 8, 2, 6), strict=False)
    ]
    progress = season_progress(
        events=events,
        results=results,
        scheme=get_scheme("match_points"),
        options={},
        rules=SeasonRules(drop=2),
        members=["Ana"],
    )
    # Counted after k events: best max(k - 2, 1).
    assert progress == {"Ana": [4, 8, 8, 14]}


def test_a_result_at_an_event_not_in_the_season_is_refused():
    with pytest.raises(ValueError, match="not an event"):
        season_standing(
            events=[Event(1)],
            results=[EventResult(2, "Ana", 1, 1)],
            scheme=get_scheme("field_size"),
            options={},
            rules=SeasonRules(),
        )
