"""Rikken's further house rules through the API (RULES.md §4, "Further house rules"): every new
option and row field resolved and shown, a bad one a 400 at its field that stores nothing,
unknown fields refused, six players, the table's choice of special game, and the two built-in
house rules that reproduce the clubs' tables (money, and penalty points)."""

import pytest

from games.models import Deal, Match
from games.rules.presets import PRESETS_BY_KEY
from tests.api.conftest import Table

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bram", "Cor", "Dirk"]
SIX = [*FOUR, "Eef", "Fien"]
CHOICE = {"all_pass": "choice", "special_games": ["schuppen_mie", "one_five_eleven"]}


def create(api_client, players=FOUR, **body):
    body = {"game": "rikken", "players": players, **body}
    return api_client.post("/api/v1/matches/", body, format="json")


def test_the_new_options_are_resolved_and_shown(api_client):
    response = api_client.post(
        "/api/v1/matches/", {"game": "rikken", "players": FOUR}, format="json"
    )

    rules = response.json()["rules"]
    assert {k: rules[k] for k in ("undertricks", "simultaneous", "special_games")} == {
        "undertricks": "from_first",
        "simultaneous": "all_others",
        "special_games": [],
    }
    assert (rules["special_stake"], rules["one_five_eleven_pays"]) == (10, "per_loser")
    assert all("partner_pays" not in row for row in rules["contracts"])


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"undertricks": "from_third"}, ["undertricks"]),
        ({"simultaneous": "everybody"}, ["simultaneous"]),
        ({"special_stake": 0}, ["special_stake"]),
        ({"special_stake": 1001}, ["special_stake"]),
        ({"special_stake": 9, "all_pass": "mie_en"}, ["special_stake"]),
        ({"one_five_eleven_pays": "per_winner"}, ["one_five_eleven_pays"]),
        # what scales or pays a special game, where none of its games is played
        ({"special_stake": 20}, ["special_stake"]),
        ({"one_five_eleven_pays": "per_pair", "all_pass": "mie_en"}, ["one_five_eleven_pays"]),
        ({"all_pass": "choice"}, ["special_games"]),
        ({"all_pass": "choice", "special_games": ["whist"]}, ["special_games", "0"]),
        ({"all_pass": "choice", "special_games": ["mie_en", "mie_en"]}, ["special_games", "1"]),
        ({"special_games": ["mie_en"]}, ["special_games"]),
        (
            {"contracts": ["rik", {"slug": "troela", "partner_pays": "seldom"}]},
            ["contracts", "1", "partner_pays"],
        ),
        (
            {"contracts": ["rik", {"slug": "troela", "partner_pays": ["always"]}]},
            ["contracts", "1", "partner_pays"],
        ),
        (
            {"contracts": ["rik", {"slug": "troela", "partner_pays": {"always": True}}]},
            ["contracts", "1", "partner_pays"],
        ),
        (
            {"contracts": [{"slug": "solo_8", "partner_pays": "always"}]},
            ["contracts", "0", "partner_pays"],
        ),
        (
            {"contracts": [{"slug": "rik", "all_tricks_bonus": -3}]},
            ["contracts", "0", "all_tricks_bonus"],
        ),
        (
            {"contracts": [{"slug": "rik", "bonus_for_all": 3}]},
            ["contracts", "0", "bonus_for_all"],
        ),
        ({"scoring": "penalty_points", "undertricks": "from_second"}, ["undertricks"]),
        ({"surplus": True}, ["surplus"]),
    ],
)
def test_a_bad_option_or_row_field_is_400_at_its_field_and_stores_nothing(api_client, rules, where):
    response = api_client.post(
        "/api/v1/matches/", {"game": "rikken", "players": FOUR, "rules": rules}, format="json"
    )

    assert response.status_code == 400
    found = response.json()["rules"]
    for key in where:
        found = found[key]
    assert found and all(isinstance(message, str) and message for message in found)
    assert Match.objects.count() == 0


def test_the_refusals_say_the_rule_in_the_games_words(api_client):
    def said(rules):
        body = {"game": "rikken", "players": FOUR, "rules": rules}
        return api_client.post("/api/v1/matches/", body, format="json").json()["rules"]

    assert said({"special_stake": 7, "all_pass": "mie_en"})["special_stake"] == [
        "Mie en pays half the special stake a queen: the stake must be even."
    ]
    assert said({"all_pass": "choice"})["special_games"] == [
        "Name the special games the table chooses from: at least one."
    ]
    row = said({"contracts": [{"slug": "solo_8", "partner_pays": "always"}]})
    assert row["contracts"]["0"]["partner_pays"] == [
        "8 alleen is played alone: there is no partner to pay."
    ]


def test_six_players_and_the_tables_choice(api_client):
    table = Table(api_client, {"game": "rikken", "players": SIX, "rules": CHOICE})
    sitting_out = table.post_deal(
        {"dealer": 0, "contracts": [{"contract": "solo_9", "declarer": 3, "tricks": 9}]}
    )
    not_listed = table.post_deal(
        {
            "dealer": 0,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "mie_en", "queens": [None, 1, 1, None, 1, 1]},
        }
    )
    nothing = table.get()["version"]
    played = table.post_deal(
        {
            "dealer": 0,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_five_eleven", "tricks": [None, 1, 5, None, 4, 3]},
        }
    )

    assert table.created["rules"]["players"] == 6
    assert sitting_out.status_code == 400
    assert "three seats after" in sitting_out.json()["contracts"]["0"]["declarer"][0]
    assert not_listed.status_code == 400
    assert "schuppen_mie, one_five_eleven" in not_listed.json()["special"]["game"][0]
    assert nothing == 0 and Deal.objects.count() == 1
    assert played.status_code == 201
    assert played.json()["outcome"]["payments"] == [0, 10, 10, 0, -10, -10]
    assert played.json()["state"]["next"] == {"dealer": 1, "leader": 2}


def test_six_names_and_a_players_option_of_four_disagree(api_client):
    response = create(api_client, SIX, rules={"players": 4})
    assert response.status_code == 400
    assert "players" in response.json()["rules"]


# --- the built-in house rules ---------------------------------------------------------------------


def test_the_new_house_rules_are_listed(api_client):
    listed = {p["key"]: p for p in api_client.get("/api/v1/presets/?game=rikken").json()}

    assert {"rikken-in-tens", "rikken-penalty-points-schuppen-mie"} <= set(listed)
    assert listed["rikken-in-tens"]["name"] == "Rikken in tens, the table's special games"


@pytest.mark.parametrize(
    ("deal", "payments"),
    [
        # rik 7 tricks: the first trick short costs only the 10; the partner pays nothing
        (
            {"contract": "rik", "declarer": 0, "partner": 2, "trump": "spades", "tricks": 7},
            [-20, 10, 0, 10],
        ),
        # troela 6 tricks: its partner pays: 10 + 5 each
        (
            {"contract": "troela", "declarer": 0, "partner": 2, "trump": "clubs", "tricks": 6},
            [-15, 15, -15, 15],
        ),
        # 8 alleen with all 13: 10 + 25 and no bonus
        (
            {"contract": "solo_8", "declarer": 0, "trump": "clubs", "tricks": 13},
            [105, -35] + [-35] * 2,
        ),
        # rik with all 13: 10 + 25 + 35
        (
            {"contract": "rik", "declarer": 0, "partner": 2, "trump": "spades", "tricks": 13},
            [70, -70, 70, -70],
        ),
        # 13 alleen with 12: the base only
        (
            {"contract": "solo_13", "declarer": 1, "trump": "clubs", "tricks": 12},
            [70, -210, 70, 70],
        ),
    ],
)
def test_the_money_house_rules_pay_the_clubs_figures(api_client, deal, payments):
    table = Table(api_client, {"game": "rikken", "players": FOUR, "preset": "rikken-in-tens"})

    response = table.post_deal({"dealer": 3, "contracts": [deal]})

    assert response.status_code == 201, response.json()
    assert response.json()["outcome"]["payments"] == payments


def test_the_money_house_rules_choose_the_special_game_each_time(api_client):
    table = Table(api_client, {"game": "rikken", "players": FOUR, "preset": "rikken-in-tens"})
    mie = {"game": "mie_en", "queens": [2, 1, 1, 0]}
    eleven = {"game": "one_five_eleven", "tricks": [1, 5, 4, 3]}
    several = [
        {"contract": "misere", "declarer": 0, "tricks": 0},
        {"contract": "piek", "declarer": 1, "tricks": 3},
    ]

    first = table.post_deal({"dealer": 0, "contracts": [], "all_pass": True, "special": mie})
    second = table.post_deal({"contracts": [], "all_pass": True, "special": eleven})
    third = table.post_deal({"contracts": several})

    assert first.json()["outcome"]["payments"] == [-10, -5, -5, 20]
    assert second.json()["outcome"]["payments"] == [20, 20, -20, -20]  # per pair
    assert third.json()["outcome"]["payments"] == [60, -60, 0, 0]  # with the defenders only


def test_the_penalty_points_house_rules_choose_schuppen_mie_or_a_new_deal(api_client):
    preset = "rikken-penalty-points-schuppen-mie"
    table = Table(api_client, {"game": "rikken", "players": FOUR, "preset": preset})
    mie = {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 2}

    redeal = table.post_deal({"dealer": 1, "contracts": [], "all_pass": True})
    played = table.post_deal({"contracts": [], "all_pass": True, "special": mie, "doubled": True})
    other = table.post_deal(
        {"contracts": [], "all_pass": True, "special": {"game": "mie_en", "queens": [1, 1, 1, 1]}}
    )

    assert redeal.json()["state"]["next"]["dealer"] == 1
    assert played.json()["outcome"]["points"] == [0, 0, 40, 0]
    assert other.status_code == 400 and "special" in other.json()
    rules = table.created["rules"]
    assert (rules["scoring"], rules["all_pass"], rules["special_games"]) == (
        "penalty_points",
        "choice",
        ["schuppen_mie"],
    )


@pytest.mark.parametrize("key", ["rikken-in-tens", "rikken-penalty-points-schuppen-mie"])
def test_the_new_house_rules_hold_for_six_players_too(api_client, key):
    response = api_client.post(
        "/api/v1/matches/", {"game": "rikken", "players": SIX, "preset": key}, format="json"
    )

    assert response.status_code == 201, response.json()
    assert response.json()["rules"]["players"] == 6
    assert PRESETS_BY_KEY[key].rules["all_pass"] == "choice"
