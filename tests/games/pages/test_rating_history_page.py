"""A member's rating history page explains each result (issue 32 §2): a ``<details>`` each,
newest first, opened without a script, its summary the day, the event and the rating before
and after, its sentences in the reader's language (all six, and Mexican Spanish)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.digits import western_digits
from tests.factories import rated_club

pytestmark = pytest.mark.django_db

# A sentence of every explanation, as each language says it.
SAID = {
    "en": ("Rating before and after", "The rating is a cautious estimate"),
    "it": ("Rating prima e dopo", "Il rating è una stima prudente"),
    "es": ("Valoración antes y después", "La valoración es una estimación prudente"),
    "es-mx": ("Valoración antes y después", "La valoración es una estimación prudente"),
    "nl": ("Rating voor en na", "De rating is een voorzichtige schatting"),
    "ja": ("レーティングの前と後", "レーティングは控えめな見積もりです"),
    "fa": ("ریتینگ پیش و پس", "ریتینگ برآوردی محتاطانه است"),
}
DETAILS = re.compile(r"<details><summary>(.*?)</summary>(.*?)</details>", re.S)


@pytest.fixture
def club():
    return rated_club()


def history_page(club, language: str = "en") -> str:
    path = f"/c/{club['club'].slug}/ratings/rikken/{club['members'][1].pk}/"
    page = Client().get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page.content.decode()


def explained(html: str) -> list[tuple[str, list[str]]]:
    return [
        (unescape(summary), [unescape(p) for p in re.findall(r"<p>(.*?)</p>", body)])
        for summary, body in DETAILS.findall(html)
    ]


def test_each_result_opens_its_explanation_newest_first(club):
    steps = explained(history_page(club))

    assert [summary.split(" · ")[1] for summary, _lines in steps] == [
        "Match 2 of the evening",
        "Match 1 of the evening",
        "\u2068Drive\u2069, round 1, table 1",
    ]
    summary, lines = steps[-1]
    assert summary.endswith(" · 0.00 → 3.00")
    assert lines[0] == "Place 1 of 4: +15 units."
    assert lines[1].startswith("The other places: ") and "place 2, -5 units" in lines[1]
    assert lines[2] == "Rating before and after: 0.00 → 3.00 (+3.00)."
    assert lines[-1].startswith("The rating is a cautious estimate: ")
    # The summary says the day and the event: the sentences do not say them again.
    assert not any("Drive" in line for line in lines)


@pytest.mark.parametrize("language", list(SAID))
def test_the_explanations_are_said_in_every_language(club, language):
    html = history_page(club, language)
    steps = explained(html)

    assert len(steps) == 3
    for _summary, lines in steps:
        text = " ".join(lines)
        assert all(sentence in text for sentence in SAID[language]), (language, text)
    if language == "fa":  # Persian digits, as every Persian page writes its numbers
        assert western_digits(steps[0][0]) != steps[0][0]


def test_a_dutch_page_writes_the_decimal_comma(club):
    summary, lines = explained(history_page(club, "nl"))[-1]

    assert summary.endswith(" · 0,00 → 3,00")
    assert "Rating voor en na: 0,00 → 3,00 (+3,00)." in lines


def test_a_long_history_explains_the_latest_results_only(club, monkeypatch):
    monkeypatch.setattr("games.pages.clubs.ratings.EXPLAINED", 2)

    html = history_page(club)

    assert len(explained(html)) == 2
    assert "The latest 2 of 3 results." in html
    assert html.count("<polyline") == 1  # the chart still draws every result


def test_a_member_with_no_result_has_no_explanation(club):
    from games.services import club_member_add

    newcomer = club_member_add(club=club["club"], name="Ed")
    page = Client().get(f"/c/{club['club'].slug}/ratings/rikken/{newcomer.pk}/")

    assert page.status_code == 200
    assert b"<details" not in page.content and b"No rated result yet." in page.content
