"""Persian on a 360 x 740 phone (issue 15): the pages run right to left, nothing sticks out
sideways, a deal typed in Persian digits is read, and the language menu switches the language
and keeps it. Screenshots of the match page, the deal entry and the settle-up go to
artifacts/screenshots/rtl-*.png for a person to look at (with SCREENSHOTS=1).

The words of the pages are not compared: the catalogues are being translated, and these tests
hold whatever the translators write. Elements are found by their names and values instead."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from games.models import Deal
from games.services import deal_record, match_create

from .conftest import _assert_no_csp_violation, keep_screenshot, new_phone

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["آنا", "برام", "Cor", "Dirk"]

# What sticks out of the screen sideways: the page itself, or any element drawn past either
# edge (a wide table scrolls within its own box, which is allowed: .table-scroll).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) {
    out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(".table-scroll, .sr-only")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.right > width + 0.5) {
      const name = `${el.tagName}#${el.id}.${el.className}`;
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return out;
}"""


@pytest.fixture
def persian_phone(browser, live_server):
    """A phone whose browser asks for Persian (Accept-Language: fa)."""
    context = new_phone(browser)
    context.close()
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fa-IR")
    context.set_default_timeout(10_000)
    context.csp_violations = []
    page = context.new_page()
    page.on(
        "console",
        lambda m: "Content Security Policy" in m.text and context.csp_violations.append(m.text),
    )
    yield page
    context.close()
    _assert_no_csp_violation(context)


def shoot(page, name: str) -> None:
    keep_screenshot(page, f"rtl-{name}", full_page=True)


def assert_right_to_left_without_overflow(page) -> None:
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "fa")
    expect(html).to_have_attribute("dir", "rtl")
    assert page.evaluate(OVERFLOW) == []


def test_a_rikken_evening_in_persian_reads_right_to_left(persian_phone, live_server):
    page = persian_phone
    created = match_create(game="rikken", players=PLAYERS, stake=Decimal("0.10"))
    match = created.match
    deal_record(
        match=match,
        raw={"dealer": 0, "contracts": [{"contract": "rik", "declarer": 0, "partner": 2,
                                         "trump": "spades", "tricks": 9}]},
    )  # fmt: skip
    deal_record(
        match=match,
        raw={"contracts": [{"contract": "solo_9", "declarer": 1, "trump": "hearts",
                            "tricks": 7}]},
    )  # fmt: skip
    page.goto(f"{live_server.url}/m/{match.public_id}/edit/{created.edit_key}/")

    # The match page: the scoreboard starts at the right, as the page does.
    assert_right_to_left_without_overflow(page)
    first, last = page.locator(".board .total").first, page.locator(".board .total").last
    assert first.bounding_box()["x"] > last.bounding_box()["x"]
    cells = page.locator("#history thead th")
    assert cells.first.bounding_box()["x"] > cells.nth(1).bounding_box()["x"]
    shoot(page, "match")

    # The deal entry: Bram's misère and Dirk's piek at once, Dirk's trick typed in Persian.
    page.locator('label:has(> input[name="contract"][value="misere"])').click()
    page.locator('label:has(> input[name="declarer"][value="1"])').click()
    page.locator("details:has(#f-contract_2) > summary").click()
    page.locator('label:has(> input[name="contract_2"][value="piek"])').click()
    page.locator('label:has(> input[name="declarer_2"][value="3"])').click()
    page.locator('input[name="tricks_2"]').fill("۱")
    assert page.locator('input[name="tricks_2"]').input_value() == "۱"
    page.locator(".entry").scroll_into_view_if_needed()
    assert_right_to_left_without_overflow(page)
    keep_screenshot(page.locator(".entry"), "rtl-deal-entry")
    page.locator('button[name="tricks"][value="0"]').click()
    page.wait_for_url(f"**/m/{match.public_id}/?entered=1#board")
    entered = Deal.objects.filter(match=match).order_by("number").last()
    assert entered.number == 3
    assert [c["tricks"] for c in entered.input["contracts"]] == [0, 1]
    assert_right_to_left_without_overflow(page)

    # The settle-up, in money.
    page.goto(f"{live_server.url}/m/{match.public_id}/settle/")
    assert_right_to_left_without_overflow(page)
    expect(page.locator("table.history tbody tr")).to_have_count(4)
    expect(page.locator("ul.transfers li")).not_to_have_count(0)
    shoot(page, "settle-up")


def test_the_language_menu_switches_and_the_cookie_keeps_it(page, live_server):
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    menu = page.locator("form.lang")
    choice = menu.locator('button[value="fa"]')
    box = choice.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    choice.click()

    page.wait_for_url(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["django_language"]["value"] == "fa"
    assert cookies["django_language"]["expires"] > 0  # kept beyond this visit
    page.goto(live_server.url + "/tournaments/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    assert page.evaluate(OVERFLOW) == []
    expect(menu.locator('[aria-current="true"]')).to_have_text("فارسی")

    menu.locator('button[value="en"]').click()
    page.wait_for_url(live_server.url + "/tournaments/")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")


def test_a_page_kept_offline_is_never_shown_in_another_language(page, live_server):
    """The service worker keeps each page under its language: a match opened in English, the
    phone then switched to Persian elsewhere, opens offline as the Persian "No connection" page,
    not as its English copy; a page read in Persian opens offline in Persian."""
    created = match_create(game="marafon", players=["Anna", "Bruno", "Cora", "Dario"])
    match_url = f"{live_server.url}/m/{created.match.public_id}/"
    page.goto(match_url)
    expect(page.locator("body")).to_have_attribute("data-offline-ready", "")
    page.reload()  # now under the service worker, which keeps it in English
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.goto(live_server.url + "/tournaments/")
    page.locator('form.lang button[value="fa"]').click()
    page.wait_for_url(live_server.url + "/tournaments/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    page.goto(live_server.url + "/")  # the start page, read and kept in Persian
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    page.wait_for_timeout(300)  # the worker stores it behind the answer

    page.context.set_offline(True)
    page.goto(match_url)
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.locator("body[data-match]")).to_have_count(0)  # not the English match page
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.locator("#recent")).to_have_count(1)
    page.context.set_offline(False)
