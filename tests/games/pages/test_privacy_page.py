"""Issue 31: the privacy page says, in every language, what is kept, who sees it and for how
long; how to take or erase it; and that the operator's logs hold no names or keys. Each of its
paragraphs is read in each language as the page serves it, and must be that language's own
words (the catalogue's translation, not the English), with the retention time as configured.
That every page's foot links it, in every language, is read by the walk of every page
(test_every_page_in_every_language.py)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext, ngettext

from tests.translations import back_to_english

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "it", "es", "es-mx", "nl", "ja", "fa")

# The three points of the issue, each said by one paragraph or more of the page.
POINTS = {
    "what is kept, who sees it and for how long": [
        "The names typed for the players of each match, evening and tournament, the deals as "
        "entered, and the results worked out from them.",
        "A match or an evening: whoever holds its link. A tournament: everyone, on its public "
        "pages.",
        "Everything else is kept until it is deleted: a match or an evening by whoever holds its "
        "edit link or created it, a tournament or a club by its directors.",
    ],
    "how to take or erase it": [
        "Signed in, open your player page: “Take my data” downloads everything held about you as "
        "one file, and “Erase me” replaces your name by “Former player” and a number everywhere "
        "and deletes your account. Your results keep their numbers. It cannot be undone.",
        "A director of each of your clubs can do the same at your request.",
    ],
    "the operator's logs hold no names or keys": [
        "The logs kept to run the service hold no player's name and no key: they name things by "
        "number. This is tested.",
    ],
}
GUESTS = (
    "Guests' names in a friendly match left untouched for %(days)s day are replaced by “Guest”.",
    "Guests' names in a friendly match left untouched for %(days)s days are replaced by “Guest”.",
)


def said(page) -> str:
    text = re.sub(r"<[^>]+>", " ", page.content.decode())
    return re.sub(r"\s+", " ", html.unescape(text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_privacy_page_says_the_three_points_in_every_language(settings, language):
    settings.GUEST_NAME_RETENTION_DAYS = 365
    page = Client().get("/privacy/", HTTP_ACCEPT_LANGUAGE=language)
    text = said(page)
    missing, english = [], []
    try:
        with translation.override(language):
            for point, paragraphs in POINTS.items():
                for paragraph in paragraphs:
                    own = gettext(paragraph)
                    if own not in text:
                        missing.append((point, own))
                    if language != "en" and own == paragraph:
                        english.append(paragraph)
            days = ngettext(*GUESTS, 365).replace("%(days)s", "365")
    finally:
        back_to_english()
    assert page.status_code == 200 and page["Content-Language"] == language
    assert missing == [] and english == []
    # How long a guest's name is kept: the operator's setting, said in the language.
    digits = "۳۶۵" if language == "fa" else "365"
    assert days.replace("365", digits) in text or days in text
