"""Every QR code the service draws scans back to its link with a real decoder (OpenCV), on a
360 px phone and on a page printed from a 1280 px screen: the table cards (both halves), the
match page (share and edit links) and the projector view."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from games.models import Table
from games.services import match_create
from games.services.table_keys import table_keys
from tests.factories import director_user, drawn_event

from .conftest import VIEWPORT

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-x-1234-long"


def decoded(element) -> str:
    """The text of the QR code drawn in ``element``, read from a screenshot of it."""
    png = element.screenshot()
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    # A white margin around the code, as on paper: the decoder needs its quiet zone.
    image = cv2.copyMakeBorder(image, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    # As a phone's camera sees it closer: a few sizes, black and white.
    for scale in (1, 2, 3):
        sized = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        _, sharp = cv2.threshold(sized, 128, 255, cv2.THRESH_BINARY)
        text, _, _ = cv2.QRCodeDetector().detectAndDecode(sharp)
        if text:
            return text
    return ""


def codes_and_links(page, selector: str) -> list[tuple[str, str]]:
    """(decoded text, the link printed beside the code) for every code on the page."""
    found = []
    for element in page.locator(selector).all():
        link = element.evaluate(
            "e => (e.closest('figure,section,.card-half')"
            " .querySelector('.card-link, figcaption a, figcaption') || {}).textContent || ''"
        )
        found.append((decoded(element), link.strip()))
    return found


@pytest.fixture
def drawn(django_user_model):
    director = director_user("jan")
    names = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Femke", "Gijs", "Hanna"]
    return director, drawn_event(director=director, deals_per_round=2, entrants=names)


@pytest.mark.parametrize(
    ("viewport", "media"), [(VIEWPORT, "screen"), ({"width": 1280, "height": 900}, "print")]
)
def test_every_table_card_code_scans_to_its_link(browser, live_server, drawn, viewport, media):
    _, tournament = drawn
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill('input[name="username"]', "jan")
        page.fill('input[name="password"]', PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.emulate_media(media=media)
        page.goto(f"{live_server.url}/director/t/{tournament.public_id}/rounds/1/cards/")

        codes = codes_and_links(page, ".card .qr")
    finally:
        context.close()

    expected = []
    for table in Table.objects.select_related("match").order_by("number"):
        keys = table_keys(table)
        expected += [
            f"{live_server.url}/m/{table.match.public_id}/edit/{keys.scoring}/",
            f"{live_server.url}/m/{table.match.public_id}/confirm/{keys.confirmation}/",
        ]
    assert [text for text, _ in codes] == expected
    assert all(text == link for text, link in codes)  # the printed link is the same


def test_the_match_page_and_the_projector_codes_scan(page, live_server, drawn):
    _, tournament = drawn
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    match_id = created.match.public_id
    page.goto(f"{live_server.url}/m/{match_id}/edit/{created.edit_key}/")

    match_codes = [text for text, _ in codes_and_links(page, ".qrs .qr")]
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/t/{tournament.public_id}/live/")
    projector = [text for text, _ in codes_and_links(page, ".follow .qr")]

    assert match_codes == [
        f"{live_server.url}/m/{match_id}/",
        f"{live_server.url}/m/{match_id}/edit/{created.edit_key}/",
    ]
    assert projector == [f"{live_server.url}/t/{tournament.public_id}/"]
