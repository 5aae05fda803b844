"""A member's rating history on a phone (360×740): a result tapped opens its explanation, the
place, the other places and the rating before and after, without a script; nothing scrolls
sideways (issue 32 §2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import rated_club

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_member_opens_the_explanation_of_a_rating_change(page, live_server):
    club = rated_club()
    bo = club["members"][1]
    page.goto(f"{live_server.url}/c/{club['club'].slug}/ratings/rikken/{bo.pk}/")
    expect(page.locator("h1")).to_have_text("Bo")
    results = page.locator(".rating-steps details")
    expect(results).to_have_count(3)
    table = results.last  # the oldest result: the tournament table
    words = table.get_by_text("Rating before and after: 0.00 → 3.00 (+3.00).")
    expect(words).to_be_hidden()

    summary = table.locator("summary")
    expect(summary).to_contain_text(", round 1, table 1 · 0.00 → 3.00")
    assert summary.bounding_box()["height"] >= 44
    summary.click()

    expect(words).to_be_visible()
    expect(table).to_contain_text("Place 1 of 4: +15 units.")
    expect(table).to_contain_text("The other places: ")
    expect(table).to_contain_text("Skill (μ) before and after: 25.000 → 27.795.")
    expect(table).to_contain_text("The rating is a cautious estimate")
    keep_screenshot(page, "rating-explained", full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide
