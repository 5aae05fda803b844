import pytest
from django.core import signals
from django.db import close_old_connections

MARAFON_PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
TRIONFO_PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


class Table:
    """A match created through the API, with its edit key, as a phone at the table holds it."""

    def __init__(self, client, body):
        self.client = client
        response = client.post("/api/v1/matches/", body, format="json")
        assert response.status_code == 201, response.json()
        self.created = response.json()
        self.id = self.created["id"]
        self.edit_key = self.created["edit_key"]
        self.url = f"/api/v1/matches/{self.id}/"
        self.deals_url = f"{self.url}deals/"

    def post_deal(self, body, **headers):
        headers.setdefault("HTTP_X_EDIT_KEY", self.edit_key)
        return self.client.post(self.deals_url, body, format="json", **headers)

    def put_deal(self, number, body, **headers):
        headers.setdefault("HTTP_X_EDIT_KEY", self.edit_key)
        return self.client.put(f"{self.deals_url}{number}/", body, format="json", **headers)

    def delete_deal(self, number, **headers):
        headers.setdefault("HTTP_X_EDIT_KEY", self.edit_key)
        return self.client.delete(f"{self.deals_url}{number}/", **headers)

    def get(self):
        response = self.client.get(self.url)
        assert response.status_code == 200
        return response.json()


@pytest.fixture
def marafon(api_client, db):
    return Table(api_client, {"game": "marafon", "players": MARAFON_PLAYERS})


@pytest.fixture
def trionfo(api_client, db):
    return Table(api_client, {"game": "trionfo", "players": TRIONFO_PLAYERS, "stake": "0.10"})


@pytest.fixture
def director(django_user_model):
    """An API client signed in as "dir", the director of the club De Zwaan (``de-zwaan``)."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("dir", password="pw-x-1234"))
    client.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json")
    return client


@pytest.fixture
def keep_connection():
    """The WSGI app closes the database connection after each request, as a server should;
    inside a test's transaction it must stay open (Django's test client does the same). For the
    tests that call ``scorekeeper.wsgi.application`` themselves (schemathesis, a generated
    client)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
