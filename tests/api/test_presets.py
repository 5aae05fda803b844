import pytest

from games.models import Match, RulePreset
from tests.api.conftest import MARAFON_PLAYERS

pytestmark = pytest.mark.django_db

RIKKEN_PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]


@pytest.fixture
def signed_in(api_client, django_user_model):
    user = django_user_model.objects.create_user("director", password="pw-at-the-table")
    api_client.force_authenticate(user)
    return api_client


def test_builtin_presets_are_listed_per_game(api_client):
    response = api_client.get("/api/v1/presets/?game=marafon")

    assert response.status_code == 200
    keys = {p["key"] for p in response.json()}
    assert "marafon-31-31-41" in keys
    assert all(p["game"] == "marafon" and p["builtin"] for p in response.json())


@pytest.mark.parametrize(
    ("preset", "game", "players", "expected"),
    [
        ("marafon-31-31-41", "marafon", MARAFON_PLAYERS, {"target": 31, "bella_target": 41}),
        (
            "spanish-manilla",
            "malilla",
            MARAFON_PLAYERS,
            {"variant": "spanish", "turn_up_bonus": False, "seven_discard_rule": False},
        ),
        ("macau-manilla", "malilla", MARAFON_PLAYERS, {"variant": "macau"}),
        ("rikken-mie-en", "rikken", RIKKEN_PLAYERS, {"all_pass": "mie_en"}),
        (
            "rikken-penalty-points",
            "rikken",
            RIKKEN_PLAYERS,
            {
                "scoring": "penalty_points",
                "special_penalties": [{"slug": "schuppen_mie", "penalty": {"made": 5}}],
            },
        ),
    ],
)
def test_a_match_starts_from_a_builtin_preset(api_client, preset, game, players, expected):
    response = api_client.post(
        "/api/v1/matches/", {"game": game, "players": players, "preset": preset}, format="json"
    )

    assert response.status_code == 201, response.json()
    rules = response.json()["rules"]
    assert {k: rules[k] for k in expected} == expected
    assert response.json()["preset"]


def test_explicit_rules_override_the_preset(api_client):
    response = api_client.post(
        "/api/v1/matches/",
        {
            "game": "marafon",
            "players": MARAFON_PLAYERS,
            "preset": "marafon-31-31-41",
            "rules": {"bella_target": 51},
        },
        format="json",
    )

    assert response.json()["rules"]["target"] == 31
    assert response.json()["rules"]["bella_target"] == 51


@pytest.mark.parametrize("preset", ["no-such-rules", "spanish-manilla", "99999"])
def test_an_unknown_or_foreign_preset_is_400(api_client, preset):
    response = api_client.post(
        "/api/v1/matches/",
        {"game": "marafon", "players": MARAFON_PLAYERS, "preset": preset},
        format="json",
    )

    assert response.status_code == 400
    assert "preset" in response.json()
    assert Match.objects.count() == 0


def test_a_signed_in_player_saves_house_rules_and_starts_from_them(signed_in):
    saved = signed_in.post(
        "/api/v1/presets/",
        {
            "game": "rikken",
            "name": "Café De Zwaan",
            "description": "Our Thursday rules",
            "rules": {
                "partner_pays": "never",
                "all_tricks_bonus": 2,
                "contracts": ["rik", "solo_7", "solo_8", "misere", "piek", "troela"],
            },
        },
        format="json",
    )
    assert saved.status_code == 201, saved.json()
    key = saved.json()["key"]

    match = signed_in.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": RIKKEN_PLAYERS, "preset": key},
        format="json",
    )

    assert match.status_code == 201
    rules = match.json()["rules"]
    assert rules["partner_pays"] == "never"
    assert rules["all_tricks_bonus"] == 2
    assert [c["slug"] for c in rules["contracts"]] == [
        "rik",
        "solo_7",
        "solo_8",
        "misere",
        "piek",
        "troela",
    ]
    assert match.json()["preset"] == "Café De Zwaan"
    mine = signed_in.get("/api/v1/presets/?mine=true").json()
    assert [p["name"] for p in mine] == ["Café De Zwaan"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "rikken", "name": "X", "rules": {"partner_pays": "sometimes"}}, "rules"),
        ({"game": "rikken", "name": "X", "rules": {"colour": 1}}, "rules"),
        ({"game": "chess", "name": "X", "rules": {}}, "game"),
        ({"game": "rikken", "name": "  ", "rules": {}}, "name"),
        ({"game": "rikken", "name": "X", "rules": {}, "extra": 1}, "extra"),
    ],
)
def test_bad_house_rules_are_400_and_nothing_is_saved(signed_in, body, field):
    response = signed_in.post("/api/v1/presets/", body, format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert RulePreset.objects.count() == 0


def test_a_second_preset_of_the_same_name_is_400(signed_in):
    body = {"game": "marafon", "name": "Home", "rules": {"target": 31}}
    signed_in.post("/api/v1/presets/", body, format="json")

    response = signed_in.post("/api/v1/presets/", body, format="json")

    assert response.status_code == 400
    assert "name" in response.json()
    assert RulePreset.objects.count() == 1


def test_saving_house_rules_needs_an_account(api_client):
    response = api_client.post(
        "/api/v1/presets/", {"game": "marafon", "name": "Home"}, format="json"
    )

    assert response.status_code in (401, 403)
    assert RulePreset.objects.count() == 0


def test_only_the_owner_deletes_a_preset(signed_in, django_user_model, api_client):
    key = signed_in.post(
        "/api/v1/presets/", {"game": "marafon", "name": "Home"}, format="json"
    ).json()["key"]
    other = django_user_model.objects.create_user("other", password="pw-at-the-table")
    from rest_framework.test import APIClient

    intruder = APIClient()
    intruder.force_authenticate(other)

    assert intruder.delete(f"/api/v1/presets/{key}/").status_code == 403
    assert signed_in.get(f"/api/v1/presets/{key}/").status_code == 200
    assert signed_in.delete(f"/api/v1/presets/{key}/").status_code == 204
    assert signed_in.get(f"/api/v1/presets/{key}/").status_code == 404
    assert signed_in.get("/api/v1/presets/spanish-manilla/").json()["builtin"] is True
