"""Issue 33: the live pages follow by the cheap poll. A phone polls every 2 s after a change,
sending the token its page was drawn with and getting an empty 304 back; the projector polls
every 5 s; a change reloads a page nobody is typing on, and never the director's page while
the director types."""

from __future__ import annotations

import itertools
import re
import time

import pytest

from games.services.tournaments import entrant_register
from tests.factories import DIRECTOR_PASSWORD, director_user, drawn_event

pytestmark = pytest.mark.django_db(transaction=True)


def polls_seen(page) -> list[tuple[float, str, int]]:
    """Each poll the page sends: when, with which token, and the status it got."""
    seen: list[tuple[float, str, int]] = []
    page.on(
        "response",
        lambda response: (
            "/version/" in response.url
            and seen.append(
                (
                    time.monotonic(),
                    response.request.headers.get("if-none-match", ""),
                    response.status,
                )
            )
        ),
    )
    return seen


def test_a_phone_polls_every_two_seconds_and_gets_304s(page, live_server):
    tournament = drawn_event(director=director_user("jan"), deals_per_round=2)
    seen = polls_seen(page)
    page.goto(f"{live_server.url}/t/{tournament.public_id}/")
    token = page.locator("body").get_attribute("data-poll-token")
    page.wait_for_timeout(7_000)

    # Every 2 s: 3 polls in 7 s, 2 on a machine slow enough to stretch a gap.
    assert 2 <= len(seen) <= 4, seen
    assert {sent for _, sent, _ in seen} == {f'"{token}"'}
    assert {status for _, _, status in seen} == {304}
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(seen)]
    assert all(1.5 < gap < 4.5 for gap in gaps), gaps


def test_the_projector_polls_every_five_seconds(browser, live_server):
    tournament = drawn_event(director=director_user("jan"), deals_per_round=2)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        screen = context.new_page()
        seen = polls_seen(screen)
        screen.goto(f"{live_server.url}/t/{tournament.public_id}/live/")
        screen.wait_for_timeout(11_000)
    finally:
        context.close()
    # Every 5 s: 2 polls in 11 s (1 if the machine stretches a gap), never the phone's pace.
    assert 1 <= len(seen) <= 2, seen
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(seen)]
    assert all(gap > 4 for gap in gaps), gaps


def test_a_change_reloads_the_public_page_but_never_the_director_typing(
    page, other_phone, live_server
):
    tournament = drawn_event(director=director_user("jan"), deals_per_round=2, rounds=3)
    # The director, signed in, types into the rounds field of the event's page.
    page.goto(f"{live_server.url}/accounts/login/?next=/director/t/{tournament.public_id}/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', DIRECTOR_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/director/t/"))
    page.evaluate("window.kept = true")
    page.locator("#rounds-count").fill("7")
    # A spectator's phone on the public page, untouched.
    other_phone.goto(f"{live_server.url}/t/{tournament.public_id}/")
    other_phone.evaluate("window.kept = true")

    with other_phone.expect_event("load", timeout=10_000):  # the spectator's page reloads
        entrant_register(tournament=tournament, name="Late Lotte")  # committed: the token moves
    assert other_phone.evaluate("window.kept") is None
    page.wait_for_timeout(5_000)
    assert page.evaluate("window.kept") is True  # never reloaded under the typing
    assert page.locator("#rounds-count").input_value() == "7"
