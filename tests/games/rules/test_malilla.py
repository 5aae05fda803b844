"""Malilla (RULES.md §3): Mexican Malilla, Spanish and Macau Manilla; every rule and worked
example, then properties of the fold."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import MatchOver, RuleViolation, fold, get_game
from games.rules.malilla import VARIANTS, MalillaState

GAME = get_game("malilla")
UNDER_WAY = MalillaState(dealer=1)  # a match under way: seat 1 (team 1) deals
BLANK = {"mexican": ("4", "cups"), "spanish": ("4", "cups"), "macau": ("5", "hearts")}


def opts(**rules):
    return GAME.resolve_options(rules, players=4)


def card(rank, suit):
    return {"rank": rank, "suit": suit}


def hand(a, b, turn_up=("4", "cups"), **extra):
    return {"turn_up": card(*turn_up), "totals": [a, b], **extra}


def split(points0, tricks0, points1, tricks1, turn_up=("4", "cups")):
    cards = [{"points": points0, "tricks": tricks0}, {"points": points1, "tricks": tricks1}]
    return {"turn_up": card(*turn_up), "cards": cards}


def record(raw, state=UNDER_WAY, options=None):
    result = GAME.record(raw, state=state, options=options or opts())
    return result.outcome, GAME.state_to_data(result.state)


def refused(raw, state=UNDER_WAY, options=None):
    with pytest.raises(RuleViolation) as info:
        GAME.record(raw, state=state, options=options or opts())
    return info.value.errors


def new(options=None, albur=None):
    setup = {} if albur is None else {"albur": albur}
    return GAME.initial_state(options or opts(), GAME.setup(setup, options or opts()))


# --- hand score ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "before", "totals", "points", "winner"),
    [
        ("mexican", (0, 0), [43, 27], [8, 0], None),  # the rules' example
        ("mexican", (0, 0), [27, 43], [0, 8], None),
        ("mexican", (20, 20), [35, 35], [0, 0], None),  # 35-35: neither scores
        ("mexican", (33, 20), [36, 34], [1, 0], None),
        ("mexican", (34, 20), [36, 34], [1, 0], 0),  # exactly 35 wins
        ("spanish", (20, 20), [36, 36], [0, 0], None),  # 72 a deal: the excess over 36
        ("spanish", (35, 20), [39, 33], [3, 0], None),
        ("spanish", (36, 20), [40, 32], [4, 0], 0),  # target 40
        ("spanish", (0, 0), [30, 42], [0, 6], None),
        ("macau", (0, 0), [43, 27], [16, 0], None),  # the difference between the totals
        ("macau", (20, 20), [35, 35], [0, 0], None),
        ("macau", (0, 0), [20, 50], [0, 30], None),
        ("macau", (60, 35), [38, 32], [6, 0], None),
        ("macau", (60, 35), [40, 30], [10, 0], 0),  # target 70
    ],
)
def test_the_team_above_half_scores_its_excess_or_in_macau_the_difference(
    variant, before, totals, points, winner
):
    state = MalillaState(scores=before, dealer=1)
    outcome, after = record(
        hand(*totals, BLANK[variant]), state=state, options=opts(variant=variant)
    )
    assert outcome["points"] == points
    assert outcome["bonus"] is None and outcome["capote"] is None
    assert after["scores"] == [before[0] + points[0], before[1] + points[1]]
    assert (after["finished"], after["winner"]) == (winner is not None, winner)


@pytest.mark.parametrize(
    ("variant", "raw", "points", "finished"),
    [
        ("mexican", hand(70, 0), [35, 0], True),  # wins the Mexican game in one deal
        ("mexican", hand(0, 70), [0, 35], True),
        ("mexican", split(60, 10, 0, 0), [35, 0], True),
        ("spanish", hand(72, 0), [36, 0], False),  # 36 < 40
        ("spanish", split(0, 0, 60, 12), [0, 36], False),
        ("macau", hand(0, 70, BLANK["macau"]), [0, 70], True),
    ],
)
def test_capote_takes_every_point_and_is_labelled(variant, raw, points, finished):
    capote = 0 if points[0] else 1
    options = opts(variant=variant)  # a new match: its first deal
    outcome, state = record({**raw, "dealer": 0}, state=new(options), options=options)
    assert outcome["points"] == points
    assert outcome["capote"] == capote and state["capotes"][capote] == 1
    assert (state["finished"], state["winner"]) == (finished, capote if finished else None)
    assert outcome["zapato"] == (capote if finished else None)  # the opponents are on 0


# --- the dealer's bonus --------------------------------------------------------------------

COUNTS = [5, 4, 3, 2, 1, None, None, None, None, None]  # malilla, A, K, H (J in Macau), J (Q)
MACAU = [*"7AKJQ9865", "10"]  # the Macau ranks: the jack above the queen


@pytest.mark.parametrize(
    ("variant", "bonus_rule", "turn_up", "value"),
    [
        *[("mexican", None, (r, "cups"), v) for r, v in zip("7AKHJ65432", COUNTS, strict=True)],
        ("mexican", False, ("7", "cups"), None),
        *[("spanish", True, (r, "cups"), v) for r, v in zip("9AKHJ87654", COUNTS, strict=True)],
        ("spanish", None, ("9", "cups"), None),  # off by default
        *[("macau", True, (r, "clubs"), v) for r, v in zip(MACAU, COUNTS, strict=True)],
        ("macau", None, ("7", "hearts"), None),  # off by default
        ("macau", False, ("A", "hearts"), None),
    ],
)
def test_a_counting_turn_up_is_counted_at_once_for_the_dealers_team(
    variant, bonus_rule, turn_up, value
):
    options = opts(variant=variant, turn_up_bonus=bonus_rule)
    outcome, state = record(hand(20, VARIANTS[variant].deal_points - 20, turn_up), options=options)
    excess = outcome["points"][1]
    assert excess > 0 and outcome["points"][0] == 0  # team 1 (the dealer's) wins the hand
    if value is None:
        assert outcome["bonus"] is None
        assert state["scores"] == [0, excess]
    else:
        assert outcome["bonus"] == {"team": 1, "points": value, "status": "counted"}
        assert state["scores"] == [0, excess + value]  # the outcome's points leave it apart


@pytest.mark.parametrize(
    ("before", "rank", "totals", "points", "scores", "winner", "status"),
    [
        ((33, 33), "K", [33, 37], [0, 2], [33, 35], 1, "void"),  # the non-dealers reach 35
        ((33, 33), "K", [34, 36], [0, 1], [36, 34], 0, "added"),  # 34; the dealers add 3: 36
        ((33, 33), "K", [35, 35], [0, 0], [36, 33], 0, "added"),
        ((33, 33), "K", [37, 33], [2, 0], [35, 33], 0, "void"),  # the dealers reach it alone
        ((29, 0), "7", [35, 35], [0, 0], [34, 0], None, "counted"),  # 34 < 35: at once
        ((30, 0), "7", [35, 35], [0, 0], [35, 0], 0, "added"),  # exactly 35 is held back
        ((34, 0), "J", [34, 36], [0, 1], [35, 1], 0, "added"),
    ],
)
def test_the_worked_example_of_a_held_back_bonus(
    before, rank, totals, points, scores, winner, status
):
    state = MalillaState(scores=before, dealer=0)  # seat 0 deals and turns up a counting card
    outcome, after = record(hand(*totals, (rank, "cups")), state=state)
    assert outcome["points"] == points
    value = VARIANTS["mexican"].values[rank]
    assert outcome["bonus"] == {"team": 0, "points": value, "status": status}
    assert after["scores"] == scores
    assert (after["finished"], after["winner"]) == (winner is not None, winner)


# --- rotation ------------------------------------------------------------------------------


def test_before_the_first_deal_nothing_is_known_of_the_rotation():
    state = GAME.state_to_data(new())
    assert state["next"] == {"dealer": None, "leader": None}
    assert state["scores"] == [0, 0] and state["albur"] is None
    assert (state["finished"], state["winner"], state["zapato"]) == (False, None, None)


@pytest.mark.parametrize("raw", [hand(43, 27), {"misdeal": True}])
def test_the_first_deal_of_any_kind_names_the_dealer(raw):
    assert list(refused(raw, state=new())) == ["dealer"]
    assert record({**raw, "dealer": 3}, state=new())[1]["next"] == {"dealer": 0, "leader": 1}


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_the_deal_passes_to_the_right_after_every_hand_and_misdeal(first):
    deals = [hand(43, 27, dealer=first), {"misdeal": True}, hand(30, 40), {"misdeal": True}]
    _, steps = fold(GAME, opts(), {}, deals)
    for k, step in enumerate(steps, start=1):
        assert GAME.state_to_data(step.state)["next"] == {
            "dealer": (first + k) % 4,
            "leader": (first + k + 1) % 4,
        }


@pytest.mark.parametrize(
    ("given_seat", "accepted"), [(1, True), (None, True), (0, False), (3, False)]
)
def test_a_later_dealer_is_optional_and_must_be_the_expected_seat(given_seat, accepted):
    raw = hand(43, 27) if given_seat is None else hand(43, 27, dealer=given_seat)
    if accepted:
        assert record(raw)[1]["next"]["dealer"] == 2
    else:
        assert list(refused(raw)) == ["dealer"]


# --- albur and zapato ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("albur", "dealer", "accepted"),
    [(1, 0, True), (1, 2, True), (1, 1, False), (1, 3, False), (0, 0, False), (0, 3, True)],
)
def test_the_albur_team_starts_with_five_points_and_does_not_deal_first(albur, dealer, accepted):
    initial = GAME.state_to_data(new(albur=albur))
    assert initial["scores"] == [5 * (1 - albur), 5 * albur] and initial["albur"] == albur
    raw, first = hand(35, 35, dealer=dealer), new(albur=albur)
    if accepted:
        assert (dealer + 1) % 2 == albur  # so the albur team leads the first deal (mano)
        assert record(raw, state=first)[1]["next"]["dealer"] == (dealer + 1) % 4
    else:
        assert list(refused(raw, state=first)) == ["dealer"]
        assert list(refused({"misdeal": True, "dealer": dealer}, state=first)) == ["dealer"]


@pytest.mark.parametrize(
    "setup",
    [{"albur": 2}, {"albur": -1}, {"albur": True}, {"albur": "1"}, {"albur": 1.0}, {"alburr": 1}],
)
def test_a_bad_albur_is_refused(setup):
    with pytest.raises(RuleViolation) as info:
        GAME.setup(setup, opts())
    assert list(info.value.errors) == list(setup)


@pytest.mark.parametrize(
    ("before", "totals", "winner", "zapato"),
    [
        ((30, 0), [43, 27], 0, 0),
        ((30, 1), [43, 27], 0, None),  # the opponents have a point
        ((0, 30), [27, 43], 1, 1),
        ((30, 0), [36, 34], None, None),  # 31: not yet won
    ],
)
def test_zapato_when_the_losers_are_still_on_nothing(before, totals, winner, zapato):
    outcome, state = record(hand(*totals), state=MalillaState(scores=before, dealer=1))
    assert state["winner"] == winner
    assert outcome["zapato"] == zapato and state["zapato"] == zapato


def test_albur_points_count_towards_zapato_and_the_target():
    state, steps = fold(GAME, opts(), {"albur": 1}, [hand(27, 43, dealer=0), hand(6, 64)])
    assert GAME.state_to_data(state)["scores"] == [0, 42]  # 5 + 8 + 29
    assert steps[-1].outcome["zapato"] == 1
    state, steps = fold(GAME, opts(), {"albur": 0}, [hand(27, 43, dealer=1), hand(6, 64)])
    assert GAME.state_to_data(state)["scores"] == [5, 37]
    assert steps[-1].outcome["zapato"] is None


# --- irregularities ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "raw"), [({}, {"misdeal": True}), ({"abandon_long_suit": True}, {"abandoned": True})]
)
def test_a_misdeal_or_abandoned_hand_scores_nothing_and_the_deal_passes_on(rules, raw):
    state = MalillaState(scores=(12, 30), dealer=3)
    outcome, after = record(raw, state=state, options=opts(**rules))
    assert outcome["points"] == [0, 0] and outcome["bonus"] is None
    assert outcome["irregularity"] == next(iter(raw))
    assert after["scores"] == [12, 30] and after["next"]["dealer"] == 0
    assert after["finished"] is False


@pytest.mark.parametrize(
    ("raw", "loser"),
    [
        ({"renege": {"team": 1}}, 1),
        ({"renege": {"team": 0}}, 0),
        ({"challenge": {"team": 0, "upheld": False}}, 0),  # a false accusation
        ({"challenge": {"team": 0, "upheld": True}}, 1),
        ({"challenge": {"team": 1, "upheld": False}}, 1),
        ({"challenge": {"team": 1, "upheld": True}}, 0),
    ],
)
def test_a_renege_or_a_challenge_loses_the_game(raw, loser):
    state = MalillaState(scores=(30, 2), dealer=1)
    outcome, after = record(raw, state=state)
    assert outcome["loser"] == loser and outcome["points"] == [0, 0] and outcome["bonus"] is None
    assert (after["finished"], after["winner"]) == (True, 1 - loser)
    assert after["scores"] == [30, 2]
    with pytest.raises(MatchOver):
        GAME.record(hand(35, 35), state=GAME.state_from_data(after), options=opts())


# --- entry ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "raw", "totals", "points"),
    [
        ("mexican", split(36, 7, 24, 3), [43, 27], [8, 0]),  # API.md's example
        ("mexican", split(20, 1, 40, 9), [21, 49], [0, 14]),  # 1 trick holds at most 20
        ("spanish", split(30, 6, 30, 6), [36, 36], [0, 0]),
        ("spanish", split(50, 11, 10, 1), [61, 11], [25, 0]),
        ("macau", split(40, 6, 20, 4, BLANK["macau"]), [46, 24], [22, 0]),
    ],
)
def test_card_points_and_tricks_make_the_totals(variant, raw, totals, points):
    outcome, _ = record(raw, options=opts(variant=variant))
    assert outcome["totals"] == totals and outcome["points"] == points


SUM = "Malilla totals must sum to 70: 60 card points and 10 tricks."


@pytest.mark.parametrize(
    ("rules", "raw", "fields"),
    [
        ({}, hand(40, 40), {"totals": [SUM]}),
        ({"variant": "spanish"}, hand(35, 35), {"totals": 1}),
        ({}, hand(71, -1), {"totals": {"0": 1, "1": 1}}),
        ({}, {"turn_up": card("4", "cups"), "totals": [35, 35, 0]}, {"totals": 1}),
        ({}, {"turn_up": card("4", "cups")}, {"totals": 1}),
        ({}, {"totals": [35, 35]}, {"turn_up": 1}),
        ({}, split(30, 5, 29, 5), {"cards": 1}),  # 59 card points
        ({}, split(30, 5, 30, 6), {"cards": 1}),  # 11 tricks
        ({}, split(30, 11, 30, 1), {"cards": {"0": {"tricks": 1}}}),
        ({}, split(5, 0, 55, 10), {"cards": {"0": {"points": 1}}}),  # no tricks, no points
        ({}, split(39, 9, 21, 1), {"cards": {"1": {"points": 1}}}),  # 1 trick: 20 at most
        ({}, {**split(30, 5, 30, 5), "totals": [35, 35]}, {"cards": 1}),
        ({}, hand(35, 35, ("8", "cups")), {"turn_up": {"rank": 1}}),
        ({}, hand(35, 35, ("Q", "cups")), {"turn_up": {"rank": 1}}),
        ({}, hand(35, 35, ("4", "hearts")), {"turn_up": {"suit": 1}}),
        ({"variant": "macau"}, hand(35, 35, ("7", "coins")), {"turn_up": {"suit": 1}}),
        ({"variant": "macau"}, hand(35, 35, ("H", "hearts")), {"turn_up": {"rank": 1}}),
        ({}, {"turn_up": "K cups", "totals": [35, 35]}, {"turn_up": 1}),
        ({}, hand(35, 35, trump="cups"), {"trump": ["Unknown field."]}),
        ({}, hand(35, 35, misdeal=True), {"turn_up": 1}),
        ({}, {"misdeal": True, "renege": {"team": 1}}, {"renege": 1}),
        ({}, {"misdeal": "yes"}, {"misdeal": 2}),
        ({}, {"renege": {"team": 2}}, {"renege": {"team": 1}}),
        ({}, {"renege": {}}, {"renege": {"team": 1}}),
        ({}, {"challenge": {"team": 0}}, {"challenge": {"upheld": 1}}),
        (
            {},
            {"challenge": {"team": 0, "upheld": "no", "x": 1}},
            {"challenge": {"upheld": 1, "x": 1}},
        ),
        ({}, hand(35, 35, dealer=4), {"dealer": 1}),
        ({}, {"abandoned": True}, {"abandoned": 1}),  # unless abandon_long_suit
    ],
)
def test_invalid_deal_is_refused_naming_the_field(rules, raw, fields):
    """``fields`` mirrors the errors: an exact message list, or the number of messages."""

    def shape(errors, expected):
        if isinstance(expected, dict):
            return {k: shape(errors[k], v) for k, v in expected.items() if k in errors}
        return errors if isinstance(expected, list) else len(errors)

    errors = refused(raw, options=opts(**rules))
    assert set(errors) == set(fields)
    assert shape(errors, fields) == fields


@pytest.mark.parametrize("raw", [[1, 2], "misdeal", None])
def test_a_deal_that_is_not_an_object_is_refused(raw):
    assert refused(raw) == {"non_field_errors": ["A deal must be an object."]}


def test_a_deal_after_the_game_is_won_is_refused():
    state, _ = fold(GAME, opts(), {}, [hand(70, 0, dealer=0)])
    assert GAME.is_finished(state)
    for raw in (hand(35, 35), {"misdeal": True}, {"nonsense": 1}):
        with pytest.raises(MatchOver):
            GAME.record(raw, state=state, options=opts())


@pytest.mark.parametrize(
    ("rules", "turn_up_bonus", "seven_discard_rule"),
    [
        ({}, True, True),
        ({"variant": "spanish"}, False, False),
        ({"variant": "macau"}, False, False),
        ({"variant": "mexican", "turn_up_bonus": False}, False, True),
        ({"variant": "macau", "turn_up_bonus": True, "seven_discard_rule": True}, True, True),
        ({"variant": "spanish", "turn_up_bonus": None}, False, False),
    ],
)
def test_option_defaults_depend_on_the_variant(rules, turn_up_bonus, seven_discard_rule):
    options = opts(**rules)
    assert options.turn_up_bonus is turn_up_bonus
    assert options.seven_discard_rule is seven_discard_rule
    assert options.abandon_long_suit is False and options.players == 4


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("variant", "italian"),
        ("variant", None),
        ("turn_up_bonus", "yes"),
        ("turn_up_bonus", 1),
        ("abandon_long_suit", None),
        ("seven_discard_rule", "false"),
        ("players", 5),
        ("target", 35),
    ],
)
def test_unknown_option_or_bad_value_is_refused_under_rules(name, value):
    with pytest.raises(RuleViolation) as info:
        opts(**{name: value})
    assert list(info.value.errors) == ["rules"]
    assert list(info.value.errors["rules"]) == [name]


# --- properties ----------------------------------------------------------------------------

PACKS = {slug: v.pack for slug, v in VARIANTS.items()}


@st.composite
def hands(draw, variant):
    """A valid played hand of ``variant``: totals or card points and tricks."""
    v = VARIANTS[variant]
    pack = PACKS[variant]
    turn_up = (draw(st.sampled_from(pack.ranks)), draw(st.sampled_from(pack.suits)))
    if draw(st.booleans()):
        total = draw(st.integers(0, v.deal_points) | st.integers(v.half - 3, v.half + 3))
        return hand(total, v.deal_points - total, turn_up)
    tricks = draw(st.integers(0, v.tricks))
    low = max(0, 60 - v.most_card_points(v.tricks - tricks))
    points = draw(st.integers(low, min(60, v.most_card_points(tricks))))
    return split(points, tricks, 60 - points, v.tricks - tricks, turn_up)


RULES = st.fixed_dictionaries(
    {"variant": st.sampled_from(sorted(VARIANTS))},
    optional={"turn_up_bonus": st.booleans(), "abandon_long_suit": st.booleans()},
)


@given(rules=RULES, data=st.data())
def test_one_hand_scores_one_team_at_most_within_the_variants_bounds(rules, data):
    options = opts(**rules)
    v = VARIANTS[options.variant]
    scores = tuple(data.draw(st.integers(0, v.target - 1)) for _ in range(2))
    state = MalillaState(scores=scores, dealer=data.draw(st.integers(0, 3)))
    outcome, after = record(data.draw(hands(options.variant)), state=state, options=options)
    points, totals, bonus = outcome["points"], outcome["totals"], outcome["bonus"]
    assert min(points) == 0
    assert max(points) <= (70 if v.scoring == "difference" else v.deal_points - v.half)
    expected = abs(totals[0] - totals[1]) if v.scoring == "difference" else max(totals) - v.half
    assert max(points) == max(expected, 0)
    extra = [0, 0]
    if bonus is not None:
        assert options.turn_up_bonus and 1 <= bonus["points"] <= 5
        assert bonus["team"] == state.dealer % 2
        if bonus["status"] != "void":
            extra[bonus["team"]] = bonus["points"]
    assert after["scores"] == [s + p + e for s, p, e in zip(scores, points, extra, strict=True)]
    assert after["finished"] is (max(after["scores"]) >= v.target)


@st.composite
def matches(draw):
    """Rule options, set-up and a sequence of valid deals, each drawn against the state."""
    options = opts(**draw(RULES))
    albur = draw(st.sampled_from([None, 0, 1]))
    setup = GAME.setup({} if albur is None else {"albur": albur}, options)
    state = GAME.initial_state(options, setup)
    deals = []
    for _ in range(draw(st.integers(1, 20))):
        if GAME.is_finished(state):
            break
        kind = draw(st.sampled_from(["hand"] * 8 + ["misdeal", "abandoned", "end"]))
        if kind == "misdeal" or (kind == "abandoned" and not options.abandon_long_suit):
            raw = {"misdeal": True}
        elif kind == "abandoned":
            raw = {"abandoned": True}
        elif kind == "end":
            raw = {"renege": {"team": draw(st.integers(0, 1))}}
            if draw(st.booleans()):
                raw = {"challenge": {**raw["renege"], "upheld": draw(st.booleans())}}
        else:
            raw = draw(hands(options.variant))
        if state.dealer is None:
            seats = [s for s in range(4) if albur is None or s % 2 != albur]
            raw["dealer"] = draw(st.sampled_from(seats))
        elif draw(st.booleans()):
            raw["dealer"] = state.dealer
        state = GAME.record(raw, state=state, options=options).state
        deals.append(raw)
    return options, setup, deals


@given(match=matches())
def test_the_scores_are_the_albur_the_hands_points_and_the_bonuses_kept(match):
    options, setup, deals = match
    folded, steps = fold(GAME, options, setup, deals)
    expected = list(GAME.initial_state(options, setup).scores)
    for step in steps:
        outcome = step.outcome
        expected = [e + p for e, p in zip(expected, outcome["points"], strict=True)]
        if outcome["bonus"] is not None and outcome["bonus"]["status"] != "void":
            expected[outcome["bonus"]["team"]] += outcome["bonus"]["points"]
    assert list(folded.scores) == expected


def test_macau_shows_trumps_with_a_2_from_outside_the_pack():
    # Seed: in Macau the four 2s left out of the pack are used to show the trump suit.
    game = get_game("malilla")
    options = game.resolve_options({"variant": "macau", "turn_up_bonus": True}, players=4)
    state = game.initial_state(options, {})

    result = game.record(
        {"dealer": 0, "turn_up": {"rank": "2", "suit": "hearts"}, "totals": [40, 30]},
        state=state,
        options=options,
    )

    assert result.outcome["bonus"] is None
    assert result.outcome["points"] == [10, 0]
