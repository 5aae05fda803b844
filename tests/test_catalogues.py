"""The translation catalogues (issue 15): every catalogue complete and usable as written, and
every message the rules engines can raise or show translated in each. The checks themselves
are tested on small catalogues made here, so a failure in the real ones means the catalogue."""

from __future__ import annotations

import gettext
from pathlib import Path

import django
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from django.utils import translation
from django.utils.translation import to_locale

from tests.catalogues import (
    LANGUAGES,
    LOCALE_DIR,
    VARIANTS,
    NotALiteral,
    engine_messages,
    entry_problems,
    messages_in,
    missing_messages,
    read_catalogue,
)


def catalogue_path(language: str):
    return LOCALE_DIR / to_locale(language) / "LC_MESSAGES" / "django.po"


# --- the real catalogues -----------------------------------------------------------------------


@pytest.mark.parametrize("language", [*LANGUAGES, *VARIANTS])
def test_the_catalogue_is_complete_and_usable(language):
    problems = entry_problems(read_catalogue(catalogue_path(language)))

    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_message_is_in_the_catalogue(language):
    catalog = read_catalogue(catalogue_path(language))

    assert missing_messages(catalog, engine_messages()) == []


# Counts that tell the plural rules apart: zero, one, few, many (the millions of Spanish), other.
COUNTS = (*range(0, 112), 1_000_000, 1_000_001, 2_000_000)


def plural_rule(po: Path) -> tuple[int, list[int]]:
    """A catalogue's declared Plural-Forms as (number of forms, the form of each of COUNTS)."""
    catalog = read_catalogue(po)
    form = gettext.c2py(catalog.plural_expr)
    return catalog.num_plurals, [form(count) for count in COUNTS]


@pytest.mark.parametrize("language", [*LANGUAGES, *VARIANTS])
def test_the_catalogue_counts_as_django_does(language):
    """Django merges its own catalogue and ours into one only when their plural rules agree: a
    different rule would make a second catalogue, and a count would pick its form by another
    rule in Django's words than in ours."""
    django_po = (
        Path(django.__file__).parent / "conf" / "locale" / to_locale(language) / "LC_MESSAGES"
    )

    assert plural_rule(catalogue_path(language)) == plural_rule(django_po / "django.po")


def glossary_messages() -> set:
    """Every game's glossary, term and meaning, as a catalogue keys them (its game's name as
    context): makemessages misses a string it cannot read, so this reads the page modules."""
    from games.pages.games import PAGES

    return {
        (entry._args[0], entry._args[1], None)
        for page in PAGES.values()
        for pair in page.glossary
        for entry in pair
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_glossary_entry_is_in_the_catalogue(language):
    catalog = read_catalogue(catalogue_path(language))

    assert len(glossary_messages()) > 60
    assert missing_messages(catalog, glossary_messages()) == []


# --- a regional variant -----------------------------------------------------------------------


def test_the_variants_are_offered():
    assert VARIANTS == {"es-mx": "es"}


@pytest.mark.parametrize(("variant", "base"), VARIANTS.items())
def test_a_variant_says_only_what_it_says_otherwise(variant, base):
    """Each entry of a variant's catalogue is a message of its language's, translated otherwise
    (or one Django's own catalogue of the region would say otherwise: Django reads it first)."""
    own = read_catalogue(catalogue_path(variant))
    whole = read_catalogue(catalogue_path(base))
    entries = [message for message in own if message.id]

    assert 0 < len(entries) < len(whole) / 10
    for message in entries:
        assert whole.get(message.id, context=message.context) is not None, message.id


@pytest.mark.parametrize(("variant", "base"), VARIANTS.items())
def test_a_variant_falls_back_to_its_language_for_the_rest(variant, base):
    """gettext reads every message the variant does not translate in its language's catalogue,
    plural forms by that catalogue's own rule."""
    own = read_catalogue(catalogue_path(variant))
    whole = read_catalogue(catalogue_path(base))
    different = []
    for message in whole:
        if not message.id or own.get(message.id, context=message.context) is not None:
            continue
        for count in (1, 2, 5):
            with translation.override(base):
                wanted = say(message, count)
            with translation.override(variant):
                said = say(message, count)
            if said != wanted:
                different.append((message.id, said, wanted))

    assert different == []


def say(message, count: int) -> str:
    if isinstance(message.id, str):
        if message.context:
            return translation.pgettext(message.context, message.id)
        return translation.gettext(message.id)
    singular, plural = message.id[:2]
    if message.context:
        return translation.npgettext(message.context, singular, plural, count)
    return translation.ngettext(singular, plural, count)


def test_mexican_spanish_says_celular_and_the_rest_in_spanish():
    with translation.override("es"):
        assert translation.gettext("On this phone:") == "En este móvil:"
    with translation.override("es-mx"):
        assert translation.gettext("On this phone:") == "En este celular:"
        assert translation.gettext("Dealer") == "Repartidor"  # from es
        assert translation.gettext("session") == "velada"  # not Django's "período de sesiones"


def test_the_engines_have_messages_to_find():
    found = engine_messages()

    assert len(found) > 150
    assert (None, "Marafon points must sum to %(total)s.", None) in found
    assert ("Rikken contract", "Troela", None) in found


# --- the checks, on catalogues made here -------------------------------------------------------

ENGINE = {
    (None, "Must be %(what)s.", None),
    ("Rikken contract", "Piek", None),
    (None, "%(count)s trick holds %(cards)s cards.", "%(count)s tricks hold %(cards)s cards."),
}


ITALIAN_PLURALS = "nplurals=2; plural=(n != 1);"


def catalogue(*, skip=(), **changes) -> Catalog:
    """A complete Italian catalogue of ENGINE, less the msgids in ``skip``; ``changes`` (by a
    short name) replace an entry's translation or flags."""
    catalog = Catalog(locale="it")
    # Its own plural rule, as the real catalogues declare theirs: what the installed Babel's
    # CLDR data says of Italian (two forms until 2.18, three since 2.19) must not matter.
    catalog.mime_headers = [("Plural-Forms", ITALIAN_PLURALS)]
    catalog.fuzzy = changes.pop("header_fuzzy", False)
    entries = {
        "what": ("Must be %(what)s.", "Deve essere %(what)s.", None),
        "piek": ("Piek", "Piek", "Rikken contract"),
        "tricks": (
            ("%(count)s trick holds %(cards)s cards.", "%(count)s tricks hold %(cards)s cards."),
            ("Una presa contiene %(cards)s carte.", "%(count)s prese contengono %(cards)s carte."),
            None,
        ),
    }
    for name, (msgid, string, context) in entries.items():
        if name in skip:
            continue
        change = changes.get(name, {})
        catalog.add(
            msgid,
            change.get("string", string),
            context=context,
            flags=change.get("flags", ("python-format",)),
        )
    return catalog


def round_trip(tmp_path, catalog: Catalog) -> Catalog:
    """The catalogue written as a .po file and read back, as the real ones are."""
    path = tmp_path / "django.po"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    return read_catalogue(path)


def test_a_complete_catalogue_passes(tmp_path):
    catalog = round_trip(tmp_path, catalogue())

    assert entry_problems(catalog) == []
    assert missing_messages(catalog, ENGINE) == []


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"what": {"string": ""}}, "untranslated: 'Must be %(what)s.'"),
        ({"tricks": {"string": ("", "")}}, "untranslated: '%(count)s trick holds"),
        ({"piek": {"flags": ("fuzzy",)}}, "fuzzy: 'Piek'"),
        ({"header_fuzzy": True}, "the header is fuzzy"),
        ({"what": {"string": "Deve essere %(cosa)s."}}, "placeholders"),
        ({"what": {"string": "Deve essere %(what)d."}}, "placeholders"),
        ({"what": {"string": "Deve essere qualcosa."}}, "placeholders"),
        (
            {"tricks": {"string": ("Una presa.", "%(count)s prese contengono %(cards)s carte.")}},
            "placeholders",
        ),
        (
            {"tricks": {"string": ("%(n)s presa", "%(count)s prese contengono %(cards)s carte.")}},
            "placeholders",
        ),
    ],
    ids=[
        "empty",
        "empty-plural",
        "fuzzy",
        "fuzzy-header",
        "renamed-placeholder",
        "other-conversion",
        "lost-placeholder",
        "plural-form-lost-a-shared-placeholder",
        "plural-form-made-one-up",
    ],
)
def test_a_flawed_catalogue_is_caught(tmp_path, changes, problem):
    problems = entry_problems(round_trip(tmp_path, catalogue(**changes)))

    assert any(problem in found for found in problems), problems


@pytest.mark.parametrize(
    ("skip", "missing"),
    [
        ("what", "'Must be %(what)s.'"),
        ("piek", "Rikken contract: 'Piek'"),
        ("tricks", "'%(count)s trick holds %(cards)s cards.'"),
    ],
)
def test_an_engine_message_left_out_is_caught(tmp_path, skip, missing):
    catalog = round_trip(tmp_path, catalogue(skip={skip}))

    assert missing_messages(catalog, ENGINE) == [missing]


def test_a_message_in_another_context_is_not_the_engine_message(tmp_path):
    catalog = catalogue(skip={"piek"})
    catalog.add("Piek", "Piek")

    assert missing_messages(round_trip(tmp_path, catalog), ENGINE) == ["Rikken contract: 'Piek'"]


def test_a_plural_catalogued_without_its_plural_is_missing(tmp_path):
    catalog = catalogue(skip={"tricks"})
    catalog.add("%(count)s trick holds %(cards)s cards.", "Prese.")

    assert missing_messages(round_trip(tmp_path, catalog), ENGINE) == [
        "'%(count)s trick holds %(cards)s cards.'"
    ]


def test_the_markers_are_found_in_source_with_their_context_and_plural():
    source = (
        'msg("One %(x)s.", x=1)\n'
        'nmsg("%(count)s cup", "%(count)s cups", n)\n'
        'pmsg("Rikken contract", "Rik")\n'
        'npmsg("ctx", "a" "b", "cs", 2)\n'
        'other("Not a marker.")\n'
    )

    assert messages_in(source) == {
        (None, "One %(x)s.", None),
        (None, "%(count)s cup", "%(count)s cups"),
        ("Rikken contract", "Rik", None),
        ("ctx", "ab", "cs"),
    }


@pytest.mark.parametrize(
    "source", ['msg(f"Seat {n}.")', "msg(text)", 'pmsg(context, "Rik")', 'nmsg("a", plural, 2)']
)
def test_a_message_built_at_run_time_is_refused(source):
    with pytest.raises(NotALiteral):
        messages_in(source)
