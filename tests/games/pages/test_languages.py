"""Issue 15: the pages and the API in the six languages. The language comes from the phone's
Accept-Language until the language buttons choose one, which the language cookie keeps; every
page says its language and direction; numbers may be typed in Persian digits; each game has
its glossary, translated in every catalogue."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games.models import Deal
from games.pages.games import PAGES
from games.pages.matches.glossary import glossary_of
from games.pages.numbers import AmountField, NumberField, sign_first
from games.rules import GAMES
from games.services import match_create
from scorekeeper.catalogues import LOCALE, catalogues, compiled, stale

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]
# The project's Italian for a missing field (its catalogue comes before DRF's and Django's).
REQUIRED_IT = "Questo campo è obbligatorio."
DIRECTIONS = {
    "en": "ltr", "it": "ltr", "es": "ltr", "es-mx": "ltr", "nl": "ltr", "ja": "ltr", "fa": "rtl",
}  # fmt: skip


def html_tag(page) -> str:
    return re.search(r"<html[^>]*>", page.content.decode()).group(0)


def test_the_languages_are_offered_each_in_its_own_name():
    assert dict(settings.LANGUAGES) == {
        "en": "English",
        "it": "Italiano",
        "es": "Español",
        "es-mx": "Español (México)",
        "nl": "Nederlands",
        "ja": "日本語",
        "fa": "فارسی",
    }
    page = Client().get("/").content.decode()
    for code, name in settings.LANGUAGES:
        assert f'name="language" value="{code}" lang="{code}"' in page
        assert f">{name}</button>" in page


@pytest.mark.parametrize(("code", "direction"), DIRECTIONS.items())
def test_accept_language_picks_the_page_language_and_direction(code, direction):
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE=f"{code},en;q=0.5")
    assert html_tag(page) == f'<html lang="{code}" dir="{direction}">'
    assert page["Content-Language"] == code
    assert "Accept-Language" in page["Vary"]


def test_a_regional_variant_gets_its_language_and_an_unknown_one_english():
    assert 'lang="fa" dir="rtl"' in html_tag(Client().get("/", HTTP_ACCEPT_LANGUAGE="fa-IR"))
    assert 'lang="en" dir="ltr"' in html_tag(Client().get("/", HTTP_ACCEPT_LANGUAGE="sw"))


def test_a_phone_in_mexico_gets_mexican_spanish_and_spanish_for_the_rest():
    """es-MX says "celular" where Spain's Spanish says "móvil"; what it does not say otherwise
    is Spanish (locale/es_MX falls back to locale/es)."""
    mexico = Client().get("/", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9")
    spain = Client().get("/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert html_tag(mexico) == '<html lang="es-mx" dir="ltr">'
    assert html_tag(spain) == '<html lang="es" dir="ltr">'
    mexican, spanish = mexico.content.decode(), spain.content.decode()
    assert "en este celular" in mexican and "móvil" not in mexican
    assert "en este móvil" in spanish and "celular" not in spanish
    assert "Elige un juego" in mexican  # a message es_MX leaves to es


def test_the_language_buttons_offer_mexican_spanish():
    phone = Client(HTTP_ACCEPT_LANGUAGE="es")
    phone.post("/i18n/setlang/", {"language": "es-mx"}, HTTP_REFERER="/")
    assert html_tag(phone.get("/")) == '<html lang="es-mx" dir="ltr">'
    assert "en este celular" in phone.get("/").content.decode()


def test_a_form_error_is_said_in_the_page_language():
    """The words for a missing field, in Italian (the project's catalogue comes before DRF's
    and Django's own)."""
    page = Client().post("/new/marafon/", {"player_0": "Anna"}, HTTP_ACCEPT_LANGUAGE="it")
    assert page.status_code == 400
    assert f'role="alert">{REQUIRED_IT}</p>' in page.content.decode()


def test_the_language_buttons_switch_and_the_cookie_keeps_the_choice():
    phone = Client(HTTP_ACCEPT_LANGUAGE="it")
    answer = phone.post("/i18n/setlang/", {"language": "fa"}, HTTP_REFERER="/tournaments/")
    assert answer.status_code == 302 and answer["Location"] == "/tournaments/"
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "fa"
    assert cookie["max-age"] == settings.LANGUAGE_COOKIE_AGE >= 300 * 24 * 3600
    assert cookie["samesite"] == "Lax"
    # The cookie wins over the phone's Accept-Language, on every page from then on.
    assert html_tag(phone.get("/")) == '<html lang="fa" dir="rtl">'
    assert html_tag(phone.get("/tournaments/")) == '<html lang="fa" dir="rtl">'
    phone.post("/i18n/setlang/", {"language": "ja"}, HTTP_REFERER="/")
    assert html_tag(phone.get("/")) == '<html lang="ja" dir="ltr">'


def test_the_language_buttons_need_the_csrf_token():
    phone = Client(enforce_csrf_checks=True)
    assert phone.post("/i18n/setlang/", {"language": "fa"}).status_code == 403
    page = phone.get("/").content.decode()
    form = re.search(r'<form method="post" action="/i18n/setlang/".*?</form>', page).group(0)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    answer = phone.post("/i18n/setlang/", {"language": "fa", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302


def test_accept_language_picks_the_language_of_an_api_error():
    """The Italian for a missing field, and the answer says its language."""
    answer = Client().post(
        "/api/v1/matches/", {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert answer.status_code == 400
    assert answer["Content-Language"] == "it"
    assert answer.json()["game"] == [REQUIRED_IT]


def test_every_error_page_says_its_language_and_direction():
    phone = Client(HTTP_ACCEPT_LANGUAGE="fa")
    assert 'lang="fa" dir="rtl"' in html_tag(phone.get("/m/no-such-match/"))
    assert 'lang="fa" dir="rtl"' in html_tag(phone.get("/%00/"))  # refused before any view
    with translation.override("fa"):
        from scorekeeper.error_pages import render_error

        for name in ("400.html", "500.html", "unavailable.html"):
            assert '<html lang="fa" dir="rtl">' in render_error(name), name


def test_numbers_may_be_typed_in_persian_or_arabic_indic_digits():
    assert NumberField().clean("۱۲") == 12
    assert NumberField().clean("١٢") == 12
    assert NumberField().clean(" 7 ") == 7
    assert AmountField().clean("۰٫۱۰") == Decimal("0.10")
    assert AmountField().clean("0.25") == Decimal("0.25")
    widget = NumberField().widget.render("n", None)
    assert 'type="text"' in widget and 'inputmode="numeric"' in widget
    assert 'inputmode="decimal"' in AmountField().widget.render("s", None)


def test_a_deal_and_a_stake_in_persian_digits_are_read():
    phone = Client(HTTP_ACCEPT_LANGUAGE="fa")
    created = match_create(game="malilla", players=PLAYERS)
    match = created.match
    phone.get(f"/m/{match.public_id}/edit/{created.edit_key}/")
    answer = phone.post(
        f"/m/{match.public_id}/deals/",
        {"version": "0", "dealer": "0", "turn_rank": "7", "turn_suit": "cups",
         "total_0": "۴۳", "total_1": "۲۷"},
    )  # fmt: skip
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Deal.objects.get(match=match).input["totals"] == [43, 27]

    created = phone.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": PLAYERS, "stake": "۰٫۱۰"},
        content_type="application/json",
    )
    assert created.status_code == 201, created.json()
    assert created.json()["stake"] == "0.10"


def test_a_signed_number_keeps_its_sign_on_the_left_in_persian_only():
    with translation.override("en"):
        assert sign_first("-5") == "-5"
    with translation.override("fa"):
        assert sign_first("-5") == "\u200e-5"
        assert sign_first("+0.50") == "\u200e+0.50"
        assert sign_first("7") == "7"


def test_each_game_has_a_glossary_of_its_own_words_reachable_from_its_pages():
    for slug in GAMES:
        # The terms in English, as the page is asked for (an earlier request in this thread
        # may have left another language active).
        with translation.override("en"):
            terms = glossary_of(slug)
        assert 6 <= len(terms) <= 10, slug
        assert all(term and meaning for term, meaning in terms), slug
        page = Client().get(f"/games/{slug}/glossary/").content.decode()
        for term, _meaning in terms:
            assert f"<dt><strong>{term}</strong></dt>" in page.replace("&#x27;", "'")
        assert f'href="/games/{slug}/glossary/"' in Client().get(f"/new/{slug}/").content.decode()
    with translation.override("en"):
        assert "marafona" in dict(glossary_of("marafon"))
        assert "troela" in dict(glossary_of("rikken"))
    created = match_create(game="rikken", players=PLAYERS)
    match_page = Client().get(f"/m/{created.match.public_id}/").content.decode()
    assert 'href="/games/rikken/glossary/"' in match_page
    assert Client().get("/games/no-such-game/glossary/").status_code == 404


def test_the_glossary_terms_carry_their_game_as_context():
    """A term is translated for its game: the Italian catalogue's "marafona" is Marafon's."""
    for slug, page in PAGES.items():
        for term, meaning in page.glossary:
            assert term._args[0] == meaning._args[0] == GAMES[slug].name


def test_the_catalogues_are_compiled_by_the_pure_python_compiler():
    found = catalogues()
    assert {po.parts[-3] for po in found} >= {"it", "es", "nl", "ja", "fa"}
    for po in found:
        assert po.is_relative_to(LOCALE)
        assert compiled(po).exists() and not stale(po)


@pytest.mark.parametrize(
    ("code", "date", "amount"),
    [
        ("en", "25 Nov 2026", "-0.50"),
        ("it", "25 Novembre 2026", "-0,50"),  # Django's Italian months
        ("nl", "25 november 2026", "-0,50"),
        ("ja", "2026年11月25日", "-0.50"),
        ("fa", "25 نوامبر 2026", "\u200e-0.50"),
    ],
)
def test_dates_and_money_are_written_as_the_language_writes_them(code, date, amount):
    template = Template("{% load localnumbers %}{{ day|date }}|{{ amount|money }}")
    with translation.override(code):
        shown = template.render(Context({"day": datetime.date(2026, 11, 25), "amount": "-0.50"}))
    assert shown == f"{date}|{amount}"


def test_a_refused_name_is_said_in_the_callers_language():
    """The names' rule (games/names.py, no Django) speaks in messages translated at the
    boundary, its parameters too."""
    answer = Client().post(
        "/api/v1/matches/",
        {"game": "rikken", "players": ["An\tna", "Bram", "Cor", "Dirk"]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert answer.status_code == 400
    assert answer.json()["players"]["0"] == [
        "Un nome non può contenere caratteri di controllo (U+0009)."
    ]
    english = Client().post(
        "/api/v1/matches/",
        {"game": "rikken", "players": ["An\tna", "Bram", "Cor", "Dirk"]},
        content_type="application/json",
    )
    assert english.json()["players"]["0"] == ["A name cannot hold control characters (U+0009)."]
