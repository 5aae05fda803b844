"""Issue 28: the director's pages on a 360 x 740 phone are held to the players' pages' rules. Every
target is at least 44 px high, the table links, Check in and Withdraw and the rounds box included
(they measured 16, 38 and 33 x 21 px), and every choice of the new-tournament form is a row of
chips, not a drop-down. Measured as the players' pages are (tests/browser/test_comfort.py), but
with nothing let off for sitting in a paragraph or a list item: on these pages those are the
controls themselves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.services import club_create, club_member_add, deal_record
from games.services.tournaments import entrant_register
from tests.factories import drawn_event

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-x-1234-long"

# Every control a thumb taps in the page's content; a link inside a sentence of help text is
# the one allowance (WCAG's inline exception), as on the players' pages.
SMALL_TARGETS = """() => [...document.querySelectorAll(
        'main a, main button, main input:not([type=hidden]):not([type=radio]):not([type=checkbox]),'
        + ' main select, main textarea, main summary, main label:has(> input)')]
    .filter(e => e.offsetParent !== null && !e.closest('.sr-only, .help'))
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([e, r]) => `${e.tagName}${e.className ? '.' + e.className : ''}`
        + ` "${(e.textContent || e.name || '').trim().slice(0, 24)}"`
        + ` ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture
def director(page, live_server, django_user_model):
    """A director signed in on the phone, with a club of four members and an event of eight
    players: round 1 drawn, a deal entered at table 1, two players still only registered."""
    user = django_user_model.objects.create_user("jan", password=PASSWORD)
    club = club_create(name="De Zwaan", director=user)
    for name in ("Anna", "Bram", "Cor", "Dirk"):
        club_member_add(club=club, name=name)
    tournament = drawn_event(
        director=user,
        club=club,
        entrants=[f"Player {n}" for n in range(8)],
        rounds=3,
        deals_per_round=2,
    )
    table = tournament.round_set.get().tables.order_by("number").first()
    misere = {"contract": "misere", "declarer": 1, "tricks": 0}
    deal_record(match=table.match, raw={"dealer": 0, "contracts": [misere]})
    entrant_register(tournament=tournament, name="Late Lotte")
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/director/"))
    return tournament


def test_the_directors_event_page_has_no_target_under_44_px(page, live_server, director):
    page.goto(f"{live_server.url}/director/t/{director.public_id}/")
    links = page.locator(".tables a.entry-link")
    check_in = page.get_by_role("button", name="Check in", exact=True)
    rounds = page.locator("#rounds-count")

    expect(links.first).to_be_visible()
    assert links.first.bounding_box()["height"] >= 44
    assert check_in.first.bounding_box()["height"] >= 44
    assert page.get_by_role("button", name="Withdraw").first.bounding_box()["height"] >= 44
    box = rounds.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def test_the_new_tournament_form_asks_with_chips_of_44_px(page, live_server, director):
    page.goto(f"{live_server.url}/director/new/")

    assert page.locator("main select").count() == 0
    assert page.locator('main input[type=radio][name="club"]').count() == 1  # the one club
    for name in ("game", "preset", "format", "round_kind", "tie_break_1"):
        assert page.locator(f'main input[type=radio][name="{name}"]').count() >= 2, name
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")

    # The chips make the event, as the drop-downs did.
    page.fill('input[name="name"]', "Vrijdag")
    page.locator('label:has(> input[name="game"][value="marafon"])').click()
    page.locator('label:has(> input[name="format"][value="swiss"])').click()
    page.locator('label:has(> input[name="round_kind"][value="game"])').click()
    page.locator('label:has(> input[name="tie_break_1"][value="buchholz"])').click()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator(".messages")).to_contain_text("Tournament created")
    expect(page.locator("h1")).to_have_text("Vrijdag")
