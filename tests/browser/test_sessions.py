"""An evening at one table on a phone (360 x 740): three matches, each started from the last
in one tap, settled on the session page and every transfer marked paid; and a known player's
page with its charts, which fit the phone's width."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from .phone import Taps, expect_next_deal

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]


def rik(taps: Taps, *, dealer: int, declarer: int, partner: int, tricks: int) -> None:
    taps.choose("dealer", dealer)
    taps.choose("contract", "rik")
    taps.choose("declarer", declarer)
    taps.choose("partner", partner)
    taps.choose("trump", "spades")
    taps.enter("tricks", tricks)


def fits_the_phone(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def test_an_evening_of_three_matches_settled_and_paid(page, live_server, taps):
    page.goto(live_server.url + "/")
    taps.link("An evening of several matches")
    page.locator('textarea[name="players"]').fill("\n".join(PLAYERS))
    taps.choose("game", "rikken")
    taps.type("stake", "0.10")
    taps.button("Start the evening")
    page.wait_for_url(re.compile(r"/m/[^/]+/(#board)?$"))
    expect(page.locator(".in-session")).to_contain_text("Match 1 of the evening")

    # Match 1: Anna's rik with Cor makes 9 tricks (+2 each).
    rik(taps, dealer=0, declarer=0, partner=2, tricks=9)
    expect_next_deal(page, 2)
    # Match 2, one tap from the first: Bram's rik with Dirk fails (−2 each … of Bram and Dirk).
    taps.button("Next match")
    expect(page.locator(".in-session")).to_contain_text("Match 2 of the evening")
    rik(taps, dealer=1, declarer=1, partner=3, tricks=7)
    expect_next_deal(page, 2)
    # Match 3: Cor's rik with Bram makes 10.
    taps.button("Next match")
    expect(page.locator(".in-session")).to_contain_text("Match 3 of the evening")
    rik(taps, dealer=2, declarer=2, partner=1, tricks=10)
    expect_next_deal(page, 2)

    taps.link("Match 3 of the evening")
    expect(page.locator("h1")).to_contain_text("The evening")
    expect(page.locator(".session-matches > li")).to_have_count(3)
    rows = page.locator("#totals-title ~ .table-scroll tbody tr")
    expect(rows).to_have_count(4)
    units = [int(row.locator("td").nth(1).inner_text()) for row in rows.all()]
    assert sum(units) == 0 and units != [0, 0, 0, 0]
    expect(page.locator("svg.chart")).to_be_visible()
    assert fits_the_phone(page)

    taps.button("Settle and close")
    expect(page.locator("h1")).to_have_text("Settle and close the evening?")
    expect(page.locator(".asked ul.transfers li")).not_to_have_count(0)
    taps.button("Yes, settle and close")
    expect(page.locator("h1 .tag")).to_have_text("closed")
    transfers = page.locator("ul.transfers li")
    count = transfers.count()
    assert count >= 1
    for _ in range(count):
        page.get_by_role("button", name=re.compile("^Mark paid")).first.click()
        page.wait_for_load_state()
    expect(page.locator("ul.transfers .tag.ok")).to_have_count(count)
    expect(page.get_by_role("button", name=re.compile("^Mark paid"))).to_have_count(0)
    expect(page.locator(".next-match")).to_have_count(0)
    assert fits_the_phone(page)


def test_a_player_page_with_charts(page, live_server, django_user_model):
    from games.services import club_create, club_member_add, deal_record
    from games.services.sessions import session_create, session_match_add

    director = django_user_model.objects.create_user("dir")
    club = club_create(name="De Zwaan", director=director)
    members = [club_member_add(club=club, name=name) for name in PLAYERS]
    anna = members[0]
    anna.history = "public"
    anna.save()
    created = session_create(  # the club's director seats its members (issue 26)
        players=[m.pk for m in members], game="rikken", stake=Decimal("1"), owner=director
    )
    rik = {"contracts": [{"contract": "misere", "declarer": 0, "tricks": 0}]}
    match = created.match
    for number in range(3):
        deal_record(match=match, raw={**rik, "dealer": 0})
        deal_record(match=match, raw=rik)
        _session, match = session_match_add(
            session=created.session, game="marafon" if number == 1 else "rikken"
        )
        if match.game == "marafon":
            deal_record(match=match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
            _session, match = session_match_add(session=created.session, game="rikken")

    page.goto(f"{live_server.url}/p/{anna.pk}/")

    expect(page.locator("h1")).to_have_text("Anna")
    charts = page.locator("svg.chart")
    expect(charts).to_have_count(2)
    for chart in charts.all():
        box = chart.bounding_box()
        assert box["width"] <= 360 and box["height"] > 100
    expect(page.locator("table.stats").first).to_contain_text("Rikken")
    expect(page.locator("main")).to_contain_text("Misère")
    assert fits_the_phone(page)
