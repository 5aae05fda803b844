"""Trionfo (RULES.md §2): the payment table, rotation and entry checks, then properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RuleViolation, fold, get_game
from games.rules.trionfo import TrionfoState

GAME = get_game("trionfo")
OPTIONS = GAME.resolve_options({}, players=5)
UNDER_WAY = TrionfoState(last_first_speaker=4)  # a match under way: seat 0 speaks first


def bid(kind, declarer=1, **extra):
    return {"bid": kind, "declarer": declarer, "trump": "coins", **extra}


def record(raw, state=UNDER_WAY):
    result = GAME.record(raw, state=state, options=OPTIONS)
    return result.outcome, GAME.state_to_data(result.state)


def refused(raw, state=UNDER_WAY):
    with pytest.raises(RuleViolation) as info:
        GAME.record(raw, state=state, options=OPTIONS)
    return info.value.errors


def play(deals, first_speaker=0):
    """Folds the deals from a new match, entering the first speaker in the first one."""
    deals = [{**deals[0], "first_speaker": first_speaker}, *deals[1:]]
    state, steps = fold(GAME, OPTIONS, {}, deals)
    return GAME.state_to_data(state), [step.outcome for step in steps]


# --- payments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "payments", "made"),
    [
        # chiamo with a partner (declarer 1, partner 3): ±2, ±1, ∓1 for the three opponents
        (bid("chiamo", partner=3, points=6), [-1, 2, -1, 1, -1], True),
        (bid("chiamo", partner=3, points=11), [-1, 2, -1, 1, -1], True),
        (bid("chiamo", partner=3, points=5), [1, -2, 1, -1, 1], False),
        (bid("chiamo", partner=3, points=0), [1, -2, 1, -1, 1], False),
        (bid("chiamo", declarer=4, partner=0, points=7), [1, -1, -1, -1, 2], True),
        (bid("chiamo", declarer=0, partner=4, points=2), [-2, 1, 1, 1, -1], False),
        # chiamata in mano (partner == declarer) and di_piu: ±8, ∓2 for the four opponents
        (bid("chiamo", partner=1, points=6), [-2, 8, -2, -2, -2], True),
        (bid("chiamo", partner=1, points=5), [2, -8, 2, 2, 2], False),
        (bid("di_piu", points=6), [-2, 8, -2, -2, -2], True),
        (bid("di_piu", points=5), [2, -8, 2, 2, 2], False),
        (bid("di_piu", declarer=3, points=9), [-2, -2, -2, 8, -2], True),
        # maso: ±16, ∓4; maso dei masi: ±32, ∓8
        (bid("maso", made=True), [-4, 16, -4, -4, -4], True),
        (bid("maso", made=False), [4, -16, 4, 4, 4], False),
        (bid("maso_dei_masi", made=True), [-8, 32, -8, -8, -8], True),
        (bid("maso_dei_masi", declarer=2, made=False), [8, 8, -32, 8, 8], False),
    ],
)
def test_payment_table(deal, payments, made):
    outcome, state = record(deal)
    assert outcome["payments"] == payments
    assert sum(payments) == 0
    assert outcome["made"] is made
    assert state["balances"] == payments


@pytest.mark.parametrize(
    ("deal", "alone", "partner"),
    [
        (bid("chiamo", partner=3, points=6), False, 3),
        (bid("chiamo", partner=1, points=6), True, None),
        (bid("di_piu", points=6), True, None),
        (bid("maso", made=True), True, None),
    ],
)
def test_chiamata_in_mano_plays_alone(deal, alone, partner):
    outcome, _ = record(deal)
    assert (outcome["alone"], outcome["partner"], outcome["declarer"]) == (alone, partner, 1)


def test_all_pass_pays_nothing_and_the_deal_still_passes_on():
    outcome, state = record({"bid": "pass"})
    assert outcome["payments"] == [0, 0, 0, 0, 0]
    assert outcome["made"] is None
    assert state["balances"] == [0, 0, 0, 0, 0]
    assert state["next"] == {"dealer": 0, "first_speaker": 1}


def test_balances_accumulate_over_the_deals():
    deals = [
        bid("chiamo", partner=3, points=7),
        {"bid": "pass"},
        bid("maso", declarer=0, made=False),
        bid("di_piu", declarer=4, points=4),
    ]
    state, outcomes = play(deals)
    assert [o["payments"] for o in outcomes] == [
        [-1, 2, -1, 1, -1],
        [0, 0, 0, 0, 0],
        [-16, 4, 4, 4, 4],
        [2, 2, 2, 2, -8],
    ]
    assert state["balances"] == [-15, 8, 5, 7, -5]
    assert sum(state["balances"]) == 0


# --- rotation ------------------------------------------------------------------------------


def test_before_the_first_deal_nobody_is_known():
    state = GAME.state_to_data(GAME.initial_state(OPTIONS, {}))
    assert state["next"] == {"dealer": None, "first_speaker": None}
    assert state["balances"] == [0, 0, 0, 0, 0]
    assert state["finished"] is False and state["winner"] is None


@pytest.mark.parametrize("first", [0, 1, 2, 3, 4])
def test_first_speaker_deals_next_and_the_next_player_speaks_first(first):
    state, _ = play([{"bid": "pass"}], first_speaker=first)
    assert state["next"] == {"dealer": first, "first_speaker": (first + 1) % 5}
    state, _ = play([{"bid": "pass"}, bid("di_piu", points=6), {"bid": "pass"}], first)
    assert state["next"] == {"dealer": (first + 2) % 5, "first_speaker": (first + 3) % 5}


@pytest.mark.parametrize(("given_seat", "accepted"), [(0, True), (1, False), (4, False)])
def test_first_speaker_is_required_first_and_later_must_be_the_expected_seat(given_seat, accepted):
    assert refused({"bid": "pass"}, state=GAME.initial_state(OPTIONS, {})) == {
        "first_speaker": ["This field is required."]
    }
    assert record({"bid": "pass"})[1]["next"]["dealer"] == 0  # omitted later: seat 0 expected
    raw = {"bid": "pass", "first_speaker": given_seat}
    if accepted:
        assert record(raw)[1]["next"]["dealer"] == given_seat
    else:
        assert list(refused(raw)) == ["first_speaker"]


# --- entry checks --------------------------------------------------------------------------

THREE_OF_CUPS = {"rank": "3", "suit": "cups"}


@pytest.mark.parametrize(
    "deal",
    [
        bid("chiamo", partner=3, points=6, called_card=THREE_OF_CUPS),
        bid("chiamo", partner=1, points=6, called_card={"rank": "A", "suit": "swords"}),
        {"bid": "pass", "first_speaker": 0},
    ],
)
def test_valid_entries_are_accepted(deal):
    outcome, _ = record(deal)
    assert sum(outcome["payments"]) == 0


@pytest.mark.parametrize(
    ("deal", "fields"),
    [
        ({"bid": "chiamo", "trump": "cups", "partner": 3, "points": 6}, {"declarer"}),
        ({"bid": "di_piu", "declarer": 1, "points": 6}, {"trump"}),
        ({"bid": "maso", "made": True}, {"declarer", "trump"}),
        (bid("chiamo", points=6), {"partner"}),
        (bid("di_piu", partner=3, points=6), {"partner"}),
        (bid("maso", partner=1, made=True), {"partner"}),
        (bid("di_piu", points=6, called_card=THREE_OF_CUPS), {"called_card"}),
        (bid("maso", points=6), {"points", "made"}),
        (bid("maso_dei_masi", points=11, made=True), {"points"}),
        (bid("maso_dei_masi"), {"made"}),
        (bid("maso", made="yes"), {"made"}),
        (bid("chiamo", partner=3, points=6, made=True), {"made"}),
        (bid("di_piu", made=True), {"made", "points"}),
        (bid("di_piu", points=12), {"points"}),
        (bid("chiamo", partner=3, points=-1), {"points"}),
        (bid("di_piu", declarer=5, points=6), {"declarer"}),
        (bid("chiamo", partner=5, points=6), {"partner"}),
        ({**bid("di_piu", points=6), "trump": "hearts"}, {"trump"}),
        ({"bid": "passo"}, {"bid"}),
        ({"declarer": 1}, {"bid"}),
        ({"bid": "pass", "declarer": 1}, {"declarer"}),
        ({"bid": "pass", "points": 0, "trump": "cups"}, {"points", "trump"}),
        (bid("di_piu", points=6, colour="red"), {"colour"}),
    ],
)
def test_invalid_deal_is_refused_naming_the_field(deal, fields):
    assert set(refused(deal)) == fields


def test_called_card_of_the_trump_suit_is_refused():
    errors = refused(bid("chiamo", partner=3, points=6, called_card={"rank": "3", "suit": "coins"}))
    assert list(errors) == ["called_card"]
    assert list(errors["called_card"]) == ["suit"]


def test_unknown_field_is_named():
    assert refused({"bid": "pass", "dealer": 3}) == {"dealer": ["Unknown field."]}


@pytest.mark.parametrize(
    ("rules", "players"), [({"stake": 1}, 5), ({"players": 4}, 5), ({"players": 5}, 4)]
)
def test_unknown_or_conflicting_option_is_refused_under_rules(rules, players):
    with pytest.raises(RuleViolation) as info:
        GAME.resolve_options(rules, players=players)
    assert list(info.value.errors) == ["rules"]
    assert list(info.value.errors["rules"]) == list(rules)


# --- properties ----------------------------------------------------------------------------

SEATS = st.integers(0, 4)
SUITS = st.sampled_from(["coins", "cups", "swords", "clubs"])
RANKS = st.sampled_from(["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"])


@st.composite
def deals(draw):
    """One valid deal, without its first speaker."""
    kind = draw(st.sampled_from(["pass", "chiamo", "chiamo", "di_piu", "maso", "maso_dei_masi"]))
    if kind == "pass":
        return {"bid": "pass"}
    raw = bid(kind, declarer=draw(SEATS), trump=draw(SUITS))
    if kind == "chiamo":
        raw["partner"] = draw(st.sampled_from([raw["declarer"]]) | SEATS)
        if draw(st.booleans()):
            suit = draw(SUITS.filter(lambda s: s != raw["trump"]))
            raw["called_card"] = {"rank": draw(RANKS), "suit": suit}
    if kind in ("chiamo", "di_piu"):
        raw["points"] = draw(st.integers(0, 11))
    else:
        raw["made"] = draw(st.booleans())
    return raw


@st.composite
def matches(draw):
    """A sequence of valid deals: the first speaker entered first, later sometimes repeated."""
    first = draw(SEATS)
    sequence = draw(st.lists(deals(), min_size=1, max_size=15))
    sequence[0] = {**sequence[0], "first_speaker": first}
    for number, raw in enumerate(sequence[1:], start=1):
        if draw(st.booleans()):
            raw["first_speaker"] = (first + number) % 5
    return sequence


@given(deal=deals(), first=SEATS)
def test_payments_of_any_deal_sum_to_zero(deal, first):
    outcome, state = record({**deal, "first_speaker": first}, GAME.initial_state(OPTIONS, {}))
    assert sum(outcome["payments"]) == 0
    assert len(outcome["payments"]) == 5
    assert state["next"] == {"dealer": first, "first_speaker": (first + 1) % 5}
    if deal["bid"] != "pass":
        declarer_units = outcome["payments"][deal["declarer"]]
        assert (declarer_units > 0) is outcome["made"]


@given(sequence=matches())
def test_balances_sum_to_zero_after_any_sequence(sequence):
    state, outcomes = play(sequence, first_speaker=sequence[0]["first_speaker"])
    assert sum(state["balances"]) == 0
    columns = zip(*(o["payments"] for o in outcomes), strict=True)
    assert state["balances"] == [sum(column) for column in columns]
