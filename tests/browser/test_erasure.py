"""Issue 31 on a 360 x 740 phone: a director erases a member at her request, from the club's
page, is asked first with what will happen, and the club's standings (the tournament's, the
club season's) and ratings then show "Former player 1" with the numbers she had, her name
nowhere."""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import club_create, club_member_add, deal_record
from games.services.seasons import season_create, season_event_add
from games.services.tables import Confirmer, table_confirm
from tests.factories import FIRST_DEALS, MISERE, drawn_table

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-x-1234-long"
MEMBERS = ["Willemijn", "Xander", "Yara", "Zeno"]
NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def club_season(page, live_server, django_user_model):
    """A director signed in on the phone; a club of four members who played a confirmed
    tournament table (standings and ratings)."""
    user = django_user_model.objects.create_user("jan", password=PASSWORD)
    club = club_create(name="De Zwaan", director=user)
    members = [club_member_add(club=club, name=name) for name in MEMBERS]
    table = drawn_table(director=user, club=club, entrants=members, rounds=1, deals_per_round=2)
    tournament = table.round.tournament
    deal_record(match=table.match, raw=FIRST_DEALS["rikken"])
    deal_record(match=table.match, raw=MISERE)
    table_confirm(table=table, by="jan", confirmer=Confirmer(director=user))
    season = season_create(
        club=club, user=user, name="Spring", starts_on=date(2000, 1, 1), ends_on=date(2100, 1, 1),
        scheme="field_size", public=True,
    )  # fmt: skip
    season_event_add(season=season, user=user, tournament=tournament.public_id)
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/director/"))
    return {"club": club, "tournament": tournament, "season": season, "willemijn": members[0]}


def standing_of(page, name: str) -> list[str]:
    row = page.locator("table.standings tbody tr", has_text=name)
    expect(row).to_have_count(1)
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def season_line_of(page, name: str) -> list[str]:
    row = page.locator(".season-standing tbody tr", has_text=name)
    expect(row).to_have_count(1)
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def rating_of(page, name: str) -> list[str]:
    row = page.locator("main table tbody tr", has_text=name)
    expect(row).to_have_count(1)
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def test_a_director_erases_a_member_and_the_standings_keep_her_numbers(
    page, live_server, club_season
):
    tournament, club = club_season["tournament"], club_season["club"]
    standings_url = f"{live_server.url}/t/{tournament.public_id}/"
    ratings_url = f"{live_server.url}/c/{club.slug}/ratings/?game=rikken"
    page.goto(standings_url)
    before = standing_of(page, "Willemijn")
    page.goto(ratings_url)
    rated_before = rating_of(page, "Willemijn")
    season_url = f"{live_server.url}/season/{club_season['season'].public_id}/"
    page.goto(season_url)
    season_before = season_line_of(page, "Willemijn")

    # From the club's page: the member's own link, then the question with what will happen.
    page.goto(f"{live_server.url}/director/c/{club.slug}/")
    page.get_by_role("link", name="Erase at their request Willemijn").click()
    expect(page.locator("h1")).to_have_text("Erase Willemijn for good?")
    expect(page.locator(".asked")).to_contain_text("cannot be undone")
    assert page.evaluate(NO_SIDEWAYS)
    keep_screenshot(page, "erase-asked", full_page=True)
    page.get_by_role("button", name="Yes, erase").click()
    expect(page.locator(".messages")).to_contain_text("“Former player 1”")

    # The club's standings and ratings afterwards: the same numbers, the name gone.
    page.goto(standings_url)
    after = standing_of(page, "Former player 1")
    assert after[0] == before[0] and after[2:] == before[2:]
    expect(page.locator("main")).not_to_contain_text("Willemijn")
    assert page.evaluate(NO_SIDEWAYS)
    keep_screenshot(page, "erase-standings", full_page=True)
    page.goto(ratings_url)
    rated_after = rating_of(page, "Former player 1")
    assert rated_after[0] == rated_before[0] and rated_after[2:] == rated_before[2:]
    expect(page.locator("main")).not_to_contain_text("Willemijn")
    assert page.evaluate(NO_SIDEWAYS)
    page.goto(season_url)
    season_after = season_line_of(page, "Former player 1")
    assert season_after[0] == season_before[0] and season_after[2:] == season_before[2:]
    expect(page.locator("main")).not_to_contain_text("Willemijn")
    assert page.evaluate(NO_SIDEWAYS)
    keep_screenshot(page, "erase-season", full_page=True)
    assert Player.objects.get(pk=club_season["willemijn"].pk).name == "Former player 1"
