import pytest
from rest_framework.test import APIClient

from games.models import Club, Player, Seat
from games.services import match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(django_user_model):
    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("dir", password="pw-x-1234"))
    return client


@pytest.fixture
def club(director):
    response = director.post("/api/v1/clubs/", {"name": "Café De Zwaan"}, format="json")
    assert response.status_code == 201
    return response.json()


def test_a_signed_in_player_founds_a_club_and_directs_it(club):
    assert club["slug"] == "cafe-de-zwaan"
    assert club["directors"] == ["dir"]


def test_a_club_name_is_unique(director, club):
    response = director.post("/api/v1/clubs/", {"name": "Café de Zwaan"}, format="json")

    assert response.status_code == 400
    assert "slug" in response.json()
    assert Club.objects.count() == 1


def test_directors_add_members_who_become_known_players(director, club):
    added = director.post(f"/api/v1/clubs/{club['slug']}/members/", {"name": "Anna"}, format="json")

    assert added.status_code == 201
    assert Player.objects.get(pk=added.json()["id"]).known is True
    assert director.get(f"/api/v1/clubs/{club['slug']}/").json()["members"] == [
        {"id": added.json()["id"], "name": "Anna"}
    ]


def test_only_directors_change_a_club(club, django_user_model):
    other = APIClient()
    other.force_authenticate(django_user_model.objects.create_user("x", password="pw-x-1234"))

    response = other.post(f"/api/v1/clubs/{club['slug']}/members/", {"name": "Anna"}, format="json")

    assert response.status_code == 403
    assert Player.objects.count() == 0


def add_member(director, club, name: str) -> dict:
    reply = director.post(f"/api/v1/clubs/{club['slug']}/members/", {"name": name}, format="json")
    assert reply.status_code == 201
    return reply.json()


def test_merging_two_records_of_one_person_moves_their_matches(director, club, django_user_model):
    anna = add_member(director, club, "Anna")
    anna_again = add_member(director, club, "Anna B.")
    played = match_create(
        game="marafon",
        players=[anna_again["id"], "B", "C", "D"],
        owner=django_user_model.objects.get(username="dir"),
    ).match

    response = director.post(
        f"/api/v1/clubs/{club['slug']}/members/merge/",
        {"keep": anna["id"], "duplicate": anna_again["id"]},
        format="json",
    )

    assert response.status_code == 200
    assert Seat.objects.get(match=played, number=0).player_id == anna["id"]
    assert not Player.objects.filter(pk=anna_again["id"]).exists()


def test_a_club_cannot_take_over_a_strangers_guest(director, club):
    anna = add_member(director, club, "Anna")
    strangers = match_create(game="marafon", players=["Anna B.", "B", "C", "D"]).match
    guest = strangers.seats.get(number=0).player

    merged = director.post(
        f"/api/v1/clubs/{club['slug']}/members/merge/",
        {"keep": anna["id"], "duplicate": guest.pk},
        format="json",
    )
    taken = director.post(f"/api/v1/clubs/{club['slug']}/members/", {"id": guest.pk}, format="json")

    assert merged.status_code == 400 and "duplicate" in merged.json()
    assert taken.status_code == 400 and "id" in taken.json()
    assert Seat.objects.get(match=strangers, number=0).player_id == guest.pk
    guest.refresh_from_db()
    assert guest.name == "Anna B." and guest.known is False


def test_two_people_of_one_match_cannot_be_merged(director, club, django_user_model):
    first, second = add_member(director, club, "A"), add_member(director, club, "B")
    match_create(
        game="marafon",
        players=[first["id"], second["id"], "C", "D"],
        owner=django_user_model.objects.get(username="dir"),
    )

    response = director.post(
        f"/api/v1/clubs/{club['slug']}/members/merge/",
        {"keep": first["id"], "duplicate": second["id"]},
        format="json",
    )

    assert response.status_code == 409
    assert Player.objects.filter(pk=second["id"]).exists()


def test_club_house_rules_are_kept_by_its_directors(director, club, django_user_model):
    saved = director.post(
        "/api/v1/presets/",
        {
            "game": "rikken",
            "name": "Zwaan",
            "rules": {"partner_pays": "never"},
            "club": club["slug"],
        },
        format="json",
    )
    outsider = APIClient()
    outsider.force_authenticate(django_user_model.objects.create_user("o", password="pw-x-1234"))
    refused = outsider.post(
        "/api/v1/presets/", {"game": "rikken", "name": "Zwaan", "club": club["slug"]}, format="json"
    )

    assert saved.status_code == 201
    assert saved.json()["club"] == club["slug"]
    assert refused.status_code == 400
    assert "club" in refused.json()
    listed = director.get(f"/api/v1/presets/?club={club['slug']}").json()
    assert [p["name"] for p in listed if not p["builtin"]] == ["Zwaan"]


def _drive(director, club):
    created = director.post(
        "/api/v1/tournaments/",
        {
            "club": club["slug"],
            "name": "Drive",
            "game": "rikken",
            "format": "individual",
            "rounds": 2,
            "round_kind": "deals",
            "deals_per_round": 4,
        },
        format="json",
    )
    assert created.status_code == 201
    return f"/api/v1/tournaments/{created.json()['id']}/entrants/"


def test_merging_moves_a_tournament_registration_and_refuses_two_entrants(director, club):
    from games.models import Entrant

    members = f"/api/v1/clubs/{club['slug']}/members/"
    anna = director.post(members, {"name": "Anna"}, format="json").json()
    entrants = _drive(director, club)
    registered = director.post(entrants, {"name": "Anna B."}, format="json").json()
    merge = f"{members}merge/"

    merged = director.post(
        merge, {"keep": anna["id"], "duplicate": registered["player"]}, format="json"
    )
    bram = director.post(entrants, {"name": "Bram"}, format="json").json()
    refused = director.post(merge, {"keep": anna["id"], "duplicate": bram["player"]}, format="json")

    assert merged.status_code == 200
    assert Entrant.objects.get(pk=registered["id"]).player_id == anna["id"]
    assert refused.status_code == 409
    assert "registered in Drive" in str(refused.json())
    assert Player.objects.filter(pk=bram["player"]).exists()


def test_an_event_registers_only_its_own_clubs_members_or_new_names(director, club):
    other_director = APIClient()
    from django.contrib.auth import get_user_model

    other_director.force_authenticate(
        get_user_model().objects.create_user("anker", password="pw-x-1234")
    )
    other_director.post("/api/v1/clubs/", {"name": "Het Anker"}, format="json")
    theirs = other_director.post(
        "/api/v1/clubs/het-anker/members/", {"name": "Eva"}, format="json"
    ).json()
    ours = add_member(director, club, "Anna")
    event = director.post(
        "/api/v1/tournaments/",
        {
            "club": club["slug"],
            "name": "Drive",
            "game": "rikken",
            "format": "individual",
            "rounds": 1,
            "round_kind": "deals",
            "deals_per_round": 4,
        },
        format="json",
    ).json()
    entrants = f"/api/v1/tournaments/{event['id']}/entrants/"

    stolen = director.post(entrants, {"player": theirs["id"]}, format="json")
    own = director.post(entrants, {"player": ours["id"]}, format="json")

    assert stolen.status_code == 400 and "player" in stolen.json()
    assert own.status_code == 201
    assert [e["player"] for e in director.get(entrants).json()] == [ours["id"]]
    assert not Player.objects.get(pk=theirs["id"]).clubs.filter(slug=club["slug"]).exists()
