"""Issue 28: a caption breaks between words, never inside one ("anoth|er phone", "que q|uede").
Names and addresses may still break anywhere (a long name or link must not push the page
sideways), but the words around them wrap whole. Read in Chromium at 360 x 740, in languages
whose words are long, by the position of every letter: a line that starts inside a word is a
word cut in two."""

from __future__ import annotations

from decimal import Decimal

import pytest

from games.services import deal_record, match_create
from games.services.sessions import session_create

from .conftest import VIEWPORT

pytestmark = pytest.mark.django_db(transaction=True)

MARAFON_DEAL = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
RIKKEN_DEAL = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}

# Every word of the captions (figcaption) cut across two lines: the letters on either side of
# a line's start, with their word. Addresses (<a>) and names (<bdi>) may break where they must.
CUT_WORDS = r"""() => {
  const cuts = [];
  const letter = /\p{L}/u;
  for (const caption of document.querySelectorAll("main figcaption")) {
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    let previous = null;  // the last letter's text node, offset and line
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("a, bdi")) { previous = null; continue; }
      const text = node.textContent;
      for (let i = 0; i < text.length; i++) {
        if (!letter.test(text[i])) { previous = null; continue; }
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (previous && box.top > previous.top + 2) {
          const start = text.lastIndexOf(" ", i) + 1;
          const end = text.indexOf(" ", i);
          cuts.push(text.slice(start, end < 0 ? undefined : end));
        }
        previous = { top: box.top };
      }
    }
  }
  return cuts;
}"""


@pytest.fixture
def phone_in(browser, live_server):
    """A phone whose browser asks for ``language`` (its Accept-Language), at 360 x 740."""
    contexts = []

    def open_phone(language: str):
        context = browser.new_context(viewport=VIEWPORT, locale=language)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.mark.parametrize("language", ["es", "nl", "it", "en"])
def test_the_share_and_edit_captions_break_between_words(phone_in, live_server, language):
    created = match_create(game="marafon", players=["Ana", "Beto", "Carmen", "Diego"])
    deal_record(match=created.match, raw=MARAFON_DEAL)
    evening = session_create(
        players=["Ana", "Beto", "Carmen", "Diego"], game="rikken", stake=Decimal("0.10")
    )
    deal_record(match=evening.match, raw=RIKKEN_DEAL)
    page = phone_in(language)

    cut = {}
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    assert page.locator("main figcaption").count() == 2  # share, and the edit link
    cut["match"] = page.evaluate(CUT_WORDS)
    page.goto(f"{live_server.url}/s/{evening.session.public_id}/edit/{evening.edit_key}/")
    assert page.locator("main figcaption").count() >= 3  # the chart's legend, share, edit
    cut["evening"] = page.evaluate(CUT_WORDS)
    wide = page.evaluate("document.scrollingElement.scrollWidth > window.innerWidth")

    assert cut == {"match": [], "evening": []}
    assert not wide  # the long address still breaks: nothing scrolls sideways
