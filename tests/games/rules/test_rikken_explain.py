"""Rikken's explanations beyond the examples (tests/games/rules/explanations/rikken.py): every
contract of the catalogue belongs to a family, a deal's outcome names its dealer (who sat out),
and an outcome stored before it did is still explained from what it holds."""

from games.rules import fold, get_game
from games.rules.rikken.contracts import CATALOGUE
from games.rules.rikken.explain import FAMILIES, KINDS

GAME = get_game("rikken")


def test_every_contract_of_the_catalogue_is_of_a_family_with_its_kinds():
    assert set(CATALOGUE) <= set(FAMILIES)
    assert {
        f"{family}_{result}" for family in FAMILIES.values() for result in ("made", "failed")
    } <= set(KINDS)


def test_the_outcome_names_the_dealer_of_every_deal_after_the_first():
    options = GAME.resolve_options({"players": 5}, players=5)
    solo = {"contract": "solo_8", "declarer": 2, "trump": "spades", "tricks": 8}
    _, steps = fold(GAME, options, {}, [{"dealer": 0, "contracts": [solo]}, {"contracts": [solo]}])

    assert [step.outcome["dealer"] for step in steps] == [0, 1]


def test_an_outcome_without_its_dealer_says_what_each_player_paid_in_all():
    options = GAME.resolve_options({"players": 5}, players=5)
    solo = {"contract": "solo_8", "declarer": 2, "trump": "spades", "tricks": 8}
    _, steps = fold(GAME, options, {}, [{"dealer": 0, "contracts": [solo]}, {"contracts": [solo]}])
    old = {k: v for k, v in steps[1].outcome.items() if k != "dealer"}

    lines = [str(line) for line in GAME.explain({"contracts": [solo]}, old, options)]

    assert lines == [
        "8 alleen by seat 2: 8 tricks, 8 or more needed: made.",
        "Each payment: the base, 1 unit.",
        "Seat 2 receives 3 units.",
        "Seat 0, seat 3 and seat 4 pay 1 unit each.",
    ]
