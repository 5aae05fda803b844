"""Standings (games.tournaments.standings): every tie-break on hand-worked examples, byes, VP
scales and exact sums, input errors, and properties of any set of results."""

from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.standings import Result, rank, rank_individual


def table(standings):
    """The standings as (rank, entrant) rows, for comparing with the worked examples."""
    return [(s.rank, s.entrant) for s in standings]


def line(standings, entrant):
    return next(s for s in standings if s.entrant == entrant)


# --- difference ------------------------------------------------------------------------------


def test_difference_separates_entrants_level_on_match_points():
    results = [Result("A", "B", 10, 2), Result("C", "D", 7, 6)]
    standings = rank(entrants="ABCD", results=results, tie_breaks=["difference"])
    assert table(standings) == [(1, "A"), (2, "C"), (3, "D"), (4, "B")]
    assert [s.match_points for s in standings] == [2, 2, 0, 0]
    assert [s.tie_breaks for s in standings] == [
        {"difference": 8},
        {"difference": 1},
        {"difference": -1},
        {"difference": -8},
    ]
    assert [s.decided_by for s in standings] == ["difference"] * 4
    assert not any(s.shared for s in standings)


def test_without_tie_breaks_entrants_level_on_match_points_share_a_rank():
    results = [Result("A", "B", 10, 2), Result("C", "D", 7, 6)]
    standings = rank(entrants="ABCD", results=results)
    # Listed by difference within the shared rank (issue 28): D lost by 1, B by 8.
    assert table(standings) == [(1, "A"), (1, "C"), (3, "D"), (3, "B")]
    assert all(s.shared and s.decided_by is None and s.tie_breaks == {} for s in standings)


# --- Buchholz and Sonneborn-Berger -----------------------------------------------------------

# Two Swiss rounds of six pairs, every match won 1-0 except B's 10-0 over F.
#   round 1: A beats B, C beats D, E beats F;  round 2: A beats C, B beats F, D beats E.
# Match points: A 4; B, C, D, E 2; F 0.
# Buchholz (opponents' match points): A 2+2=4, B 4+0=4, C 2+4=6, D 2+2=4, E 0+2=2, F 2+2=4.
# Sonneborn-Berger (beaten opponents' match points): A 4, B 0, C 2, D 2, E 0, F 0.
# Difference: A +2, B +9, C 0, D 0, E 0, F -11.
SWISS = [
    Result("A", "B", 1, 0),
    Result("C", "D", 1, 0),
    Result("E", "F", 1, 0),
    Result("A", "C", 1, 0),
    Result("B", "F", 10, 0),
    Result("D", "E", 1, 0),
]


def test_buchholz_sums_the_opponents_match_points():
    standings = rank(entrants="ABCDEF", results=SWISS, tie_breaks=["buchholz"])
    assert table(standings) == [(1, "A"), (2, "C"), (3, "B"), (3, "D"), (5, "E"), (6, "F")]
    assert {s.entrant: s.tie_breaks["buchholz"] for s in standings} == {
        "A": 4,
        "B": 4,
        "C": 6,
        "D": 4,
        "E": 2,
        "F": 4,
    }
    assert [s.decided_by for s in standings] == [
        "match_points",
        "buchholz",
        None,
        None,
        "buchholz",
        "match_points",
    ]
    assert [s.shared for s in standings] == [False, False, True, True, False, False]


def test_sonneborn_berger_breaks_what_buchholz_leaves_level():
    standings = rank(entrants="ABCDEF", results=SWISS, tie_breaks=["buchholz", "sonneborn_berger"])
    assert table(standings) == [(1, "A"), (2, "C"), (3, "D"), (4, "B"), (5, "E"), (6, "F")]
    assert {s.entrant: s.tie_breaks["sonneborn_berger"] for s in standings} == {
        "A": 4,
        "B": 0,
        "C": 2,
        "D": 2,
        "E": 0,
        "F": 0,
    }
    assert line(standings, "D").decided_by == "sonneborn_berger"
    assert line(standings, "B").decided_by == "sonneborn_berger"
    assert line(standings, "C").decided_by == "buchholz"


def test_the_order_of_the_tie_breaks_matters():
    first = rank(entrants="ABCDEF", results=SWISS, tie_breaks=["difference", "buchholz"])
    assert [s.entrant for s in first] == list("ABCDEF")
    assert line(first, "B").decided_by == "difference"
    assert line(first, "C").decided_by == "buchholz"
    second = rank(entrants="ABCDEF", results=SWISS, tie_breaks=["buchholz", "difference"])
    assert [s.entrant for s in second] == list("ACBDEF")
    assert line(second, "B").decided_by == "difference"
    assert line(second, "C").decided_by == "buchholz"


# A round robin of four with draws:
#   A-B draw, C beats D, A beats C, B beats D, A-D draw, C beats B.
# Match points: A 1+2+1 = 4, B 1+2+0 = 3, C 2+0+2 = 4, D 0+0+1 = 1.
# Buchholz: A 3+4+1 = 8, B 4+1+4 = 9, C 1+4+3 = 8, D 4+3+4 = 11 (level, as in any round robin
# for those level on points).
# Sonneborn-Berger: A 3/2 + 4 + 1/2 = 6, B 4/2 + 1 = 3, C 1 + 3 = 4, D 4/2 = 2.
ROUND_ROBIN = [
    Result("A", "B", 5, 5),
    Result("C", "D", 6, 4),
    Result("A", "C", 7, 3),
    Result("B", "D", 8, 2),
    Result("A", "D", 5, 5),
    Result("C", "B", 6, 4),
]


def test_sonneborn_berger_counts_half_of_a_drawn_opponent():
    standings = rank(
        entrants="ABCD", results=ROUND_ROBIN, tie_breaks=["buchholz", "sonneborn_berger"]
    )
    assert table(standings) == [(1, "A"), (2, "C"), (3, "B"), (4, "D")]
    assert [s.match_points for s in standings] == [4, 4, 3, 1]
    assert [s.tie_breaks for s in standings] == [
        {"buchholz": 8, "sonneborn_berger": 6},
        {"buchholz": 8, "sonneborn_berger": 4},
        {"buchholz": 9, "sonneborn_berger": 3},
        {"buchholz": 11, "sonneborn_berger": 2},
    ]
    assert [s.decided_by for s in standings] == [
        "sonneborn_berger",
        "sonneborn_berger",
        "match_points",
        "match_points",
    ]
    assert [s.played for s in standings] == [3, 3, 3, 3]


def test_sonneborn_berger_takes_the_share_of_a_vp_scale():
    # Victory points, 20 a match: A-B 15-5, A-C 12-8, B-C 10-10.
    results = [
        Result("A", "B", 61, 20, match_points_a=15, match_points_b=5),
        Result("A", "C", 40, 31, match_points_a=12, match_points_b=8),
        Result("B", "C", 33, 33, match_points_a=10, match_points_b=10),
    ]
    standings = rank(entrants="ABC", results=results, tie_breaks=["sonneborn_berger"])
    assert table(standings) == [(1, "A"), (2, "C"), (3, "B")]
    assert [s.match_points for s in standings] == [27, 18, 15]
    # A: 15 * 15/20 + 18 * 12/20; C: 27 * 8/20 + 15 * 10/20; B: 27 * 5/20 + 18 * 10/20.
    assert [s.tie_breaks["sonneborn_berger"] for s in standings] == [22.05, 18.3, 15.75]


# --- head to head ----------------------------------------------------------------------------

# A round robin of five; wins 3-1, draws 2-2, except B's 5-1 over D.
#   A beats B and C, loses to D and E          -> 4 match points
#   B loses to A, draws C and E, beats D       -> 4
#   C loses to A, draws B and D, beats E       -> 4
#   D beats A and E, loses to B, draws C       -> 5
#   E beats A, draws B, loses to C and D       -> 3
# Among A, B and C: A 4 (two wins), B 1, C 1. Differences: A 0, B +2, C 0, D 0, E -2.
FIVE = [
    Result("A", "B", 3, 1),
    Result("A", "C", 3, 1),
    Result("D", "A", 3, 1),
    Result("E", "A", 3, 1),
    Result("B", "C", 2, 2),
    Result("B", "D", 5, 1),
    Result("B", "E", 2, 2),
    Result("C", "E", 3, 1),
    Result("C", "D", 2, 2),
    Result("D", "E", 3, 1),
]


def test_head_to_head_counts_only_matches_among_the_entrants_level():
    standings = rank(entrants="ABCDE", results=FIVE, tie_breaks=["head_to_head"])
    assert table(standings) == [(1, "D"), (2, "A"), (3, "B"), (3, "C"), (5, "E")]
    assert {s.entrant: s.tie_breaks["head_to_head"] for s in standings} == {
        "A": 4,
        "B": 1,
        "C": 1,
        "D": None,  # alone on 5 match points: not needed
        "E": None,
    }
    assert [s.decided_by for s in standings] == [
        "match_points",
        "head_to_head",
        None,
        None,
        "match_points",
    ]


def test_head_to_head_then_difference():
    standings = rank(entrants="ABCDE", results=FIVE, tie_breaks=["head_to_head", "difference"])
    assert table(standings) == [(1, "D"), (2, "A"), (3, "B"), (4, "C"), (5, "E")]
    assert line(standings, "B").decided_by == "difference"
    assert line(standings, "C").tie_breaks == {"head_to_head": 1, "difference": 0}


def test_head_to_head_after_difference_only_counts_those_still_level():
    # Difference puts B first of the three; A and C stay level, and between them only their own
    # match counts: A beat C (A 2, C 0), A's win over B no longer does.
    standings = rank(entrants="ABCDE", results=FIVE, tie_breaks=["difference", "head_to_head"])
    assert table(standings) == [(1, "D"), (2, "B"), (3, "A"), (4, "C"), (5, "E")]
    assert {s.entrant: s.tie_breaks["head_to_head"] for s in standings} == {
        "A": 2,
        "B": None,
        "C": 0,
        "D": None,
        "E": None,
    }
    assert line(standings, "B").decided_by == "difference"
    assert line(standings, "A").decided_by == "head_to_head"


def test_a_circle_of_wins_leaves_all_three_level():
    results = [Result("A", "B", 1, 0), Result("B", "C", 1, 0), Result("C", "A", 1, 0)]
    standings = rank(entrants="ABC", results=results, tie_breaks=["head_to_head", "buchholz"])
    assert table(standings) == [(1, "A"), (1, "B"), (1, "C")]
    assert all(s.shared and s.decided_by is None for s in standings)
    assert all(s.tie_breaks == {"head_to_head": 2, "buchholz": 4} for s in standings)


def test_entrants_level_on_everything_share_a_rank_and_keep_the_order_given():
    results = [Result("W", "X", 3, 1), Result("Y", "Z", 3, 1), Result("V", None, 2, 0)]
    standings = rank(
        entrants=["Z", "Y", "X", "W", "V"],
        results=results,
        tie_breaks=["difference", "buchholz"],
    )
    # Y, W and V (a bye, 2-0) all have 2 match points, +2 and a Buchholz of 0.
    assert table(standings) == [(1, "Y"), (1, "W"), (1, "V"), (4, "Z"), (4, "X")]
    assert all(s.shared and s.decided_by is None for s in standings)


# --- byes, VP scales, exact sums -------------------------------------------------------------


def test_a_bye_counts_for_match_points_and_difference_but_brings_no_opponent():
    results = [Result("A", "B", 3, 1), Result("C", None, 3)]
    standings = rank(entrants="ABC", results=results, tie_breaks=["buchholz", "difference"])
    assert table(standings) == [(1, "C"), (2, "A"), (3, "B")]
    c = line(standings, "C")
    assert (c.match_points, c.played, c.byes) == (2, 0, 1)
    assert c.tie_breaks == {"buchholz": 0, "difference": 3}
    assert c.decided_by == "difference"
    # A's Buchholz is B's 0 match points; B's is A's 2.
    assert line(standings, "A").tie_breaks["buchholz"] == 0
    assert line(standings, "B").tie_breaks["buchholz"] == 2


def test_a_bye_may_carry_its_own_match_points():
    results = [Result("A", None, match_points_a=1), Result("B", "C", 1, 1)]
    standings = rank(entrants="ABC", results=results)
    assert [s.match_points for s in standings] == [1, 1, 1]
    assert all(s.rank == 1 for s in standings)


def test_an_opponent_s_bye_counts_in_buchholz():
    # B's bye brings B to 2 match points, and A, who lost to nobody but met B, gets them.
    results = [Result("A", "B", 1, 1), Result("B", None), Result("A", "C", 1, 0)]
    standings = rank(entrants="ABC", results=results, tie_breaks=["buchholz"])
    assert line(standings, "A").tie_breaks["buchholz"] == 3 + 0  # B: 1 + 2, C: 0
    assert line(standings, "B").tie_breaks["buchholz"] == 3  # A: 1 + 2


def test_explicit_match_points_replace_win_draw_and_loss():
    results = [
        Result("A", "B", 120, 80, match_points_a=Fraction(27, 2), match_points_b=Fraction(13, 2)),
        Result("C", "D", 80, 120, match_points_a=25, match_points_b=-5),
    ]
    standings = rank(entrants="ABCD", results=results, tie_breaks=["difference"])
    assert table(standings) == [(1, "C"), (2, "A"), (3, "B"), (4, "D")]
    assert [s.match_points for s in standings] == [25, 13.5, 6.5, -5]
    assert line(standings, "C").tie_breaks == {"difference": -40}


def test_float_sums_are_exact_so_the_same_results_tie():
    assert (0.1 + 0.2) + 0.3 != (0.3 + 0.2) + 0.1  # why it matters
    results = [
        Result("A", None, 0.1, match_points_a=0.1),
        Result("A", None, 0.2, match_points_a=0.2),
        Result("A", None, 0.3, match_points_a=0.3),
        Result("B", None, 0.3, match_points_a=0.3),
        Result("B", None, 0.2, match_points_a=0.2),
        Result("B", None, 0.1, match_points_a=0.1),
    ]
    standings = rank(entrants="AB", results=results, tie_breaks=["difference"])
    assert table(standings) == [(1, "A"), (1, "B")]
    assert standings[0].match_points == standings[1].match_points
    assert standings[0].tie_breaks == standings[1].tie_breaks
    assert isinstance(standings[0].match_points, float)


def test_decimals_and_fractions_are_numbers_too():
    from decimal import Decimal

    results = [Result("A", "B", Decimal("10.5"), Fraction(21, 2))]
    standings = rank(entrants="AB", results=results, tie_breaks=["difference"])
    assert [s.match_points for s in standings] == [1, 1]
    assert [s.tie_breaks["difference"] for s in standings] == [0, 0]


def test_nobody_played_yet():
    standings = rank(entrants="ABC", results=[], tie_breaks=["buchholz", "head_to_head"])
    assert table(standings) == [(1, "A"), (1, "B"), (1, "C")]
    assert all(s.match_points == 0 and s.played == 0 for s in standings)


# --- input errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"tie_breaks": ["median"]},
            "Unknown tie-break 'median'; choose from difference, buchholz, sonneborn_berger, "
            "head_to_head.",
        ),
        ({"tie_breaks": ["buchholz", "buchholz"]}, "A tie-break is listed twice"),
        ({"entrants": ["A", "B", "A"]}, r"Entrants listed more than once: 'A'\."),
        ({"results": [Result("A", "B"), Result("A", "Z")]}, "Result 2 names 'Z', who is not"),
        ({"results": [Result("Z", None)]}, "Result 1 names 'Z', who is not an entrant"),
        ({"results": [Result("A", "A")]}, "Result 1 has 'A' playing themselves"),
        ({"results": [Result(None, "A")]}, "Result 1 names no entrant"),
        ({"results": [Result("A", "B", "3", 1)]}, "Result 1 has points that are not numbers"),
        ({"results": [Result("A", "B", True, 0)]}, "Result 1 has points that are not numbers"),
        (
            {"results": [Result("A", "B", 1, 0, match_points_a=2)]},
            "Result 1 gives match points to one side only",
        ),
    ],
)
def test_rank_input_errors(kwargs, message):
    kwargs = {"entrants": ["A", "B"], "results": [], **kwargs}
    with pytest.raises(ValueError, match=message):
        rank(**kwargs)


def test_a_single_tie_break_may_be_named_as_a_string():
    standings = rank(entrants="ABCD", results=SWISS[:2], tie_breaks="difference")
    assert set(standings[0].tie_breaks) == {"difference"}


# --- properties ------------------------------------------------------------------------------

TIE_BREAKS = ["difference", "buchholz", "sonneborn_berger", "head_to_head"]


@st.composite
def events(draw):
    n = draw(st.integers(1, 8))
    entrants = [f"E{i}" for i in range(n)]
    explicit = draw(st.booleans())  # a VP scale, or match points from the points
    results = []
    for _ in range(draw(st.integers(0, 3 * n))):
        a = draw(st.sampled_from(entrants))
        others = [e for e in entrants if e != a]
        b = draw(st.sampled_from(others)) if others and draw(st.integers(0, 5)) else None
        pa, pb = draw(st.integers(0, 10)), draw(st.integers(0, 10))
        if explicit:
            ma = draw(st.integers(0, 20))
            results.append(Result(a, b, pa, pb, ma, None if b is None else 20 - ma))
        else:
            results.append(Result(a, b, pa, pb))
    tie_breaks = draw(
        st.permutations(TIE_BREAKS).flatmap(lambda p: st.sampled_from([p[:k] for k in range(5)]))
    )
    return entrants, results, list(tie_breaks)


def earned(result):
    """The match points of a result, as the module documents them."""
    if result.b is None:
        return {result.a: 2 if result.match_points_a is None else result.match_points_a}
    if result.match_points_a is not None:
        return {result.a: result.match_points_a, result.b: result.match_points_b}
    pa, pb = result.points_a, result.points_b
    return {result.a: 2 * (pa > pb) + (pa == pb), result.b: 2 * (pb > pa) + (pa == pb)}


@settings(max_examples=150, deadline=None)
@given(events())
def test_any_standings_are_consistent(event):
    entrants, results, tie_breaks = event
    standings = rank(entrants=entrants, results=results, tie_breaks=tie_breaks)
    assert sorted(s.entrant for s in standings) == sorted(entrants)
    # Ranks are 1-based, non-decreasing, and count the entrants ahead.
    assert standings[0].rank == 1
    for i, s in enumerate(standings):
        assert s.rank == i + 1 or (i and s.rank == standings[i - 1].rank)
        assert s.shared == any(o.rank == s.rank and o is not s for o in standings)
        assert (s.decided_by is None) == s.shared
        assert set(s.tie_breaks) == set(tie_breaks)
    # Sorted by match points.
    points = [s.match_points for s in standings]
    assert points == sorted(points, reverse=True)
    # Match points add up to what the results gave.
    total = Counter()
    played, byes = Counter(), Counter()
    for result in results:
        total.update(earned(result))
        if result.b is None:
            byes[result.a] += 1
        else:
            played[result.a] += 1
            played[result.b] += 1
    for s in standings:
        assert s.match_points == total[s.entrant]
        assert (s.played, s.byes) == (played[s.entrant], byes[s.entrant])
    assert sum(s.match_points for s in standings) == sum(total.values())
    # Difference, Buchholz and Sonneborn-Berger, worked out again.
    difference, buchholz, berger = Counter(), Counter(), Counter()
    for result in results:
        difference[result.a] += result.points_a - result.points_b
        if result.b is None:
            continue
        difference[result.b] += result.points_b - result.points_a
        mp = earned(result)
        buchholz[result.a] += total[result.b]
        buchholz[result.b] += total[result.a]
        both = mp[result.a] + mp[result.b]
        if both:
            berger[result.a] += Fraction(total[result.b] * mp[result.a], both)
            berger[result.b] += Fraction(total[result.a] * mp[result.b], both)
    for s in standings:
        expected = {
            "difference": difference[s.entrant],
            "buchholz": buchholz[s.entrant],
            "sonneborn_berger": berger[s.entrant],
        }
        for name, value in expected.items():
            if name in tie_breaks:
                assert s.tie_breaks[name] == pytest.approx(float(value))
    # Entrants ranked apart differ in match points or in a tie-break before head to head.
    for a, b in pairwise(standings):
        if a.rank == b.rank:
            assert a.match_points == b.match_points
            for name in tie_breaks:
                assert a.tie_breaks[name] == b.tie_breaks[name]


@settings(max_examples=100, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_the_order_of_the_results_does_not_matter(event, rng):
    entrants, results, tie_breaks = event
    shuffled = list(results)
    rng.shuffle(shuffled)
    assert rank(entrants=entrants, results=shuffled, tie_breaks=tie_breaks) == rank(
        entrants=entrants, results=results, tie_breaks=tie_breaks
    )


# --- individual events -----------------------------------------------------------------------


def test_individuals_rank_by_their_total():
    totals = {"Ann": [10, 20], "Bob": [25, 5], "Cid": [40], "Dee": []}
    standings = rank_individual(totals=totals)
    assert [(s.rank, s.player, s.total, s.shared) for s in standings] == [
        (1, "Cid", 40, False),
        (2, "Ann", 30, True),
        (2, "Bob", 30, True),
        (4, "Dee", 0, False),
    ]
    assert standings[1].rounds == (10, 20)


def test_lower_is_better_turns_the_order_round():
    totals = {"Ann": [10, 20], "Bob": [25, 5], "Cid": [40], "Dee": []}
    standings = rank_individual(totals=totals, lower_is_better=True)
    assert [(s.rank, s.player) for s in standings] == [
        (1, "Ann"),
        (1, "Bob"),
        (3, "Cid"),
        (4, "Dee"),  # no round played yet: after those who played, not first with 0
    ]


def test_individual_totals_are_exact():
    standings = rank_individual(totals={"Ann": [0.1, 0.2, 0.3], "Bob": [0.3, 0.2, 0.1]})
    assert all(s.rank == 1 and s.shared for s in standings)
    assert standings[0].total == standings[1].total
    standings = rank_individual(totals={"Ann": [Fraction(1, 2), Fraction(1, 2)], "Bob": [0.5]})
    assert [(s.player, s.total) for s in standings] == [("Ann", 1), ("Bob", 0.5)]


@pytest.mark.parametrize("rounds", [["10"], [None], [True], [10, object()]])
def test_individual_rounds_must_be_numbers(rounds):
    with pytest.raises(ValueError, match="The rounds of 'Ann' must be numbers"):
        rank_individual(totals={"Ann": rounds})


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=3),
        st.lists(st.integers(-50, 50), max_size=5),
        max_size=12,
    ),
    st.booleans(),
)
def test_any_individual_standings_are_ordered(totals, lower_is_better):
    standings = rank_individual(totals=totals, lower_is_better=lower_is_better)
    assert [s.player for s in standings] == sorted(
        totals,
        key=lambda p: (not totals[p], sum(totals[p]) * (1 if lower_is_better else -1)),
    )
    for i, s in enumerate(standings):
        played = bool(totals[s.player])
        assert s.total == sum(totals[s.player])
        assert s.rank == i + 1 or s.rank == standings[i - 1].rank
        assert s.shared == any(
            o.total == s.total and bool(totals[o.player]) == played and o is not s
            for o in standings
        )
