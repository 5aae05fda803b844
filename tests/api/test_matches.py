import pytest

from games.models import Match, Player
from games.services import club_create, club_member_add
from tests.api.conftest import MARAFON_PLAYERS, TRIONFO_PLAYERS
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def create(client, body):
    return client.post("/api/v1/matches/", body, format="json")


def test_create_marafon_answers_201_with_resolved_rules_and_an_edit_key(api_client):
    response = create(
        api_client, {"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"target": 31}}
    )

    assert response.status_code == 201
    body = response.json()
    assert body["game"] == "marafon"
    assert body["version"] == 0
    assert response["ETag"] == '"0"'
    assert response["Location"] == f"/api/v1/matches/{body['id']}/"
    assert body["rules"]["target"] == 31
    assert body["rules"]["bella_target"] == 31
    assert body["rules"]["match_format"] == "best_of_three"
    assert [p["name"] for p in body["players"]] == MARAFON_PLAYERS
    assert [p["seat"] for p in body["players"]] == [0, 1, 2, 3]
    assert body["teams"] == [[0, 2], [1, 3]]
    assert body["stake"] is None
    assert body["deals"] == []
    assert body["state"]["next"] == {"dealer": None, "battezzante": None, "must_not_look": None}
    assert body["state"]["scores"] == [0, 0]
    assert len(body["edit_key"]) >= 32
    assert len(body["id"]) >= 16


def test_the_edit_key_is_shown_once_and_stored_hashed(api_client):
    body = create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS}).json()

    again = api_client.get(f"/api/v1/matches/{body['id']}/").json()

    assert "edit_key" not in again
    assert body["edit_key"] not in Match.objects.get(public_id=body["id"]).edit_key_hash


def test_create_trionfo_with_a_stake_answers_money_as_a_decimal_string(api_client):
    response = create(api_client, {"game": "trionfo", "players": TRIONFO_PLAYERS, "stake": "0.1"})

    assert response.status_code == 201
    body = response.json()
    assert body["stake"] == "0.10"
    assert body["state"]["balances"] == [0, 0, 0, 0, 0]
    assert body["state"]["next"] == {"dealer": None, "first_speaker": None}
    assert body["state"]["finished"] is False


def test_known_players_are_picked_by_id(api_client, django_user_model):
    director = django_user_model.objects.create_user("dir")
    known = club_member_add(club=club_create(name="De Zwaan", director=director), name="Zeno")
    api_client.force_authenticate(director)

    response = create(
        api_client, {"game": "marafon", "players": [{"id": known.id}, "Bruno", "Carla", "Dario"]}
    )

    assert response.status_code == 201
    assert response.json()["players"][0] == {"seat": 0, "name": "Zeno", "id": known.id}


def test_a_player_with_an_account_seats_themselves_by_id(api_client, django_user_model):
    me = PlayerFactory(name="Zeno", user=django_user_model.objects.create_user("zeno"))
    api_client.force_authenticate(me.user)

    response = create(api_client, {"game": "marafon", "players": [{"id": me.id}, "B", "C", "D"]})

    assert response.json()["players"][0] == {"seat": 0, "name": "Zeno", "id": me.id}


@pytest.mark.parametrize("signed_in", ["nobody", "a director of another club"])
def test_a_strangers_known_player_sits_as_a_guest_of_that_name(
    api_client, django_user_model, signed_in
):
    """Issue 26: member ids are public; a stranger who names one seats a guest, as if typed,
    so nothing of their table reaches the member's history or the club's ratings."""
    director = django_user_model.objects.create_user("dir")
    known = club_member_add(club=club_create(name="De Zwaan", director=director), name="Zeno")
    if signed_in != "nobody":
        rival = django_user_model.objects.create_user("rival")
        club_create(name="Het Anker", director=rival)
        api_client.force_authenticate(rival)

    response = create(
        api_client, {"game": "marafon", "players": [{"id": known.id}, "Bruno", "Carla", "Dario"]}
    )

    assert response.status_code == 201
    seat = response.json()["players"][0]
    assert seat["name"] == "Zeno" and seat["id"] != known.id
    assert not Player.objects.get(pk=seat["id"]).known
    assert not known.seats.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "scopa", "players": MARAFON_PLAYERS}, "game"),
        ({"game": "marafon", "players": MARAFON_PLAYERS[:3]}, "players"),
        ({"game": "trionfo", "players": MARAFON_PLAYERS}, "players"),
        ({"game": "marafon", "players": ["Anna", "Anna", "Carla", "Dario"]}, "players"),
        ({"game": "marafon", "players": ["Anna", "", "Carla", "Dario"]}, "players"),
        ({"game": "marafon", "players": [{"id": 999}, "B", "C", "D"]}, "players"),
        ({"game": "marafon", "players": [{"name": "x"}, "B", "C", "D"]}, "players"),
        ({"game": "marafon", "players": [{"id": 10**20}, "B", "C", "D"]}, "players"),
        ({"game": "marafon", "players": ["A\u0000", "B", "C", "D"]}, "players"),
        ({"game": "marafon", "players": ["A" * 61, "B", "C", "D"]}, "players"),
        ({"game": "marafon", "players": "ABCD"}, "players"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "rules": [1]}, "rules"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"target": 0}}, "rules"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"target": "41"}}, "rules"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"speed": 3}}, "rules"),
        (
            {
                "game": "marafon",
                "players": MARAFON_PLAYERS,
                "rules": {"match_format": "best_of_five"},
            },
            "rules",
        ),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"players": 5}}, "rules"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "stake": "0.10"}, "stake"),
        ({"game": "trionfo", "players": TRIONFO_PLAYERS, "stake": "-1"}, "stake"),
        ({"game": "marafon", "players": MARAFON_PLAYERS, "colour": "red"}, "colour"),
        ({"players": MARAFON_PLAYERS}, "game"),
    ],
)
def test_bad_match_input_is_a_400_on_the_field_and_stores_nothing(api_client, body, field):
    players_before = Player.objects.count()

    response = create(api_client, body)

    assert response.status_code == 400
    assert field in response.json()
    assert Match.objects.count() == 0
    assert Player.objects.count() == players_before


def test_rule_errors_are_nested_under_rules_with_the_option_named(api_client):
    response = create(
        api_client,
        {"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"speed": 3, "target": -1}},
    )

    assert response.status_code == 400
    assert set(response.json()["rules"]) == {"speed", "target"}


def test_a_players_option_that_agrees_with_the_players_is_accepted(api_client):
    response = create(
        api_client, {"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"players": 4}}
    )

    assert response.status_code == 201
    assert response.json()["rules"]["players"] == 4


def test_get_an_unknown_match_is_404(api_client):
    assert api_client.get("/api/v1/matches/nope/").status_code == 404


def test_get_a_match_carries_version_and_etag(marafon):
    response = marafon.client.get(marafon.url)

    assert response.status_code == 200
    assert response["ETag"] == '"0"'
    assert response.json()["version"] == 0


def test_list_shows_a_signed_in_users_own_matches(api_client, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-at-the-table")
    api_client.force_authenticate(user)
    mine = create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS}).json()
    api_client.force_authenticate(None)
    create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS})
    api_client.force_authenticate(user)

    response = api_client.get("/api/v1/matches/")

    assert response.status_code == 200
    assert [m["id"] for m in response.json()["results"]] == [mine["id"]]


def test_list_shows_matches_whose_ids_the_client_holds(api_client):
    first = create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS}).json()
    create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS})

    anonymous = api_client.get("/api/v1/matches/").json()
    held = api_client.get(f"/api/v1/matches/?ids={first['id']}").json()

    assert anonymous["results"] == []
    assert [m["id"] for m in held["results"]] == [first["id"]]


def test_schema_and_docs_are_served_without_a_cdn(api_client):
    schema = api_client.get("/api/v1/schema/")
    docs = api_client.get("/api/v1/docs/")

    assert schema.status_code == 200
    assert b"/api/v1/matches/" in schema.content
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "cdn" not in html.lower()
    assert "swagger-ui" in html


def test_the_creation_answer_links_the_pages(api_client):
    body = create(api_client, {"game": "trionfo", "players": TRIONFO_PLAYERS}).json()

    links = body["links"]
    assert links["page"] == f"http://testserver/m/{body['id']}/"
    assert links["edit_page"] == f"http://testserver/m/{body['id']}/edit/{body['edit_key']}/"
    assert links["settlement"].endswith(f"/api/v1/matches/{body['id']}/settlement/")
    assert "edit_page" not in api_client.get(f"/api/v1/matches/{body['id']}/").json()["links"]


def test_the_edit_page_link_lets_a_browser_score(api_client, client):
    body = create(api_client, {"game": "marafon", "players": MARAFON_PLAYERS}).json()

    client.get(body["links"]["edit_page"].replace("http://testserver", ""))
    response = client.post(
        f"/m/{body['id']}/deals/", {"battezzante": "0", "trump": "cups", "points": "6"}
    )

    assert response.status_code == 302


def test_the_schema_generates_without_warnings_or_errors():
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)

    assert "/api/v1/tournaments/{public_id}/standings/" in schema["paths"]
    assert not GENERATOR_STATS._warn_cache and not GENERATOR_STATS._error_cache
