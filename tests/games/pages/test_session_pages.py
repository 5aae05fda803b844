"""The evening's pages: starting it, the next match in one tap, the running totals and the
balances chart, settling and marking paid; the score chart of a match."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Session

pytestmark = pytest.mark.django_db

RIK = {"contract": "misere", "declarer": "1", "tricks": "0", "dealer": "0"}


def start(client: Client, game="rikken", players="Anna\nBram\nCor\nDirk", stake="0.10"):
    response = client.post("/s/new/", {"players": players, "game": game, "stake": stake})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Session.objects.latest("pk"), response["Location"]


def test_an_evening_is_started_scored_settled_and_paid_on_the_pages():
    client = Client()
    session, location = start(client)
    match_url = location.split("#")[0]
    first = client.get(match_url)
    assert b"Match 1 of the evening" in first.content and b"Next match" in first.content
    match_id = match_url.strip("/").split("/")[-1]
    assert client.post(f"/m/{match_id}/deals/", RIK).status_code == 302

    nxt = client.post(f"/s/{session.public_id}/next/", {"choice": "again"})
    assert nxt.status_code == 302
    second_id = nxt["Location"].split("#")[0].strip("/").split("/")[-1]
    assert client.post(f"/m/{second_id}/deals/", RIK).status_code == 302
    third = client.post(f"/s/{session.public_id}/next/", {"choice": "game:marafon"})
    assert third.status_code == 302

    page = client.get(f"/s/{session.public_id}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<svg class="chart"' in html and "style=" not in html
    assert html.count("Bram pays") == 0 and "pays Bram" in html
    assert "Settle and close" in html

    assert client.post(f"/s/{session.public_id}/settle/", {}).status_code == 302
    closed = client.get(f"/s/{session.public_id}/").content.decode()
    assert "closed" in closed and "Mark paid" in closed
    assert (
        client.post(f"/s/{session.public_id}/transfers/1/paid/", {"paid": "1"}).status_code == 302
    )
    paid = client.get(f"/s/{session.public_id}/").content.decode()
    assert paid.count("Mark paid") == 2 and "Not paid" in paid

    # A stranger with the share link reads it and cannot change it.
    stranger = Client()
    assert stranger.get(f"/s/{session.public_id}/").status_code == 200
    assert stranger.post(f"/s/{session.public_id}/transfers/2/paid/", {}).status_code == 403


def test_the_edit_link_lets_another_phone_score_every_match():
    client = Client()
    session, _location = start(client)
    html = client.get(f"/s/{session.public_id}/").content.decode()
    edit = re.search(r'href="http://testserver(/s/[^"]+/edit/[^"]+/)"', html).group(1)
    other = Client()

    assert other.get(edit).status_code == 302
    match = session.entries.get().match
    assert other.post(f"/m/{match.public_id}/deals/", RIK).status_code == 302


def test_a_game_for_another_number_of_players_asks_who_plays():
    client = Client()
    session, _location = start(client, players="A\nB\nC\nD\nE", game="trionfo")

    refused = client.post(f"/s/{session.public_id}/next/", {"choice": "game:marafon"})
    chosen = client.post(
        f"/s/{session.public_id}/next/", {"choice": "game:marafon", "plays": ["0", "1", "2", "3"]}
    )

    assert refused.status_code == 400 and b"say who plays" in refused.content
    assert chosen.status_code == 302


def test_the_score_chart_of_a_match_is_inline_svg():
    client = Client()
    _session, location = start(client)
    match_id = location.split("#")[0].strip("/").split("/")[-1]
    client.post(f"/m/{match_id}/deals/", RIK)

    chart = client.get(f"/m/{match_id}/chart/")

    assert chart.status_code == 200
    assert b"<polyline" in chart.content and b"style=" not in chart.content


def test_the_phone_keeps_the_evening_among_what_it_opened():
    """offline.js records a page that names itself in data-recent: the start page lists it,
    and the service worker keeps it for a room without signal (issue 17)."""
    client = Client()
    session, _location = start(client)

    page = client.get(f"/s/{session.public_id}/").content.decode()

    assert 'data-recent="Session: Anna, Bram, Cor, Dirk"' in page
