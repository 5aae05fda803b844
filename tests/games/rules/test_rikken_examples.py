"""Rikken (RULES.md §4): the worked examples and every option, table-driven; zero-sum property."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RuleViolation, fold, get_game

GAME = get_game("rikken")


def opts(players=4, **rules):
    return GAME.resolve_options(rules, players=players)


def pay(contracts, options=None, dealer=0, **extra):
    options = options or opts()
    state = GAME.initial_state(options, {})
    result = GAME.record(
        {"dealer": dealer, "contracts": contracts, **extra}, state=state, options=options
    )
    return result.outcome["payments"]


def rik(tricks, contract="rik", declarer=0, partner=2, **extra):
    entry = {"contract": contract, "declarer": declarer, "partner": partner, "tricks": tricks}
    entry["trump"] = "hearts" if contract == "rik_beter" else "spades"
    return {**entry, **extra}


def solo(contract, tricks, declarer=1, trump="clubs"):
    entry = {"contract": contract, "declarer": declarer, "tricks": tricks}
    if trump:
        entry["trump"] = trump
    return entry


@pytest.mark.parametrize(
    ("tricks", "each"),
    [(8, 1), (9, 2), (12, 5), (13, 7), (7, -2), (5, -4), (0, -9)],
)
def test_rik_pays_base_and_a_unit_per_trick_over_or_under_eight(tricks, each):
    assert pay([rik(tricks)]) == [each, -each, each, -each]


@pytest.mark.parametrize(("tricks", "each"), [(8, 2), (9, 3), (7, -3), (13, 8)])
def test_troela(tricks, each):
    entry = {"contract": "troela", "declarer": 1, "partner": 3, "trump": "clubs", "tricks": tricks}
    assert pay([entry]) == [-each, each, -each, each]


@pytest.mark.parametrize(
    ("contract", "tricks", "each"),
    [
        ("solo_8", 8, 1),
        ("solo_8", 10, 3),
        ("solo_8", 6, -3),
        ("solo_9", 9, 1),
        ("solo_12", 13, 3),  # the worked example: 3 from each
        ("solo_12", 11, -2),
        ("solo_10", 13, 5),
    ],
)
def test_solos_settle_with_each_opponent(contract, tricks, each):
    assert pay([solo(contract, tricks)]) == [-each, 3 * each, -each, -each]


@pytest.mark.parametrize(
    ("contract", "made_tricks", "failed_tricks", "base"),
    [
        ("misere", 0, 1, 5),
        ("piek", 1, 0, 5),
        ("open_misere", 0, 2, 10),
        ("open_piek", 1, 3, 10),
        ("open_misere_praatje", 0, 1, 15),
        ("open_piek_praatje", 1, 2, 15),
    ],
)
def test_fixed_contracts_without_trumps(contract, made_tricks, failed_tricks, base):
    assert pay([solo(contract, made_tricks, trump=None)]) == [-base, 3 * base, -base, -base]
    assert pay([solo(contract, failed_tricks, trump=None)]) == [base, -3 * base, base, base]


@pytest.mark.parametrize(("contract", "base"), [("solo_13", 15), ("open_solo_13", 20)])
def test_thirteen_alone(contract, base):
    assert pay([solo(contract, 13)]) == [-base, 3 * base, -base, -base]
    assert pay([solo(contract, 12)]) == [base, -3 * base, base, base]


def test_misere_and_piek_both_made():
    contracts = [solo("misere", 0, declarer=0, trump=None), solo("piek", 1, declarer=2, trump=None)]
    assert pay(contracts) == [10, -10, 10, -10]


def test_misere_made_and_piek_failed():
    contracts = [solo("misere", 0, declarer=0, trump=None), solo("piek", 3, declarer=2, trump=None)]
    assert pay(contracts) == [20, 0, -20, 0]


@pytest.mark.parametrize(
    ("partner_pays", "partner_tricks", "expected"),
    [
        ("always", None, [-2, 2, -2, 2]),
        ("never", None, [-4, 2, 0, 2]),
        ("under_two_tricks", 1, [-2, 2, -2, 2]),
        ("under_two_tricks", 2, [-4, 2, 0, 2]),
    ],
)
def test_partner_pays_when_a_rik_fails(partner_pays, partner_tricks, expected):
    extra = {} if partner_tricks is None else {"partner_tricks": partner_tricks}
    assert pay([rik(7, **extra)], opts(partner_pays=partner_pays)) == expected


def test_under_two_tricks_needs_the_partners_tricks_on_failure():
    with pytest.raises(RuleViolation) as caught:
        pay([rik(7)], opts(partner_pays="under_two_tricks"))
    assert "partner_tricks" in caught.value.errors["contracts"]["0"]


@pytest.mark.parametrize(("bonus", "each"), [(0, 6), (1, 7), (3, 9)])
def test_all_tricks_bonus(bonus, each):
    assert pay([rik(13)], opts(all_tricks_bonus=bonus))[0] == each


def test_a_clubs_own_table_with_solo_7_and_a_revalued_misere():
    options = opts(
        contracts=[
            "rik",
            {
                "slug": "solo_7",
                "name": "7 alleen",
                "side": "alone",
                "tricks": {"at_least": 7},
                "trumps": "declarer",
                "base": 1,
                "per_trick": 1,
                "rank": 2,
            },
            {"slug": "misere", "base": 8},
        ]
    )
    assert pay([solo("solo_7", 9)], options) == [-3, 9, -3, -3]
    assert pay([solo("misere", 0, trump=None)], options) == [-8, 24, -8, -8]
    with pytest.raises(RuleViolation):
        pay([solo("solo_9", 9)], options)  # removed from this club's table


def test_a_beter_contract_plays_the_beter_suit():
    options = opts(contracts=["rik", "solo_8", "solo_8_beter"], beter_suit="cut")
    with pytest.raises(RuleViolation) as caught:
        pay([{**solo("solo_8_beter", 8, trump="clubs"), "beter": "diamonds"}], options)
    assert "trump" in caught.value.errors["contracts"]["0"]
    made = pay([{**solo("solo_8_beter", 8, trump="diamonds"), "beter": "diamonds"}], options)
    assert made == [-1, 3, -1, -1]


@pytest.mark.parametrize(
    ("special", "expected"),
    [
        ({"game": "schuppen_mie", "queen_of_spades": 1, "last_trick": 2}, [10, -10, -10, 10]),
        ({"game": "schuppen_mie", "queen_of_spades": 3, "last_trick": 3}, [10, 10, 10, -30]),
    ],
)
def test_schuppen_mie(special, expected):
    options = opts(all_pass="schuppen_mie")
    assert pay([], options, all_pass=True, special=special) == expected


@pytest.mark.parametrize(
    ("queens", "expected"),
    [
        ([2, 1, 1, 0], [-10, -5, -5, 20]),
        ([3, 1, 0, 0], [-15, -5, 10, 10]),
        ([4, 0, 0, 0], [30, -10, -10, -10]),
        ([1, 1, 1, 1], [0, 0, 0, 0]),
    ],
)
def test_mie_en(queens, expected):
    options = opts(all_pass="mie_en")
    special = {"game": "mie_en", "queens": queens}
    assert pay([], options, all_pass=True, special=special) == expected


@pytest.mark.parametrize(
    ("game", "tricks", "expected"),
    [
        ("one_five_eleven", [1, 5, 4, 3], [10, 10, -10, -10]),
        ("one_five_eleven", [1, 4, 4, 4], [30, -10, -10, -10]),
        ("one_five_eleven", [1, 5, 5, 2], [10, 10, 10, -30]),
        ("one_five_eleven", [2, 3, 4, 4], [0, 0, 0, 0]),
        ("one_three_five", [1, 3, 5, 4], [10, 10, 10, -30]),
    ],
)
def test_one_five_eleven(game, tricks, expected):
    options = opts(all_pass=game)
    special = {"game": game, "tricks": tricks}
    assert pay([], options, all_pass=True, special=special) == expected


def test_all_pass_redeals_and_the_special_game_passes_the_deal_on():
    redeal, _ = fold(GAME, opts(), {}, [{"dealer": 2, "contracts": [], "all_pass": True}])
    special, _ = fold(
        GAME,
        opts(all_pass="mie_en"),
        {},
        [
            {
                "dealer": 2,
                "contracts": [],
                "all_pass": True,
                "special": {"game": "mie_en", "queens": [1, 1, 1, 1]},
            }
        ],
    )
    assert redeal.dealer == 2
    assert special.dealer == 3


def test_dealer_must_bid_refuses_all_pass():
    with pytest.raises(RuleViolation) as caught:
        pay([], opts(all_pass="dealer_must_bid"), all_pass=True)
    assert "all_pass" in caught.value.errors


def test_troela_forbidden():
    with pytest.raises(RuleViolation):
        pay(
            [{"contract": "troela", "declarer": 1, "partner": 3, "trump": "clubs", "tricks": 8}],
            opts(troela="forbidden"),
        )


def test_three_players_with_the_blind_man():
    options = opts(players=3)
    # Rik: declarer 0 settles with the first opponent after him (1), partner 2 with the blind
    # man (3), which is no payment at all.
    assert pay([rik(9)], options) == [2, -2, 0, 0]
    # Declarer 1 settles with seat 2, the next opponent; his partner, the blind man, with 0.
    assert pay([rik(9, declarer=1, partner=3)], options) == [0, 2, -2, 0]
    with pytest.raises(RuleViolation):
        pay([solo("solo_8", 8, declarer=3)], options)
    with pytest.raises(RuleViolation):
        opts(players=3, all_pass="mie_en")


def test_five_players_the_dealer_sits_out():
    options = opts(players=5)
    assert pay([rik(8, declarer=1, partner=3)], options, dealer=0) == [0, 1, -1, 1, -1]
    special_options = opts(players=5, all_pass="one_five_eleven")
    assert pay(
        [],
        special_options,
        dealer=4,
        all_pass=True,
        special={"game": "one_five_eleven", "tricks": [1, 5, 4, 3, None]},
    ) == [10, 10, -10, -10, 0]


def test_rotation_passes_the_deal_to_the_left():
    state, _ = fold(GAME, opts(), {}, [{"dealer": 3, "contracts": [rik(8)]}])
    assert GAME.state_to_data(state)["next"] == {"dealer": 0, "leader": 1}


def test_bidding_options_are_stored():
    options = GAME.options_to_data(opts(solo_first_bid=False, troela="optional"))
    assert options["solo_first_bid"] is False
    assert options["troela"] == "optional"


CONTRACTS = st.one_of(
    st.builds(
        lambda t, d, p: [rik(t, declarer=d, partner=p)],
        st.integers(0, 13),
        st.just(0),
        st.sampled_from([1, 2, 3]),
    ),
    st.builds(
        lambda c, t: [solo(c, t)],
        st.sampled_from(["solo_8", "solo_9", "solo_12"]),
        st.integers(0, 13),
    ),
    st.builds(
        lambda a, b: [
            solo("misere", a, declarer=0, trump=None),
            solo("piek", b, declarer=2, trump=None),
        ],
        st.integers(0, 13),
        st.integers(0, 13),
    ),
)


@given(
    CONTRACTS,
    st.sampled_from(["always", "never", "under_two_tricks"]),
    st.integers(0, 5),
    st.sampled_from([3, 4, 5]),
)
def test_every_deals_payments_sum_to_zero(contracts, partner_pays, bonus, players):
    if players == 5:
        contracts = [
            {
                **c,
                "declarer": c["declarer"] + 1,
                **({"partner": c["partner"] + 1} if "partner" in c else {}),
            }
            for c in contracts
        ]
    contracts = [{**c, "partner_tricks": 0} if "partner" in c else c for c in contracts]
    if players == 3:
        contracts = [c for c in contracts if c["declarer"] != 3][:1] or [solo("solo_8", 8)]
    options = opts(players=players, partner_pays=partner_pays, all_tricks_bonus=bonus)

    payments = pay(contracts, options)

    assert sum(payments) == 0
    if players == 3:
        assert payments[3] == 0
