"""Pairing pairs events (games.tournaments.pairing): Swiss rounds checked against a brute force
over every possible draw, Berger round robins and knockout brackets."""

import os
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments import pairing
from games.tournaments.pairing import (
    KnockoutMatch,
    knockout,
    knockout_next,
    round_robin,
    swiss_round,
)

BYE = "<bye>"

# --- Swiss: the brute force ------------------------------------------------------------------


def matchings(items):
    """Every perfect matching of ``items`` (an even number of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def ranked(pairs, scores):
    return sorted(pairs, key=lambda p: -scores[p])


def draw_cost(matching, pairs, scores, history, byes, positions=None):
    """The draw's priorities of swiss_round's docstring, as a tuple to minimise: a bye to a pair
    with more byes than another; the rematches, then how often the rematched pairs had met;
    the bye's place from the bottom among the pairs with the fewest byes; the squared
    score-group distances; with ``positions`` (``seed=None``) the squared distances in rank."""
    met = Counter(frozenset(p) for p in history)
    had = Counter(byes)
    order = ranked(pairs, scores)
    groups = sorted({scores[p] for p in pairs}, reverse=True)
    group = {p: groups.index(scores[p]) for p in pairs}
    fewest = min(had[p] for p in pairs)
    eligible = [p for p in order if had[p] == fewest]
    unfair = rematches = again = place = spread = near = 0
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
            if bye in eligible:
                place = len(eligible) - 1 - eligible.index(bye)
            else:
                unfair = 1
            continue
        times = met[frozenset((a, b))]
        if times:
            rematches += 1
            again += times - 1
        spread += (group[a] - group[b]) ** 2
        if positions is not None:
            near += (positions[a] - positions[b]) ** 2
    return (unfair, rematches, again, place, spread, near)


def best_cost(pairs, scores, history, byes, positions=None):
    items = list(pairs) + ([BYE] if len(pairs) % 2 else [])
    return min(draw_cost(m, pairs, scores, history, byes, positions) for m in matchings(items))


def as_matching(drawn):
    return [*drawn.pairings, *([(drawn.bye, BYE)] if drawn.bye is not None else [])]


def check_round(drawn, pairs, scores, history, byes):
    """What every Swiss round must satisfy, whatever the field."""
    seen = [p for pairing in drawn.pairings for p in pairing]
    if drawn.bye is not None:
        seen.append(drawn.bye)
    # Every pair exactly once: at a table or with the bye.
    assert sorted(seen, key=repr) == sorted(pairs, key=repr)
    assert (drawn.bye is not None) == (len(pairs) % 2 == 1)
    # Best-ranked table first, better-ranked pair first.
    rank = {p: i for i, p in enumerate(ranked(pairs, scores))}
    assert all(rank[a] < rank[b] for a, b in drawn.pairings)
    assert [rank[a] for a, _ in drawn.pairings] == sorted(rank[a] for a, _ in drawn.pairings)
    met = Counter(frozenset(p) for p in history)
    assert drawn.rematches == tuple(p for p in drawn.pairings if met[frozenset(p)])
    # The explanation names the bye and every rematch.
    text = "\n".join(drawn.explanation)
    if drawn.bye is not None:
        assert f"Bye: {drawn.bye!r}" in text
    for a, b in drawn.rematches:
        assert f"{a!r} v {b!r} is a rematch (meeting no. {met[frozenset((a, b))] + 1})" in text
    if drawn.rematches:
        assert "the fewest possible" in text
    else:
        assert "No rematches." in text


@st.composite
def swiss_fields(draw):
    n = draw(st.integers(2, 8))
    pairs = [chr(ord("A") + i) for i in range(n)]
    scores = {p: draw(st.sampled_from([0, 1, 2, 2, 3, 4, 4.5])) for p in pairs}
    played = st.tuples(st.sampled_from(pairs), st.sampled_from(pairs)).filter(
        lambda ab: ab[0] != ab[1]
    )
    history = draw(st.lists(played, max_size=3 * n))
    byes = draw(st.lists(st.sampled_from(pairs), max_size=n + 1))
    return pairs, scores, history, byes


@settings(max_examples=150, deadline=None)
@given(swiss_fields(), st.one_of(st.none(), st.integers(0, 1000)))
def test_a_swiss_round_is_the_best_draw_there_is(field, seed):
    pairs, scores, history, byes = field
    drawn = swiss_round(pairs=pairs, scores=scores, history=history, byes=byes, seed=seed)
    check_round(drawn, pairs, scores, history, byes)
    got = draw_cost(as_matching(drawn), pairs, scores, history, byes)
    best = best_cost(pairs, scores, history, byes)
    # Fair bye, fewest rematches (then least often met), lowest-ranked bye, score groups.
    assert got[:5] == best[:5]
    assert got[0] == 0
    if seed is None:
        positions = {p: i for i, p in enumerate(ranked(pairs, scores))}
        assert draw_cost(as_matching(drawn), pairs, scores, history, byes, positions) == best_cost(
            pairs, scores, history, byes, positions
        )


@settings(max_examples=60, deadline=None)
@given(swiss_fields())
def test_a_rematch_only_when_every_draw_has_one(field):
    pairs, scores, history, byes = field
    drawn = swiss_round(pairs=pairs, scores=scores, history=history, byes=byes)
    had = Counter(byes)
    fewest = min(had[p] for p in pairs)
    met = {frozenset(p) for p in history}
    items = list(pairs) + ([BYE] if len(pairs) % 2 else [])
    clean = [
        m
        for m in matchings(items)
        if not any(frozenset(p) in met for p in m if BYE not in p)
        and all(had[p] == fewest for pairing in m if BYE in pairing for p in pairing if p != BYE)
    ]
    assert bool(drawn.rematches) == (not clean)
    if drawn.bye is not None:
        # The bye only to a pair without one while any pair has none.
        assert had[drawn.bye] == fewest


def test_the_count_of_rematches_comes_before_how_often_pairs_met():
    # A and B have met three times; every other pairing has met once. One rematch (A v B
    # again, with C v D new) beats two rematches of pairs that met once.
    history = [("A", "B")] * 3 + [("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]
    drawn = swiss_round(pairs="ABCD", scores=dict.fromkeys("ABCD", 0), history=history)
    assert drawn.pairings == (("A", "B"), ("C", "D"))
    assert drawn.rematches == (("A", "B"),)
    assert "'A' v 'B' is a rematch (meeting no. 4)." in drawn.explanation
    assert "1 rematch is the fewest possible: no draw has fewer." in drawn.explanation


def test_among_as_many_rematches_the_pairs_met_least_meet_again():
    # Each draw has two rematches; A v B and C v D met twice each, A v C and B v D once.
    history = [("A", "B"), ("A", "B"), ("C", "D"), ("C", "D"), ("A", "C"), ("B", "D")]
    history += [("A", "D"), ("A", "D"), ("B", "C"), ("B", "C")]
    drawn = swiss_round(pairs="ABCD", scores=dict.fromkeys("ABCD", 0), history=history)
    assert drawn.pairings == (("A", "C"), ("B", "D"))


def test_first_round_pairs_neighbours_in_the_given_order_without_a_seed():
    pairs = list("ABCDEFGH")
    drawn = swiss_round(pairs=pairs, scores=dict.fromkeys(pairs, 0), seed=None)
    assert drawn.pairings == (("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))
    assert drawn.bye is None
    assert drawn.rematches == ()
    assert drawn.explanation[0] == "8 pairs in 1 score group: 4 tables."
    assert "Within a score group, pairs meet their neighbours in the given order." in (
        drawn.explanation
    )


def test_a_seed_shuffles_within_score_groups_only_and_reproducibly():
    pairs = [f"P{i}" for i in range(16)]
    scores = {p: (2 if i < 8 else 0) for i, p in enumerate(pairs)}
    first = swiss_round(pairs=pairs, scores=scores, seed=7)
    assert first == swiss_round(pairs=pairs, scores=scores, seed=7)
    assert all(scores[a] == scores[b] for a, b in first.pairings)
    draws = {swiss_round(pairs=pairs, scores=scores, seed=s).pairings for s in range(5)}
    assert len(draws) > 1
    assert "Within a score group the order was drawn at random (seed 7)." in first.explanation


def test_pairs_stay_in_their_score_group_when_they_can():
    pairs = list("ABCDEF")
    scores = {"A": 4, "B": 4, "C": 2, "D": 2, "E": 2, "F": 2}
    history = [("A", "B")]  # A and B cannot meet again: both float down
    drawn = swiss_round(pairs=pairs, scores=scores, history=history, seed=None)
    assert drawn.rematches == ()
    floats = [(a, b) for a, b in drawn.pairings if scores[a] != scores[b]]
    assert len(floats) == 2
    assert drawn.pairings == (("A", "C"), ("B", "D"), ("E", "F"))
    assert any("floats to another score group" in line for line in drawn.explanation)


def test_an_odd_score_group_floats_its_last_pair_one_group_down():
    pairs = list("ABCDEF")
    scores = {"A": 4, "B": 4, "C": 4, "D": 2, "E": 2, "F": 0}
    drawn = swiss_round(pairs=pairs, scores=scores, seed=None)
    assert drawn.pairings == (("A", "B"), ("C", "D"), ("E", "F"))


# --- Swiss: byes ---------------------------------------------------------------------------------


def test_the_bye_goes_to_the_lowest_ranked_pair():
    pairs = list("ABCDE")
    scores = {"A": 4, "B": 4, "C": 2, "D": 2, "E": 0}
    drawn = swiss_round(pairs=pairs, scores=scores)
    assert drawn.bye == "E"
    assert "Bye: 'E' (score 0), the lowest-ranked pair without a bye." in drawn.explanation


def test_the_bye_skips_pairs_that_had_one():
    pairs = list("ABCDE")
    scores = {"A": 4, "B": 4, "C": 2, "D": 2, "E": 0}
    drawn = swiss_round(pairs=pairs, scores=scores, byes=["E", "D"])
    assert drawn.bye == "C"


def test_the_bye_moves_up_when_the_lowest_pair_would_force_a_rematch():
    # D has met everybody: with the bye to E, the lowest-ranked, D would play a rematch.
    pairs = list("ABCDE")
    scores = {"A": 2, "B": 2, "C": 2, "D": 2, "E": 2}
    history = [("D", "A"), ("D", "B"), ("D", "C"), ("E", "D")]
    drawn = swiss_round(pairs=pairs, scores=scores, history=history, seed=None)
    assert drawn.bye == "D"
    assert drawn.rematches == ()
    assert any("'E' had no bye either, but a bye to them" in x for x in drawn.explanation)


def test_once_everybody_has_had_a_bye_it_goes_round_again_from_the_bottom():
    pairs = list("ABC")
    scores = {"A": 4, "B": 2, "C": 0}
    drawn = swiss_round(pairs=pairs, scores=scores, byes=["A", "B", "C"])
    assert drawn.bye == "C"
    assert any("go round again from the bottom" in x for x in drawn.explanation)
    # C has now had two: the next goes to B, the lowest of those with one.
    assert swiss_round(pairs=pairs, scores=scores, byes=["A", "B", "C", "C"]).bye == "B"


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6).map(lambda k: 2 * k + 1), st.integers(0, 1000))
def test_byes_go_round_the_whole_field_before_anybody_has_two(n, seed):
    pairs = list(range(1, n + 1))
    scores = dict.fromkeys(pairs, 0)
    byes, history = [], []
    for _ in range(2 * n):
        drawn = swiss_round(pairs=pairs, scores=scores, history=history, byes=byes, seed=seed)
        byes.append(drawn.bye)
        history.extend(drawn.pairings)
        for a, b in drawn.pairings:
            scores[a if (a + b + seed) % 3 else b] += 2
        counts = Counter(byes)
        assert max(counts.values()) - min(counts[p] for p in pairs) <= 1


# --- Swiss: looking ahead ------------------------------------------------------------------------


def round_robin_bound(n):
    """The most rounds a field of n pairs can play without a rematch or a second bye."""
    return n if n % 2 else n - 1


@st.composite
def swiss_events(draw):
    """A small field, a number of rounds up to the round-robin bound, a seeding order, the
    draw's seed, and a source of randomness for the results and the ties in the standings."""
    n = draw(st.integers(3, 9))
    rounds = draw(st.integers(1, round_robin_bound(n)))
    seeding = draw(st.permutations([f"P{i}" for i in range(n)]))
    seed = draw(st.one_of(st.none(), st.integers(0, 1000)))
    return seeding, rounds, seed, draw(st.randoms(use_true_random=False))


# SWISS_EVENTS=3000 runs many more events (some 90 s).
@settings(max_examples=int(os.environ.get("SWISS_EVENTS", 150)), deadline=None)
@given(swiss_events())
def test_a_swiss_event_up_to_the_round_robin_bound_never_needs_a_rematch_or_a_second_bye(event):
    seeding, rounds, seed, rng = event
    scores = dict.fromkeys(seeding, 0)
    history, byes = [], []
    for number in range(1, rounds + 1):
        # Standings order: by score, ties in an arbitrary order (the tie-breaks, the ids).
        order = sorted(seeding, key=lambda p: (-scores[p], rng.random()))
        drawn = swiss_round(
            pairs=order,
            scores=scores,
            history=history,
            byes=byes,
            seed=seed,
            rounds_after=rounds - number,
        )
        check_round(drawn, order, scores, history, byes)
        met = {frozenset(p) for p in history}
        assert not [p for p in drawn.pairings if frozenset(p) in met], (number, drawn)
        assert drawn.bye not in byes, (number, drawn)
        # Looking ahead never costs this round a fair bye or a rematch it could avoid.
        got = draw_cost(as_matching(drawn), order, scores, history, byes)
        assert got[:3] == best_cost(order, scores, history, byes)[:3]
        history.extend(drawn.pairings)
        if drawn.bye is not None:
            byes.append(drawn.bye)
            scores[drawn.bye] += 2
        for a, b in drawn.pairings:
            outcome = rng.choice(["home", "away", "draw"])
            if outcome == "draw":
                scores[a] += 1
                scores[b] += 1
            else:
                scores[a if outcome == "home" else b] += 2
    if rounds == round_robin_bound(len(seeding)):
        # A whole round robin, drawn as a Swiss: everybody met everybody once.
        assert sorted(map(sorted, history)) == sorted(map(sorted, combinations(seeding, 2)))


# The state of a 5-pair, 4-round event after two rounds (seed 1): A v B, C v D, E bye; B v C,
# E v A, D bye. The best draw on its own, C v E and A v D with the bye to B, leaves round 4 with
# A and C, the pairs without a bye, each having met everybody but the other.
TRAP = {
    "pairs": "CABDE",
    "scores": {"C": 4, "A": 2, "B": 2, "D": 2, "E": 2},
    "history": ["AB", "CD", "BC", "EA"],
    "byes": "ED",
    "seed": 1,
}


def test_a_greedy_round_would_paint_the_event_into_a_corner():
    alone = swiss_round(**TRAP)
    assert (alone.pairings, alone.bye) == ((("C", "E"), ("A", "D")), "B")
    last = swiss_round(
        pairs="ABCDE",
        scores=TRAP["scores"],
        history=[*TRAP["history"], *alone.pairings],
        byes=[*TRAP["byes"], alone.bye],
        seed=None,
    )
    assert last.rematches or last.bye in ("E", "D", "B")


def test_the_draw_looks_ahead_to_the_rounds_still_to_come():
    drawn = swiss_round(**TRAP, rounds_after=1)
    assert (drawn.pairings, drawn.bye) == ((("C", "A"), ("D", "E")), "B")
    assert (
        "Looking ahead to the round still to come: the draw otherwise best here would leave "
        "that round with no draw free of rematches and second byes; this one leaves it possible."
    ) in drawn.explanation
    assert any("in this round or a later one" in line for line in drawn.explanation)
    last = swiss_round(
        pairs="ABCDE",
        scores=TRAP["scores"],
        history=[*TRAP["history"], *drawn.pairings],
        byes=[*TRAP["byes"], drawn.bye],
        rounds_after=0,
    )
    assert last.rematches == ()
    assert last.bye not in ("E", "D", "B")
    # No rounds after this one: nothing to look ahead to, the round is drawn on its own.
    assert swiss_round(**TRAP, rounds_after=0) == swiss_round(**TRAP)


def test_past_the_round_robin_bound_the_draw_keeps_as_many_next_rounds_clean_as_it_can():
    pairs = list("ABCDE")
    scores = dict.fromkeys(pairs, 0)
    history, byes, notes = [], [], []
    for number in range(1, 8):
        drawn = swiss_round(
            pairs=pairs, scores=scores, history=history, byes=byes, rounds_after=7 - number
        )
        clean = not drawn.rematches and drawn.bye not in byes
        assert clean == (number <= 5)
        notes.append([line for line in drawn.explanation if line.startswith("Looking ahead")])
        history.extend(drawn.pairings)
        byes.append(drawn.bye)
    assert notes[0] == [
        "Looking ahead to the 6 rounds still to come: no draw now leaves all of them possible "
        "without a rematch or a second bye; this one leaves the next 4 possible."
    ]
    assert notes[5] == [
        "Looking ahead to the round still to come: no draw now leaves even the next round "
        "possible without a rematch or a second bye."
    ]


def test_the_look_ahead_stops_at_its_bound_of_work_and_says_so(monkeypatch):
    monkeypatch.setattr(pairing, "LOOK_AHEAD_BUDGET", 1)
    drawn = swiss_round(**TRAP, rounds_after=1)
    check_round(drawn, list(TRAP["pairs"]), TRAP["scores"], TRAP["history"], TRAP["byes"])
    assert any("the search stopped at its bound of work" in line for line in drawn.explanation)


def test_a_large_field_keeps_the_matching_s_draw():
    # 14 pairs after 11 rounds of a round robin: the degree check cannot vouch for the two
    # rounds to come, and the field is too large to search: the draw is the one without
    # looking ahead.
    pairs = [f"T{i}" for i in range(14)]
    assert len(pairs) > pairing.LOOK_AHEAD_PAIRS
    history = [p for r in round_robin(pairs=pairs)[:11] for p in r.pairings]
    scores = dict.fromkeys(pairs, 0)
    alone = swiss_round(pairs=pairs, scores=scores, history=history)
    assert swiss_round(pairs=pairs, scores=scores, history=history, rounds_after=2) == alone
    assert alone.rematches == ()


# --- Swiss: input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pairs": ["A"], "scores": {"A": 0}}, "A draw needs at least 2 pairs, not 1"),
        ({"pairs": ["A", "B", "A"], "scores": {"A": 0, "B": 0}}, "listed more than once: 'A'"),
        ({"pairs": ["A", None], "scores": {"A": 0, None: 0}}, "None cannot name a pair"),
        ({"pairs": ["A", "B", "C"], "scores": {"A": 0}}, "No score for 'B', 'C'"),
        (
            {"pairs": ["A", "B"], "scores": {"A": 0, "B": 0}, "history": [("A", "A")]},
            "must name two different pairs",
        ),
        (
            {"pairs": ["A", "B"], "scores": {"A": 0, "B": 0}, "history": [("A", "B", "C")]},
            "must name two different pairs",
        ),
        (
            {"pairs": ["A", "B"], "scores": {"A": 0, "B": 0}, "rounds_after": -1},
            "cannot be fewer than 0, not -1",
        ),
    ],
)
def test_swiss_input_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        swiss_round(**kwargs)


def test_pairs_who_have_left_may_stay_in_the_history():
    drawn = swiss_round(
        pairs=list("ABCD"), scores=dict.fromkeys("ABCD", 0), history=[("A", "Z")], byes=["Z"]
    )
    assert drawn.rematches == ()


# --- round robin -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_everybody_meets_everybody_once(n):
    pairs = [f"T{i}" for i in range(1, n + 1)]
    rounds = round_robin(pairs=pairs)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    met = Counter()
    home, away, byes = Counter(), Counter(), Counter()
    for r in rounds:
        playing = [p for pairing in r.pairings for p in pairing]
        # Nobody twice in a round; everybody plays or has the bye.
        assert len(playing) == len(set(playing))
        assert sorted(playing + ([r.bye] if r.bye is not None else [])) == sorted(pairs)
        assert (r.bye is not None) == (n % 2 == 1)
        assert len(r.pairings) == n // 2
        for a, b in r.pairings:
            met[frozenset((a, b))] += 1
            home[a] += 1
            away[b] += 1
        if r.bye is not None:
            byes[r.bye] += 1
    assert set(met) == {frozenset(p) for p in combinations(pairs, 2)}
    assert set(met.values()) == {1}
    if n % 2:
        assert byes == Counter(pairs)
    # Home and away differ by at most one for everybody.
    assert all(abs(home[p] - away[p]) <= 1 for p in pairs)


def test_round_robin_follows_the_berger_tables():
    rounds = round_robin(pairs=[1, 2, 3, 4, 5, 6])
    assert [r.pairings for r in rounds] == [
        ((1, 6), (2, 5), (3, 4)),
        ((6, 4), (5, 3), (1, 2)),
        ((2, 6), (3, 1), (4, 5)),
        ((6, 5), (1, 4), (2, 3)),
        ((3, 6), (4, 2), (5, 1)),
    ]
    # The last pair is away in odd rounds and home in even ones.
    assert [6 in r.pairings[0][1:] for r in rounds] == [True, False, True, False, True]


def test_round_robin_odd_field_gives_the_dummy_s_opponent_the_bye():
    rounds = round_robin(pairs=["A", "B", "C"])
    assert [(r.pairings, r.bye) for r in rounds] == [
        ((("B", "C"),), "A"),
        ((("A", "B"),), "C"),
        ((("C", "A"),), "B"),
    ]


@pytest.mark.parametrize(
    ("pairs", "message"),
    [([], "at least 2 pairs"), (["A"], "at least 2 pairs"), (["A", "A"], "more than once")],
)
def test_round_robin_input_errors(pairs, message):
    with pytest.raises(ValueError, match=message):
        round_robin(pairs=pairs)


# --- knockout ----------------------------------------------------------------------------------


def seeds(n):
    return [f"S{i}" for i in range(1, n + 1)]


def play_out(first, winner):
    """Plays the knockout to the end, ``winner`` choosing each match's winner."""
    rounds = [first]
    while True:
        last = rounds[-1]
        winners = [winner(m) for m in last.matches if m.b is not None]
        if len(last.matches) == 1:
            return rounds, winners[0]
        rounds.append(knockout_next(previous=last, winners=winners))


@pytest.mark.parametrize("n", range(2, 34))
def test_knockout_brackets(n):
    field = seeds(n)
    first = knockout(pairs=field)
    size = 1 << (n - 1).bit_length()
    assert len(first.matches) == size // 2
    assert first.number == 1
    entered = [p for m in first.matches for p in (m.a, m.b) if p is not None]
    assert sorted(entered) == sorted(field)
    # Byes to the top seeds.
    byes = [m.a for m in first.matches if m.b is None]
    assert sorted(byes, key=field.index) == field[: size - n]
    if size > n:
        assert f"{size - n} bye" in first.explanation[1]
    # Seed s meets seed size + 1 - s.
    for m in first.matches:
        if m.b is not None:
            assert field.index(m.a) + field.index(m.b) + 2 == size + 1
    # Seeds 1 and 2 in opposite halves, 1 to 4 in different quarters.
    where = {p: i for i, m in enumerate(first.matches) for p in (m.a, m.b)}
    half = len(first.matches) // 2
    if n >= 2 and half:
        assert (where["S1"] < half) != (where["S2"] < half)
    quarter = len(first.matches) // 4
    if n >= 4 and quarter:
        assert len({where[f"S{s}"] // quarter for s in range(1, 5)}) == 4
    # When the better seed always wins: semi-finals 1 v 4 and 2 v 3, final 1 v 2.
    rounds, champion = play_out(first, lambda m: min(m.a, m.b, key=field.index))
    assert champion == "S1"
    assert len(rounds) == max(1, size.bit_length() - 1)
    assert rounds[-1].matches == (KnockoutMatch("S1", "S2"),)
    if n >= 4:
        assert rounds[-2].matches == (KnockoutMatch("S1", "S4"), KnockoutMatch("S2", "S3"))


def test_knockout_of_8_in_bracket_order():
    first = knockout(pairs=seeds(8))
    assert [(m.a, m.b) for m in first.matches] == [
        ("S1", "S8"),
        ("S4", "S5"),
        ("S2", "S7"),
        ("S3", "S6"),
    ]
    assert first.explanation == ("8 pairs: a bracket of 8, 4 first-round matches.",)


def test_knockout_next_pairs_winners_of_neighbouring_matches():
    first = knockout(pairs=seeds(8))
    second = knockout_next(previous=first, winners=["S8", "S5", "S7", "S3"])
    assert second.number == 2
    assert second.matches == (KnockoutMatch("S8", "S5"), KnockoutMatch("S7", "S3"))
    assert "to the semi-finals" in second.explanation[0]
    final = knockout_next(previous=second, winners=["S3", "S5"])  # any order
    assert final.matches == (KnockoutMatch("S5", "S3"),)
    assert "to the final" in final.explanation[0]
    with pytest.raises(ValueError, match="Round 3 was the final: 'S3' has won"):
        knockout_next(previous=final, winners=["S3"])


def test_a_pair_with_a_bye_goes_through_whether_named_or_not():
    first = knockout(pairs=seeds(6))  # S1 and S2 have byes
    assert first.explanation[1] == (
        "2 byes to the top seeds ('S1', 'S2'), since 6 is not a power of two."
    )
    unnamed = knockout_next(previous=first, winners=["S5", "S3"])
    named = knockout_next(previous=first, winners=["S1", "S5", "S2", "S3"])
    assert unnamed == named
    assert unnamed.matches == (KnockoutMatch("S1", "S5"), KnockoutMatch("S2", "S3"))


@pytest.mark.parametrize(
    ("winners", "message"),
    [
        (["S1", "S1", "S4", "S2", "S3"], "Named as a winner twice: 'S1'"),
        (["S1", "S8", "S4", "S2", "S3"], "both 'S1' and 'S8' are named"),
        (["S1", "S4", "S2"], r"no winner is named for 'S3' v 'S6'"),
        (["S1", "S4", "S2", "S3", "X"], "'X' did not play in round 1"),
    ],
)
def test_knockout_next_refuses_bad_winners(winners, message):
    with pytest.raises(ValueError, match=message):
        knockout_next(previous=knockout(pairs=seeds(8)), winners=winners)


def test_a_knockout_of_two_is_its_own_final():
    first = knockout(pairs=["A", "B"])
    assert first.matches == (KnockoutMatch("A", "B"),)
    with pytest.raises(ValueError, match="was the final: 'B' has won"):
        knockout_next(previous=first, winners=["B"])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.randoms(use_true_random=False))
def test_any_knockout_ends_with_one_winner(n, rng):
    field = seeds(n)
    rounds, champion = play_out(knockout(pairs=field), lambda m: rng.choice([m.a, m.b]))
    assert champion in field
    size = 1 << (n - 1).bit_length()
    assert [len(r.matches) for r in rounds] == [size >> k for k in range(1, len(rounds) + 1)]
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    # Nobody plays on after losing.
    out = set()
    for r in rounds:
        for m in r.matches:
            assert m.a not in out and m.b not in out
        if r is not rounds[-1]:
            through = {m.a for m in rounds[rounds.index(r) + 1].matches} | {
                m.b for m in rounds[rounds.index(r) + 1].matches
            }
            out |= {p for m in r.matches for p in (m.a, m.b) if p is not None} - through
