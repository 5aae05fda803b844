"""Rikken with six at the table (RULES.md §4, "Further house rules"): the dealer and the player
three seats after sit each deal out; an evening of six with the club's chosen special games goes
through the session's totals and settle-up, the club's ratings and each player's statistics."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.models import Rating, RatingList
from games.selectors.sessions import session_summary
from games.services import club_create, club_member_add, deal_record
from games.services.club_options import club_set_options
from games.services.sessions import session_create, session_settle

pytestmark = pytest.mark.django_db

NAMES = ("An", "Bo", "Cy", "Di", "Ed", "Fe")
RULES = {"all_pass": "choice", "special_games": ["schuppen_mie", "one_five_eleven"]}
# Dealt by 0, 1, 2: seats (0, 3), (1, 4), (2, 5) sit out in turn.
DEALS = [
    {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    {
        "contracts": [],
        "all_pass": True,
        "special": {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 2},
    },
    {"contracts": [], "all_pass": True},  # the table deals again instead
    {
        "contracts": [],
        "all_pass": True,
        "special": {"game": "one_five_eleven", "tricks": [1, 5, None, 4, 3, None]},
    },
]
# misère by Bo made: +15, three others -5 (An and Di sit out); schuppen mie, Cy took both:
# -30, the others +10 (Bo and Ed sit out); 1-5-11: An and Bo win 10 each from Di and Ed.
TOTALS = [10 + 10, 15 + 10, -5 - 30, 10 - 10, -5 - 10, -5 + 10]


@pytest.fixture
def club(django_user_model):
    director = django_user_model.objects.create_user("dir")
    club = club_create(name="De Zwaan", director=director)
    club.director = director
    return club


def test_an_evening_of_six_with_the_tables_special_games(club, django_capture_on_commit_callbacks):
    members = [club_member_add(club=club, name=name) for name in NAMES]
    club_set_options(club=club, rate_friendly_matches=True)
    with django_capture_on_commit_callbacks(execute=True):
        created = session_create(
            players=[m.pk for m in members],
            game="rikken",
            rules=RULES,
            stake=Decimal("0.10"),
            owner=club.director,
        )
        outcomes = [deal_record(match=created.match, raw=raw)[1].outcome for raw in DEALS]
    summary = session_summary(created.session)
    with django_capture_on_commit_callbacks(execute=True):
        session_settle(session=created.session)

    assert created.match.rules["players"] == 6
    assert [o["payments"] for o in outcomes] == [
        [0, 15, -5, 0, -5, -5],
        [10, 0, -30, 10, 0, 10],
        [0] * 6,
        [10, 10, 0, -10, -10, 0],
    ]
    assert [p["units"] for p in summary["players"]] == TOTALS
    assert [p["amount"] for p in summary["players"]] == [
        f"{Decimal(units) * Decimal('0.10'):.2f}" for units in TOTALS
    ]
    transfers = summary["transfers"]
    assert sum(t["units"] for t in transfers) == sum(u for u in TOTALS if u > 0)
    rating_list = RatingList.objects.get(club=club, game="rikken")
    assert rating_list.applied_count == 1
    ratings = {r.player.name: r for r in Rating.objects.filter(list=rating_list)}
    assert set(ratings) == set(NAMES)
    assert ratings["Bo"].mu > ratings["Fe"].mu > ratings["Cy"].mu


def test_a_six_player_match_in_a_players_statistics(club, client):
    members = [club_member_add(club=club, name=name) for name in NAMES]
    club_set_options(club=club, public_histories=True)
    created = session_create(
        players=[m.pk for m in members], game="rikken", rules=RULES, owner=club.director
    )
    for raw in DEALS:
        deal_record(match=created.match, raw=raw)

    body = client.get(f"/api/v1/players/{members[1].pk}/").json()

    rikken = next(g for g in body["games"] if g["game"] == "rikken")
    assert rikken["played"] == 1
    assert rikken["units"] == TOTALS[1]
    assert rikken["contracts"] == [
        {"contract": "misere", "declarer": 1, "declarer_made": 1, "partner": 0, "partner_made": 0}
    ]
