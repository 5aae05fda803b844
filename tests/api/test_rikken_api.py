import pytest

from games.models import Deal
from tests.api.conftest import Table

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bram", "Cor", "Dirk"]
FIVE = [*FOUR, "Eef"]
RIK = {
    "contract": "rik",
    "declarer": 0,
    "partner": 2,
    "trump": "spades",
    "called": {"rank": "A", "suit": "hearts"},
    "tricks": 9,
}


@pytest.fixture
def rikken(api_client):
    return Table(api_client, {"game": "rikken", "players": FOUR, "stake": "0.05"})


def test_a_rikken_deal_answers_payments_and_balances(rikken):
    response = rikken.post_deal({"dealer": 0, "contracts": [RIK]})

    assert response.status_code == 201
    body = response.json()
    assert body["outcome"]["payments"] == [2, -2, 2, -2]
    assert body["state"]["balances"] == [2, -2, 2, -2]
    assert body["state"]["next"] == {"dealer": 1, "leader": 2}
    assert body["state"]["finished"] is False


def test_simultaneous_misere_and_piek_are_settled_each_with_all_three(rikken):
    response = rikken.post_deal(
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "piek", "declarer": 1, "tricks": 2},
            ],
        }
    )

    assert response.status_code == 201
    assert response.json()["outcome"]["payments"] == [20, -20, 0, 0]


def test_all_pass_redeals_with_the_same_dealer(rikken):
    rikken.post_deal({"dealer": 2, "contracts": [], "all_pass": True})

    assert rikken.get()["state"]["next"]["dealer"] == 2


@pytest.mark.parametrize(
    ("contract", "field"),
    [
        ({**RIK, "partner": None}, "partner"),
        ({**RIK, "partner": 0}, "partner"),
        ({**RIK, "trump": "hearts"}, "trump"),  # the called ace's suit
        (
            {"contract": "rik_beter", "declarer": 0, "partner": 1, "trump": "clubs", "tricks": 8},
            "trump",
        ),
        ({"contract": "misere", "declarer": 0, "trump": "clubs", "tricks": 0}, "trump"),
        (
            {"contract": "solo_9", "declarer": 0, "partner": 1, "trump": "clubs", "tricks": 9},
            "partner",
        ),
        ({**RIK, "tricks": 14}, "tricks"),
        ({**RIK, "tricks": -1}, "tricks"),
        ({**RIK, "contract": "grand_slam"}, "contract"),
        ({**RIK, "called": {"rank": "Q", "suit": "hearts"}}, "called"),
        ({**RIK, "colour": "red"}, "colour"),
    ],
)
def test_an_impossible_contract_is_400_on_its_field_and_stores_nothing(rikken, contract, field):
    contract = {k: v for k, v in contract.items() if v is not None}

    response = rikken.post_deal({"dealer": 0, "contracts": [contract]})

    assert response.status_code == 400
    assert field in response.json()["contracts"]["0"]
    assert Deal.objects.count() == 0
    assert rikken.get()["version"] == 0


@pytest.mark.parametrize(
    "contracts",
    [
        [RIK, {"contract": "misere", "declarer": 1, "tricks": 0}],  # unequal contracts
        [
            {"contract": "misere", "declarer": 1, "tricks": 0},
            {"contract": "piek", "declarer": 1, "tricks": 1},
        ],  # a seat declaring twice
        [],  # nothing played and no all_pass
    ],
)
def test_contracts_that_cannot_be_played_together_are_400(rikken, contracts):
    response = rikken.post_deal({"dealer": 0, "contracts": contracts})

    assert response.status_code == 400
    assert "contracts" in response.json()
    assert Deal.objects.count() == 0


def test_with_five_players_the_dealer_sits_out_and_may_not_play(api_client):
    table = Table(api_client, {"game": "rikken", "players": FIVE})

    refused = table.post_deal({"dealer": 0, "contracts": [{**RIK, "partner": 3}]})
    played = table.post_deal({"dealer": 0, "contracts": [{**RIK, "declarer": 1, "partner": 3}]})

    assert refused.status_code == 400
    assert "declarer" in refused.json()["contracts"]["0"]
    assert played.status_code == 201
    assert played.json()["outcome"]["payments"] == [0, 2, -2, 2, -2]
    assert table.get()["rules"]["players"] == 5


def test_three_players_play_with_a_blind_man_who_never_pays(api_client):
    table = Table(api_client, {"game": "rikken", "players": FOUR[:3]})

    response = table.post_deal(
        {
            "dealer": 0,
            "contracts": [{"contract": "solo_8", "declarer": 1, "trump": "clubs", "tricks": 8}],
        }
    )

    assert response.status_code == 201
    assert response.json()["outcome"]["payments"] == [-1, 2, -1, 0]
    assert table.get()["state"]["next"]["dealer"] == 1


def test_a_players_option_that_conflicts_with_the_players_entered_is_400(api_client):
    response = api_client.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": FOUR, "rules": {"players": 5}},
        format="json",
    )

    assert response.status_code == 400
    assert "players" in response.json()["rules"]
