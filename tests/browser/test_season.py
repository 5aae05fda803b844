"""A member's season page on a phone (360×740): the standing, a name tapped opens that member's
events, counted or dropped, and the explanation of the total and the place; nothing scrolls
sideways. (A deal's explanation opened from the match page: test_deal_explanation.py.)"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from games.models import Season
from games.services import deal_record
from games.services.season_standing import season_recompute
from games.services.seasons import season_create, season_event_add
from games.services.tables import Confirmer, table_confirm
from tests.factories import director_user, drawn_table

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


@pytest.fixture
def season():
    director = director_user()
    names = ["Joost", "Sanne", "Marieke", "Willem"]
    table = drawn_table(director=director, entrants=names)
    tournament = table.round.tournament
    deal_record(match=table.match, raw=MISERE)
    table_confirm(table=table, by="", confirmer=Confirmer(director=director))
    season = season_create(
        club=tournament.club, user=director, name="Winter", starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1), public=True, scheme="place_table", prizes=[1], booby=True,
    )  # fmt: skip
    season_event_add(season=season, user=director, tournament=tournament.public_id)
    season_recompute(season_id=season.pk)
    season = Season.objects.get(pk=season.pk)
    season.winner = table.match.seats.get(number=1).player.name
    return season


def test_a_member_opens_the_explanation_of_a_standing(page, live_server, season):
    page.goto(f"{live_server.url}/season/{season.public_id}/")
    expect(page.locator("h1")).to_have_text("Winter")
    first = page.locator(".season-standing tbody tr").first
    expect(first).to_contain_text(season.winner)
    expect(first).to_contain_text("prize 1")
    expect(page.locator("figure.chart-box svg")).to_be_visible()
    keep_screenshot(page, "season-page", full_page=True)

    first.get_by_role("link", name=season.winner).click()
    expect(page.locator("h1")).to_have_text(season.winner)
    explanation = page.locator(".explanation")
    expect(explanation).to_contain_text("place 1 of 4: the club's table gives 10")
    expect(explanation).to_contain_text("Points in all: 10.")
    expect(explanation).to_contain_text("Place 1 on total alone.")
    expect(page.locator(".season-results li").first).to_contain_text("counted")
    keep_screenshot(page, "season-member", full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide
