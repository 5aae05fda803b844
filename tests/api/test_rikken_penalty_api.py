"""Rikken in club penalty points through the API: the deal's `doubled` and `doubled_by`, the
outcome's `points`, the state's `points` and `leaders`, no money anywhere, the schema, and a
tournament that ranks the lowest total first."""

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import Table

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bram", "Cor", "Dirk"]
PENALTY = {"scoring": "penalty_points", "all_pass": "schuppen_mie"}
RIK = {"contract": "rik", "declarer": 0, "partner": 2, "trump": "spades", "tricks": 10}


@pytest.fixture
def evening(api_client):
    return Table(api_client, {"game": "rikken", "players": FOUR, "rules": PENALTY})


def test_the_worked_example_through_the_api(evening):
    first = evening.post_deal({"dealer": 3, "contracts": [RIK]})
    evening.post_deal(
        {"contracts": [{"contract": "solo_9", "declarer": 1, "trump": "clubs", "tricks": 7}]}
    )
    last = evening.post_deal(
        {
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 0},
        }
    )

    assert first.status_code == 201
    assert first.json()["outcome"]["points"] == [0, 7, 0, 7]
    assert "payments" not in first.json()["outcome"]
    state = last.json()["state"]
    assert state["points"] == [5, 43, 5, 7]
    assert state["leaders"] == [0, 2]
    assert "balances" not in state
    assert evening.get()["rules"]["contracts"][0]["penalty"] == {
        "made": 5,
        "over": 1,
        "failed": 10,
        "under": 1,
    }


def test_a_doubled_deal_and_who_doubled(evening):
    response = evening.post_deal(
        {"dealer": 3, "contracts": [RIK], "doubled": True, "doubled_by": 1}
    )
    bad = evening.post_deal({"contracts": [RIK], "doubled_by": 1})

    assert response.status_code == 201
    assert response.json()["outcome"]["points"] == [0, 14, 0, 14]
    assert response.json()["outcome"]["doubled_by"] == 1
    assert response.json()["input"]["doubled"] is True
    assert bad.status_code == 400
    assert "doubled_by" in bad.json()


def test_a_correction_recomputes_the_points(evening):
    evening.post_deal({"dealer": 3, "contracts": [RIK]})
    evening.post_deal({"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]})
    corrected = evening.put_deal(1, {"dealer": 3, "contracts": [{**RIK, "tricks": 6}]})

    assert corrected.status_code == 200
    assert evening.get()["state"]["points"] == [17, 0, 17, 5]
    assert evening.get()["state"]["leaders"] == [1]


def test_no_money_under_penalty_points(api_client, evening):
    settlement = api_client.get(f"{evening.url}settlement/")
    staked = api_client.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": FOUR, "rules": PENALTY, "stake": "0.10"},
        format="json",
    )
    together = api_client.post("/api/v1/settlements/", {"matches": [evening.id]}, format="json")

    assert "settlement" not in evening.created["links"]
    assert settlement.status_code == 404
    assert "penalty points" in str(settlement.json())
    assert staked.status_code == 400
    assert "penalty points" in str(staked.json()["stake"])
    assert together.status_code == 400
    assert "penalty points" in str(together.json())


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({**PENALTY, "all_pass": "mie_en"}, "all_pass"),
        ({**PENALTY, "partner_pays": "never"}, "partner_pays"),
        ({**PENALTY, "all_tricks_bonus": 3}, "all_tricks_bonus"),
        ({**PENALTY, "contracts": [{"slug": "rik", "penalty": {"made": 2000}}]}, "contracts"),
    ],
)
def test_refused_rules_are_400_at_their_field(api_client, rules, field):
    response = api_client.post(
        "/api/v1/matches/", {"game": "rikken", "players": FOUR, "rules": rules}, format="json"
    )

    assert response.status_code == 400
    assert field in response.json()["rules"]


def test_the_schema_documents_the_penalty_fields(api_client):
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    deal = schemas["Deal"]["properties"]
    state = deal["state"]["properties"]
    assert {"doubled", "doubled_by"} <= set(deal["input"]["properties"])
    assert {"points", "doubled", "doubled_by"} <= set(deal["outcome"]["properties"])
    assert {"points", "leaders", "balances"} <= set(state)
    assert "lowest" in state["leaders"]["description"]
    assert "points" in schemas["Match"]["properties"]["state"]["properties"]
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    body = paths["/api/v1/matches/{public_id}/deals/"]["post"]["requestBody"]["content"]
    assert "doubled" in body["application/json"]["schema"]["properties"]


DRIVE = {
    "club": "de-zwaan",
    "name": "Penalty drive",
    "game": "rikken",
    "format": "individual",
    "rounds": 2,
    "round_kind": "deals",
    "deals_per_round": 3,
    "rules": {"scoring": "penalty_points"},
}


def test_a_tournament_in_penalty_points_ranks_the_lowest_total_first(
    director, django_capture_on_commit_callbacks
):
    tournament = director.post("/api/v1/tournaments/", DRIVE, format="json").json()
    base = f"/api/v1/tournaments/{tournament['id']}/"
    for name in [f"P{n}" for n in range(4)]:
        director.post(f"{base}entrants/", {"name": name}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    table = director.get(f"{base}rounds/").json()[0]["tables"][0]
    key = table["link"].rstrip("/").rsplit("/", 1)[1]
    confirmation_key = table["confirm_link"].rstrip("/").rsplit("/", 1)[1]
    phone = APIClient()
    deals = [
        # seat 1 fails 9 alleen (36); seats 0 and 2 make a rik (1 and 3 get 5 each); seat 3
        # makes a misère (0, 1 and 2 get 5 each): totals [5, 46, 5, 5]
        {
            "dealer": 0,
            "contracts": [{"contract": "solo_9", "declarer": 1, "trump": "clubs", "tricks": 7}],
        },
        {"contracts": [{**RIK, "tricks": 8}]},
        {"contracts": [{"contract": "misere", "declarer": 3, "tricks": 0}]},
    ]
    for body in deals:
        answer = phone.post(
            f"/api/v1/matches/{table['match']}/deals/", body, format="json", HTTP_X_EDIT_KEY=key
        )
        assert answer.status_code == 201, answer.json()
    seated = [e["name"] for e in table["entrants"]]
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = APIClient().post(
            f"{base}rounds/1/tables/{table['number']}/confirm/",
            {"by": seated[1]},
            format="json",
            HTTP_X_TABLE_KEY=confirmation_key,
        )
    standings = APIClient().get(f"{base}standings/").json()["standings"]

    assert confirmed.status_code == 200
    # points: seat 0: 5 (misère), seat 1: 36 + 5 + 5 = 46, seat 2: 5, seat 3: 5
    assert [s["points"] for s in standings] == [5, 5, 5, 46]
    assert [s["rank"] for s in standings] == [1, 1, 1, 4]
    assert all(s["shared"] for s in standings[:3])
    assert standings[3]["name"] == seated[1]
