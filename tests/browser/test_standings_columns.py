"""Issue 28: the public standings show every column the directors' CSV has, on the projector at
1280 x 720 (where the table's box hides what does not fit: the byes and the played count were cut
off) and on a phone at 360 x 740 without scrolling sideways. A pairs event with the usual three
tie-breaks, long names, three-digit differences."""

from __future__ import annotations

import pytest

from games.models import Tournament
from games.services import club_create
from tests.factories import drawn_event

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}
# What each column's cells must hold: the CSV's columns after rank and name.
COLUMNS = 6  # match points, difference, Buchholz, Sonneborn-Berger, played, byes


def swiss(django_user_model, pairs: int) -> Tournament:
    director = django_user_model.objects.create_user("jan", password="pw-x-1234-long")
    club = club_create(name="De Zwaan", director=director)
    tournament = drawn_event(  # no tie-breaks named: the usual ones
        director=director,
        club=club,
        name="Pairs night",
        game="marafon",
        format="swiss",
        rounds=5,
        round_kind="game",
        deals_per_round=None,
        entrants=[(f"Annamaria {n}", f"Bartolomeo {n}") for n in range(1, pairs + 1)],
    )
    rows = [
        {
            "rank": n, "name": f"Annamaria {n} & Bartolomeo {n}", "match_points": 8 - n % 9,
            "points": 132 - 29 * n, "played": 4, "byes": n % 2,
            "tie_breaks": {"buchholz": 18 - n % 7, "sonneborn_berger": 12.5 - n % 5,
                           "difference": 132 - 29 * n},
            "decided_by": "buchholz", "shared": False,
        }
        for n in range(1, pairs + 1)
    ]  # fmt: skip
    Tournament.objects.filter(pk=tournament.pk).update(standings=rows)
    return tournament


def cut_off(screen) -> dict:
    """Each heading and cell of the standings that lies outside the box that shows the table,
    and whether that box scrolls sideways."""
    return screen.evaluate(
        """() => {
            const table = document.querySelector('table.standings');
            const box = table.parentElement.getBoundingClientRect();
            const outside = [...table.querySelectorAll('th, tbody tr:not([hidden]) td')]
                .filter(c => {
                    const r = c.getBoundingClientRect();
                    return r.left < box.left - 1 || r.right > box.right + 1;
                })
                .map(c => c.textContent.trim());
            const scroller = table.parentElement;
            return {outside, scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
                    headings: table.querySelectorAll('th').length,
                    page: document.documentElement.scrollWidth > innerWidth};
        }"""
    )


@pytest.mark.parametrize(
    ("pairs", "viewport", "path", "language"),
    [
        (16, PROJECTOR, "live/", "en"),
        (40, PROJECTOR, "live/", "en"),
        (16, PROJECTOR, "live/", "es"),
        (9, PHONE, "", "en"),
        (9, PHONE, "", "es"),
        (9, PHONE, "", "nl"),
    ],
)
def test_every_column_is_in_view(
    browser, live_server, django_user_model, pairs, viewport, path, language
):
    tournament = swiss(django_user_model, pairs)
    context = browser.new_context(
        viewport=viewport, extra_http_headers={"Accept-Language": language}
    )
    try:
        screen = context.new_page()
        screen.goto(f"{live_server.url}/t/{tournament.public_id}/{path}")
        screen.wait_for_load_state("load")
        found = cut_off(screen)
        keep_screenshot(screen, f"standings-{pairs}-{viewport['width']}-{language}", full_page=True)
    finally:
        context.close()

    assert found["headings"] == 2 + COLUMNS
    assert found["outside"] == []
    assert not found["scrolls"]
    assert not found["page"]
