"""Rikken in club penalty points (RULES.md §4, "Club penalty points"): the worked example, made
and failed contracts, the pot of several misère/piek at once, schuppen mie, doubled deals, the
refused options, a club's own penalty rows, then properties of the fold."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RuleViolation, fold, get_game

GAME = get_game("rikken")


def opts(**rules):
    return GAME.resolve_options(
        {"scoring": "penalty_points", "all_pass": "schuppen_mie", **rules}, players=4
    )


def contract(slug, declarer=0, tricks=8, partner=None, trump="spades"):
    entry = {"contract": slug, "declarer": declarer, "tricks": tricks}
    if partner is not None:
        entry["partner"] = partner
    if trump is not None:
        entry["trump"] = trump
    return entry


def points(*contracts, options=None, **extra):
    """The points of one deal dealt by seat 3, by seat."""
    options = options or opts()
    _, steps = fold(GAME, options, {}, [{"dealer": 3, "contracts": list(contracts), **extra}])
    return steps[0].outcome["points"]


def refused(raw, options=None):
    options = options or opts()
    with pytest.raises(RuleViolation) as info:
        fold(GAME, options, {}, [{"dealer": 3, **raw}])
    return info.value.errors


def test_the_worked_example():
    """Seat 0 rik with 2 takes 10; seat 1 9 alleen takes 7; all pass, schuppen mie: seat 2 the
    queen, seat 0 the last trick. Totals [5, 43, 5, 7], leaders [0, 2]."""
    deals = [
        {"dealer": 3, "contracts": [contract("rik", 0, 10, partner=2)]},
        {"contracts": [contract("solo_9", 1, 7)]},
        {
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 0},
        },
    ]
    state, steps = fold(GAME, opts(), {}, deals)
    assert [s.outcome["points"] for s in steps] == [[0, 7, 0, 7], [0, 36, 0, 0], [5, 0, 5, 0]]
    data = GAME.state_to_data(state)
    assert data["points"] == [5, 43, 5, 7]
    assert data["leaders"] == [0, 2]
    assert "balances" not in data
    assert "payments" not in steps[0].outcome


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        # made: each opponent gets made + over per overtrick; the declaring side 0
        (contract("rik", 0, 8, partner=2), [0, 5, 0, 5]),
        (contract("rik", 0, 13, partner=2), [0, 10, 0, 10]),  # no all-tricks bonus
        (contract("rik_beter", 0, 9, partner=1, trump="hearts"), [0, 0, 6, 6]),
        (contract("troela", 0, 9, partner=2), [0, 6, 0, 6]),
        (contract("solo_8", 1, 9), [6, 0, 6, 6]),
        (contract("solo_12", 1, 13), [6, 0, 6, 6]),
        (contract("solo_13", 1, 13), [5, 0, 5, 5]),
        (contract("misere", 2, 0, trump=None), [5, 5, 0, 5]),
        (contract("open_piek", 2, 1, trump=None), [5, 5, 0, 5]),
        # failed: the declaring side gets failed + under per trick short; alone three times
        (contract("rik", 0, 7, partner=2), [11, 0, 11, 0]),
        (contract("rik", 0, 2, partner=2), [16, 0, 16, 0]),
        (contract("troela", 0, 6, partner=2), [12, 0, 12, 0]),
        (contract("solo_8", 1, 7), [0, 33, 0, 0]),
        (contract("solo_10", 1, 7), [0, 39, 0, 0]),
        # exactly contracts: no undertricks (nor overtricks)
        (contract("misere", 2, 3, trump=None), [0, 0, 30, 0]),
        (contract("piek", 2, 0, trump=None), [0, 0, 30, 0]),
        (contract("solo_13", 1, 12), [0, 30, 0, 0]),
    ],
)
def test_made_and_failed_contracts(entry, expected):
    assert points(entry) == expected


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        # two made: the pot of 30 goes to the two others, 15 each
        ([("misere", 0, 0), ("piek", 1, 1)], [0, 0, 15, 15]),
        # one made, one failed: a pot of 15 shared by three; the failed declarer 5 + 15
        ([("misere", 0, 0), ("piek", 1, 0)], [0, 20, 5, 5]),
        # both failed: nothing in the pot; each failed declarer gets 15
        ([("misere", 0, 2), ("misere", 1, 1)], [15, 15, 0, 0]),
        # three made: 45 for the one left
        ([("misere", 0, 0), ("piek", 1, 1), ("misere", 2, 0)], [0, 0, 0, 45]),
        # two made, one failed: 30 shared by two, halves up: 15 each; failed +15
        ([("misere", 0, 0), ("piek", 1, 1), ("piek", 2, 2)], [0, 0, 30, 15]),
        # one made, two failed: 15 shared by three (5 each)
        ([("open_misere", 0, 0), ("open_piek", 1, 0), ("open_piek", 2, 3)], [0, 20, 20, 5]),
    ],
)
def test_several_misere_and_piek_share_a_pot(entries, expected):
    played = [
        {"contract": slug, "declarer": seat, "tricks": tricks} for slug, seat, tricks in entries
    ]
    assert points(*played) == expected


def test_the_pot_takes_the_made_value_of_the_first_contracts_row():
    """A club's misère row gives 7 when made: one misère made puts 21 into the pot, shared by
    the three others (7 each); the failed piek also gets 21."""
    options = opts(contracts=["rik", {"slug": "misere", "penalty": {"made": 7}}, "piek"])
    entries = [
        {"contract": "misere", "declarer": 0, "tricks": 0},
        {"contract": "piek", "declarer": 1, "tricks": 3},
    ]
    assert points(*entries, options=options) == [0, 28, 7, 7]
    assert points(*entries, options=options, doubled=True) == [0, 56, 14, 14]


class _Row:
    def __init__(self, made: bool, y: int):
        self.penalty = {"made": y}
        self._made = made

    def made(self, tricks):
        return self._made


class _Entry:
    def __init__(self, declarer: int, made: bool, y: int = 3):
        self.declarer, self.row, self.tricks = declarer, _Row(made, y), 0


def test_a_pot_share_is_rounded_halves_up_then_multiplied():
    """At four seats every share is whole; the rounding rule is checked on the pot alone: a
    pot of 9 between two players is 4.5 each, so 5, and doubled 10."""
    from games.rules.rikken.penalty import pot_points

    entries = [_Entry(0, True), _Entry(1, False)]
    assert pot_points(entries, [0, 1, 2], 1) == {1: 5 + 9, 2: 5}
    assert pot_points(entries, [0, 1, 2], 2) == {1: 10 + 18, 2: 10}
    assert pot_points([_Entry(0, True, 1), _Entry(1, True, 1)], [0, 1, 2, 3, 4], 1) == {
        2: 2,  # 6 / 3 = 2
        3: 2,
        4: 2,
    }


@pytest.mark.parametrize(
    ("queen", "last", "expected"),
    [(2, 0, [5, 0, 5, 0]), (1, 1, [0, 20, 0, 0]), (3, 3, [0, 0, 0, 20])],
)
def test_schuppen_mie_and_one_player_who_took_both(queen, last, expected):
    special = {"game": "schuppen_mie", "queen_of_spades": queen, "last_trick": last}
    assert points(all_pass=True, special=special) == expected
    doubled = points(all_pass=True, special=special, doubled=True)
    assert doubled == [2 * p for p in expected]


def test_schuppen_mie_takes_the_clubs_own_penalty():
    options = opts(special_penalties=[{"slug": "schuppen_mie", "penalty": {"made": 3}}])
    special = {"game": "schuppen_mie", "queen_of_spades": 1, "last_trick": 1}
    assert points(all_pass=True, special=special, options=options) == [0, 12, 0, 0]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (contract("rik", 0, 10, partner=2), [0, 14, 0, 14]),
        (contract("solo_9", 1, 7), [0, 72, 0, 0]),
        (contract("rik", 0, 7, partner=2), [22, 0, 22, 0]),
        (contract("misere", 2, 0, trump=None), [10, 10, 0, 10]),
    ],
)
def test_a_doubled_deal_counts_twice(entry, expected):
    assert points(entry, doubled=True, doubled_by=1) == expected


def test_doubled_by_is_kept_in_the_outcome():
    options = opts()
    raw = {"dealer": 3, "contracts": [contract("rik", 0, 8, partner=2)], "doubled": True}
    _, steps = fold(GAME, options, {}, [{**raw, "doubled_by": 3}])
    assert steps[0].outcome["doubled"] is True
    assert steps[0].outcome["doubled_by"] == 3
    _, steps = fold(GAME, options, {}, [raw])
    assert steps[0].outcome["doubled_by"] is None


@pytest.mark.parametrize(
    ("raw", "where", "words"),
    [
        ({"contracts": [contract("solo_8")], "doubled_by": 1}, "doubled_by", "doubled"),
        ({"contracts": [contract("solo_8")], "doubled": "yes"}, "doubled", "true or false"),
        ({"contracts": [contract("solo_8")], "doubled": True, "doubled_by": 7}, "doubled_by", ""),
    ],
)
def test_bad_doubling_is_refused(raw, where, words):
    errors = refused(raw)
    assert where in errors
    assert words in " ".join(errors[where])


def test_doubling_is_refused_when_scoring_payments():
    options = GAME.resolve_options({}, players=4)
    errors = refused({"contracts": [contract("solo_8")], "doubled": True}, options)
    assert errors["doubled"] == ["A deal is doubled only under penalty points."]


def test_a_redeal_is_not_doubled():
    errors = refused({"contracts": [], "all_pass": True, "doubled": True}, opts(all_pass="redeal"))
    assert errors["doubled"] == ["A deal dealt again is not doubled."]


def test_all_pass_is_a_redeal_with_no_points():
    options = opts(all_pass="redeal")
    state, steps = fold(GAME, options, {}, [{"dealer": 3, "contracts": [], "all_pass": True}])
    assert steps[0].outcome["points"] == [0, 0, 0, 0]
    assert steps[0].outcome["redeal"] is True
    assert GAME.state_to_data(state)["next"]["dealer"] == 3
    assert GAME.state_to_data(state)["leaders"] == [0, 1, 2, 3]


def test_dealer_must_bid_refuses_all_pass_under_penalty_points():
    errors = refused({"contracts": [], "all_pass": True}, opts(all_pass="dealer_must_bid"))
    assert "must bid" in errors["all_pass"][0]


@pytest.mark.parametrize(
    ("rules", "where", "words"),
    [
        ({"all_pass": "mie_en"}, "all_pass", "schuppen_mie"),
        ({"all_pass": "one_five_eleven"}, "all_pass", "schuppen_mie"),
        ({"all_pass": "one_three_five"}, "all_pass", "redeal"),
        ({"partner_pays": "never"}, "partner_pays", "does not apply under penalty points"),
        ({"partner_pays": "under_two_tricks"}, "partner_pays", "leave it at always"),
        ({"all_tricks_bonus": 2}, "all_tricks_bonus", "leave it at 1"),
        ({"scoring": "money"}, "scoring", "payments, penalty_points"),
    ],
)
def test_refused_options_under_penalty_points(rules, where, words):
    with pytest.raises(RuleViolation) as info:
        opts(**rules)
    assert words in " ".join(info.value.errors["rules"][where])


def test_a_clubs_own_penalty_values_per_row():
    table = [
        {"slug": "rik", "penalty": {"made": 4, "over": 2, "failed": 8, "under": 2}},
        {"slug": "solo_8", "penalty": {"failed": 12}},
        "misere",
        "piek",
    ]
    options = opts(contracts=table)
    assert options.contracts[1].penalty == {"made": 5, "over": 1, "failed": 12, "under": 1}
    assert points(contract("rik", 0, 10, partner=2), options=options) == [0, 8, 0, 8]
    assert points(contract("rik", 0, 6, partner=2), options=options) == [12, 0, 12, 0]
    assert points(contract("solo_8", 1, 7), options=options) == [0, 39, 0, 0]
    # the table survives the round trip through the stored rules
    data = json.loads(json.dumps(GAME.options_to_data(options)))
    assert GAME.options_from_data(data) == options


@pytest.mark.parametrize(
    ("penalty", "where", "message"),
    [
        ({"made": -1}, "made", "Must be a whole number of penalty points from 0 to 1000."),
        ({"failed": 1001}, "failed", "Must be a whole number of penalty points from 0 to 1000."),
        ({"over": 1.5}, "over", "Must be a whole number of penalty points from 0 to 1000."),
        ({"made": True}, "made", "Must be a whole number of penalty points from 0 to 1000."),
        ({"bonus": 3}, "bonus", None),
    ],
)
def test_a_bad_penalty_row_is_refused_with_its_bounds(penalty, where, message):
    with pytest.raises(RuleViolation) as info:
        opts(contracts=["rik", {"slug": "solo_8", "penalty": penalty}])
    errors = info.value.errors["rules"]["contracts"]["1"]["penalty"]
    assert where in errors
    if message:
        assert errors[where] == [message]


def test_a_penalty_that_is_not_an_object_is_refused():
    with pytest.raises(RuleViolation) as info:
        opts(contracts=[{"slug": "rik", "penalty": 5}])
    assert "penalty" in info.value.errors["rules"]["contracts"]["0"]


@pytest.mark.parametrize(
    "value",
    [
        "schuppen_mie",
        [{"slug": "mie_en", "penalty": {"made": 5}}],
        [{"slug": "schuppen_mie", "penalty": {"made": 5000}}],
        [{"slug": "schuppen_mie", "penalty": {"failed": 5}}],
        [{"slug": {}}],  # not a slug at all (once a server error: an object is unhashable)
        [{"slug": ["schuppen_mie"], "penalty": {"made": 5}}],
    ],
)
def test_bad_special_penalties_are_refused(value):
    with pytest.raises(RuleViolation) as info:
        opts(special_penalties=value)
    assert "special_penalties" in info.value.errors["rules"]


def test_every_default_row_carries_the_default_penalty():
    for row in opts().contracts:
        assert row.penalty == {"made": 5, "over": 1, "failed": 10, "under": 1}
    assert GAME.options_to_data(opts())["special_penalties"] == [
        {"slug": "schuppen_mie", "penalty": {"made": 5}}
    ]


def test_seat_points_and_lowest_wins_follow_the_scoring():
    options = opts()
    state, _ = fold(GAME, options, {}, [{"dealer": 3, "contracts": [contract("solo_8", 1, 7)]}])
    data = GAME.state_to_data(state)
    assert [GAME.seat_points(data, s, options) for s in range(4)] == [0, 33, 0, 0]
    assert GAME.lowest_wins(options) is True
    assert GAME.plays_for_money(options) is False
    payments = GAME.resolve_options({}, players=4)
    assert GAME.lowest_wins(payments) is False
    assert GAME.plays_for_money(payments) is True


def test_five_players_the_dealer_gets_nothing_and_three_the_blind_man_nothing():
    five = GAME.resolve_options({"scoring": "penalty_points"}, players=5)
    _, steps = fold(GAME, five, {}, [{"dealer": 4, "contracts": [contract("solo_8", 0, 8)]}])
    assert steps[0].outcome["points"] == [0, 5, 5, 5, 0]
    three = GAME.resolve_options({"scoring": "penalty_points"}, players=3)
    state, steps = fold(
        GAME, three, {}, [{"dealer": 0, "contracts": [contract("rik", 0, 7, partner=3)]}]
    )
    assert steps[0].outcome["points"] == [11, 0, 0, 0]
    assert GAME.state_to_data(state)["leaders"] == [1, 2]


# --- properties --------------------------------------------------------------------------------

SEATS = st.integers(0, 3)


@st.composite
def deals(draw):
    kind = draw(st.sampled_from(["rik", "solo", "pot", "mie"]))
    extra = {"doubled": True, "doubled_by": draw(SEATS)} if draw(st.booleans()) else {}
    if kind == "mie":
        queen, last = draw(SEATS), draw(SEATS)
        special = {"game": "schuppen_mie", "queen_of_spades": queen, "last_trick": last}
        return {"contracts": [], "all_pass": True, "special": special, **extra}
    tricks = st.integers(0, 13)
    if kind == "rik":
        declarer = draw(SEATS)
        partner = (declarer + draw(st.integers(1, 3))) % 4
        slug = draw(st.sampled_from(["rik", "troela"]))
        return {"contracts": [contract(slug, declarer, draw(tricks), partner=partner)], **extra}
    if kind == "solo":
        slug = draw(st.sampled_from(["solo_8", "solo_9", "solo_10", "solo_11", "solo_12"]))
        return {"contracts": [contract(slug, draw(SEATS), draw(tricks))], **extra}
    declarers = draw(st.lists(SEATS, min_size=1, max_size=4, unique=True))
    played = [
        {"contract": draw(st.sampled_from(["misere", "piek"])), "declarer": d, "tricks": t}
        for d, t in zip(declarers, draw(st.lists(tricks, min_size=4, max_size=4)), strict=False)
    ]
    return {"contracts": played, **extra}


@st.composite
def evenings(draw):
    raws = draw(st.lists(deals(), min_size=1, max_size=12))
    raws[0] = {"dealer": draw(SEATS), **raws[0]}
    return raws


@given(evening=evenings())
def test_points_are_never_negative_and_the_leaders_are_lowest(evening):
    options = opts()
    state, steps = fold(GAME, options, {}, evening)
    for step in steps:
        data = GAME.state_to_data(step.state)
        assert all(p >= 0 for p in step.outcome["points"])
        assert all(p >= 0 for p in data["points"])
        assert data["leaders"] == [s for s in range(4) if data["points"][s] == min(data["points"])]
    totals = [sum(s.outcome["points"][seat] for s in steps) for seat in range(4)]
    assert GAME.state_to_data(state)["points"] == totals
