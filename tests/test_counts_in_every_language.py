"""Issue 28: every count goes through the plural forms ("1 unidad", never "1 unidades").

Three checks. The source: every message of the code and the templates (found as makemessages
finds them) that puts a number before what it counts ("%(units)s units") is a plural message,
unless the number can never be 1 (a fixed limit, said here with its reason). The catalogues:
each plural message renders for 0, 1, 2 and 5 in every language, in the form the catalogue gives
that number, and no language with a singular writes its plural word after a 1. The pages: the
places that count are seen saying 1 and 2 in Spanish."""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation.template import templatize

from games.models import Match
from games.services import match_create
from tests.catalogues import LANGUAGES, LOCALE_DIR, read_catalogue

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("games", "api", "scorekeeper")
TEMPLATES = REPO / "templates"
COUNTS = (0, 1, 2, 5)

# The markers of a message: Django's and the rules engines' (games.rules.messages), with the
# positions of their context, msgid and plural.
MARKERS = {
    **dict.fromkeys(("_", "gettext", "gettext_lazy", "msg"), (None, 0, None)),
    **dict.fromkeys(("ngettext", "ngettext_lazy", "nmsg"), (None, 0, 1)),
    **dict.fromkeys(("pgettext", "pgettext_lazy", "pmsg"), (0, 1, None)),
    **dict.fromkeys(("npgettext", "npgettext_lazy", "npmsg"), (0, 1, 2)),
}

# What the pages count, as English writes it after the number.
COUNTED = (
    "units|points|deals|tricks|games|chips|players|rounds|matches|pairs|tables|times|sticks|"
    "honours|aces|figures|members|transfers|evenings|tournaments|contracts|cards|seconds|"
    "characters|levels|entries|groups|standings"
)
# A number placeholder (named or not) and the counted word right after it. A placeholder named
# for what it holds that is no number ("%(seat)s deals this deal") is not a count.
COUNT_THEN_NOUN = re.compile(r"(%(?:\((\w+)\))?[sd]|\{(\w*)\})\s+(" + COUNTED + r")\b")
NOT_COUNTS = {
    "seat", "game", "contract", "option", "name", "club", "player", "team", "who", "variant",
    "what", "suit", "tournament", "payer", "payee", "home", "away", "pair", "by", "reason",
}  # fmt: skip

# Counts that are never 1, each with the reason.
NEVER_ONE = {
    "Use a key of 1 to %(n)d characters.": "a fixed limit",
    "The JSON body nests deeper than %(n)d levels.": "a fixed limit",
    "A name has at most %(count)s characters.": "a fixed limit",
    "Must be text of 1 to %(most)s characters.": "a fixed limit",
    "Keep the reason under %(n)d characters.": "a fixed limit",
    "A session seats at most %(n)d players.": "a fixed limit",
    "A session holds at most %(n)d matches: start another.": "a fixed limit",
    "The draw took longer than %(seconds)s seconds and was stopped. Draw the round again; if it "
    "keeps failing, the field is too big for one draw.": "the draw's time limit, a setting",
    "%(game)s is played by %(counts)s players.": "the numbers of players a game is for, 3 or more",
    "%(variant)s totals must sum to %(total)s: %(points)s card points and %(tricks)s tricks.": (
        "each variant's fixed totals"
    ),
    "The counts must add up to the %(all)s tricks.": "the tricks of a deal, 13",
    "Some player sits in one seat %(spread)s times more than in another.": "said above 1 only",
    "%(low)s to %(high)s times": "a range, from the lower bound to a higher one",
    "%(pairs)s pairs in %(groups)s: %(tables)s.": "a draw needs 2 pairs (tournaments._input)",
    "Round %(number)s of the Berger tables for %(pairs)s pairs (%(rounds)s).": (
        "a draw needs 2 pairs (tournaments._input)"
    ),
    **dict.fromkeys(
        (
            "%(count)s pairs go through to the final; winners of neighbouring matches meet, as "
            "the bracket is drawn.",
            "%(count)s pairs go through to the semi-finals; winners of neighbouring matches "
            "meet, as the bracket is drawn.",
            "%(count)s pairs go through to the quarter-finals; winners of neighbouring matches "
            "meet, as the bracket is drawn.",
            "%(count)s pairs go through to round %(number)s; winners of neighbouring matches "
            "meet, as the bracket is drawn.",
        ),
        "a round of a bracket is two pairs or more",
    ),
}

# A plural whose word does not change with the number in that language (the Dutch "keer", the
# Italian "unità"), so its forms may be written alike.
INVARIABLE: set[tuple[str, str]] = {
    ("nl", "%(count)s time"),
    ("it", "%(n)s unit"),
    ("it", "%(payer)s pays %(payee)s %(units)s unit"),
    # Rikken's explanations (games/rules/rikken/explain*.py): units paid and received.
    *(
        ("it", text)
        for text in (
            "Each payment: the base, %(count)s unit.",
            "Each payment: %(sum)s = %(count)s unit.",
            "%(payer)s pays %(payee)s %(count)s unit.",
            "%(payers)s each pay %(payee)s %(count)s unit.",
            "%(payer)s pays %(payees)s %(count)s unit each.",
            "%(seat)s receives %(count)s unit.",
            "%(seats)s receive %(count)s unit each.",
            "%(seat)s pays %(count)s unit.",
            "%(seats)s pay %(count)s unit each.",
            "%(count)s unit more for taking all 13 tricks.",
            "The stake of a special game: %(count)s unit.",
            "the special games are played for %(count)s unit.",
            "Each queen costs half the stake, %(count)s unit, paid to whoever took none.",
        )
    ),
    # The other games' explanations (games/rules/*explain*.py).
    ("it", "%(who)s pays %(count)s unit."),
    ("it", "%(who)s wins %(count)s unit."),
    ("it", "%(who)s pay %(count)s unit each."),
    ("it", "%(who)s win %(count)s unit each."),
}
# Languages whose nouns take a plural form after a number: their forms for 1 and for more must
# differ. (Persian keeps the noun singular after a numeral; Japanese has one form.)
INFLECTING = {"it", "es", "nl"}


# --- what the source says ------------------------------------------------------------------------


def _python_messages(path: Path) -> Iterator[tuple[str, str | None, str]]:
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        spec = MARKERS.get(node.func.id)
        if spec is None:
            continue
        _context, single, plural = spec
        arguments = node.args
        if len(arguments) <= single or not isinstance(arguments[single], ast.Constant):
            continue
        text = arguments[single].value
        other = None
        if plural is not None and len(arguments) > plural:
            other = getattr(arguments[plural], "value", None)
        if isinstance(text, str):
            yield text, other, f"{path.relative_to(REPO)}:{node.lineno}"


_TEMPLATE_CALL = re.compile(r"\b(n?p?gettext)\(((?:u'(?:[^'\\]|\\.)*'(?:, )?)+)")


def _template_messages(path: Path) -> Iterator[tuple[str, str | None, str]]:
    # As makemessages reads a template: its translatable strings as gettext calls.
    for found in _TEMPLATE_CALL.finditer(templatize(path.read_text(), origin=str(path))):
        strings = ast.literal_eval("(" + found.group(2).rstrip(", ") + ",)")
        if found.group(1).startswith("np") or found.group(1) == "pgettext":
            strings = strings[1:]  # the context
        plural = strings[1] if found.group(1).startswith(("n", "np")) else None
        yield strings[0], plural, str(path.relative_to(REPO))


def source_messages() -> list[tuple[str, str | None, str]]:
    found = []
    for folder in SOURCES:
        for path in sorted((REPO / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                found += _python_messages(path)
    for path in sorted(TEMPLATES.rglob("*.html")):
        found += _template_messages(path)
    return found


def counts_without_plural(messages) -> list[str]:
    slips = []
    for text, plural, where in messages:
        if plural is not None or text in NEVER_ONE:
            continue
        for match in COUNT_THEN_NOUN.finditer(text):
            name = match.group(2) or match.group(3)
            if name not in NOT_COUNTS:
                slips.append(f"{where}: {text!r}")
                break
    return slips


def test_every_count_in_the_source_goes_through_the_plural_forms():
    messages = source_messages()

    assert len(messages) > 1000  # the walk found the code's and the templates' messages
    assert counts_without_plural(messages) == []


def test_a_count_before_its_noun_is_caught_and_a_name_is_not():
    messages = [
        ("%(payer)s pays %(payee)s %(units)s units", None, "t"),
        ("Recomputed %d matches.", None, "t"),
        ("%(seat)s deals this deal and sits it out.", None, "t"),
        ("%(n)s deal", "%(n)s deals", "t"),
    ]

    assert counts_without_plural(messages) == [
        "t: '%(payer)s pays %(payee)s %(units)s units'",
        "t: 'Recomputed %d matches.'",
    ]


# --- what the catalogues say ---------------------------------------------------------------------


class _Numbers(dict):
    """Every placeholder of a message filled with the count."""

    def __init__(self, count: int):
        super().__init__()
        self.count = count

    def __missing__(self, key):
        return self.count


def _render(text: str, count: int) -> str:
    return text % _Numbers(count) if "%" in text else text


def plural_entries(language: str):
    catalog = read_catalogue(LOCALE_DIR / language / "LC_MESSAGES" / "django.po")
    form = gettext.c2py(catalog.plural_expr)
    entries = [m for m in catalog if m.id and isinstance(m.id, tuple)]
    return form, entries


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_renders_0_1_2_and_5_in_the_form_the_catalogue_gives(language):
    form, entries = plural_entries(language)
    wrong = []
    with translation.override(language):
        for entry in entries:
            singular, plural = entry.id
            for count in COUNTS:
                if entry.context:
                    said = translation.npgettext(entry.context, singular, plural, count)
                else:
                    said = translation.ngettext(singular, plural, count)
                wanted = entry.string[form(count)]
                if said != wanted or not said:
                    wrong.append(f"{count}: {singular!r} said {said!r}, not {wanted!r}")
                    continue
                rendered = _render(said, count)
                if "%(" in singular and str(count) not in rendered:
                    wrong.append(f"{count}: {singular!r} lost its number: {rendered!r}")

    assert len(entries) > 40
    assert wrong == []


@pytest.mark.parametrize("language", sorted(INFLECTING & set(LANGUAGES)))
def test_no_language_with_a_singular_writes_its_plural_after_a_1(language):
    form, entries = plural_entries(language)
    assert form(1) != form(5)
    slips = [
        f"{entry.id[0]!r}: {_render(entry.string[form(1)], 1)!r}"
        for entry in entries
        if entry.string[form(1)] == entry.string[form(5)]
        and (language, entry.id[0]) not in INVARIABLE
        and entry.id[0] != entry.id[1]
    ]

    assert slips == []


def test_every_plural_of_the_source_is_a_plural_in_every_catalogue():
    wanted = {(text, plural) for text, plural, _where in source_messages() if plural}
    missing = []
    for language in LANGUAGES:
        _form, entries = plural_entries(language)
        have = {entry.id for entry in entries}
        missing += [f"{language}: {text!r}" for text, plural in sorted(wanted - have)]

    assert missing == []


# --- what the pages say -------------------------------------------------------------------------

RIKKEN = ["Anna", "Bram", "Cor", "Dirk"]
MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def _settled_by(balances: list[int]) -> str:
    """The settle-up page of a Rikken match whose balances are ``balances``, in Spanish."""
    from games.services import deal_record

    created = match_create(game="rikken", players=RIKKEN)
    deal_record(match=created.match, raw=MISERE)
    match = Match.objects.get(pk=created.match.pk)
    Match.objects.filter(pk=match.pk).update(state={**match.state, "balances": balances})
    page = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/m/{match.public_id}/settle/")
    assert page.status_code == 200
    return page.content.decode().replace("<bdi>", "").replace("</bdi>", "")


@pytest.mark.django_db
def test_the_settle_up_pays_1_unit_and_2_units_in_spanish():
    one = _settled_by([1, -1, 0, 0])
    two = _settled_by([2, -2, 0, 0])

    assert "Bram paga 1 unidad a Anna" in one
    assert "1 unidades" not in one
    assert "Bram paga 2 unidades a Anna" in two
