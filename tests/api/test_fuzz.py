"""Whatever a client sends, the answer is a clear status and never a 500; a refusal stores
nothing."""

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Deal, Match
from tests.api.conftest import MARAFON_PLAYERS, TRIONFO_PLAYERS

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

KEYS = st.sampled_from(
    [
        "battezzante",
        "trump",
        "points",
        "cards",
        "last_trick",
        "marafona",
        "claim",
        "annulled",
        "first_speaker",
        "bid",
        "declarer",
        "partner",
        "called_card",
        "made",
        "seat",
        "aces",
        "figures",
        "rank",
        "suit",
        "game",
        "players",
        "rules",
        "stake",
        "target",
        "x",
    ]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 45),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            "cups",
            "coins",
            "swords",
            "clubs",
            "hearts",
            "chiamo",
            "pass",
            "maso",
            "3",
            "A",
            "K",
            "",
            "\u0000",
        ]
    ),
    st.text(max_size=5),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=12,
)
BODIES = st.dictionaries(KEYS, JSON, max_size=6)

FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(body=BODIES)
def test_any_deal_body_gets_a_clear_answer(marafon, body):
    before = Deal.objects.count()

    response = marafon.post_deal(body)

    assert response.status_code in (201, 400, 409)
    if response.status_code != 201:
        assert Deal.objects.count() == before


@FUZZ
@given(body=BODIES)
def test_any_trionfo_deal_body_gets_a_clear_answer(trionfo, body):
    before = Deal.objects.count()

    response = trionfo.post_deal(body)

    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert Deal.objects.count() == before


@FUZZ
@given(
    body=st.fixed_dictionaries(
        {
            "game": st.sampled_from(["marafon", "trionfo", "x"]),
            "players": st.sampled_from([MARAFON_PLAYERS, TRIONFO_PLAYERS]) | JSON,
        },
        optional={"rules": BODIES | JSON, "stake": JSON},
    )
)
def test_any_match_body_gets_a_clear_answer(api_client, body):
    before = Match.objects.count()

    response = api_client.post("/api/v1/matches/", body, format="json")

    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert Match.objects.count() == before


TOURNAMENT_KEYS = st.sampled_from(
    [
        "club",
        "name",
        "game",
        "format",
        "rounds",
        "round_kind",
        "deals_per_round",
        "table_size",
        "tie_breaks",
        "preset",
        "rules",
        "player",
        "partner",
        "partner_name",
        "status",
        "by",
    ]
)
TOURNAMENT_SCALARS = st.one_of(
    SCALARS,
    st.sampled_from(
        [
            "de-zwaan",
            "rikken",
            "marafon",
            "individual",
            "swiss",
            "knockout",
            "round_robin",
            "deals",
            "game",
            "match",
            "buchholz",
            "head_to_head",
            "withdrawn",
            "checked_in",
        ]
    ),
)
TOURNAMENT_BODIES = st.dictionaries(
    TOURNAMENT_KEYS,
    st.recursive(TOURNAMENT_SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=6),
    max_size=8,
)


VALID_TOURNAMENT = {
    "club": "de-zwaan",
    "name": "Drive",
    "game": "rikken",
    "format": "individual",
    "rounds": 3,
    "round_kind": "deals",
    "deals_per_round": 8,
}


@FUZZ
@given(
    created_with=st.dictionaries(TOURNAMENT_KEYS, TOURNAMENT_SCALARS, max_size=2).map(
        lambda extra: {**VALID_TOURNAMENT, **extra}
    )
    | TOURNAMENT_BODIES,
    body=TOURNAMENT_BODIES,
)
def test_any_tournament_body_gets_a_clear_answer(director, created_with, body):
    from games.models import Entrant, Tournament

    before = (Tournament.objects.count(), Entrant.objects.count())

    created = director.post("/api/v1/tournaments/", created_with, format="json")
    event(f"tournament {created.status_code}")
    assert created.status_code in (201, 400)
    if created.status_code == 400:
        assert (Tournament.objects.count(), Entrant.objects.count()) == before
        return
    base = f"/api/v1/tournaments/{created.json()['id']}/"
    entrant = director.post(f"{base}entrants/", body, format="json")
    assert entrant.status_code in (201, 400, 409)
    if entrant.status_code == 201:
        patched = director.patch(f"{base}entrants/{entrant.json()['id']}/", body, format="json")
        assert patched.status_code in (200, 400)
    else:
        assert Entrant.objects.count() == before[1]
    confirm = director.post(f"{base}rounds/1/tables/1/confirm/", body, format="json")
    assert confirm.status_code in (400, 404)
