"""Comfort and access on a 360 x 740 phone: every tap target at least 44 x 44 px, a skip link,
no sideways scrolling at 200% text or in landscape, and the phone's dark setting followed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.services import deal_record, match_create
from tests.factories import director_user, drawn_event, drawn_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scored(page, live_server):
    created = match_create(game="marafon", players=["Anna", "Bruno", "Cora", "Dario"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    deal_record(match=created.match, raw={"trump": "cups", "points": [5, 6]})
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    return page


def small_targets(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('a, button, label:has(> input), summary')]
            .filter(e => e.offsetParent !== null)
            .filter(e => !e.closest('.sr-only, .skip, .share, p, li, figcaption'))
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.width < 43.5 || r.height < 43.5)
            .map(([e, r]) => `${e.tagName} "${e.textContent.trim().slice(0, 20)}"`
                + ` ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )


def test_every_tap_target_of_the_match_page_is_at_least_44_px(scored):
    assert small_targets(scored) == []
    edit = scored.locator(".history td:nth-child(4) a").first
    assert "deal 2" in edit.inner_text() or "deal 2" in edit.text_content()


def test_a_skip_link_comes_first_and_ids_are_unique(scored):
    scored.keyboard.press("Tab")
    focused = scored.evaluate("document.activeElement.className")
    duplicates = scored.evaluate(
        "() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);"
        " return ids.filter((id, i) => ids.indexOf(id) !== i); }"
    )

    assert focused == "skip"
    expect(scored.locator("a.skip")).to_be_visible()
    assert duplicates == []


@pytest.mark.parametrize("setting", ["large text", "landscape"])
def test_no_sideways_scrolling(scored, setting):
    if setting == "large text":
        scored.evaluate("document.documentElement.style.fontSize = '200%'")
    else:
        scored.set_viewport_size({"width": 740, "height": 360})

    wide = scored.evaluate(
        "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
    )
    culprits = scored.evaluate(
        "() => [...document.querySelectorAll('body *')]"
        ".filter(e => !e.parentElement.closest('.table-scroll'))"
        ".filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
        ".map(e => e.tagName + '.' + e.className).slice(0, 5)"
    )

    assert wide <= 0, culprits


def test_the_dark_setting_is_followed(scored):
    scored.emulate_media(color_scheme="dark")

    background = scored.evaluate("getComputedStyle(document.body).backgroundColor")
    text = scored.evaluate("getComputedStyle(document.body).color")

    assert background == "rgb(18, 18, 18)"
    assert text == "rgb(232, 232, 232)"


def test_every_tap_target_of_the_director_page_is_at_least_44_px(
    page, live_server, django_user_model
):
    tournament = drawn_event(
        director=director_user("jan"), deals_per_round=2,
        entrants=[f"Player {n}" for n in range(8)],
    )  # fmt: skip
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', "pw-x-1234-long")
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server.url}/director/t/{tournament.public_id}/")

    assert small_targets(page) == []


# --- the other pages: club, public tournament, results, sign-in, table cards, confirmation ---


def duplicate_ids(page) -> list[str]:
    return page.evaluate(
        "() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);"
        " return ids.filter((id, i) => ids.indexOf(id) !== i); }"
    )


def sideways(page) -> int:
    return page.evaluate(
        "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
    )


@pytest.fixture
def event(page, live_server, django_user_model):
    """A club with members and a drawn event whose table has a deal; the director signed in."""
    from games.services import club_create, club_member_add
    from games.services.table_keys import table_keys

    director = director_user("jan")
    club = club_create(name="De Zwaan", director=director)
    members = ("Anna", "Bram", "Cor", "Dirk")
    for name in members:
        club_member_add(club=club, name=name)
    misere = {"contract": "misere", "declarer": 1, "tricks": 0}
    table = drawn_table(
        director=director, club=club, deals_per_round=2, entrants=list(members),
        first_deal={"dealer": 0, "contracts": [misere]},
    )  # fmt: skip
    tournament = table.round.tournament
    keys = table_keys(table)
    return {
        "sign-in": "/accounts/login/",
        "club": f"/director/c/{club.slug}/",
        "tournament": f"/t/{tournament.public_id}/",
        "results": f"/t/{tournament.public_id}/results/",
        "cards": f"/director/t/{tournament.public_id}/rounds/1/cards/",
        "confirmation": f"/m/{table.match.public_id}/confirm/{keys.confirmation}/",
    }


@pytest.mark.parametrize(
    "name", ["sign-in", "club", "tournament", "results", "cards", "confirmation"]
)
def test_the_other_pages_are_comfortable_on_a_phone(page, live_server, event, name):
    if name != "sign-in":
        page.goto(live_server.url + "/accounts/login/")
        page.fill('input[name="username"]', "jan")
        page.fill('input[name="password"]', "pw-x-1234-long")
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(re.compile(r"/director/"))
    page.goto(live_server.url + event[name])

    assert small_targets(page) == []
    assert duplicate_ids(page) == []
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert sideways(page) <= 0, "200% text"
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.set_viewport_size({"width": 740, "height": 360})
    assert sideways(page) <= 0, "landscape"
