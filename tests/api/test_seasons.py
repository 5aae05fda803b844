"""Club seasons through the API: a director creates one and attaches events (Idempotency-Key,
ETag and If-Match, 400 at the field, 403 for others), anyone reads a public season's standing
as JSON or CSV, with its explanations on request; a club's own season is hidden from strangers."""

from __future__ import annotations

import pytest

from api.tokens import token_issue
from games.models import Season
from games.services import deal_record
from games.services.tables import Confirmer, table_confirm
from tests.factories import director_user, drawn_table

pytestmark = pytest.mark.django_db

NEW = {"name": "Spring", "starts_on": "2000-01-01", "ends_on": "2100-12-31"}
MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


@pytest.fixture
def event(django_capture_on_commit_callbacks):
    director = director_user()
    table = drawn_table(django_capture_on_commit_callbacks, director=director)
    tournament = table.round.tournament
    with django_capture_on_commit_callbacks(execute=True):
        deal_record(match=table.match, raw=MISERE)
        table_confirm(table=table, by="", confirmer=Confirmer(director=director))
    tournament.director = director
    tournament.winner = table.match.seats.get(number=1).player.name
    return tournament


def as_director(api_client, director):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=director)}")
    return api_client


def test_a_director_runs_a_season_through_the_api(
    api_client, event, django_capture_on_commit_callbacks
):
    client = as_director(api_client, event.director)
    body = {**NEW, "club": event.club.slug, "scheme": "field_size", "public": True}
    created = client.post("/api/v1/seasons/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert created.status_code == 201, created.json()
    again = client.post("/api/v1/seasons/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 201 and Season.objects.count() == 1
    season = created.json()
    assert created["ETag"] == '"0"' and season["scheme_options"] == {"per_place": 1, "base": 1}
    url = f"/api/v1/seasons/{season['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        attached = client.post(
            url + "events/", {"tournament": event.public_id}, format="json", HTTP_IF_MATCH='"0"'
        )
    assert attached.status_code == 201 and attached["ETag"] == '"1"'
    stale = client.patch(url, {"name": "Lente"}, format="json", HTTP_IF_MATCH='"0"')
    assert stale.status_code == 412
    assert Season.objects.get().name == "Spring"

    api_client.credentials()  # anyone reads a public season
    standing = api_client.get(url + "standing/").json()
    assert standing["standing"][0]["name"] == event.winner
    assert "explain" not in standing["standing"][0]
    explained = api_client.get(url + "standing/?explain=1").json()["standing"][0]["explain"]
    assert "Points in all: 4." in explained
    assert any("field" not in s and "Place 1" in s for s in explained)
    csv = api_client.get(url + "standing/?download=csv")
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode().splitlines()[1].startswith(f"1,{event.winner},4,1")


def test_bad_fields_are_refused_at_the_field_and_nothing_is_written(api_client, event):
    client = as_director(api_client, event.director)
    body = {
        **NEW,
        "club": event.club.slug,
        "ends_on": "1999-01-01",
        "scheme": "guesswork",
        "prizes": [3, 1],
    }
    refused = client.post("/api/v1/seasons/", body, format="json")
    assert refused.status_code == 400
    assert {"ends_on", "scheme", "prizes"} <= set(refused.json())
    assert not Season.objects.exists()
    assert client.get("/api/v1/seasons/x/standing/?explain=maybe").status_code in (400, 404)


def test_only_directors_write_and_a_private_season_is_hidden(api_client, event, django_user_model):
    client = as_director(api_client, event.director)
    body = {**NEW, "club": event.club.slug}
    season = client.post("/api/v1/seasons/", body, format="json").json()
    stranger = django_user_model.objects.create_user("stranger")
    as_director(api_client, stranger)
    assert api_client.get(f"/api/v1/seasons/{season['id']}/").status_code == 404
    assert api_client.post("/api/v1/seasons/", body, format="json").status_code == 400
    assert api_client.get("/api/v1/seasons/").json() == []
    Season.objects.update(public=True)
    refused = api_client.patch(f"/api/v1/seasons/{season['id']}/", {"name": "x"}, format="json")
    assert refused.status_code == 403
    assert Season.objects.get().name == "Spring"
