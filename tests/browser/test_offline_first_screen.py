"""Offline on the first screen (issue 27, point 4), on a 360 x 740 phone: the page says there is
no connection and what waits at its top; after a reload the last deal is the newest waiting one,
its "Waiting to send" whole; while deals wait the next deal's roles are worked out from the
rotation, or said to be unknown until the deals are sent, never the stale ones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import deal_record, match_create

from .phone import Taps
from .test_offline import FIRST, PLAYERS, kept_on_phone, offline_deal, open_to_score

pytestmark = pytest.mark.django_db(transaction=True)


def on_first_screen(page, selector: str) -> bool:
    """Wholly within the phone's screen as it is scrolled now."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740


def wholly_shown(page, selector: str, words: str) -> bool:
    """``words`` inside ``selector`` are drawn inside its box, not cut off with "…"."""
    return page.evaluate(
        """([selector, words]) => {
          const box = document.querySelector(selector);
          const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            const at = walker.currentNode.data.indexOf(words);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(walker.currentNode, at);
            range.setEnd(walker.currentNode, at + words.length);
            const shown = range.getBoundingClientRect();
            const clip = box.getBoundingClientRect();
            return shown.width > 0 && shown.left >= clip.left - 1 && shown.right <= clip.right + 1;
          }
          return false;
        }""",
        [selector, words],
    )


def expect_roles(page, names: list[str]) -> None:
    """Who takes each role of the board, in its order (dealer, then battezzante), waited for:
    once its queue is sent the page is drawn again, and a read in between would find none."""
    expect(page.locator(".board ul.next li strong")).to_have_text(names)


def marafon_match(**rules):
    created = match_create(game="marafon", players=PLAYERS, rules=rules)
    deal_record(match=created.match, raw=FIRST)  # Anna named trumps: Bruno next, Anna deals
    return created.match, created.edit_key


def test_no_connection_and_what_waits_show_on_the_first_screen(page, live_server):
    match, key = marafon_match()
    open_to_score(page, live_server, match, key)
    page.context.set_offline(True)
    state = page.locator("#queue .queue-state")
    expect(state).to_have_text(
        "No connection: what you enter is kept here and sent when it returns."
    )
    assert on_first_screen(page, "#queue .queue-state")

    for n, trump in enumerate(["coins", "swords", "clubs"]):
        offline_deal(page, trump, n + 2)
    expect(state).to_have_text("No connection · 3 waiting to send.")
    assert on_first_screen(page, "#queue .queue-state")

    kept_on_phone(page, 3)
    page.reload()  # the kept page, opened again at its top
    page.evaluate("window.scrollTo(0, 0)")
    expect(state).to_have_text("No connection · 3 waiting to send.")
    assert on_first_screen(page, "#queue .queue-state")


def test_after_a_reload_the_last_deal_is_the_newest_waiting_one_shown_whole(page, live_server):
    match, key = marafon_match()
    open_to_score(page, live_server, match, key)
    page.context.set_offline(True)
    for n, trump in enumerate(["coins", "swords", "clubs", "cups"]):
        offline_deal(page, trump, n + 2)
        expect(page.locator("#last-deal")).to_contain_text(f"Deal {n + 2}: ")
        assert wholly_shown(page, "#last-deal", "Waiting to send")
    kept_on_phone(page, 4)
    page.reload()
    page.evaluate("window.scrollTo(0, 0)")

    last = page.locator("#last-deal")
    expect(last).to_contain_text("Deal 5: ")
    expect(last).to_contain_text("Waiting to send")
    expect(page.locator("#entry-title")).to_have_text("Deal 6")
    assert wholly_shown(page, "#last-deal", "Waiting to send")
    assert on_first_screen(page, "#last-deal")


def test_while_deals_wait_the_next_roles_come_from_the_rotation(page, live_server):
    """Deal 1 was Anna's as battezzante: Anna deals next, Bruno names trumps, Dario must not
    look. An annulled deal (mandare a monte) is dealt again by the same dealer."""
    match, key = marafon_match(mandare_a_monte=True)
    open_to_score(page, live_server, match, key)
    expect_roles(page, ["Anna", "Bruno"])
    page.context.set_offline(True)

    offline_deal(page, "coins", 3)
    expect(page.locator(".board ul.next li strong").first).to_have_text("Bruno")
    expect_roles(page, ["Bruno", "Cora"])
    expect(page.locator(".board .reminder")).to_have_text(
        "Anna must not look at their cards until trumps are named."
    )
    expect(page.locator(".board .waiting-note")).to_have_text(
        "The totals do not count the waiting deals yet."
    )

    taps = Taps(page)
    taps.choose("trump", "cups")
    taps.button("Annul the deal (mandare a monte)")  # Cora deals this one again
    expect(page.locator("li.waiting")).to_have_count(2)
    expect_roles(page, ["Bruno", "Cora"])
    offline_deal(page, "swords", 4)
    offline_deal(page, "clubs", 5)
    expect(page.locator("li.waiting")).to_have_count(4)
    expect_roles(page, ["Dario", "Anna"])
    expect(page.locator(".board .reminder")).to_have_text(
        "Cora must not look at their cards until trumps are named."
    )

    kept_on_phone(page, 4)
    page.reload()  # the kept page: drawn before the deals, the roles after them
    expect_roles(page, ["Dario", "Anna"])

    page.context.set_offline(False)
    expect(page.locator("#queue .queue-state")).to_contain_text("4 sent", timeout=15_000)
    # The server agrees.
    expect_roles(page, ["Dario", "Anna"])
    expect(page.locator(".board .waiting-note")).to_be_hidden()


def test_roles_that_depend_on_the_result_are_said_unknown_while_deals_wait(page, live_server):
    """At Etori the losers of a hand deal the next: no role is shown until the hand is sent."""
    created = match_create(game="etori", players=PLAYERS)
    match = created.match
    deal_record(
        match=match,
        raw={"honours": [10, 6], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]},
    )
    open_to_score(page, live_server, match, created.edit_key)
    expect(page.locator(".board ul.next")).to_be_visible()
    page.context.set_offline(True)
    # Whatever the hand was: it waits, unread, until it is sent.
    page.evaluate(
        "() => { const f = document.querySelector('form.deal-form');"
        " f.requestSubmit(f.querySelector('[type=submit]')); }"
    )
    expect(page.locator("li.waiting")).to_have_count(1)
    expect(page.locator(".board ul.next")).to_be_hidden()
    expect(page.locator(".board .waiting-note")).to_contain_text(
        "Who deals next is known once the waiting deals are sent."
    )
    assert on_first_screen(page, ".board .waiting-note")
