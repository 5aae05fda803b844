"""A known player's page: statistics per game, Rikken's contracts, charts; who may read it;
guests named only to those who hold the link."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from games.services import club_create, club_member_add, deal_record
from games.services.club_options import club_set_options
from games.services.sessions import session_create, session_match_add

from .conftest import without_tokens

pytestmark = pytest.mark.django_db


def rik(declarer: int, tricks: int, dealer: int | None = None, partner=None) -> dict:
    contract = {"contract": "misere", "declarer": declarer, "tricks": tricks}
    deal = {"contracts": [contract]}
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


@pytest.fixture
def evening(django_user_model):
    director = django_user_model.objects.create_user("dir")
    club = club_create(name="De Zwaan", director=director)
    anna = club_member_add(club=club, name="Anna")
    bram = club_member_add(club=club, name="Bram")
    anna.user = django_user_model.objects.create_user("anna")
    anna.save()
    created = session_create(
        players=[anna.pk, bram.pk, "Gina", "Hugo"],
        game="rikken",
        stake=Decimal("0.5"),
        owner=anna.user,
    )
    deal_record(match=created.match, raw=rik(0, 0, dealer=0))
    deal_record(match=created.match, raw=rik(0, 1))
    _session, marafon = session_match_add(session=created.session, game="marafon")
    deal_record(match=marafon, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    return {"club": club, "anna": anna, "bram": bram, "created": created, "director": director}


def test_the_player_reads_their_statistics_charts_and_guests(evening):
    client = Client()
    client.force_login(evening["anna"].user)

    page = client.get(f"/p/{evening['anna'].pk}/")
    html = page.content.decode()

    assert page.status_code == 200
    assert "Rikken" in html and "Marafon" in html
    assert "<td>Misère</td>" in html and "1/2" in html  # made one of two misères as declarer
    assert html.count('<svg class="chart"') == 2 and "style=" not in html
    assert "Gina" in html  # she was at the table: the links are hers


def test_club_members_read_it_and_strangers_do_not(evening, django_user_model):
    anna = evening["anna"]
    member = Client()
    member.force_login(evening["director"])
    stranger = Client()

    assert member.get(f"/p/{anna.pk}/").status_code == 200
    assert stranger.get(f"/p/{anna.pk}/").status_code == 403
    assert stranger.get(f"/api/v1/players/{anna.pk}/").status_code == 403
    # A guest's name shows only with the match's link.
    html = without_tokens(member.get(f"/p/{anna.pk}/").content.decode())
    assert "Gina" not in html and "a guest" in html

    club_set_options(club=evening["club"], public_histories=True)
    assert stranger.get(f"/p/{anna.pk}/").status_code == 200
    api = stranger.get(
        f"/api/v1/players/{anna.pk}/?sessions={evening['created'].session.public_id}"
    ).json()
    assert api["games"][0]["played"] == 1 and api["sessions"][0]["id"]
    assert all(None in m["with"] for m in api["matches"])  # no match link held
    paged = stranger.get(f"/api/v1/players/{anna.pk}/?limit=1&offset=1").json()
    assert paged["matches_count"] == 2 and [m["game"] for m in paged["matches"]] == ["rikken"]


def test_the_player_keeps_it_private(evening):
    anna = evening["anna"]
    own = Client()
    own.force_login(anna.user)
    club_set_options(club=evening["club"], public_histories=True)

    assert own.post(f"/p/{anna.pk}/privacy/", {"history": "private"}).status_code == 302

    assert Client().get(f"/p/{anna.pk}/").status_code == 403
    assert own.get(f"/p/{anna.pk}/").status_code == 200
    assert (
        Client().get(f"/p/{evening['created'].session.players.last().player.pk}/").status_code
        == 404
    )
