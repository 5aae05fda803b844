"""A page form sent twice records once: the deal form carries a key made when the page was
drawn. Another phone's deal in between is named in players' words, and the refused entry is
shown again to be entered with one tap."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Deal
from games.services import deal_record, match_create

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]


@pytest.fixture
def phone():
    created = match_create(game="marafon", players=PLAYERS)
    client = Client()
    client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    return client, created.match


def drawn_form(client, match) -> dict:
    page = client.get(f"/m/{match.public_id}/").content.decode()
    key = re.search(r'name="form_key" value="([^"]+)"', page).group(1)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    return {"form_key": key, "version": version}


def test_a_form_sent_again_shows_the_deal_it_recorded_and_records_nothing_more(phone):
    client, match = phone
    form = {**drawn_form(client, match), "battezzante": "0", "trump": "cups", "points": "7"}

    first = client.post(f"/m/{match.public_id}/deals/", form)
    again = client.post(f"/m/{match.public_id}/deals/", form, follow=True)

    assert first.status_code == 302 and first["Location"].endswith("?entered=1#board")
    assert Deal.objects.filter(match=match).count() == 1
    shown = again.content.decode()
    assert "Deal 1 was recorded." in shown
    assert "enter the deal again" not in shown and "This field is required" not in shown


def test_another_phones_deal_is_named_and_the_refused_entry_is_kept(phone):
    client, match = phone
    form = {**drawn_form(client, match), "battezzante": "0", "trump": "swords", "points": "9"}
    deal_record(match=match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    refused = client.post(f"/m/{match.public_id}/deals/", form)

    assert refused.status_code == 409
    page = refused.content.decode()
    assert "Another phone entered deal 1 meanwhile" in page
    said = re.search(r'<ul class="messages".*?</ul>', page, re.S).group(0)
    assert "version" not in said  # players' words: no "version 7"
    assert re.search(r'value="swords"[^>]*checked', page)  # the refused entry, filled in
    assert Deal.objects.filter(match=match).count() == 1
