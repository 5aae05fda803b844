"""Marafon-Beccaccino (RULES.md §1): every worked example and rule, then properties of the fold."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import MatchOver, RuleViolation, fold, get_game
from games.rules.marafon import GameRecord, MarafonState

GAME = get_game("marafon")
UNDER_WAY = MarafonState(last_battezzante=3)  # a match under way: seat 0 is the battezzante


def opts(**rules):
    return GAME.resolve_options(rules, players=4)


def pts(a, b, **extra):
    return {"trump": "cups", "points": [a, b], **extra}


def cards(team0, team1, last_trick):
    (aces, figures), (aces1, figures1) = team0, team1
    return {
        "trump": "coins",
        "cards": [{"aces": aces, "figures": figures}, {"aces": aces1, "figures": figures1}],
        "last_trick": last_trick,
    }


def play(deals, options=None, battezzante=0):
    """Folds the deals from a new match, entering the battezzante in the first one."""
    deals = [{**deals[0], "battezzante": battezzante}, *deals[1:]]
    state, steps = fold(GAME, options or opts(), {}, deals)
    return GAME.state_to_data(state), [step.outcome for step in steps]


def record(raw, state=UNDER_WAY, options=None):
    result = GAME.record(raw, state=state, options=options or opts())
    return result.outcome, GAME.state_to_data(result.state)


def refused(raw, state=UNDER_WAY, options=None):
    with pytest.raises(RuleViolation) as info:
        GAME.record(raw, state=state, options=options or opts())
    return info.value.errors


# --- card points ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("team0", "team1", "last_trick", "points"),
    [
        ((2, 16), (2, 4), 1, [7, 4]),  # 22 thirds = 7 1/3 -> 7; 13 thirds = 4 1/3 -> 4
        ((2, 10), (2, 10), 0, [6, 5]),  # 19 = 6 1/3; 16 = 5 1/3
        ((1, 11), (3, 9), 0, [5, 6]),  # 17 = 5 2/3; 18 = 6
        ((0, 2), (4, 18), 0, [1, 10]),  # 5 = 1 2/3; 30 = 10
        ((3, 0), (1, 20), 1, [3, 8]),  # 9 = 3; 26 = 8 2/3
        ((4, 20), (0, 0), 0, [11, 0]),  # all 35 thirds
        ((0, 0), (4, 20), 1, [0, 11]),
    ],
)
def test_card_counts_score_whole_points_of_the_thirds(team0, team1, last_trick, points):
    outcome, state = record(cards(team0, team1, last_trick))
    assert outcome["points"] == points
    assert sum(outcome["points"]) == 11
    assert state["scores"] == points


@pytest.mark.parametrize(
    ("points", "marafona", "scored", "marafona_team", "cappotto"),
    [
        ([6, 5], None, [6, 5], None, None),
        ([6, 5], 0, [9, 5], 0, None),
        ([6, 5], 3, [6, 8], 1, None),
        ([11, 0], None, [11, 0], None, 1),
        ([11, 0], 2, [14, 0], 0, 1),
        ([11, 0], 1, [11, 3], 1, None),  # the marafona saves team 1 from cappotto
        ([0, 11], 0, [3, 11], 0, None),
        ([0, 11], None, [0, 11], None, 0),
    ],
)
def test_marafona_scores_three_and_cappotto_counts_it(
    points, marafona, scored, marafona_team, cappotto
):
    raw = pts(*points) if marafona is None else pts(*points, marafona=marafona)
    outcome, _ = record(raw)
    assert outcome["points"] == scored
    assert sum(scored) == (11 if marafona is None else 14)
    assert outcome["marafona"] == marafona_team
    assert outcome["cappotto"] == cappotto


# --- rotation ------------------------------------------------------------------------------


def test_before_the_first_deal_nothing_is_known_of_the_rotation():
    state = GAME.state_to_data(GAME.initial_state(opts(), {}))
    assert state["next"] == {"dealer": None, "battezzante": None, "must_not_look": None}
    assert state["scores"] == [0, 0] and state["games_won"] == [0, 0] and state["games"] == []


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_battezzante_deals_next_and_the_player_to_the_dealers_right_names_trumps(first):
    state, _ = play([pts(6, 5)], battezzante=first)
    assert state["next"] == {
        "dealer": first,
        "battezzante": (first + 1) % 4,
        "must_not_look": (first + 3) % 4,
    }
    state, _ = play([pts(6, 5), pts(5, 6), pts(6, 5)], battezzante=first)
    assert state["next"] == {
        "dealer": (first + 2) % 4,
        "battezzante": (first + 3) % 4,
        "must_not_look": (first + 5) % 4,
    }


@pytest.mark.parametrize(("given_seat", "accepted"), [(0, True), (1, False), (2, False)])
def test_battezzante_is_required_first_and_later_must_be_the_expected_seat(given_seat, accepted):
    assert list(refused(pts(6, 5), state=GAME.initial_state(opts(), {}))) == ["battezzante"]
    assert record(pts(6, 5))[1]["next"]["dealer"] == 0  # omitted later: seat 0 is expected
    raw = pts(6, 5, battezzante=given_seat)
    if accepted:
        assert record(raw)[1]["next"]["dealer"] == given_seat
    else:
        assert list(refused(raw)) == ["battezzante"]


# --- games and the match -------------------------------------------------------------------


def won(winner, scores):
    return {"winner": winner, "scores": scores, "by": "points"}


@pytest.mark.parametrize(
    ("rules", "deals", "scores", "games"),
    [
        ({}, [(11, 0)] * 3, [33, 0], []),
        ({}, [(11, 0)] * 3 + [(7, 4)], [40, 4], []),  # 40: one short
        ({}, [(11, 0)] * 3 + [(8, 3)], [0, 0], [won(0, [41, 3])]),  # exactly 41
        ({}, [(11, 0)] * 3 + [(8, 3), (3, 8)], [3, 8], [won(0, [41, 3])]),
        ({}, [(0, 11)] * 3 + [(3, 8)], [0, 0], [won(1, [3, 41])]),
        ({"target": 31}, [(11, 0)] * 2 + [(5, 6)], [27, 6], []),
        ({"target": 31}, [(11, 0)] * 2 + [(9, 2)], [0, 0], [won(0, [31, 2])]),
    ],
)
def test_first_team_to_reach_the_target_wins_the_game(rules, deals, scores, games):
    state, _ = play([pts(*d) for d in deals], opts(**rules))
    assert state["scores"] == scores
    assert state["games"] == games
    assert state["finished"] is False and state["winner"] is None


def test_la_bella_is_played_to_bella_target():
    assert opts().bella_target == 41 and opts(target=31).bella_target == 31  # the default
    options = opts(target=31, bella_target=41)
    deals = [pts(11, 0)] * 3 + [pts(0, 11)] * 3 + [pts(11, 0)] * 3
    state, _ = play(deals, options)
    assert [g["winner"] for g in state["games"]] == [0, 1]
    assert state["scores"] == [33, 0] and state["finished"] is False  # 33 < 41 in la bella
    state, outcomes = play([*deals, pts(11, 0)], options)
    assert outcomes[-1]["game"] == {"winner": 0, "by": "points", "target": 41}
    assert state["finished"] is True and state["winner"] == 0
    assert state["games_won"] == [2, 1]
    assert state["scores"] == [44, 0]  # the final game's totals are kept


@pytest.mark.parametrize(
    ("rules", "deals", "games_won", "finished", "winner", "scores"),
    [
        ({}, [(11, 0)] * 4, [1, 0], False, None, [0, 0]),
        ({}, [(11, 0)] * 8, [2, 0], True, 0, [44, 0]),  # 2-0: no third game
        ({}, [(11, 0)] * 4 + [(0, 11)] * 4, [1, 1], False, None, [0, 0]),  # 1-1: la bella
        ({}, [(11, 0)] * 4 + [(0, 11)] * 8, [1, 2], True, 1, [0, 44]),
        ({"match_format": "single_game"}, [(11, 0)] * 3 + [(9, 2)], [1, 0], True, 0, [42, 2]),
        ({"match_format": "single_game", "target": 31}, [(0, 11)] * 3, [0, 1], True, 1, [0, 33]),
    ],
)
def test_match_formats(rules, deals, games_won, finished, winner, scores):
    state, _ = play([pts(*d) for d in deals], opts(**rules))
    assert state["games_won"] == games_won
    assert len(state["games"]) == sum(games_won)
    assert (state["finished"], state["winner"], state["scores"]) == (finished, winner, scores)


def test_finished_match_refuses_more_deals():
    options = opts(match_format="single_game", target=11)
    state, _ = fold(GAME, options, {}, [pts(11, 0, battezzante=0)])
    assert GAME.is_finished(state)
    with pytest.raises(MatchOver):
        GAME.record(pts(6, 5), state=state, options=options)


@pytest.mark.parametrize(
    ("before", "deal", "game", "scores_after"),
    [
        ((38, 35), pts(5, 6), won(0, [43, 41]), [0, 0]),
        ((38, 35), pts(3, 8), won(1, [41, 43]), [0, 0]),
        ((35, 36), pts(6, 5), None, [41, 41]),  # equal: play continues
        ((41, 41), pts(6, 5), won(0, [47, 46]), [0, 0]),
        ((30, 36), pts(8, 3, marafona=0), won(0, [41, 39]), [0, 0]),  # the marafona reaches it
        ((33, 38), pts(8, 3, marafona=1), won(1, [41, 44]), [0, 0]),
    ],
)
def test_both_teams_over_the_target_the_higher_total_wins(before, deal, game, scores_after):
    outcome, state = record(deal, state=MarafonState(scores=before, last_battezzante=3))
    assert state["games"] == ([] if game is None else [game])
    assert state["scores"] == scores_after
    expected = None if game is None else {"winner": game["winner"], "by": "points", "target": 41}
    assert outcome["game"] == expected


# --- claims --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "scores", "claim", "marafona", "correct"),
    [
        ({}, (30, 20), (0, 3, 5), None, False),  # 90 + 9 + 5 = 104 < 123
        ({}, (38, 20), (2, 1, 6), None, True),  # 114 + 3 + 6 = 123: exactly the target
        ({}, (38, 20), (2, 1, 5), None, False),  # 122
        ({}, (20, 38), (1, 1, 6), None, True),  # team 1 claims on its own score
        ({}, (20, 38), (0, 1, 6), None, False),  # team 0 has only 20
        ({"claim_needs_extra_third": True}, (38, 0), (0, 1, 6), None, False),  # needs 124
        ({"claim_needs_extra_third": True}, (38, 0), (0, 1, 7), None, True),
        ({}, (0, 38), (3, 0, 0), 1, True),  # 114 + 9 for its own marafona
        ({}, (0, 35), (3, 0, 0), 1, False),  # 105 + 9 = 114
        ({"claim_counts_marafona": False}, (0, 38), (3, 0, 0), 1, False),
        ({}, (0, 38), (3, 0, 0), 0, False),  # the opponents' marafona does not count
        ({"target": 31}, (25, 0), (2, 1, 15), None, True),  # 75 + 3 + 15 = 93
        ({"target": 31}, (25, 0), (2, 1, 14), None, False),
    ],
)
def test_claim_is_correct_when_the_thirds_reach_the_target(rules, scores, claim, marafona, correct):
    seat, aces, figures = claim
    raw = {"trump": "swords", "claim": {"seat": seat, "aces": aces, "figures": figures}}
    if marafona is not None:
        raw["marafona"] = marafona
    outcome, state = record(
        raw, state=MarafonState(scores=scores, last_battezzante=3), options=opts(**rules)
    )
    winner = seat % 2 if correct else 1 - seat % 2
    target = rules.get("target", 41)
    # What the claim was measured against is kept, for its explanation.
    assert outcome["claim"] == {
        "seat": seat,
        "correct": correct,
        "before": scores[seat % 2],
        "target": target,
    }
    assert outcome["points"] == [0, 0]
    by = "claim" if correct else "failed_claim"
    assert outcome["game"] == {"winner": winner, "by": by, "target": target}
    assert state["games"] == [
        {"winner": winner, "scores": list(scores), "by": "claim" if correct else "failed_claim"}
    ]
    assert state["scores"] == [0, 0] and state["games_won"][winner] == 1
    assert state["next"]["dealer"] == 0  # a claim deal advances the rotation


@pytest.mark.parametrize(
    ("in_bella", "scores", "aces", "figures", "correct"),
    [
        (False, (29, 0), 1, 3, True),  # 87 + 6 = 93 = 3 * 31
        (False, (29, 0), 1, 2, False),
        (True, (33, 0), 4, 12, True),  # 99 + 12 + 12 = 123 = 3 * 41
        (True, (33, 0), 0, 0, False),  # 99 would reach 31, not 41
        (True, (33, 0), 4, 11, False),
    ],
)
def test_claim_in_la_bella_is_measured_against_bella_target(
    in_bella, scores, aces, figures, correct
):
    games = (GameRecord(0, (33, 10), "points"), GameRecord(1, (5, 31), "points"))
    state = MarafonState(
        scores=scores,
        games=games if in_bella else (),
        games_won=(1, 1) if in_bella else (0, 0),
        last_battezzante=3,
    )
    raw = {"trump": "cups", "claim": {"seat": 2, "aces": aces, "figures": figures}}
    outcome, after = record(raw, state=state, options=opts(target=31, bella_target=41))
    target = 41 if in_bella else 31
    assert outcome["claim"] == {
        "seat": 2,
        "correct": correct,
        "before": scores[0],
        "target": target,
    }
    assert after["games"][-1] == {
        "winner": 0 if correct else 1,
        "scores": list(scores),
        "by": "claim" if correct else "failed_claim",
    }
    assert after["finished"] is in_bella


# --- marafona declarers and mandare a monte ------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "marafona", "accepted"),
    [
        ({}, 2, True),
        ({"marafona_declarer": "battezzante"}, 0, True),
        ({"marafona_declarer": "battezzante"}, 2, False),
        ({"marafona_declarer": "battezzante"}, 1, False),
        ({"marafona_needs_ace_lead": True}, 0, True),
        ({"marafona_needs_ace_lead": True}, 3, False),
    ],
)
def test_who_may_declare_a_marafona(rules, marafona, accepted):
    raw = pts(6, 5, marafona=marafona)  # seat 0 is the battezzante
    if accepted:
        assert record(raw, options=opts(**rules))[0]["marafona"] == marafona % 2
    else:
        assert list(refused(raw, options=opts(**rules))) == ["marafona"]


def test_annulled_deal_scores_nothing_and_the_rotation_stands_still():
    options = opts(mandare_a_monte=True)
    state = MarafonState(scores=(12, 9), last_battezzante=3)
    result = GAME.record({"trump": "cups", "annulled": True}, state=state, options=options)
    assert result.outcome["points"] == [0, 0] and result.outcome["annulled"] is True
    assert result.state == state
    assert GAME.state_to_data(result.state)["next"]["battezzante"] == 0


def test_after_an_annulled_first_deal_the_battezzante_is_entered_again():
    options = opts(mandare_a_monte=True)
    new = GAME.initial_state(options, {})
    annulled = {"trump": "cups", "annulled": True, "battezzante": 1}
    state = GAME.record(annulled, state=new, options=options).state
    assert GAME.state_to_data(state)["next"]["battezzante"] is None
    assert list(refused(pts(6, 5), state=state, options=options)) == ["battezzante"]
    assert record(pts(6, 5, battezzante=2), state=state, options=options)[1]["next"]["dealer"] == 2


# --- entry checks --------------------------------------------------------------------------

SPLIT = [{"aces": 2, "figures": 10}, {"aces": 2, "figures": 10}]


@pytest.mark.parametrize(
    ("raw", "fields"),
    [
        (pts(6, 4), {"points": ["Marafon points must sum to 11."]}),
        (pts(12, -1), {"points": {"0": 1, "1": 1}}),
        ({"trump": "cups", "points": [6, 5, 0]}, {"points": 1}),
        (cards((3, 10), (2, 10), 0), {"cards": 1}),  # 5 aces
        (cards((2, 10), (2, 9), 0), {"cards": 1}),  # 19 figures
        (cards((3, 11), (2, 10), 0), {"cards": 2}),
        ({"trump": "cups", "cards": SPLIT}, {"last_trick": 1}),
        (pts(6, 5, last_trick=0), {"last_trick": 1}),
        ({"trump": "cups", "cards": SPLIT, "last_trick": 0, "points": [6, 5]}, {"points": 1}),
        (pts(6, 5, claim={"seat": 0, "aces": 1, "figures": 1}), {"claim": 1}),
        (pts(6, 5, colour="red"), {"colour": ["Unknown field."]}),
        ({**pts(6, 5), "trump": "hearts"}, {"trump": 1}),
        ({"points": [6, 5]}, {"trump": ["This field is required."]}),
        ({"trump": "cups"}, {"points": 1}),
        (pts(6, 5, marafona=4), {"marafona": 1}),
        ({"trump": "cups", "annulled": True}, {"annulled": 1}),  # mandare a monte not allowed
        (pts(6, 5, annulled=True), {"annulled": 1}),
        (
            {"trump": "cups", "claim": {"seat": 0, "aces": 5, "tricks": 2}},
            {"claim": {"aces": 1, "figures": 1, "tricks": 1}},
        ),
    ],
)
def test_invalid_deal_is_refused_naming_the_field(raw, fields):
    """``fields`` mirrors the errors: an exact message list, or the number of messages."""

    def shape(errors, expected):
        if isinstance(expected, dict):
            return {k: shape(errors[k], v) for k, v in expected.items() if k in errors}
        return errors if isinstance(expected, list) else len(errors)

    errors = refused(raw)
    assert set(errors) == set(fields)
    assert shape(errors, fields) == fields


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("taget", 41),
        ("target", 0),
        ("target", 31.0),
        ("target", True),
        ("bella_target", 0),
        ("match_format", "best_of_five"),
        ("marafona_declarer", "partner"),
        ("marafona_needs_ace_lead", "yes"),
        ("claim_counts_marafona", None),
        ("mandare_a_monte", "true"),
        ("players", 5),
        ("players", "4"),
        ("players", 4.0),
    ],
)
def test_unknown_option_or_bad_value_is_refused_under_rules(name, value):
    with pytest.raises(RuleViolation) as info:
        opts(**{name: value})
    assert list(info.value.errors) == ["rules"]
    assert list(info.value.errors["rules"]) == [name]


@pytest.mark.parametrize("rules", [["target", 31], [("target", 31)], "target=31", 41])
def test_rules_that_are_not_an_object_are_refused_under_rules(rules):
    with pytest.raises(RuleViolation) as info:
        GAME.resolve_options(rules, players=4)
    assert list(info.value.errors) == ["rules"]


def test_players_option_conflicting_with_the_players_entered_is_refused():
    assert opts(players=4).players == 4
    assert GAME.resolve_options({}, players=4).players == 4
    with pytest.raises(RuleViolation) as info:
        GAME.resolve_options({"players": 4}, players=5)
    assert list(info.value.errors["rules"]) == ["players"]


# --- properties ----------------------------------------------------------------------------

OPTIONS = opts()


@given(
    aces=st.integers(0, 4),
    figures=st.integers(0, 20),
    last_trick=st.integers(0, 1),
    marafona=st.none() | st.integers(0, 3),
)
def test_any_card_count_scores_eleven_whole_points_or_fourteen(aces, figures, last_trick, marafona):
    raw = {"battezzante": 1, **cards((aces, figures), (4 - aces, 20 - figures), last_trick)}
    if marafona is not None:
        raw["marafona"] = marafona
    outcome = GAME.record(raw, state=GAME.initial_state(OPTIONS, {}), options=OPTIONS).outcome
    thirds = 3 * aces + figures + (3 if last_trick == 0 else 0)
    expected = [thirds // 3, (35 - thirds) // 3]
    if marafona is not None:
        expected[marafona % 2] += 3
    assert outcome["points"] == expected
    assert sum(outcome["points"]) == (11 if marafona is None else 14)


@given(team0=st.integers(0, 11), marafona=st.none() | st.integers(0, 3))
def test_any_points_split_scores_eleven_or_fourteen(team0, marafona):
    raw = pts(team0, 11 - team0, battezzante=2)
    if marafona is not None:
        raw["marafona"] = marafona
    outcome = GAME.record(raw, state=GAME.initial_state(OPTIONS, {}), options=OPTIONS).outcome
    assert sum(outcome["points"]) == (11 if marafona is None else 14)
    assert outcome["cappotto"] == next((t for t in (0, 1) if outcome["points"][t] == 0), None)


CLAIMS = st.fixed_dictionaries(
    {"seat": st.integers(0, 3), "aces": st.integers(0, 4), "figures": st.integers(0, 20)}
)
RULES = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([11, 21, 31, 41]),
        "bella_target": st.sampled_from([11, 21, 41]),
        "match_format": st.sampled_from(["best_of_three", "single_game"]),
        "marafona_declarer": st.sampled_from(["any", "battezzante"]),
        "claim_needs_extra_third": st.booleans(),
        "claim_counts_marafona": st.booleans(),
        "mandare_a_monte": st.booleans(),
    },
)


@st.composite
def matches(draw):
    """Rule options and a sequence of valid deals, each drawn against the state before it."""
    options = opts(**draw(RULES))
    state = GAME.initial_state(options, {})
    deals = []
    kinds = ["points", "points", "cards", "cards", "claim"]
    if options.mandare_a_monte:
        kinds.append("annulled")
    for _ in range(draw(st.integers(1, 20))):
        if GAME.is_finished(state):
            break
        expected = GAME.state_to_data(state)["next"]["battezzante"]
        raw = {"trump": draw(st.sampled_from(["coins", "cups", "swords", "clubs"]))}
        if expected is None:
            raw["battezzante"] = battezzante = draw(st.integers(0, 3))
        else:
            battezzante = expected
            if draw(st.booleans()):
                raw["battezzante"] = expected
        kind = draw(st.sampled_from(kinds))
        if kind == "points":
            team0 = draw(st.integers(0, 11))
            raw["points"] = [team0, 11 - team0]
        elif kind == "cards":
            aces, figures = draw(st.integers(0, 4)), draw(st.integers(0, 20))
            raw.update(cards((aces, figures), (4 - aces, 20 - figures), draw(st.integers(0, 1))))
        elif kind == "claim":
            raw["claim"] = draw(CLAIMS)
        else:
            raw["annulled"] = True
        if kind != "annulled" and draw(st.integers(0, 4)) == 0:
            raw["marafona"] = (
                battezzante if options.marafona_declarer != "any" else draw(st.integers(0, 3))
            )
        state = GAME.record(raw, state=state, options=options).state
        deals.append(raw)
    return options, deals
