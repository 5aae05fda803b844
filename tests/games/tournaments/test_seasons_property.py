"""The season standing equals a brute-force recomputation from the events: every subset of a
member's results of the counted size is tried for the total, and the ranking is checked pair by
pair against the rules' comparison (total, events played, best result, head-to-head)."""

from __future__ import annotations

from itertools import combinations, pairwise

from hypothesis import given
from hypothesis import strategies as st

from games.tournaments.seasons import Event, EventResult, SeasonRules, get_scheme, season_standing

MEMBERS = ["A", "B", "C", "D", "E"]


@st.composite
def seasons(draw):
    n_events = draw(st.integers(min_value=1, max_value=6))
    results = []
    for event in range(n_events):
        players = draw(st.lists(st.sampled_from(MEMBERS), unique=True, min_size=1))
        # Places with ties: each player a place from 1 to the field's size.
        for member in players:
            place = draw(st.integers(min_value=1, max_value=len(players)))
            results.append(EventResult(event, member, place, len(players)))
    ladder = draw(st.booleans())
    rules = SeasonRules(
        best=None if ladder else draw(st.none() | st.integers(min_value=1, max_value=6)),
        drop=0 if ladder else draw(st.integers(min_value=0, max_value=3)),
        min_events=draw(st.integers(min_value=0, max_value=3)),
        ladder=ladder,
    )
    slug = draw(st.sampled_from(["place_table", "field_size"]))
    return n_events, results, rules, slug


def brute_total(points: list[int], size: int | None) -> int:
    if size is None or size >= len(points):
        return sum(points)
    return max(sum(chosen) for chosen in combinations(points, size))


def brute_size(rules: SeasonRules, held: int) -> int | None:
    if rules.ladder:
        return None
    sizes = [rules.best] if rules.best else []
    if rules.drop:
        sizes.append(max(1, held - rules.drop))
    return min(sizes) if sizes else None


@given(seasons())
def test_the_standing_equals_a_brute_force_recomputation(season):
    n_events, results, rules, slug = season
    scheme = get_scheme(slug)
    options = scheme.resolve({})
    lines = season_standing(
        events=[Event(e) for e in range(n_events)],
        results=results,
        scheme=scheme,
        options=options,
        rules=rules,
    )
    points: dict[str, list[int]] = {}
    places: dict[str, dict[int, int]] = {}
    for result in results:
        points.setdefault(result.member, []).append(scheme.points(result, options))
        places.setdefault(result.member, {})[result.event] = result.place
    size = brute_size(rules, n_events)
    by_member = {line.member: line for line in lines}
    assert set(by_member) == set(points)
    for member, own in points.items():
        line = by_member[member]
        assert line.total == brute_total(own, size)
        assert line.played == len(own)
        assert line.best == max(own)
        assert (line.rank is None) == (len(own) < rules.min_events)
        assert sum(r.points for r in line.results if r.counted) == line.total

    ranked = [line for line in lines if line.rank is not None]
    assert lines[: len(ranked)] == tuple(ranked)  # the unranked come after

    def key(line):
        return (line.total, line.played, line.best)

    def h2h(member, group):
        score = 0
        for other in group:
            for event, place in places[other].items():
                if other != member and event in places[member]:
                    mine = places[member][event]
                    score += (mine < place) - (mine > place)
        return score

    for first, second in pairwise(ranked):
        assert key(first) >= key(second)
        assert first.rank <= second.rank
    for line in ranked:
        level = [other.member for other in ranked if key(other) == key(line)]
        same_rank = [other for other in ranked if other.rank == line.rank]
        if len(level) > 1:
            mine = h2h(line.member, level)
            for other in ranked:
                if key(other) == key(line):
                    theirs = h2h(other.member, level)
                    # A better head-to-head among those level ranks strictly higher.
                    if mine > theirs:
                        assert line.rank < other.rank
                    if mine == theirs:
                        assert line.rank == other.rank
        # Ranks are competition ranks: the next rank skips the places shared.
        assert line.rank == 1 + sum(1 for other in ranked if other.rank < line.rank)
        assert line.shared == (len(same_rank) > 1)
