"""The API takes JSON and answers JSON, and its schema says so (issue 26, section 5): a form is a
415, a path of the wrong shape a JSON 404, a query parameter of the wrong type a 400 naming it,
and the schema states the types and rules a client needs (Idempotency-Key, If-Match, the sign-in
answer, the links)."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from games.models import Deal, Match

pytestmark = pytest.mark.django_db

MATCH = {"game": "marafon", "players": ["Anna", "Bruno", "Carla", "Dario"]}
FIRST_DEAL = {"battezzante": 0, "trump": "cups", "points": [7, 4]}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return Client().get("/api/v1/schema/?format=json").json()


def operations(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


# --- JSON in -------------------------------------------------------------------------------


def test_the_schema_offers_json_bodies_only(schema):
    media = {
        (path, method): sorted(op["requestBody"]["content"])
        for path, method, op in operations(schema)
        if "requestBody" in op
    }

    assert media and set(map(tuple, media.values())) == {("application/json",)}


@pytest.mark.parametrize("encoding", ["form", "multipart"])
def test_a_form_is_refused_with_a_clear_415_and_creates_nothing(encoding):
    client = Client()
    if encoding == "form":
        response = client.post(
            "/api/v1/matches/",
            "game=marafon&players=Anna",
            content_type="application/x-www-form-urlencoded",
        )
    else:
        response = client.post("/api/v1/matches/", {"game": "marafon", "players": "Anna"})

    assert response.status_code == 415
    assert "application/json" in response.json()["detail"]
    assert Match.objects.count() == 0


def test_a_write_that_never_reads_its_body_refuses_a_form_too(api_client):
    created = api_client.post("/api/v1/matches/", MATCH, format="json").json()
    url = f"/api/v1/matches/{created['id']}/deals/"
    api_client.post(url, FIRST_DEAL, format="json", HTTP_X_EDIT_KEY=created["edit_key"])

    undo = Client().delete(
        f"{url}1/",
        "number=1",
        content_type="application/x-www-form-urlencoded",
        HTTP_X_EDIT_KEY=created["edit_key"],
    )

    assert undo.status_code == 415
    assert Deal.objects.count() == 1


def test_the_pages_keep_their_forms():
    response = Client().post("/new/marafon/", {"player_0": "Anna"})

    assert response.status_code == 400  # the form again, saying what is missing
    assert Match.objects.count() == 0


# --- JSON out ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/matches/0/deals/null%2Cnull/",
        "/api/v1/tournaments/0/rounds/null/",
        "/api/v1/players/null%2Cnull/",
        "/api/v1/clubs/%03/options/",
        "/api/v1/no-such-thing/",
    ],
)
@pytest.mark.parametrize("debug", [False, True])
def test_a_path_of_the_wrong_shape_is_a_json_404(path, debug):
    with override_settings(DEBUG=debug):
        response = Client().get(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


def test_a_request_django_refuses_itself_is_answered_in_json():
    response = Client(HTTP_HOST="elsewhere.example").get("/api/v1/matches/")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


def test_the_pages_keep_their_html_404():
    response = Client().get("/no/such/page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


# --- query parameters ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("/api/v1/matches/?offset=null", "offset"),
        ("/api/v1/matches/?limit=0", "limit"),
        ("/api/v1/matches/?offset=-1", "offset"),
        ("/api/v1/sessions/?offset=null", "offset"),
        ("/api/v1/tournaments/?offset=null", "offset"),
        ("/api/v1/tournaments/?club=no%20slug", "club"),
        ("/api/v1/presets/?mine=null", "mine"),
        ("/api/v1/presets/?game=chess", "game"),
        ("/api/v1/matches/?ids=a%3Bb", "ids"),
    ],
)
def test_a_query_parameter_of_the_wrong_type_is_a_400_naming_it(query, name):
    response = Client().get(query)

    assert response.status_code == 400
    assert list(response.json()) == [name]


def test_the_list_parameters_still_read_as_before(api_client):
    mine = [api_client.post("/api/v1/matches/", MATCH, format="json").json()["id"]]

    listed = api_client.get(f"/api/v1/matches/?ids={mine[0]}&limit=500&offset=0").json()
    presets = api_client.get("/api/v1/presets/?mine=false&game=marafon").json()

    assert [m["id"] for m in listed["results"]] == mine
    assert presets and {p["game"] for p in presets} == {"marafon"}


def test_a_tournament_download_of_another_kind_is_refused(director):
    created = director.post(
        "/api/v1/tournaments/",
        {
            "club": "de-zwaan",
            "name": "Cup",
            "game": "rikken",
            "format": "individual",
            "rounds": 3,
            "round_kind": "deals",
            "deals_per_round": 4,
        },
        format="json",
    ).json()

    response = director.get(f"/api/v1/tournaments/{created['id']}/standings/?download=xls")

    assert response.status_code == 400
    assert list(response.json()) == ["download"]


def test_the_schema_declares_the_query_parameters_types(schema):
    declared = {
        (path, p["name"]): p["schema"]
        for path, _, op in operations(schema)
        for p in op.get("parameters", [])
        if p["in"] == "query"
    }

    assert declared[("/api/v1/matches/", "offset")] == {"type": "integer", "minimum": 0}
    assert declared[("/api/v1/matches/", "limit")] == {"type": "integer", "minimum": 1}
    assert declared[("/api/v1/presets/", "mine")]["type"] == "boolean"
    assert declared[("/api/v1/matches/", "ids")]["pattern"] == "^[A-Za-z0-9_,-]*$"
    assert declared[("/api/v1/tournaments/", "club")]["pattern"] == "^[-a-zA-Z0-9_]+$"


def test_the_schema_gives_the_path_ids_their_form(schema):
    parameters = schema["paths"]["/api/v1/matches/{public_id}/"]["get"]["parameters"]
    (match,) = (p for p in parameters if p["name"] == "public_id")

    assert match["schema"]["pattern"] == "^[A-Za-z0-9_-]{1,32}$"


# --- headers -------------------------------------------------------------------------------


def idempotency_key(schema) -> dict:
    (parameter,) = (
        p
        for p in schema["paths"]["/api/v1/matches/"]["post"]["parameters"]
        if p["name"] == "Idempotency-Key"
    )
    return parameter


def test_the_schema_states_the_idempotency_key_rules(schema):
    parameter = idempotency_key(schema)

    assert parameter["schema"]["minLength"] == 1
    assert parameter["schema"]["maxLength"] == 255
    assert "22 characters" in parameter["description"]
    assert "403" in parameter["description"]


@pytest.mark.parametrize("key", ["", " ", "with a space at the end ", "clé-accentuée"])
def test_a_key_not_of_the_schema_form_is_a_400(marafon, key):
    response = marafon.post_deal(FIRST_DEAL, HTTP_IDEMPOTENCY_KEY=key)

    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()
    assert Deal.objects.count() == 0


def test_an_empty_if_match_is_as_absent_and_a_malformed_one_a_400(marafon):
    malformed = marafon.post_deal(FIRST_DEAL, HTTP_IF_MATCH="yesterday")
    empty = marafon.post_deal(FIRST_DEAL, HTTP_IF_MATCH="")

    assert malformed.status_code == 400 and "If-Match" in malformed.json()
    assert empty.status_code == 201


def test_wrong_credentials_at_sign_in_are_a_401_the_schema_lists(schema, django_user_model):
    django_user_model.objects.create_user("anna", password="pw-at-the-table")

    wrong = APIClient().post(
        "/api/v1/auth/token/", {"username": "anna", "password": "nope"}, format="json"
    )
    answers = schema["paths"]["/api/v1/auth/token/"]["post"]["responses"]

    assert wrong.status_code == 401
    assert "do not match" in answers["401"]["description"]


# --- links ---------------------------------------------------------------------------------


def test_every_link_leads_to_an_operation_and_its_parameters(schema):
    by_id = {op["operationId"]: op for _, _, op in operations(schema)}
    links = [
        link
        for _, _, op in operations(schema)
        for answer in op["responses"].values()
        for link in answer.get("links", {}).values()
    ]

    assert len(links) >= 20
    for link in links:
        target = by_id[link["operationId"]]
        names = {p["name"] for p in target.get("parameters", [])}
        assert {name.split(".")[-1] for name in link["parameters"]} <= names, link


def test_a_new_match_links_to_its_deals_with_its_edit_key(schema):
    created = schema["paths"]["/api/v1/matches/"]["post"]["responses"]["201"]["links"]

    assert created["PostDeal"] == {
        "operationId": "matches_deals_create",
        "parameters": {
            "public_id": "$response.body#/id",
            "header.X-Edit-Key": "$response.body#/edit_key",
        },
    }


# --- JSON bodies of the schema's types -----------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"), [({"rate_friendly_matches": 0}, "rate_friendly_matches"),
                        ({"public_histories": "yes"}, "public_histories")],
)  # fmt: skip
def test_a_boolean_is_json_true_or_false(director, body, field):
    response = director.patch("/api/v1/clubs/de-zwaan/options/", body, format="json")

    assert response.status_code == 400
    assert list(response.json()) == [field]


def test_a_name_is_a_string_not_a_number(director):
    created = director.post(
        "/api/v1/tournaments/",
        {"club": "de-zwaan", "name": "Cup", "game": "rikken", "format": "individual",
         "rounds": 3, "round_kind": "deals", "deals_per_round": 4},
        format="json",
    ).json()  # fmt: skip

    response = director.patch(f"/api/v1/tournaments/{created['id']}/", {"name": 0}, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["name"]


def test_a_strict_body_is_closed_in_the_schema(schema):
    components = schema["components"]["schemas"]

    assert components["TransferPaidRequest"]["additionalProperties"] is False
    assert "additionalProperties" not in components["MatchCreateRequest"]  # set-up fields


def test_a_malformed_if_match_gets_no_replay_of_an_answer(marafon):
    first = marafon.post_deal(FIRST_DEAL, HTTP_IDEMPOTENCY_KEY="deal-1")
    malformed = marafon.post_deal(FIRST_DEAL, HTTP_IDEMPOTENCY_KEY="deal-1", HTTP_IF_MATCH="x")

    assert first.status_code == 201
    assert malformed.status_code == 400 and "If-Match" in malformed.json()
