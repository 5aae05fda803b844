"""Rikken's further house rules (RULES.md §4, "Further house rules"): every example of the
section, table-driven; each new option and row field refused at its field with its bounds; six
players; and the zero-sum property under any combination of the new options."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RuleViolation, fold, get_game

from .test_rikken import house_rules, matches, paths

GAME = get_game("rikken")


def opts(players=4, **rules):
    return GAME.resolve_options(rules, players=players)


def payments(options, *raws, dealer=3):
    """Each deal's payments, the first dealt by ``dealer``."""
    raws = [{**raws[0], "dealer": dealer}, *raws[1:]]
    _, steps = fold(GAME, options, {}, raws)
    return [step.outcome["payments"] for step in steps]


def contract(slug, declarer=0, tricks=8, partner=None, trump="spades"):
    raw = {"contract": slug, "declarer": declarer, "tricks": tricks}
    if partner is not None:
        raw["partner"] = partner
    if trump is not None:
        raw["trump"] = trump
    return raw


def deal(*contracts, **extra):
    return {"contracts": list(contracts), **extra}


def all_pass(game=None, **fields):
    raw = {"contracts": [], "all_pass": True}
    if game is not None:
        raw["special"] = {"game": game, **fields}
    return raw


def refused_rules(players=4, **rules):
    with pytest.raises(RuleViolation) as info:
        opts(players, **rules)
    return info.value.errors["rules"]


# --- the Kapoen table: undertricks from the second trick short --------------------------------

TENS = {"base": 10, "per_trick": 5}
KAPOEN = {
    "contracts": [
        {"slug": "rik", **TENS},
        {"slug": "solo_8", **TENS},
        {"slug": "troela", **TENS, "partner_pays": "always"},
        {"slug": "solo_13", "base": 70, "per_trick": 5},
    ],
    "partner_pays": "never",
    "undertricks": "from_second",
}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # RULES.md: the declarer pays the base to each opponent, the partner nothing
        (contract("rik", 0, 7, partner=2), [-20, 10, 0, 10]),
        (contract("rik", 0, 5, partner=2), [-40, 20, 0, 20]),
        # solo 13 with 12 tricks costs the base, not base + per trick
        (contract("solo_13", 1, 12), [70, -210, 70, 70]),
        # made contracts count their overtricks as before
        (contract("rik", 0, 9, partner=2), [15, -15, 15, -15]),
        # the troela row's own rule: the partner pays; 6 tricks, the base and one trick short
        (contract("troela", 0, 6, partner=2), [-15, 15, -15, 15]),
        (contract("solo_8", 1, 7), [10, -30, 10, 10]),
        (contract("solo_8", 1, 5), [20, -60, 20, 20]),
    ],
)
def test_undertricks_from_the_second_trick_short(raw, expected):
    assert payments(opts(**KAPOEN), deal(raw)) == [expected]


@pytest.mark.parametrize(
    ("undertricks", "expected"),
    [("from_first", [-30, 15, 0, 15]), ("from_second", [-20, 10, 0, 10])],
)
def test_the_first_trick_short_costs_a_trick_only_from_the_first(undertricks, expected):
    options = opts(**{**KAPOEN, "undertricks": undertricks})
    assert payments(options, deal(contract("rik", 0, 7, partner=2))) == [expected]


def test_a_fixed_contract_has_no_undertricks_either_way():
    options = opts(undertricks="from_second")
    misere = {"contract": "misere", "declarer": 2, "tricks": 4}
    assert payments(options, deal(misere)) == [[5, 5, -15, 5]]
    # an exact row with a per-trick amount: none from the second, as RULES.md says
    table = [{"slug": "piek", "base": 5, "per_trick": 2}]
    piek = {"contract": "piek", "declarer": 2, "tricks": 4}
    assert payments(opts(contracts=table), deal(piek)) == [[11, 11, -33, 11]]
    assert payments(opts(contracts=table, undertricks="from_second"), deal(piek)) == [
        [5, 5, -15, 5]
    ]


# --- per-row overrides --------------------------------------------------------------------------

BONUS_FOR_RIK_AND_TROELA = {
    "all_tricks_bonus": 35,
    "contracts": [
        {"slug": "rik", **TENS},
        {"slug": "solo_8", **TENS, "all_tricks_bonus": 0},
        {"slug": "solo_9", **TENS, "all_tricks_bonus": 0},
        {"slug": "troela", **TENS},
    ],
}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # RULES.md: solo 8 with all 13 tricks, 10 + 5 x 5, and no bonus
        (contract("solo_8", 0, 13), [105, -35, -35, -35]),
        (contract("solo_9", 0, 13), [90, -30, -30, -30]),
        # rik and troela keep the option's bonus of 35
        (contract("rik", 0, 13, partner=2), [70, -70, 70, -70]),
        (contract("troela", 0, 13, partner=2), [70, -70, 70, -70]),
        (contract("rik", 0, 12, partner=2), [30, -30, 30, -30]),
    ],
)
def test_the_all_tricks_bonus_for_rik_and_troela_only(raw, expected):
    assert payments(opts(**BONUS_FOR_RIK_AND_TROELA), deal(raw)) == [expected]


@pytest.mark.parametrize(
    ("option", "row", "raw", "expected"),
    [
        # the option never, the troela's own rule always: RULES.md's example above; and back
        ("never", "always", contract("troela", 0, 7, partner=2), [-3, 3, -3, 3]),
        ("always", "never", contract("troela", 0, 7, partner=2), [-6, 3, 0, 3]),
        ("never", "always", contract("rik", 0, 7, partner=2), [-4, 2, 0, 2]),  # not its row
        # a row's under_two_tricks asks for the partner's tricks as the option does
        (
            "always",
            "under_two_tricks",
            {**contract("troela", 0, 7, partner=2), "partner_tricks": 3},
            [-6, 3, 0, 3],
        ),
    ],
)
def test_a_rows_partner_pays_replaces_the_option(option, row, raw, expected):
    table = ["rik", {"slug": "troela", "partner_pays": row}]
    assert payments(opts(partner_pays=option, contracts=table), deal(raw)) == [expected]


def test_a_rows_under_two_tricks_needs_the_partners_tricks():
    table = ["rik", {"slug": "troela", "partner_pays": "under_two_tricks"}]
    options = opts(contracts=table)
    with pytest.raises(RuleViolation) as info:
        payments(options, deal(contract("troela", 0, 7, partner=2)))
    assert paths(info.value.errors) == {"contracts.0.partner_tricks"}
    assert payments(options, deal(contract("rik", 0, 7, partner=2))) == [[-2, 2, -2, 2]]


def test_overrides_are_stored_only_where_a_row_has_them():
    options = opts(**BONUS_FOR_RIK_AND_TROELA)
    data = json.loads(json.dumps(GAME.options_to_data(options)))
    rows = {row["slug"]: row for row in data["contracts"]}
    assert rows["solo_8"]["all_tricks_bonus"] == 0
    assert "all_tricks_bonus" not in rows["rik"] and "partner_pays" not in rows["rik"]
    assert GAME.options_from_data(data) == options
    assert all("partner_pays" not in row for row in GAME.options_to_data(opts())["contracts"])


@pytest.mark.parametrize(
    ("row", "where", "words"),
    [
        ({"slug": "troela", "partner_pays": "sometimes"}, "partner_pays", "always, never"),
        ({"slug": "troela", "partner_pays": 1}, "partner_pays", "under_two_tricks"),
        # a list or an object is no rule either, and no server error
        ({"slug": "troela", "partner_pays": ["always"]}, "partner_pays", "always, never"),
        ({"slug": "troela", "partner_pays": {"always": 1}}, "partner_pays", "always, never"),
        ({"slug": "solo_8", "partner_pays": "always"}, "partner_pays", "no partner to pay"),
        ({"slug": "rik", "all_tricks_bonus": -1}, "all_tricks_bonus", "from 0 to 1000"),
        ({"slug": "rik", "all_tricks_bonus": 1001}, "all_tricks_bonus", "from 0 to 1000"),
        ({"slug": "rik", "all_tricks_bonus": 2.5}, "all_tricks_bonus", "whole number"),
        ({"slug": "rik", "all_tricks_bonus": True}, "all_tricks_bonus", "whole number"),
        ({"slug": "solo_13", "all_tricks_bonus": 5}, "all_tricks_bonus", "exact number"),
        ({"slug": "misere", "all_tricks_bonus": 0}, "all_tricks_bonus", "exact number"),
        ({"slug": "rik", "partner_bonus": 1}, "partner_bonus", "Unknown field"),
    ],
)
def test_a_bad_override_is_refused_at_its_row_and_field(row, where, words):
    errors = refused_rules(contracts=["rik_beter", row])
    assert list(errors["contracts"]["1"]) == [where]
    assert words in " ".join(str(m) for m in errors["contracts"]["1"][where])


# --- several equal contracts: with the defenders only --------------------------------------------

MISERE_3 = {"contracts": [{"slug": "misere", "base": 3}, {"slug": "piek", "base": 3}]}


@pytest.mark.parametrize(
    ("simultaneous", "expected"),
    [("defenders_only", [6, -6, 0, 0]), ("all_others", [12, -12, 0, 0])],
)
def test_several_equal_contracts_settle_with_the_defenders_only(simultaneous, expected):
    """RULES.md: seat 0 makes misère, seat 1 fails misère (base 3)."""
    options = opts(simultaneous=simultaneous, **MISERE_3)
    made = {"contract": "misere", "declarer": 0, "tricks": 0}
    failed = {"contract": "misere", "declarer": 1, "tricks": 2}
    assert payments(options, deal(made, failed)) == [expected]


@pytest.mark.parametrize(
    ("played", "expected"),
    [
        # both made: each takes 3 from each of the two defenders
        ([("misere", 0, 0), ("piek", 1, 1)], [6, 6, -6, -6]),
        # three declarers, one defender
        ([("misere", 0, 0), ("piek", 1, 1), ("misere", 2, 3)], [3, 3, -3, -3]),
        # a lone contract settles with all three others as always
        ([("misere", 0, 0)], [9, -3, -3, -3]),
    ],
)
def test_defenders_only_with_more_declarers(played, expected):
    options = opts(simultaneous="defenders_only", **MISERE_3)
    raws = [{"contract": c, "declarer": d, "tricks": t} for c, d, t in played]
    assert payments(options, deal(*raws)) == [expected]


def test_defenders_only_with_three_players_leaves_the_blind_man_at_zero():
    options = opts(3, simultaneous="defenders_only", **MISERE_3)
    raws = [
        {"contract": "misere", "declarer": 0, "tricks": 0},
        {"contract": "piek", "declarer": 1, "tricks": 1},
    ]
    # the defenders are seat 2 and the blind man, with whom nothing is paid
    assert payments(options, deal(*raws), dealer=0) == [[3, 3, -6, 0]]


# --- the table chooses the special game ---------------------------------------------------------

CHOICE = {"all_pass": "choice", "special_games": ["schuppen_mie", "one_five_eleven"]}


def test_several_special_games_in_one_match_and_a_redeal_between():
    options = opts(**CHOICE)
    state, steps = fold(
        GAME,
        options,
        {},
        [
            {**all_pass("schuppen_mie", queen_of_spades=1, last_trick=2), "dealer": 0},
            all_pass(),  # dealt again: seat 1 deals again
            all_pass("one_five_eleven", tricks=[1, 5, 4, 3]),
        ],
    )
    assert [s.outcome["payments"] for s in steps] == [
        [10, -10, -10, 10],
        [0, 0, 0, 0],
        [10, 10, -10, -10],
    ]
    assert [s.outcome["redeal"] for s in steps] == [False, True, False]
    assert [s.outcome["special"]["game"] for s in steps if s.outcome["special"]] == [
        "schuppen_mie",
        "one_five_eleven",
    ]
    assert GAME.state_to_data(state)["next"]["dealer"] == 2


def test_a_game_not_in_the_list_is_refused_naming_the_list():
    options = opts(**CHOICE)
    with pytest.raises(RuleViolation) as info:
        payments(options, all_pass("mie_en", queens=[1, 1, 1, 1]))
    (message,) = info.value.errors["special"]["game"]
    assert "schuppen_mie, one_five_eleven" in str(message)


@pytest.mark.parametrize(
    ("rules", "where", "words"),
    [
        ({"all_pass": "choice"}, "special_games", "at least one"),
        ({"all_pass": "choice", "special_games": []}, "special_games", "at least one"),
        ({"all_pass": "mie_en", "special_games": ["mie_en"]}, "special_games", "only when"),
        ({"all_pass": "choice", "special_games": "mie_en"}, "special_games", "a list"),
        (
            {"all_pass": "choice", "special_games": ["mie_en", "mie_en"]},
            "special_games",
            "listed twice",
        ),
        ({"all_pass": "choice", "special_games": ["whist"]}, "special_games", "schuppen_mie"),
        ({"all_pass": "choice", "special_games": [3]}, "special_games", "schuppen_mie"),
        ({"all_pass": "whist"}, "all_pass", "choice"),
    ],
)
def test_bad_special_games_are_refused(rules, where, words):
    errors = refused_rules(**rules)
    assert list(errors) == [where]
    assert words in json.dumps(errors[where], default=str)


def test_three_players_never_choose_a_special_game():
    errors = refused_rules(3, all_pass="choice", special_games=["mie_en"])
    assert list(errors) == ["all_pass"]


# --- the special stake ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stake", "game", "fields", "expected"),
    [
        # schuppen mie: s and 3s
        (4, "schuppen_mie", {"queen_of_spades": 1, "last_trick": 2}, [4, -4, -4, 4]),
        (4, "schuppen_mie", {"queen_of_spades": 3, "last_trick": 3}, [4, 4, 4, -12]),
        # mie en: s/2 a queen; one player with all four receives s from each
        (6, "mie_en", {"queens": [2, 1, 1, 0]}, [-6, -3, -3, 12]),
        (6, "mie_en", {"queens": [3, 1, 0, 0]}, [-9, -3, 6, 6]),
        (6, "mie_en", {"queens": [4, 0, 0, 0]}, [18, -6, -6, -6]),
        (6, "mie_en", {"queens": [1, 1, 1, 1]}, [0, 0, 0, 0]),
        # 1-5-11 and 1-3-5: s
        (25, "one_five_eleven", {"tricks": [1, 5, 4, 3]}, [25, 25, -25, -25]),
        (25, "one_five_eleven", {"tricks": [1, 4, 4, 4]}, [75, -25, -25, -25]),
        (3, "one_three_five", {"tricks": [1, 3, 5, 4]}, [3, 3, 3, -9]),
    ],
)
def test_the_special_games_scale_with_the_special_stake(stake, game, fields, expected):
    options = opts(all_pass=game, special_stake=stake)
    assert payments(options, all_pass(game, **fields)) == [expected]


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"special_stake": 0}, "special_stake"),
        ({"special_stake": 1001}, "special_stake"),
        ({"special_stake": "10"}, "special_stake"),
        ({"special_stake": 7, "all_pass": "mie_en"}, "special_stake"),
        (
            {"special_stake": 7, "all_pass": "choice", "special_games": ["mie_en"]},
            "special_stake",
        ),
    ],
)
def test_a_bad_special_stake_is_refused(rules, where):
    assert list(refused_rules(**rules)) == [where]


@pytest.mark.parametrize(
    ("players", "rules", "where", "words"),
    [
        # no special game is played: the stake scales nothing
        (4, {"special_stake": 20}, "special_stake", "leave it at 10"),
        (4, {"special_stake": 20, "all_pass": "dealer_must_bid"}, "special_stake", "leave it"),
        (3, {"special_stake": 20}, "special_stake", "leave it at 10"),
        # neither 1-5-11 nor 1-3-5 is played: nothing pays per pair
        (4, {"one_five_eleven_pays": "per_pair"}, "one_five_eleven_pays", "per_loser"),
        (
            4,
            {"one_five_eleven_pays": "per_pair", "all_pass": "mie_en"},
            "one_five_eleven_pays",
            "per_loser",
        ),
        (
            5,
            {
                "one_five_eleven_pays": "per_pair",
                "all_pass": "choice",
                "special_games": ["schuppen_mie", "mie_en"],
            },
            "one_five_eleven_pays",
            "per_loser",
        ),
    ],
)
def test_the_stake_and_per_pair_are_refused_where_their_games_are_not_played(
    players, rules, where, words
):
    errors = refused_rules(players, **rules)
    assert list(errors) == [where]
    assert words in json.dumps(errors[where], default=str)


@pytest.mark.parametrize(
    "rules",
    [
        {"special_stake": 20, "all_pass": "schuppen_mie"},
        {"special_stake": 20, "all_pass": "choice", "special_games": ["one_three_five"]},
        {"one_five_eleven_pays": "per_pair", "all_pass": "one_three_five"},
        {
            "one_five_eleven_pays": "per_pair",
            "all_pass": "choice",
            "special_games": ["schuppen_mie", "one_five_eleven"],
        },
    ],
)
def test_the_stake_and_per_pair_are_kept_where_their_games_are_played(rules):
    options = opts(**rules)
    assert all(
        getattr(options, name) == value
        for name, value in rules.items()
        if name not in ("special_games",)
    )


def test_an_odd_stake_is_fine_without_mie_en():
    options = opts(special_stake=7, all_pass="choice", special_games=["schuppen_mie"])
    fields = {"queen_of_spades": 1, "last_trick": 1}
    assert payments(options, all_pass("schuppen_mie", **fields)) == [[7, -21, 7, 7]]


# --- 1-5-11 and 1-3-5 per pair --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "tricks", "per_loser", "per_pair"),
    [
        # RULES.md: two winners and two losers
        ("one_five_eleven", [1, 5, 4, 3], [10, 10, -10, -10], [20, 20, -20, -20]),
        ("one_three_five", [1, 3, 2, 7], [10, 10, -10, -10], [20, 20, -20, -20]),
        # three losers or one loser: the same either way
        ("one_five_eleven", [1, 4, 4, 4], [30, -10, -10, -10], [30, -10, -10, -10]),
        ("one_five_eleven", [1, 5, 5, 2], [10, 10, 10, -30], [10, 10, 10, -30]),
        ("one_five_eleven", [2, 3, 4, 4], [0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_one_five_eleven_per_pair(game, tricks, per_loser, per_pair):
    raw = all_pass(game, tricks=tricks)
    assert payments(opts(all_pass=game), raw) == [per_loser]
    assert payments(opts(all_pass=game, one_five_eleven_pays="per_pair"), raw) == [per_pair]


# --- six players ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "raw", "expected"),
    [
        # dealer 0 and seat 3 sit out; 1, 2, 4, 5 play
        (0, deal(contract("solo_9", 1, 9)), [0, 3, -1, 0, -1, -1]),
        (0, deal(contract("rik", 1, 8, partner=4)), [0, 1, -1, 0, 1, -1]),
        (2, deal(contract("rik", 0, 7, partner=3)), [-2, 2, 0, -2, 2, 0]),
        (
            4,
            all_pass("mie_en", queens=[0, None, 4, 0, None, 0]),
            [-10, 0, 30, -10, 0, -10],
        ),
        (5, all_pass("schuppen_mie", queen_of_spades=0, last_trick=0), [-30, 10, 0, 10, 10, 0]),
    ],
)
def test_six_players_the_dealer_and_the_player_across_sit_out(dealer, raw, expected):
    rules = {"all_pass": "choice", "special_games": ["schuppen_mie", "mie_en"]}
    options = opts(6, **rules)
    state, steps = fold(GAME, options, {}, [{**raw, "dealer": dealer}])
    assert steps[0].outcome["payments"] == expected
    assert GAME.state_to_data(state)["next"] == {
        "dealer": (dealer + 1) % 6,
        "leader": (dealer + 2) % 6,
    }


@pytest.mark.parametrize(
    ("raw", "where", "words"),
    [
        (deal(contract("solo_9", 3, 9)), "contracts.0.declarer", "three seats after"),
        (deal(contract("solo_9", 0, 9)), "contracts.0.declarer", "deals this deal"),
        (deal(contract("rik", 1, 8, partner=3)), "contracts.0.partner", "three seats after"),
        (all_pass("mie_en", queens=[1, 1, 1, 0, 1, 0]), "special.queens.3", "across"),
        (all_pass("mie_en", queens=[0, 1, 1, None, 1, 1]), "special.queens.0", "dealer"),
        (all_pass("schuppen_mie", queen_of_spades=3, last_trick=1), "special.queen_of_spades", ""),
    ],
)
def test_six_players_who_sits_out_cannot_play(raw, where, words):
    options = opts(6, all_pass="choice", special_games=["schuppen_mie", "mie_en"])
    with pytest.raises(RuleViolation) as info:
        fold(GAME, options, {}, [{**raw, "dealer": 0}])
    assert where in paths(info.value.errors)
    assert words in json.dumps(info.value.errors, default=str)


def test_six_players_in_penalty_points_those_sitting_out_get_nothing():
    options = opts(6, scoring="penalty_points")
    _, steps = fold(GAME, options, {}, [{**deal(contract("solo_8", 1, 8)), "dealer": 0}])
    assert steps[0].outcome["points"] == [0, 0, 5, 0, 5, 5]


def test_six_players_deal_round_the_table():
    options = opts(6)
    raws = [{**deal(contract("solo_8", 1, 8)), "dealer": 0}]
    for dealer in range(1, 7):
        leader = (dealer + 1) % 6
        raws.append(deal(contract("solo_8", leader, 8)))
    state, steps = fold(GAME, options, {}, raws)
    assert len(steps) == 7
    assert GAME.state_to_data(state)["next"] == {"dealer": 1, "leader": 2}


# --- under penalty points -------------------------------------------------------------------------

PENALTY = {"scoring": "penalty_points"}


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"undertricks": "from_second"}, ("undertricks",)),
        ({"simultaneous": "defenders_only"}, ("simultaneous",)),
        ({"special_stake": 20}, ("special_stake",)),
        ({"one_five_eleven_pays": "per_pair"}, ("one_five_eleven_pays",)),
        (
            {"contracts": ["rik", {"slug": "troela", "partner_pays": "never"}]},
            ("contracts", "1", "partner_pays"),
        ),
        (
            {"contracts": [{"slug": "rik", "all_tricks_bonus": 0}]},
            ("contracts", "0", "all_tricks_bonus"),
        ),
        (
            {"all_pass": "choice", "special_games": ["schuppen_mie", "mie_en"]},
            ("special_games", "1"),
        ),
    ],
)
def test_the_further_house_rules_that_do_not_apply_under_penalty_points(rules, where):
    errors = refused_rules(**PENALTY, **rules)
    for key in where:
        errors = errors[key]
    assert errors


def test_penalty_points_with_the_tables_choice_of_schuppen_mie():
    options = opts(**PENALTY, all_pass="choice", special_games=["schuppen_mie"])
    mie = all_pass("schuppen_mie", queen_of_spades=2, last_trick=0)
    _, steps = fold(
        GAME,
        options,
        {},
        [{**mie, "dealer": 3}, {**mie, "doubled": True}, all_pass()],
    )
    assert [s.outcome["points"] for s in steps] == [[5, 0, 5, 0], [10, 0, 10, 0], [0, 0, 0, 0]]
    with pytest.raises(RuleViolation) as info:
        fold(GAME, options, {}, [{**all_pass(), "dealer": 3, "doubled": True}])
    assert paths(info.value.errors) == {"doubled"}


# --- every deal stays zero-sum -------------------------------------------------------------------


@given(match=matches())
def test_every_deal_is_zero_sum_under_any_combination_of_the_new_options(match):
    options, deals = match
    _, steps = fold(GAME, options, {}, deals)
    assert all(sum(step.outcome["payments"]) == 0 for step in steps)


@given(data=st.data())
def test_any_combination_of_the_new_options_is_stored_and_read_back(data):
    players = data.draw(st.sampled_from([3, 4, 5, 6]))
    options = opts(players, **data.draw(house_rules(players)))
    stored = json.loads(json.dumps(GAME.options_to_data(options)))
    assert GAME.options_from_data(stored) == options
    assert GAME.resolve_options(stored, players=players) == options
