"""A pairs table knows its sides: the card says which side scores, the confirmation page offers
only the other side's names, and the table may swap its sides once."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Table
from games.services.table_keys import table_keys
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dir", password="pw-x-1234-long")


@pytest.fixture
def table(director, django_capture_on_commit_callbacks) -> Table:
    return drawn_table(
        django_capture_on_commit_callbacks,
        director=director,
        name="Pairs",
        game="marafon",
        format="swiss",
        rounds=3,
        round_kind="game",
        deals_per_round=None,
        entrants=[("Alba", "Carla"), ("Bram", "Dirk")],
        first_deal={"battezzante": 0, "trump": "cups", "points": [7, 4]},
    )


def seated(table: Table) -> list[str]:
    return [s.player.name for s in table.match.seats.select_related("player").order_by("number")]


def other_side(table: Table) -> Client:
    phone = Client()
    key = table_keys(table).confirmation
    assert phone.get(f"/m/{table.match.public_id}/confirm/{key}/").status_code == 302
    return phone


def readable(html: str) -> str:
    """The page's text around the names: each name is isolated in its own <bdi>."""
    return re.sub(r"</?bdi[^>]*>", "", html).replace("&amp;", "&")


def test_the_confirmation_page_offers_only_the_other_sides_names(table):
    names = seated(table)
    phone = other_side(table)
    url = f"/m/{table.match.public_id}/confirm/"

    page = readable(phone.get(url).content.decode())
    by_scorer = phone.post(url, {"by": names[0]})

    offered = [n for n in names if f'value="{n}"' in page]
    assert offered == [names[1], names[3]]
    assert f"Scores: {names[0]} & {names[2]}" in page
    assert by_scorer.status_code == 400
    table.refresh_from_db()
    assert table.confirmed_at is None
    assert phone.post(url, {"by": names[3]}).status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == names[3]


def test_the_card_prints_which_side_scores(table, director):
    names = seated(table)
    client = Client()
    client.force_login(director)

    tournament = table.round.tournament
    card = readable(
        client.get(f"/director/t/{tournament.public_id}/rounds/1/cards/").content.decode()
    )

    assert f"Scores: {names[0]} & {names[2]}" in card
    assert f"Confirms: {names[1]} & {names[3]}" in card


def test_the_table_swaps_its_sides_once_from_the_confirmation_page(table):
    names = seated(table)
    phone = other_side(table)
    url = f"/m/{table.match.public_id}/"

    asked = phone.post(f"{url}swap/")
    not_yet = Table.objects.get(pk=table.pk).sides_swapped_at
    swapped = phone.post(f"{url}swap/", {"confirm": "1"})
    page = phone.get(f"{url}confirm/").content.decode()
    again = phone.post(f"{url}swap/")

    assert asked.status_code == 200 and not_yet is None
    assert f"Then {names[0]} &amp; {names[2]} confirm instead." in asked.content.decode()
    assert swapped.status_code == 302
    assert [n for n in names if f'value="{n}"' in page] == [names[0], names[2]]
    assert "Swap the sides" not in page
    assert again.status_code == 302
    assert "already swapped once" in phone.get(f"{url}confirm/").content.decode()
    assert Client().post(f"{url}swap/").status_code == 403
