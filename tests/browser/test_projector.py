"""The projector at 1280 x 720 shows the whole event without a scrollbar: the type follows the
field's size, long standings page themselves, and the round's table status stays in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services.standings import standings_recompute
from tests.factories import director_user, drawn_event

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

PROJECTOR = {"width": 1280, "height": 720}


def event(django_user_model, field: int):
    tournament = drawn_event(
        director=director_user("jan"), name="Thursday drive", rounds=3,
        entrants=[f"Player {n}" for n in range(1, field + 1)],
    )  # fmt: skip
    standings_recompute(tournament_id=tournament.pk)
    return tournament


@pytest.mark.slow
@pytest.mark.parametrize("field", [16, 200])
def test_the_projector_fits_the_screen_and_pages_long_standings(
    browser, live_server, django_user_model, field
):
    tournament = event(django_user_model, field)
    context = browser.new_context(viewport=PROJECTOR)
    try:
        screen = context.new_page()
        screen.goto(f"{live_server.url}/t/{tournament.public_id}/live/")
        screen.wait_for_load_state("load")

        height = screen.evaluate("document.scrollingElement.scrollHeight")
        overflowing = screen.evaluate(
            "() => [...document.querySelectorAll('.live tr, .live h2, .live p')]"
            ".filter(e => !e.closest('[hidden]') && e.offsetParent !== null)"
            ".filter(e => e.getBoundingClientRect().bottom > window.innerHeight + 1).length"
        )
        shown = screen.locator("table.standings tbody tr:visible").count()
        expect(screen.locator("#round-title")).to_be_in_viewport()
        expect(screen.locator(".round-now > p.small").first).to_be_in_viewport()
        if field > shown:
            pager = screen.locator("table.standings").locator("xpath=preceding-sibling::p[1]")
            expect(pager).to_have_text(f"1 / {-(-field // shown)}")
            expect(screen.locator("table.standings")).to_have_attribute(
                "data-page", "2", timeout=12_000
            )
        keep_screenshot(screen, f"projector-{field}")
    finally:
        context.close()

    assert height <= PROJECTOR["height"]
    assert overflowing == 0
    assert shown >= min(field, 16)  # 16 players fit on one page


def test_the_projector_fills_the_screen_in_type_a_room_can_read(
    browser, live_server, django_user_model
):
    """Issue 27: with 16 entrants the standings are set in 28 px or more and fill the height, the
    words of "Follow on your phone" stay whole, and a badge never wraps."""
    tournament = event(django_user_model, 16)
    context = browser.new_context(viewport=PROJECTOR)
    try:
        screen = context.new_page()
        screen.goto(f"{live_server.url}/t/{tournament.public_id}/live/")
        screen.wait_for_load_state("load")
        rows = screen.locator("table.standings tbody tr:visible")
        sizes = rows.locator("td").evaluate_all(
            "cells => cells.map(c => parseFloat(getComputedStyle(c).fontSize))"
        )
        last_bottom = rows.last.evaluate("r => r.getBoundingClientRect().bottom")
        # A word of the caption broken in two: the caption's lines are each a whole word run.
        caption = screen.locator(".follow figcaption")
        broken = caption.evaluate(
            """c => {
                const words = [];
                const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
                let broken = 0;
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    const re = /\\S+/g; let m;
                    while ((m = re.exec(node.data))) {
                        if (m[0].startsWith('http')) continue;
                        const range = document.createRange();
                        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
                        if (range.getClientRects().length > 1) broken++;
                    }
                }
                return broken;
            }"""
        )
        tags = screen.locator(".projector .tag, .projector .badge").evaluate_all(
            "tags => tags.filter(t => t.getClientRects().length > 1).length"
        )
        keep_screenshot(screen, "projector-room-16")
    finally:
        context.close()

    assert len(sizes) >= 16 * 2
    assert min(sizes) >= 28, sizes
    assert last_bottom >= PROJECTOR["height"] * 0.75  # the standings fill the screen's height
    assert broken == 0
    assert tags == 0
