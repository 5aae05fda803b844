"""A deal's explanation opened on a phone (360×740, issue 32 §2): on the match page as anyone
with its share link reads it, a deal's line in the history opens how that deal was scored, in
plain words and the players' names, without JavaScript's help and without a sideways swipe;
the deal before it is one tap on, and the match one tap back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import deal_record, match_create

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

DEALS = [
    {"battezzante": 0, "trump": "cups", "points": [7, 4]},
    {
        "trump": "coins",
        "cards": [{"aces": 3, "figures": 7}, {"aces": 1, "figures": 13}],
        "last_trick": 0,
        "marafona": 3,
    },
]


def test_a_deals_line_opens_how_it_was_scored(page, live_server):
    match = match_create(game="marafon", players=["Anna", "Bruno", "Carla", "Dario"]).match
    for raw in DEALS:
        match, _deal = deal_record(match=match, raw=raw)

    page.goto(f"{live_server.url}/m/{match.public_id}/")
    page.locator("#history tbody tr").first.get_by_role("link").first.click()

    expect(page.locator("h1")).to_have_text("Deal 2")
    explanation = page.locator(".explanation")
    expect(explanation).to_contain_text(
        "Anna & Carla took 3 aces, 7 figures and the last trick: 3 + 7/3 + 1 = 6⅓, 6 whole points."
    )
    expect(explanation).to_contain_text("Dario declared the marafona")
    expect(explanation).to_contain_text("The deal scores Anna & Carla 6 and Bruno & Dario 8.")
    keep_screenshot(page, "deal-explanation", full_page=True)
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")

    page.get_by_role("link", name="Deal 1").click()
    expect(page.locator(".explanation")).to_contain_text(
        "Points entered as counted at the table: Anna & Carla 7, Bruno & Dario 4."
    )
    page.get_by_role("link", name="Back to the match").click()
    expect(page.locator("#history")).to_be_visible()
