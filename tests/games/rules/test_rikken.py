"""Rikken (RULES.md §4): worked examples, the contract table and options, the special games,
three and five players, entry checks and rotation, then properties of the fold."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RuleViolation, fold, get_game

GAME = get_game("rikken")
SUITS = ("spades", "hearts", "diamonds", "clubs")
SPECIALS = ("schuppen_mie", "mie_en", "one_five_eleven", "one_three_five")

# RULES.md §4, the default table: slug, side, {kind: need}, trumps, base, per trick, rank.
SPEC_TABLE = [
    ("rik", "partner", {"at_least": 8}, "declarer", 1, 1, 1),
    ("rik_beter", "partner", {"at_least": 8}, "beter", 1, 1, 2),
    ("solo_8", "alone", {"at_least": 8}, "declarer", 1, 1, 3),
    ("misere", "alone", {"exactly": 0}, "none", 5, 0, 4),
    ("piek", "alone", {"exactly": 1}, "none", 5, 0, 4),
    *((f"solo_{n}", "alone", {"at_least": n}, "declarer", 1, 1, n - 4) for n in range(9, 13)),
    ("open_misere", "alone", {"exactly": 0}, "none", 10, 0, 9),
    ("open_piek", "alone", {"exactly": 1}, "none", 10, 0, 9),
    ("troela", "troela", {"at_least": 8}, "partner", 2, 1, 10),
    ("open_misere_praatje", "alone", {"exactly": 0}, "none", 15, 0, 11),
    ("open_piek_praatje", "alone", {"exactly": 1}, "none", 15, 0, 11),
    ("solo_13", "alone", {"exactly": 13}, "declarer", 15, 0, 12),
    ("open_solo_13", "alone", {"exactly": 13}, "declarer", 20, 0, 13),
]
SIDE = {slug: side for slug, side, *_ in SPEC_TABLE}
TRUMPS = {slug: trumps for slug, _, _, trumps, *_ in SPEC_TABLE}
EQUAL = [tuple(row[0] for row in SPEC_TABLE if row[-1] == rank) for rank in (4, 9, 11)]


def opts(players=4, **rules):
    return GAME.resolve_options(rules, players=players)


def under_way(options, dealer=0):
    """A match under way, all square, whose next deal is dealt by ``dealer``."""
    seats = 4 if options.players == 3 else options.players
    data = {"balances": [0] * seats, "next": {"dealer": dealer, "leader": None}}
    return GAME.state_from_data(data, options)


def entry(contract, declarer=0, tricks=8, **extra):
    """A contract entry with the partner (declarer + 2) and trumps its row needs; an ``extra``
    of None leaves that field out."""
    raw = {"contract": contract, "declarer": declarer, "tricks": tricks}
    if SIDE.get(contract, "alone") != "alone":
        raw["partner"] = (declarer + 2) % 4
    if TRUMPS.get(contract, "declarer") != "none":
        raw["trump"] = "hearts" if TRUMPS.get(contract) == "beter" else "spades"
    return {k: v for k, v in {**raw, **extra}.items() if v is not None}


ACE_H, KING_H = {"rank": "A", "suit": "hearts"}, {"rank": "K", "suit": "hearts"}


def deal(*contracts, **extra):
    return {"contracts": list(contracts), **extra}


def record(raw, options=None, dealer=0):
    options = options or opts()
    result = GAME.record(raw, state=under_way(options, dealer), options=options)
    return result.outcome, GAME.state_to_data(result.state)


def refused(raw, options=None, dealer=0, state=None):
    options = options or opts()
    with pytest.raises(RuleViolation) as info:
        GAME.record(raw, state=state or under_way(options, dealer), options=options)
    return info.value.errors


def paths(errors, prefix=""):
    """The dotted paths of every message list in an error tree."""
    if isinstance(errors, list):
        return {prefix}
    found = set()
    for key, value in errors.items():
        found |= paths(value, f"{prefix}.{key}" if prefix else key)
    return found


def bad_rules(**rules):
    with pytest.raises(RuleViolation) as info:
        opts(**rules)
    return paths(info.value.errors)


# --- worked examples and the default table -------------------------------------------------


@pytest.mark.parametrize(
    ("contracts", "payments"),
    [
        (entry("rik", tricks=8), [1, -1, 1, -1]),
        (entry("rik", tricks=9), [2, -2, 2, -2]),
        (entry("rik", tricks=7), [-2, 2, -2, 2]),
        (entry("rik", tricks=13), [7, -7, 7, -7]),  # 1 + 5 + the all-tricks bonus
        (entry("troela", declarer=1, tricks=8), [-2, 2, -2, 2]),
        (entry("troela", declarer=1, tricks=9), [-3, 3, -3, 3]),
        (entry("troela", declarer=1, tricks=7), [3, -3, 3, -3]),
        (entry("solo_12", declarer=2, tricks=13), [-3, -3, 9, -3]),
        # misère and piek played at once, each settled on its own: both made; piek fails
        ([entry("misere", 0, 0), entry("piek", 1, 1)], [10, 10, -10, -10]),
        ([entry("misere", 0, 0), entry("piek", 1, 3)], [20, -20, 0, 0]),
    ],
)
def test_worked_examples(contracts, payments):
    contracts = contracts if isinstance(contracts, list) else [contracts]
    outcome, state = record(deal(*contracts))
    assert outcome["payments"] == payments
    assert state["balances"] == payments
    assert len(outcome["contracts"]) == len(contracts)


def test_the_default_table_is_the_one_in_the_rules():
    rows = opts().contracts
    assert [(r.slug, r.side, r.tricks, r.trumps, r.base, r.per_trick, r.rank) for r in rows] == [
        tuple(row) for row in SPEC_TABLE
    ]


# contract: (tricks, units) made, (tricks, units) failed; declarer 0, partner 2
MADE_AND_FAILED = [
    ("rik", (8, 1), (5, 4)),
    ("rik_beter", (10, 3), (7, 2)),
    ("solo_8", (8, 1), (6, 3)),
    ("misere", (0, 5), (2, 5)),
    ("piek", (1, 5), (0, 5)),
    ("solo_9", (9, 1), (8, 2)),
    ("solo_10", (11, 2), (9, 2)),
    ("solo_11", (11, 1), (7, 5)),
    ("solo_12", (12, 1), (11, 2)),
    ("open_misere", (0, 10), (1, 10)),
    ("open_piek", (1, 10), (2, 10)),
    ("troela", (13, 8), (4, 6)),  # 2 + 5 + the all-tricks bonus
    ("open_misere_praatje", (0, 15), (4, 15)),
    ("open_piek_praatje", (1, 15), (13, 15)),
    ("solo_13", (13, 15), (12, 15)),
    ("open_solo_13", (13, 20), (11, 20)),
]


@pytest.mark.parametrize(
    ("contract", "tricks", "units", "made"),
    [
        (contract, *case, made)
        for contract, *cases in MADE_AND_FAILED
        for case, made in zip(cases, (True, False), strict=True)
    ],
)
def test_every_contract_of_the_default_table_made_and_failed(contract, tricks, units, made):
    outcome, _ = record(deal(entry(contract, tricks=tricks)))
    sign = 1 if made else -1
    if SIDE[contract] == "alone":
        payments, partner = [3 * sign * units] + [-sign * units] * 3, None
    else:
        payments, partner = [sign * units, -sign * units] * 2, 2
    assert outcome["payments"] == payments
    settled = dict(contract=contract, declarer=0, partner=partner, tricks=tricks, made=made)
    assert outcome["contracts"] == [{**settled, "units": units}]
    assert outcome["all_pass"] is False and outcome["special"] is None


# --- a club's own contract table -----------------------------------------------------------

DEFAULT_SLUGS = [row[0] for row in SPEC_TABLE]
SOLO_7_ROW = {
    "slug": "solo_7",
    "name": "7 alleen",
    "side": "alone",
    "tricks": {"at_least": 7},
    "trumps": "declarer",
    "base": 1,
    "per_trick": 1,
    "rank": 3,
}


def test_a_removed_contract_is_refused_and_the_others_are_played():
    options = opts(contracts=["rik", "solo_8", "misere", "piek"])
    assert paths(refused(deal(entry("troela")), options)) == {"contracts.0.contract"}
    assert paths(refused(deal(entry("solo_9", tricks=9)), options)) == {"contracts.0.contract"}
    assert record(deal(entry("rik", tricks=9)), options)[0]["payments"] == [2, -2, 2, -2]


def test_a_reordered_table_ranks_its_rows_in_the_new_order():
    options = opts(contracts=["misere", "solo_8", "piek", "rik"])
    assert [r.slug for r in options.contracts] == ["misere", "solo_8", "piek", "rik"]
    assert [r.rank for r in options.contracts] == [1, 2, 3, 4]
    together = deal(entry("misere", 0, 0), entry("piek", 1, 1))
    assert paths(refused(together, options)) == {"contracts"}  # no longer equal
    assert sum(record(together)[0]["payments"]) == 0  # equal by default


@pytest.mark.parametrize(
    ("row", "tricks", "payments"),
    [
        ({"slug": "rik", "base": 3}, 9, [4, -4, 4, -4]),
        ({"slug": "rik", "base": 3}, 6, [-5, 5, -5, 5]),
        ({"slug": "rik", "per_trick": 2}, 10, [5, -5, 5, -5]),
        ({"slug": "rik", "base": 2, "per_trick": 0}, 11, [2, -2, 2, -2]),
    ],
)
def test_a_revalued_row_pays_its_own_amounts(row, tricks, payments):
    options = opts(contracts=[row, *DEFAULT_SLUGS[1:]])
    assert record(deal(entry("rik", tricks=tricks)), options)[0]["payments"] == payments


@pytest.mark.parametrize("solo_7", ["solo_7", SOLO_7_ROW], ids=["slug", "row"])
def test_solo_7_added_between_rik_beter_and_solo_8(solo_7):
    options = opts(contracts=[*DEFAULT_SLUGS[:2], solo_7, *DEFAULT_SLUGS[2:]])
    ranks = {r.slug: r.rank for r in options.contracts}
    assert ranks["rik_beter"] < ranks["solo_7"] < ranks["solo_8"]
    assert record(deal(entry("solo_7", tricks=7)), options)[0]["payments"] == [3, -1, -1, -1]
    assert record(deal(entry("solo_7", tricks=8)), options)[0]["payments"] == [6, -2, -2, -2]
    assert record(deal(entry("solo_7", tricks=5)), options)[0]["payments"] == [-9, 3, 3, 3]
    assert paths(refused(deal(entry("solo_7")))) == {"contracts.0.contract"}  # not by default


def test_a_beter_solo_ranks_above_its_solo_and_is_played_in_the_beter_suit():
    options = opts(contracts=[*DEFAULT_SLUGS[:3], "solo_8_beter", *DEFAULT_SLUGS[3:]])
    ranks = {r.slug: r.rank for r in options.contracts}
    assert ranks["solo_8"] < ranks["solo_8_beter"] < ranks["misere"]
    made = entry("solo_8_beter", tricks=9, trump="hearts")
    assert record(deal(made), options)[0]["payments"] == [6, -2, -2, -2]  # as solo_8
    wrong = entry("solo_8_beter", tricks=9, trump="spades")
    assert paths(refused(deal(wrong), options)) == {"contracts.0.trump"}


@pytest.mark.parametrize(
    ("table", "where"),
    [
        ([{**SOLO_7_ROW, "side": "team"}], {".0.side"}),
        ([{**SOLO_7_ROW, "tricks": {"at_least": 14}}], {".0.tricks"}),
        ([{**SOLO_7_ROW, "tricks": {"most": 7}}], {".0.tricks"}),
        ([{**SOLO_7_ROW, "tricks": {"at_least": 7, "exactly": 7}}], {".0.tricks"}),
        ([{**SOLO_7_ROW, "tricks": 7}], {".0.tricks"}),
        ([{**SOLO_7_ROW, "trumps": "dealer"}], {".0.trumps"}),
        ([{**SOLO_7_ROW, "base": -1}], {".0.base"}),
        (["rik", "solo_8", "rik"], {".2.slug"}),
        ([{"slug": "rik", "rank": 2}, {"slug": "solo_8", "rank": 1}], {".1.rank"}),
        (
            [{"slug": "tien_alleen"}],
            {".0.side", ".0.trumps", ".0.tricks", ".0.base", ".0.per_trick"},
        ),
        ([], {""}),
        ("rik", {""}),
    ],
)
def test_a_bad_contract_table_is_refused_under_rules_contracts(table, where):
    assert {f"rules.contracts{w}" for w in where} == bad_rules(contracts=table)


# --- beter suit and partner pays -----------------------------------------------------------


CUT = {"beter_suit": "cut"}


@pytest.mark.parametrize(
    ("contract", "rules", "extra", "where"),
    [
        ("rik_beter", {}, {"trump": "hearts"}, None),
        ("rik_beter", {}, {"trump": "spades"}, "contracts.0.trump"),
        ("rik_beter", {}, {"trump": "hearts", "beter": "clubs"}, "contracts.0.beter"),
        ("rik_beter", CUT, {"trump": "clubs", "beter": "clubs"}, None),
        ("rik_beter", CUT, {"trump": "hearts", "beter": "clubs"}, "contracts.0.trump"),
        ("rik_beter", CUT, {"trump": "clubs"}, "contracts.0.beter"),
        ("rik", CUT, {"trump": "diamonds"}, None),  # not a beter contract
    ],
)
def test_beter_contract_trumps_are_the_beter_suit(contract, rules, extra, where):
    raw = deal(entry(contract, tricks=8, **extra))
    if where is None:
        assert record(raw, opts(**rules))[0]["payments"] == [1, -1, 1, -1]
    else:
        assert paths(refused(raw, opts(**rules))) == {where}


@pytest.mark.parametrize(
    ("partner_pays", "raw", "payments"),
    [
        ("always", entry("rik", tricks=6, partner_tricks=3), [-3, 3, -3, 3]),
        ("never", entry("rik", tricks=6), [-6, 3, 0, 3]),
        ("never", entry("rik", tricks=9), [2, -2, 2, -2]),  # the partner shares a success
        ("never", entry("troela", declarer=1, tricks=7), [3, -6, 3, 0]),
        ("under_two_tricks", entry("rik", tricks=6, partner_tricks=1), [-3, 3, -3, 3]),
        ("under_two_tricks", entry("rik", tricks=6, partner_tricks=0), [-3, 3, -3, 3]),
        ("under_two_tricks", entry("rik", tricks=6, partner_tricks=2), [-6, 3, 0, 3]),
        ("under_two_tricks", entry("rik", tricks=7, partner_tricks=5), [-4, 2, 0, 2]),
        ("under_two_tricks", entry("troela", 1, tricks=7, partner_tricks=3), [3, -6, 3, 0]),
        ("under_two_tricks", entry("rik", tricks=9), [2, -2, 2, -2]),  # made: not needed
    ],
)
def test_who_pays_for_a_failed_partnership(partner_pays, raw, payments):
    outcome, _ = record(deal(raw), opts(partner_pays=partner_pays))
    assert outcome["payments"] == payments


@pytest.mark.parametrize("contract", ["rik", "troela"])
def test_under_two_tricks_a_failed_partnership_needs_the_partners_tricks(contract):
    raw, where = deal(entry(contract, tricks=7)), {"contracts.0.partner_tricks"}
    assert paths(refused(raw, opts(partner_pays="under_two_tricks"))) == where
    assert sum(record(raw, opts(partner_pays="always"))[0]["payments"]) == 0


@pytest.mark.parametrize(
    ("bonus", "raw", "units"),
    [
        (0, entry("rik", tricks=13), 6),
        (3, entry("rik", tricks=13), 9),
        (3, entry("troela", tricks=13), 10),
        (0, entry("solo_12", tricks=13), 2),
        (3, entry("solo_9", tricks=13), 8),
        (3, entry("rik", tricks=12), 5),  # no bonus short of all 13
        (3, entry("solo_13", tricks=13), 15),  # fixed contracts: the base only
        (3, entry("open_solo_13", tricks=13), 20),
    ],
)
def test_all_tricks_bonus(bonus, raw, units):
    outcome, _ = record(deal(raw), opts(all_tricks_bonus=bonus))
    assert outcome["contracts"][0]["units"] == units
    assert outcome["payments"][0] == units * (3 if "partner" not in raw else 1)


# --- all pass and the special games --------------------------------------------------------

ALL_PASS = {"contracts": [], "all_pass": True}


def test_all_pass_is_a_redeal_by_the_same_dealer():
    state, steps = fold(GAME, opts(), {}, [{**ALL_PASS, "dealer": 2}, ALL_PASS])
    assert [s.outcome["payments"] for s in steps] == [[0, 0, 0, 0]] * 2
    assert all(s.outcome["redeal"] for s in steps)
    assert GAME.state_to_data(state)["next"] == {"dealer": 2, "leader": 3}
    assert paths(refused({**ALL_PASS, "dealer": 1}, state=state)) == {"dealer"}


def test_dealer_must_bid_refuses_all_pass():
    options = opts(all_pass="dealer_must_bid")
    assert paths(refused(ALL_PASS, options)) == {"all_pass"}
    assert record(deal(entry("rik")), options)[0]["payments"] == [1, -1, 1, -1]


def special(game, *counts, **fields):
    """An all-pass deal with a special game; ``counts`` are the queens or tricks per seat."""
    if counts:
        fields["queens" if game == "mie_en" else "tricks"] = list(counts)
    return {**ALL_PASS, "special": {"game": game, **fields}}


def schuppen(queen, last):
    return special("schuppen_mie", queen_of_spades=queen, last_trick=last)


@pytest.mark.parametrize(
    ("raw", "payments"),
    [
        (schuppen(1, 2), [10, -10, -10, 10]),
        (schuppen(3, 3), [10, 10, 10, -30]),
        (special("mie_en", 0, 2, 1, 1), [20, -10, -5, -5]),
        (special("mie_en", 1, 0, 3, 0), [-5, 10, -15, 10]),
        (special("mie_en", 0, 0, 2, 2), [10, 10, -10, -10]),
        (special("mie_en", 0, 4, 0, 0), [-10, 30, -10, -10]),
        (special("mie_en", 1, 1, 1, 1), [0, 0, 0, 0]),
        (special("one_five_eleven", 1, 5, 4, 3), [10, 10, -10, -10]),
        (special("one_five_eleven", 2, 0, 11, 0), [-10, -10, 30, -10]),
        (special("one_five_eleven", 1, 5, 5, 2), [10, 10, 10, -30]),
        (special("one_five_eleven", 0, 2, 3, 8), [0, 0, 0, 0]),
        (special("one_three_five", 1, 3, 2, 7), [10, 10, -10, -10]),
        (special("one_three_five", 4, 2, 5, 2), [-10, -10, 30, -10]),
        (special("one_three_five", 3, 5, 2, 3), [10, 10, -30, 10]),
        (special("one_three_five", 0, 2, 4, 7), [0, 0, 0, 0]),
    ],
)
def test_special_games_when_all_pass(raw, payments):
    # all win is impossible: four odd counts cannot add up to 13
    outcome, state = record(raw, opts(all_pass=raw["special"]["game"]), dealer=1)
    assert outcome["payments"] == payments
    assert outcome["special"] == raw["special"]
    assert outcome["redeal"] is False and outcome["all_pass"] is True
    assert state["next"] == {"dealer": 2, "leader": 3}  # a hand played: the deal passes on


@pytest.mark.parametrize(
    ("all_pass", "raw", "where"),
    [
        ("mie_en", schuppen(0, 1), "special.game"),
        ("mie_en", ALL_PASS, "special"),
        ("redeal", special("mie_en", 1, 1, 1, 1), "special"),
        ("mie_en", special("mie_en", 1, 1, 1, 0), "special.queens"),
        ("mie_en", special("mie_en", 1, 1, 2), "special.queens"),
        ("one_three_five", special("one_three_five", 1, 3, 5, 5), "special.tricks"),
        ("schuppen_mie", schuppen(4, 1), "special.queen_of_spades"),
        ("mie_en", {**special("mie_en", 1, 1, 1, 1), "all_pass": False}, "special"),
    ],
)
def test_bad_special_games_are_refused(all_pass, raw, where):
    assert where in paths(refused(raw, opts(all_pass=all_pass)))


# --- three players: the blind man ----------------------------------------------------------


@pytest.mark.parametrize(
    ("contracts", "payments"),
    [
        ([entry("rik", 0, 9, partner=2)], [2, -2, 0, 0]),  # 0 with 1; 2 with the blind man
        ([entry("rik", 0, 7, partner=2)], [-2, 2, 0, 0]),
        ([entry("rik", 1, 8, partner=3)], [0, 1, -1, 0]),  # 1 with 2; the blind man with 0
        ([entry("rik", 2, 10, partner=0)], [3, -3, 0, 0]),  # 2 with the blind man; 0 with 1
        ([entry("rik", 0, 8, partner=1)], [1, 0, -1, 0]),  # 0 with 2; 1 with 3
        ([entry("solo_9", 0, 9)], [2, -1, -1, 0]),
        ([entry("misere", 2, 0)], [-5, -5, 10, 0]),
        ([entry("misere", 0, 0), entry("piek", 1, 1)], [5, 5, -10, 0]),
    ],
)
def test_three_players_settle_pairwise_and_the_blind_man_stays_at_zero(contracts, payments):
    options = opts(3)
    state, steps = fold(GAME, options, {}, [deal(*contracts, dealer=0)])
    assert steps[0].outcome["payments"] == payments
    assert GAME.state_to_data(state)["balances"][3] == 0


def test_three_players_the_blind_man_never_declares_or_deals():
    options = opts(3)
    assert paths(refused(deal(entry("solo_9", 3, 9)), options)) == {"contracts.0.declarer"}
    assert paths(refused(deal(entry("rik", 3, partner=0)), options)) == {"contracts.0.declarer"}
    new = GAME.initial_state(options, {})
    assert paths(refused(deal(entry("rik"), dealer=3), options, state=new)) == {"dealer"}
    rik = deal(entry("rik", 1, partner=2))
    state, _ = fold(GAME, options, {}, [{**rik, "dealer": 1}, rik, rik, rik])
    assert GAME.state_to_data(state)["next"] == {"dealer": 2, "leader": 0}  # 1, 2, 0, 1 dealt


@pytest.mark.parametrize("game", SPECIALS)
def test_three_players_play_no_special_games(game):
    assert bad_rules(players=3, all_pass=game) == {"rules.all_pass"}


# --- five players: the dealer sits out -----------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "raw", "payments"),
    [
        (0, deal(entry("solo_9", 1, 9)), [0, 3, -1, -1, -1]),
        (0, deal(entry("rik", 1, 8, partner=3)), [0, 1, -1, 1, -1]),
        (2, deal(entry("rik", 0, 7, partner=4)), [-2, 2, 0, 2, -2]),
        (2, deal(entry("misere", 3, 0), entry("piek", 4, 2)), [0, 0, 0, 20, -20]),
        (4, special("mie_en", 0, 4, 0, 0, None), [-10, 30, -10, -10, 0]),
        (1, special("mie_en", 1, None, 1, 1, 1), [0, 0, 0, 0, 0]),
        (1, schuppen(0, 0), [-30, 0, 10, 10, 10]),
        (3, special("one_five_eleven", 1, 5, 4, None, 3), [10, 10, -10, 0, -10]),
    ],
)
def test_five_players_the_dealer_pays_nothing(dealer, raw, payments):
    options = opts(5, all_pass=raw["special"]["game"] if "special" in raw else "redeal")
    outcome, state = record(raw, options, dealer=dealer)
    assert outcome["payments"] == payments
    assert state["next"] == {"dealer": (dealer + 1) % 5, "leader": (dealer + 2) % 5}


@pytest.mark.parametrize(
    ("all_pass", "raw", "where"),
    [
        ("redeal", deal(entry("solo_9", 2, 9)), "contracts.0.declarer"),
        ("redeal", deal(entry("rik", 0, 8, partner=2)), "contracts.0.partner"),
        ("mie_en", special("mie_en", 1, 1, 1, 1, 0), "special.queens.2"),
        ("one_three_five", special("one_three_five", 3, 5, 0, 3, 2), "special.tricks.2"),
        ("schuppen_mie", schuppen(2, 1), "special.queen_of_spades"),
    ],
)
def test_five_players_the_dealer_cannot_play(all_pass, raw, where):
    assert where in paths(refused(raw, opts(5, all_pass=all_pass), dealer=2))


def test_solo_first_bid_and_troela_options_are_stored():
    defaults = GAME.options_to_data(opts())
    assert (defaults["solo_first_bid"], defaults["troela"]) == (True, "obligatory")
    options = opts(solo_first_bid=False, troela="optional")
    stored = GAME.options_to_data(options)
    assert (stored["solo_first_bid"], stored["troela"]) == (False, "optional")
    assert record(deal(entry("solo_9", tricks=9)), options)[0]["payments"][0] == 3  # not checked
    forbidden = opts(troela="forbidden")
    assert paths(refused(deal(entry("troela")), forbidden)) == {"contracts.0.contract"}
    assert bad_rules(troela="never") == {"rules.troela"}


# --- contract entries ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contracts", "where"),
    [
        ([entry("rik", partner=None)], "contracts.0.partner"),
        ([entry("troela", partner=None)], "contracts.0.partner"),
        ([entry("rik", partner=0)], "contracts.0.partner"),
        ([entry("solo_9", partner=2)], "contracts.0.partner"),
        ([entry("solo_9", partner_tricks=0)], "contracts.0.partner_tricks"),
        ([entry("rik", tricks=8, partner_tricks=9)], "contracts.0.partner_tricks"),
        ([entry("rik", trump=None)], "contracts.0.trump"),
        ([entry("troela", trump=None)], "contracts.0.trump"),
        ([entry("misere", tricks=0, trump="clubs")], "contracts.0.trump"),
        ([entry("rik", trump="hearts", called=ACE_H)], "contracts.0.trump"),
        ([entry("rik_beter", called=ACE_H)], "contracts.0.trump"),
        ([entry("rik", called={"rank": "Q", "suit": "hearts"})], "contracts.0.called.rank"),
        ([entry("troela", called=KING_H)], "contracts.0.called.rank"),
        ([entry("solo_9", called=ACE_H)], "contracts.0.called"),
        ([entry("rik"), entry("misere", 1, 0)], "contracts"),
        ([entry("misere", 0, 0), entry("piek", 0, 1)], "contracts"),
        ([entry("misere", 1, 0), entry("piek", 0, 1), entry("misere", 1, 0)], "contracts"),
        ([entry("rik", tricks=14)], "contracts.0.tricks"),
        ([entry("rik", tricks=-1)], "contracts.0.tricks"),
        ([entry("misere", tricks=None)], "contracts.0.tricks"),
        ([entry("solo_9", declarer=4)], "contracts.0.declarer"),
        ([entry("tien_alleen")], "contracts.0.contract"),
        ([entry("rik", colour="red")], "contracts.0.colour"),
        ([], "contracts"),
    ],
)
def test_invalid_contract_entry_is_refused_naming_the_field(contracts, where):
    assert paths(refused(deal(*contracts))) == {where}


@pytest.mark.parametrize(
    ("raw", "units"),
    [
        (entry("rik", called=KING_H), 1),  # the declarer holds 4 aces
        (entry("rik", called=ACE_H, blind=True), 1),
        (entry("troela", trump="clubs", called=ACE_H), 2),
    ],
)
def test_a_called_card_is_accepted(raw, units):
    assert record(deal(raw))[0]["payments"] == [units, -units, units, -units]


def test_unknown_fields_and_the_dealer_are_checked():
    assert paths(refused({**deal(entry("rik")), "colour": "red"})) == {"colour"}
    new = GAME.initial_state(opts(), {})
    assert paths(refused(deal(entry("rik")), state=new)) == {"dealer"}
    assert paths(refused(deal(entry("rik"), dealer=4), state=new)) == {"dealer"}
    assert paths(refused(deal(entry("rik"), dealer=1))) == {"dealer"}  # seat 0 deals
    assert record(deal(entry("rik"), dealer=0))[1]["next"]["dealer"] == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_first_deal_without_its_dealer_says_all_that_is_left_out_at_once(players):
    new = GAME.initial_state(opts(players), {})
    rik = entry("rik", declarer=1, partner=None, trump=None)
    assert paths(refused(deal(rik), opts(players), state=new)) == {
        "dealer",
        "contracts.0.partner",
        "contracts.0.trump",
    }


@pytest.mark.parametrize(
    "raw",
    [
        # two trump contracts at once cannot be played, and together take 18 of 13 tricks
        deal(entry("solo_9", 0, 9), entry("solo_9", 1, 9, trump="hearts")),
        deal(entry("rik", 0, 9, partner=2), entry("rik", 1, 9, partner=3, trump="hearts")),
    ],
    ids=["two_solos", "two_riks"],
)
def test_only_misere_type_contracts_are_played_together(raw):
    assert paths(refused(raw)) == {"contracts"}


# --- rotation ------------------------------------------------------------------------------


def test_before_the_first_deal_next_is_null():
    for players in (3, 4, 5, 6):
        state = GAME.state_to_data(GAME.initial_state(opts(players), {}))
        assert state["next"] == {"dealer": None, "leader": None}
        assert state["balances"] == [0] * (4 if players == 3 else players)
        assert state["finished"] is False and state["winner"] is None


@pytest.mark.parametrize(("players", "first"), [(4, 0), (4, 3), (5, 4), (3, 2), (6, 5)])
def test_the_deal_passes_to_the_next_player_and_the_next_leads(players, first):
    options = opts(players)
    state = GAME.initial_state(options, {})
    for number in range(7):
        dealer = (first + number) % players
        raw = deal(entry("misere", (dealer + 1) % players, 0))  # the leader declares
        if number == 0:
            raw["dealer"] = first
        state = GAME.record(raw, state=state, options=options).state
        assert GAME.state_to_data(state)["next"] == {
            "dealer": (dealer + 1) % players,
            "leader": (dealer + 2) % players,
        }


# --- properties ----------------------------------------------------------------------------


def active_seats(options, dealer):
    """The seats that play a deal: with five the dealer sits out, with six also the player
    three seats after the dealer."""
    out = {5: {dealer}, 6: {dealer, (dealer + 3) % 6}}.get(options.players, set())
    return [s for s in range(max(options.players, 4)) if s not in out]


def spread(draw, count, active, seats):
    """``count`` tricks or queens spread over the active seats, null for the others."""
    takers = draw(st.lists(st.sampled_from(active), min_size=count, max_size=count))
    return [takers.count(s) if s in active else None for s in range(seats)]


def partner_pays_of(options, slug):
    """Who pays when this contract fails: its row's own rule, else the match's."""
    row = next(r for r in options.contracts if r.slug == slug)
    return row.partner_pays or options.partner_pays


@st.composite
def deal_bodies(draw, options, dealer):
    active = active_seats(options, dealer)
    bidders = [s for s in active if not (options.players == 3 and s == 3)]
    may_pass = options.all_pass != "dealer_must_bid"
    kind = draw(st.sampled_from(["one"] * 2 + ["together"] + ["all_pass"] * 2 * may_pass))
    if kind == "all_pass":
        game = options.all_pass
        if game == "choice":  # the table names one of the club's games, or deals again
            game = draw(st.sampled_from(["redeal", *options.special_games]))
        if game == "schuppen_mie":
            return schuppen(draw(st.sampled_from(active)), draw(st.sampled_from(active)))
        counts = spread(draw, 4 if game == "mie_en" else 13, active, options.players)
        return dict(ALL_PASS) if game == "redeal" else special(game, *counts)
    if kind == "together":
        group = draw(st.sampled_from(EQUAL))
        declarers = draw(st.lists(st.sampled_from(bidders), min_size=2, max_size=3, unique=True))
        return deal(
            *(entry(draw(st.sampled_from(group)), d, draw(st.integers(0, 3))) for d in declarers)
        )
    slug = draw(st.sampled_from(DEFAULT_SLUGS))
    declarer = draw(st.sampled_from(bidders))
    tricks = draw(st.integers(0, 13))
    raw = {"contract": slug, "declarer": declarer, "tricks": tricks}
    if SIDE[slug] != "alone":
        raw["partner"] = draw(st.sampled_from([s for s in active if s != declarer]))
        if draw(st.booleans()) or partner_pays_of(options, slug) == "under_two_tricks":
            raw["partner_tricks"] = draw(st.integers(0, tricks))
    beter = draw(st.sampled_from(SUITS)) if options.beter_suit == "cut" else None
    if beter:
        raw["beter"] = beter
    if TRUMPS[slug] != "none":
        choice = draw(st.sampled_from(SUITS))
        raw["trump"] = (beter or "hearts") if TRUMPS[slug] == "beter" else choice
    if SIDE[slug] == "partner" and draw(st.booleans()):
        suit = draw(st.sampled_from([s for s in SUITS if s != raw["trump"]]))
        raw["called"] = {"rank": "A", "suit": suit}
    return deal(raw)


PARTNER_PAYS = ["always", "never", "under_two_tricks"]


@st.composite
def club_tables(draw):
    """The default table, revalued and with each row's own rule options here and there (the
    further house rules: a troela whose partner pays, a bonus for rik and troela only)."""
    rows = []
    for slug, side, tricks, *_ in SPEC_TABLE:
        row = {"slug": slug}
        if draw(st.booleans()):
            row["base"] = draw(st.integers(0, 70))
            row["per_trick"] = draw(st.integers(0, 10))
        if side != "alone" and draw(st.booleans()):
            row["partner_pays"] = draw(st.sampled_from(PARTNER_PAYS))
        if "at_least" in tricks and draw(st.booleans()):
            row["all_tricks_bonus"] = draw(st.integers(0, 50))
        rows.append(row)
    return rows


@st.composite
def house_rules(draw, players):
    """Any combination of the rule options, the further house rules included."""
    all_pass = ["redeal", "dealer_must_bid", *((*SPECIALS, "choice") if players != 3 else ())]
    rules = {
        "all_pass": draw(st.sampled_from(all_pass)),
        "partner_pays": draw(st.sampled_from(PARTNER_PAYS)),
        "all_tricks_bonus": draw(st.integers(0, 5)),
        "beter_suit": draw(st.sampled_from(["hearts", "cut"])),
        "undertricks": draw(st.sampled_from(["from_first", "from_second"])),
        "simultaneous": draw(st.sampled_from(["all_others", "defenders_only"])),
    }
    if rules["all_pass"] == "choice":
        rules["special_games"] = draw(
            st.lists(st.sampled_from(SPECIALS), min_size=1, max_size=4, unique=True)
        )
    played = {rules["all_pass"], *rules.get("special_games", ())}
    # The stake and how 1-5-11 pays are set only where a game of theirs is played.
    if played & set(SPECIALS):
        stake = draw(st.integers(1, 1000))
        rules["special_stake"] = stake + stake % 2 if "mie_en" in played else stake
    if played & {"one_five_eleven", "one_three_five"}:
        rules["one_five_eleven_pays"] = draw(st.sampled_from(["per_loser", "per_pair"]))
    if draw(st.booleans()):
        rules["contracts"] = draw(club_tables())
    return rules


@st.composite
def matches(draw):
    """Rule options and a sequence of valid deals, each drawn against the state before it."""
    players = draw(st.sampled_from([3, 4, 5, 6]))
    options = opts(players, **draw(house_rules(players)))
    state = GAME.initial_state(options, {})
    deals = []
    for _ in range(draw(st.integers(1, 8))):
        dealer = GAME.state_to_data(state)["next"]["dealer"]
        first = dealer is None
        dealer = draw(st.integers(0, players - 1)) if first else dealer
        raw = draw(deal_bodies(options, dealer))
        if first or draw(st.booleans()):
            raw["dealer"] = dealer
        state = GAME.record(raw, state=state, options=options).state
        deals.append(raw)
    return options, deals


@given(match=matches())
def test_every_deal_pays_zero_in_all_and_nothing_to_whoever_sits_out(match):
    options, deals = match
    state, steps = fold(GAME, options, {}, deals)
    dealer = deals[0]["dealer"]
    for step in steps:
        payments, redeal = step.outcome["payments"], step.outcome["redeal"]
        assert sum(payments) == 0
        # the dealer (five), the dealer and the player across (six), the blind man (three)
        idle = {5: {dealer}, 6: {dealer, (dealer + 3) % 6}, 3: {3}}.get(options.players, set())
        assert all(payments[seat] == 0 for seat in idle)
        assert not (redeal and any(payments))
        dealer = dealer if redeal else (dealer + 1) % options.players
    assert sum(GAME.state_to_data(state)["balances"]) == 0
    assert GAME.state_to_data(state)["next"]["dealer"] == dealer
