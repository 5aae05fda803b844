import pytest

from tests.api.conftest import TRIONFO_PLAYERS, Table

pytestmark = pytest.mark.django_db

RIKKEN_PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
RIK = {
    "contract": "rik",
    "declarer": 1,
    "partner": 3,
    "trump": "spades",
    "called": {"rank": "A", "suit": "hearts"},
}


def rikken(client, stake="0.10", players=RIKKEN_PLAYERS):
    body = {"game": "rikken", "players": players}
    if stake is not None:
        body["stake"] = stake
    return Table(client, body)


def test_a_match_settlement_gives_balances_money_and_fewest_transfers(api_client):
    table = rikken(api_client)
    table.post_deal({"dealer": 0, "contracts": [{**RIK, "tricks": 9}]})  # +2 for seats 1 and 3
    table.post_deal({"contracts": [{"contract": "misere", "declarer": 2, "tricks": 0}]})

    response = api_client.get(f"{table.url}settlement/")

    assert response.status_code == 200
    body = response.json()
    assert [b["units"] for b in body["balances"]] == [-7, -3, 13, -3]
    assert [b["amount"] for b in body["balances"]] == ["-0.70", "-0.30", "1.30", "-0.30"]
    assert body["stake"] == "0.10"
    assert body["rounding_difference"] == "0.00"
    assert len(body["transfers"]) == 3
    assert {(t["from"], t["to"], t["units"], t["amount"]) for t in body["transfers"]} == {
        (0, 2, 7, "0.70"),
        (1, 2, 3, "0.30"),
        (3, 2, 3, "0.30"),
    }


def test_a_settlement_without_a_stake_is_in_units_only(api_client):
    table = rikken(api_client, stake=None)
    table.post_deal({"dealer": 0, "contracts": [{**RIK, "tricks": 8}]})

    body = api_client.get(f"{table.url}settlement/").json()

    assert [b["amount"] for b in body["balances"]] == [None] * 4
    assert body["stake"] is None
    assert len(body["transfers"]) == 2
    assert {t["from"] for t in body["transfers"]} == {0, 2}
    assert {t["to"] for t in body["transfers"]} == {1, 3}
    assert [t["amount"] for t in body["transfers"]] == [None, None]


def test_rounding_happens_once_at_the_end_and_is_stated(api_client):
    table = Table(api_client, {"game": "trionfo", "players": TRIONFO_PLAYERS, "stake": "0.125"})
    table.post_deal(
        {
            "first_speaker": 0,
            "bid": "chiamo",
            "declarer": 0,
            "trump": "coins",
            "partner": 1,
            "points": 8,
        }
    )  # +2 +1 -1 -1 -1

    body = api_client.get(f"{table.url}settlement/").json()

    assert [b["amount"] for b in body["balances"]] == ["0.25", "0.13", "-0.13", "-0.13", "-0.13"]
    assert body["rounding_difference"] == "-0.01"
    assert body["stake"] == "0.125"


def test_a_game_not_played_for_money_has_no_settlement(marafon):
    response = marafon.client.get(f"{marafon.url}settlement/")

    assert response.status_code == 404  # no such resource: the match's links name none
    assert "match" in response.json()


def test_an_evening_of_matches_of_the_same_people_is_settled_together(api_client):
    first = rikken(api_client)
    first.post_deal({"dealer": 0, "contracts": [{**RIK, "tricks": 9}]})  # Bram, Dirk +2
    second = rikken(api_client, players=["Dirk", "Cor", "Bram", "Anna"])
    second.post_deal(
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 0, "tricks": 0}]}
    )  # Dirk +15

    response = api_client.post(
        "/api/v1/settlements/", {"matches": [first.id, second.id]}, format="json"
    )

    assert response.status_code == 200
    body = response.json()
    units = {b["name"]: b["units"] for b in body["balances"]}
    assert units == {"Anna": -7, "Bram": -3, "Cor": -7, "Dirk": 17}
    assert sum(t["units"] for t in body["transfers"] if t["to"] == 3) == 17
    assert len(body["transfers"]) == 3


@pytest.mark.parametrize(
    "body",
    [{"matches": []}, {"matches": ["nope"]}, {"matches": "abc"}, {"ids": ["x"]}],
)
def test_a_bad_evening_request_is_400(api_client, body):
    assert api_client.post("/api/v1/settlements/", body, format="json").status_code == 400


def test_an_evening_mixing_staked_and_unstaked_matches_is_400(api_client):
    staked, unstaked = rikken(api_client), rikken(api_client, stake=None)

    response = api_client.post(
        "/api/v1/settlements/", {"matches": [staked.id, unstaked.id]}, format="json"
    )

    assert response.status_code == 400
    assert "matches" in response.json()
