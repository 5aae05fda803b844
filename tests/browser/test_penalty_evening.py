"""An evening in penalty points on a phone (360 x 740), issue 27 point 5: the evening form offers
the game's house rules, so the evening starts as penalty-point Rikken; its page shows penalty
points (each player's total, lowest first, the chart, a final ranking, not "everybody is even"),
and a match abandoned before its first deal is played by nobody."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from games.services import deal_record
from games.services.sessions import session_create, session_match_add

from .phone import Taps, radio_label

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
# Misère made: each opponent of the declarer takes 5 penalty points.
MISERE = {"contracts": [{"contract": "misere", "declarer": 0, "tricks": 0}]}


def match_on(page) -> Match:
    public_id = re.search(r"/m/([^/]+)/", page.url).group(1)
    return Match.objects.get(public_id=public_id)


def test_the_evening_form_offers_the_games_house_rules(page, live_server):
    taps = Taps(page, count_swipes=False)
    page.goto(live_server.url + "/s/new/")
    page.locator('textarea[name="players"]').fill("\n".join(PLAYERS))
    expect(page.locator(".house-rules").first).to_be_hidden()  # until a game is tapped
    taps.choose("game", "rikken")
    expect(page.locator("#f-rules_rikken")).to_be_visible()
    expect(page.locator("#f-rules_marafon")).to_be_hidden()
    taps.tap(radio_label(page, "rules_rikken", "rikken-penalty-points"))
    taps.button("Start the evening")
    page.wait_for_url(re.compile(r"/m/[^/]+/(#board)?$"))

    # The first match is kept in penalty points: doubling is asked, nobody settles up.
    expect(page.locator("h1")).to_contain_text("Rikken in penalty points")
    expect(page.locator("#f-doubled")).to_be_visible()
    first = match_on(page)
    assert first.rules["scoring"] == "penalty_points"
    deal_record(match=first, raw={**MISERE, "dealer": 0})

    # The next match: the same house rules, under their name.
    page.reload()
    taps.button("Next match")
    expect(page.locator(".in-session")).to_contain_text("Match 2 of the evening")
    expect(page.locator("h1")).to_contain_text("Rikken in penalty points")
    assert match_on(page).rules["scoring"] == "penalty_points"


def test_an_evening_in_penalty_points_ends_in_a_ranking(page, live_server):
    created = session_create(players=PLAYERS, game="rikken", preset="rikken-penalty-points")
    session = created.session
    deal_record(match=created.match, raw={**MISERE, "dealer": 0})  # Bram, Cor, Dirk: 5 each
    deal_record(match=created.match, raw=MISERE)  # Anna declares again: 10 each
    _session, second = session_match_add(session=session)
    deal_record(
        match=second,
        raw={"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    )  # Anna, Cor, Dirk: 5 each
    session_match_add(session=session)  # match 3, abandoned before its first deal
    session_match_add(session=session)  # match 4, not begun
    page.goto(f"{live_server.url}/s/{session.public_id}/edit/{created.edit_key}/")

    # Penalty points, lowest first: Anna 5, Bram 10, Cor 15, Dirk 15.
    rows = page.locator("#totals-title ~ .table-scroll tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator("#totals-title ~ .table-scroll thead")).to_contain_text("Penalty points")
    names = [row.locator("td").first.inner_text() for row in rows.all()]
    points = [row.locator("td.points").inner_text() for row in rows.all()]
    assert names == ["Anna", "Bram", "Cor", "Dirk"] and points == ["5", "10", "15", "15"]
    expect(page.locator("#totals-title ~ .table-scroll thead")).not_to_contain_text("Units")
    # Played: matches 1 and 2; the abandoned match 3 and match 4, not begun, are nobody's.
    expect(rows.first.locator("td").last).to_have_text("1/2")
    expect(page.locator(".points-chart svg.chart")).to_be_visible()
    expect(page.locator(".points-chart")).to_contain_text("Penalty points after each match")

    settle = page.locator("#settle")
    expect(settle.locator("h2")).to_have_text("Final ranking")
    expect(settle).not_to_contain_text("Everybody is even.")
    expect(settle.locator(".podium li")).to_have_count(4)  # Cor and Dirk share third place
    expect(settle.locator("table.ranking tbody tr").first).to_contain_text("Anna")
    expect(settle.locator("table.ranking tbody tr").last).to_contain_text("3=")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")

    Taps(page).button("Close the evening")
    expect(page.locator("h1")).to_have_text("Close the evening?")
    expect(page.locator(".asked table.ranking tbody tr").first).to_contain_text("Anna")
    Taps(page).button("Yes, close it")
    expect(page.locator("h1 .tag")).to_have_text("closed")
    expect(settle.locator("h2")).to_have_text("Final ranking")
