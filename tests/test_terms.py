"""Issue 35: one word per concept in every catalogue. Each language's term list (tests/terms.py)
names the wrong variants a review found ("gever", "smazzata", "partido", a half-width
parenthesis in Japanese…); no catalogue may say them again, and each word a list gives is one
the catalogue says (a rule whose word nobody says any more is stale). A regional variant is read
as its phones read it: its own entries over its language's (es-mx says celular wherever es says
móvil). The reading itself is tested on made-up entries, so a failure in the real catalogues
means the catalogue."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils.translation import to_locale

from tests.catalogues import LOCALE_DIR, VARIANTS, read_catalogue
from tests.terms import FIXED, TERMS, wrong_terms


def catalogue(language: str):
    return read_catalogue(LOCALE_DIR / to_locale(language) / "LC_MESSAGES" / "django.po")


def _entries(language: str) -> dict:
    found = {}
    for message in catalogue(language):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found[message.context, msgid] = [text for text in strings if text]
    return found


def entries_of(language: str):
    """(context, msgid, translations) of every message a phone in the language reads: a
    variant's own entries, and its language's for the rest."""
    said = _entries(VARIANTS[language]) if language in VARIANTS else {}
    said.update((key, strings) for key, strings in _entries(language).items() if strings)
    for (context, msgid), strings in said.items():
        yield context, msgid, strings


def test_every_language_offered_has_a_term_list():
    offered = {code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE}

    assert set(TERMS) == offered


@pytest.mark.parametrize("language", sorted(TERMS))
def test_the_catalogue_says_each_concept_its_one_way(language):
    assert wrong_terms(language, entries_of(language)) == []


@pytest.mark.parametrize("language", sorted(TERMS))
def test_each_word_of_the_list_is_said(language):
    texts = [text.casefold() for _c, _msgid, strings in entries_of(language) for text in strings]

    unsaid = [
        term.word
        for term in TERMS[language]
        if term.literal and not any(term.word.casefold() in text for text in texts)
    ]

    assert unsaid == []


@pytest.mark.parametrize(("language", "context", "msgid"), sorted(FIXED, key=str))
def test_a_word_fixed_by_its_context(language, context, msgid):
    """The table-status tag "Scoring" says the table is being played, not the score sheet; the
    Persian Latin suits are a cup and a cudgel."""
    assert catalogue(language).get(msgid, context=context).string == FIXED[language, context, msgid]


@pytest.mark.parametrize(
    ("language", "context", "text", "caught"),
    [
        ("nl", None, "De gever deelt opnieuw.", True),
        ("nl", None, "De vergever deelt.", False),
        ("nl", None, "%(suit)s aas", True),  # the ace of a suit is "aas van %(suit)s"
        ("nl", None, "%(count)s aas", False),  # a count of aces is no suit
        ("it", None, "Gioca una smazzata di spareggio.", True),
        ("es", None, "%(count)s partidos en la primera ronda.", True),
        ("es", None, "El repartidor reparte.", False),
        ("es", None, "renegar", True),
        ("es", "Malilla", "renegar", False),  # the glossary keeps the players' verb
        ("es-mx", None, "En este móvil:", True),
        ("ja", None, "休み:%(pair)s", True),
        ("ja", None, "%(home)s対%(away)sは同点です(%(points)s)", True),
        ("ja", None, "本文を送信してください（Content-Type: application/json）。", False),
        ("ja", None, "renshoを配られなかったチーム", True),
        ("ja", None, "メキシコ式Malilla", False),
        ("ja", None, "参加者%(n)s", True),
        ("ja", None, "参加者%(n)s人", False),
        ("ja", "Etori", "Aが配られたペア", True),
        ("ja", None, "ペア戦", False),
        ("fa", None, "%(count)s میز ۵ نفره", True),
        ("fa", None, "دلال", True),
        ("fa", "Etori", "دلال", False),
        ("it", None, "I direttori dei circoli accedono.", True),
        ("it", None, "Scegli due schede diverse.", False),  # a record, not a table card
        ("es", None, "Otro teléfono anotó.", True),
        ("es", None, "Nueva sesión", True),
        ("es", None, "Con la sesión iniciada, abre tu página.", False),  # a sign-in
        ("es", None, "Aquí no hay partes que intercambiar.", True),
        ("es", None, "en todas partes", False),
        ("es-mx", None, "Este enlace no vale para esta mesa.", True),
        ("ja", None, "カードが逆の側に渡りましたか?", True),
        ("ja", None, "結果を再開しますか？", True),
        ("ja", None, "まもなく再開します", False),  # the service, back in a moment
        ("ja", "Etori", "絵札", True),
        ("ja", None, "ゲーム {input!r} はありません。", False),
        ("fa", None, "مرد نابینا", True),
        ("fa", None, "قوانین خانگی ذخیره شد.", True),
        ("fa", None, "این مسابقه و %(n)d دست\u200cهایش", True),
        ("fa", None, "دست را رها کرد", False),  # a hand of cards
    ],
)
def test_the_reading_catches_a_listed_variant_and_nothing_else(language, context, text, caught):
    found = wrong_terms(language, [(context, "msgid", [text])])

    assert bool(found) == caught, found


def test_a_variant_reads_its_own_words_and_its_languages_for_the_rest():
    said = {msgid: strings for _context, msgid, strings in entries_of("es-mx")}

    assert said["On this phone:"] == ["En este celular:"]
    assert said["Dealer"] == ["Repartidor"]
