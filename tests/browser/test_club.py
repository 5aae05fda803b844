"""A new club director on a phone: signs up, founds the club, adds its members and a second
director, then creates the club's first tournament from the club's page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Club, Tournament

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-x-1234-long"
MEMBERS = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Femke", "Gijs", "Hanna"]


@pytest.fixture
def second_director(django_user_model):
    """An account the new director knows by its username."""
    return django_user_model.objects.create_user("piet", password=PASSWORD)


def snap(page, name: str) -> None:
    keep_screenshot(page, name, full_page=True)


def test_a_new_director_founds_a_club_and_runs_its_first_tournament(
    page, live_server, second_director
):
    # From the sign-in page to a new account, signed in at once.
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="Create one").click()
    expect(page.locator("h1")).to_have_text("Create an account")
    page.fill('input[name="username"]', "marieke")
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD + "!")  # a slip of the thumb first
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("#f-password2 .error")).to_have_text(
        "The two password fields didn’t match."
    )
    snap(page, "club-signup")
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("h1")).to_have_text("Your tournaments")
    expect(page.locator(".messages")).to_contain_text("Welcome, marieke")

    # Founding the club, right on the director's home.
    snap(page, "club-found")
    page.fill('input[name="name"]', "De Zwaan")
    page.get_by_role("button", name="Found the club").click()
    expect(page.locator("h1")).to_have_text("De Zwaan")
    expect(page).to_have_url(re.compile(r"/director/c/de-zwaan/$"))

    # Its members, several at once, then a second director.
    page.fill('textarea[name="names"]', "\n".join(MEMBERS))
    page.get_by_role("button", name="Add the members").click()
    expect(page.locator(".messages")).to_contain_text("8 members added.")
    expect(page.locator("#members ul.members > li")).to_have_count(8)

    page.fill('input[name="username"]', "nobody")
    page.get_by_role("button", name="Add the director").click()
    expect(page.locator("#f-username .error")).to_have_text("There is no account nobody.")
    page.fill('input[name="username"]', "piet")
    page.get_by_role("button", name="Add the director").click()
    expect(page.locator("h1")).to_have_text("Make piet a director of De Zwaan?")
    page.get_by_role("button", name="Yes, make them a director").click()
    expect(page.locator(".messages")).to_contain_text("piet now directs De Zwaan.")
    expect(page.locator("#directors ul.directors > li")).to_have_count(2)
    snap(page, "club-page")

    # The club's first tournament, from its page: the club is already chosen.
    page.get_by_role("link", name="New tournament").click()
    expect(page.locator(f'input[name="club"][value="{Club.objects.get().pk}"]')).to_be_checked()
    page.fill('input[name="name"]', "Thursday drive")
    page.locator('label:has(> input[name="game"][value="rikken"])').click()
    page.fill('input[name="rounds"]', "2")
    page.fill('input[name="deals_per_round"]', "2")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("h1")).to_have_text("Thursday drive")
    tournament = Tournament.objects.get()
    expect(page).to_have_url(re.compile(rf"/director/t/{tournament.public_id}/$"))

    # The members are suggested when registering, and the club is one tap away.
    expect(page.locator("#club-members option")).to_have_count(8)
    page.locator("p.meta").get_by_role("link", name="De Zwaan").click()
    expect(page.locator("#tournaments")).to_contain_text("Thursday drive")
    assert set(Club.objects.get().directors.values_list("username", flat=True)) == {
        "marieke",
        "piet",
    }
