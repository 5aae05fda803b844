"""Issue 27, "Words", on a 360 x 740 phone: the Italian battezzante's line reads with the name
where the sentence puts it; Marafon's points keys show no minus; Malilla's albur chips name the
teams as the players are typed; a Persian phone offline counts its waiting deals in Persian
digits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.services import deal_record, match_create

from .conftest import VIEWPORT, _assert_no_csp_violation, _screenshot
from .phone import Taps, radio_label

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bruno", "Ciro", "Dario"]

# Each word of a line and whether it is drawn after the name (a line below it, or on its line
# past its end in the reading direction): the order in which a person reads them.
READING_ORDER = """(name) => {
  const line = [...document.querySelectorAll('.board .next > *')]
    .find((e) => e.textContent.includes(name));
  const who = [...line.querySelectorAll('*')].find((e) => e.textContent.trim() === name);
  // The name's own text, not its box (a flex item stretches to the height of its line).
  const own = document.createRange();
  own.selectNodeContents(who);
  const at = own.getClientRects()[0];
  const rtl = getComputedStyle(line).direction === 'rtl';
  const words = [];
  const walk = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    if (who.contains(node)) continue;
    const before = !!(who.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING);
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const r = range.getBoundingClientRect();
      const sameLine = Math.abs(r.top - at.top) < at.height / 2;
      const past = rtl ? r.right <= at.left + 1 : r.left >= at.right - 1;
      const after = r.top >= at.bottom - 1 || (sameLine && past);
      const read = after ? 'after' : 'before';
      words.push({ word: m[0], written: before ? 'before' : 'after', read });
    }
  }
  return words;
}"""


@pytest.fixture
def phone_in(browser, live_server, request):
    """A phone whose browser asks for ``language`` (its Accept-Language)."""
    contexts = []

    def open_phone(language: str):
        context = browser.new_context(viewport=VIEWPORT, locale=language)
        context.set_default_timeout(10_000)
        context.csp_violations = []
        contexts.append(context)
        page = context.new_page()
        page.on(
            "console",
            lambda m: "Content Security Policy" in m.text and context.csp_violations.append(m.text),
        )
        return page

    yield open_phone
    for context in contexts:
        try:
            _screenshot(
                context.pages[0],
                request,
                f"-{context.pages[0].evaluate('document.documentElement.lang')}",
            )
        finally:
            context.close()
        _assert_no_csp_violation(context)


def marafon_match():
    created = match_create(game="marafon", players=PLAYERS)
    # Ciro named trumps in deal 1: the battezzante of deal 2 is the next player, Dario.
    deal_record(match=created.match, raw={"battezzante": 2, "trump": "cups", "points": [7, 4]})
    return created


def test_the_italian_battezzante_line_reads_with_the_name_where_the_sentence_puts_it(
    phone_in, live_server
):
    created = marafon_match()
    page = phone_in("it-IT")
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    created.match.refresh_from_db()
    battezzante = created.match.state["next"]["battezzante"]
    name = PLAYERS[battezzante]

    line = page.locator(".board .next > *", has_text="Battezzante")
    words = page.evaluate(READING_ORDER, name)

    # Every word is read where it is written: none drawn beside the name out of its order.
    assert words and all(w["read"] == w["written"] for w in words), words
    expect(line).to_have_text(f"Battezzante: {name}, che chiama la briscola ed è di mano")
    assert [w["word"] for w in words if w["written"] == "before"] == ["Battezzante:"]


def test_marafons_points_keys_show_the_other_teams_share_without_a_minus(page, live_server):
    created = marafon_match()
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")

    keys = page.locator("button.key[name=points]")
    shown = keys.evaluate_all(
        "(keys) => keys.map((k) => [...k.childNodes].filter((n) => !(n.classList &&"
        " n.classList.contains('sr-only'))).map((n) => n.textContent).join('|'))"
    )
    legend = page.locator("#f-points legend")

    assert shown == [f"{k}|{11 - k}" for k in range(12)]
    assert not any(re.search("[-–−]", key) for key in shown)
    expect(legend).to_have_text(
        "Points: Anna & Ciro – Bruno & Dario (tap: Anna & Ciro on top, Bruno & Dario below)"
    )
    # Read aloud (and by the offline line), a key still says both shares.
    expect(keys.nth(7)).to_have_accessible_name(re.compile(r"^7\s*–\s*4$"))
    other = keys.nth(0).locator(".other").bounding_box()
    mine = keys.nth(0).bounding_box()
    assert other["y"] > mine["y"] and other["y"] + other["height"] <= mine["y"] + mine["height"]


def test_malillas_albur_chips_name_the_teams_as_the_players_are_typed(page, live_server):
    page.goto(f"{live_server.url}/new/malilla/")
    chips = page.locator("#f-albur label")
    expect(chips).to_have_text(["Not played", "Player 1 & Player 3", "Player 2 & Player 4"])
    expect(page.locator("#f-albur select")).to_have_count(0)

    taps = Taps(page, count_swipes=False)
    for seat, name in enumerate(["Ana", "Beto", "Carmen"]):
        taps.type(f"player_{seat}", name)
    expect(chips).to_have_text(["Not played", "Ana & Carmen", "Beto & Player 4"])
    taps.type("player_3", "Diego")
    expect(chips).to_have_text(["Not played", "Ana & Carmen", "Beto & Diego"])

    chip = radio_label(page, "albur", 1)
    assert chip.bounding_box()["height"] >= 44
    taps.tap(chip)
    taps.button("Start the match")
    page.wait_for_url(re.compile(r"/m/[^/]+/"))
    expect(page.locator(".board .total .big")).to_have_text(["0", "5"])


def test_a_persian_phone_counts_waiting_deals_in_persian_digits(phone_in, live_server):
    created = marafon_match()
    page = phone_in("fa-IR")
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    expect(page.locator("#entry-title")).to_contain_text("۲")

    page.context.set_offline(True)
    taps = Taps(page)
    taps.choose("trump", "coins")
    taps.key(6)

    expect(page.locator("#waiting li")).to_have_count(1)
    waiting = page.locator("#waiting li strong").inner_text()
    heading = page.locator("#entry-title").inner_text()
    page.context.set_offline(False)
    assert "۲" in waiting and not re.search("[0-9]", waiting), waiting
    assert "۳" in heading and not re.search("[0-9]", heading), heading
    assert not re.search("[0-9]", page.locator(".board").inner_text())
