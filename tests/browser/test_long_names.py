"""Issue 26: a 60-character name with no space (a long double surname, a nickname) made the
match page 980-1,074 px wide on a 360 px phone. Names wrap where they must, and no page scrolls
sideways: ``document.scrollingElement.scrollWidth`` stays within the 360 px of the screen."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.models import Table
from games.services import club_create, deal_record
from games.services.sessions import session_create, session_match_add
from games.services.tables import Confirmer, table_confirm
from tests.factories import drawn_event

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewis"  # 60 letters
NAMES = [f"{LONG[:58]}{n:02d}" for n in range(8)]
RIK = {
    "contracts": [{"contract": "rik", "declarer": 1, "partner": 2, "trump": "hearts", "tricks": 9}]
}


def width(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


def wide_elements(page) -> list[str]:
    """The text that sticks out past the screen's right edge, for the failure's message."""
    return page.evaluate(
        """() => {
            const edge = document.documentElement.clientWidth + 1;
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            const wide = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const range = document.createRange();
                range.selectNodeContents(node);
                if (range.getBoundingClientRect().right > edge) {
                    const parent = node.parentElement;
                    wide.push(parent.tagName + "." + parent.className + ": "
                        + node.textContent.trim().slice(0, 30));
                }
            }
            return wide.slice(0, 6);
        }"""
    )


@pytest.fixture
def evening():
    created = session_create(players=NAMES[:4], game="rikken", stake=Decimal("0.10"))
    match = created.match
    deal_record(match=match, raw={**RIK, "dealer": 0})
    deal_record(match=match, raw=RIK)
    _session, second = session_match_add(session=created.session, game="marafon")
    deal_record(match=second, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    return created, match


@pytest.fixture
def tournament(django_user_model):
    director = django_user_model.objects.create_user("jan")
    club = club_create(name=LONG, director=director)
    event = drawn_event(director=director, club=club, name=LONG, entrants=NAMES, deals_per_round=2)
    for table in Table.objects.select_related("match"):
        deal_record(match=table.match, raw={**RIK, "dealer": 0})
        deal_record(match=table.match, raw=RIK)
    first = Table.objects.order_by("number").first()
    table_confirm(table=first, by=first.match.seats.first().player.name, confirmer=Confirmer())
    return event


def test_long_names_never_make_a_page_scroll_sideways(page, live_server, evening, tournament):
    created, match = evening
    pages = {
        "the match page, scoring": f"/m/{match.public_id}/edit/{created.edit_key}/",
        "the match page, its next deal's form open": f"/m/{match.public_id}/#entry-title",
        "the evening's second match": f"/m/{created.session.entries.last().match.public_id}/",
        "the evening page": f"/s/{created.session.public_id}/",
        "the settle-up": f"/m/{match.public_id}/settle/",
        "the tournament page": f"/t/{tournament.public_id}/",
        "the tournament's results": f"/t/{tournament.public_id}/results/",
    }
    widths = {}
    culprits = {}
    for what, path in pages.items():
        page.goto(live_server.url + path)
        widths[what] = width(page)
        shot = "long-names-" + "-".join(what.replace("'", "").replace(",", "").split()[:6])
        keep_screenshot(page, shot, full_page=True)
        if widths[what] > 360:
            culprits[what] = wide_elements(page)
    viewer = page.context.browser.new_context(viewport={"width": 360, "height": 740})
    try:
        share = viewer.new_page()
        share.goto(f"{live_server.url}/m/{match.public_id}/")
        widths["the scoreboard, read only"] = width(share)
        if widths["the scoreboard, read only"] > 360:
            culprits["the scoreboard, read only"] = wide_elements(share)
    finally:
        viewer.close()
    print(widths)

    assert all(w <= 360 for w in widths.values()), (widths, culprits)
