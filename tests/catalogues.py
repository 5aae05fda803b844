"""Reading the translation catalogues and the rules engines' messages for the catalogue tests:
what the engines can say (found in their source, so a new message is caught without a list to
keep), and what is wrong with a catalogue (empty, fuzzy, placeholders unlike the msgid's,
engine messages missing)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from django.conf import settings

import games.rules
import games.tournaments
from games.rules.messages import KEYWORDS

RULES_DIR = Path(games.rules.__file__).parent
TOURNAMENTS_DIR = Path(games.tournaments.__file__).parent
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_OFFERED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
# Every language the service offers has a whole catalogue (English is the messages' own)...
LANGUAGES = tuple(code for code in _OFFERED if code.split("-")[0] == code)
# ...but a regional variant (es-mx), whose catalogue holds only what the region says otherwise:
# gettext reads the rest in its language's (locale/es_MX falls back to locale/es).
VARIANTS = {code: code.split("-")[0] for code in _OFFERED if code not in LANGUAGES}

# (context, msgid, plural): one message as a catalogue keys it.
Key = tuple[str | None, str, str | None]

# Which arguments of each marker are the context, the msgid and the plural (KEYWORDS' spec).
_ARGUMENTS = {
    "msg": (None, 0, None),
    "nmsg": (None, 0, 1),
    "pmsg": (0, 1, None),
    "npmsg": (0, 1, 2),
}

# A printf placeholder: %(name)s, %d, %5.2f; "%%" is a percent sign.
_PLACEHOLDER = re.compile(
    r"%(?:\((\w+)\))?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?([diouxXeEfFgGcrsa%])"
)


class NotALiteral(ValueError):
    """A marker whose msgid, plural or context is built at run time: xgettext cannot see it."""


def messages_in(source: str, filename: str = "<source>") -> set[Key]:
    """Every message marked in ``source``, by its catalogue key."""
    assert set(_ARGUMENTS) == set(KEYWORDS), "a marker without its arguments here"
    found: set[Key] = set()
    for node in ast.walk(ast.parse(source, filename=filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in _ARGUMENTS:
            continue
        parts = []
        for index in _ARGUMENTS[node.func.id]:
            if index is None:
                parts.append(None)
                continue
            argument = node.args[index] if index < len(node.args) else None
            if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                raise NotALiteral(f"{filename}:{node.lineno}: {ast.unparse(node)[:80]}")
            parts.append(argument.value)
        found.add((parts[0], parts[1], parts[2]))
    return found


def engine_messages() -> set[Key]:
    """Every message the rules engines can raise or show, the tournament engines' notes for
    the director, the names' rule (games/names.py, shared by the engines and the services) and
    a rating change's explanation (games/ratings_explain.py, pure as the engines are)."""
    found: set[Key] = set()
    sources = [*sorted(RULES_DIR.rglob("*.py")), *sorted(TOURNAMENTS_DIR.rglob("*.py"))]
    pure = [RULES_DIR.parent / "names.py", RULES_DIR.parent / "ratings_explain.py"]
    for path in [*sources, *pure]:
        found |= messages_in(path.read_text(), str(path))
    return found


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def placeholders(text: str) -> Counter:
    """The placeholders of a text: (name or None, conversion), as many as there are."""
    return Counter((name, kind) for name, kind in _PLACEHOLDER.findall(text) if kind != "%")


def _forms(value: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return value if isinstance(value, tuple) else (value,)


def entry_problems(catalog: Catalog) -> list[str]:
    """What keeps a catalogue's entries from being used as written: a fuzzy header (its
    Plural-Forms would be dropped), an empty or fuzzy entry, placeholders unlike the msgid's."""
    problems = []
    if catalog.fuzzy:
        problems.append("the header is fuzzy")
    for message in catalog:
        if not message.id:
            continue
        shown = message.id if isinstance(message.id, str) else message.id[0]
        strings = _forms(message.string)
        if not strings or not all(strings):
            problems.append(f"untranslated: {shown!r}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {shown!r}")
        problems += [f"{problem}: {shown!r}" for problem in _placeholder_problems(message)]
    return problems


def _placeholder_problems(message) -> list[str]:
    if isinstance(message.id, str):
        wanted = placeholders(message.id)
        return [
            f"placeholders {sorted(placeholders(text))} instead of {sorted(wanted)}"
            for text in _forms(message.string)
            if placeholders(text) != wanted
        ]
    # A plural form may leave out the count (a language's form for exactly one: "una presa")
    # and what only one of the msgids has, never anything else both have, and adds nothing.
    singular, plural = (set(placeholders(text)) for text in message.id[:2])
    needed = {(name, kind) for name, kind in singular & plural if name != "count"}
    problems = []
    for text in _forms(message.string):
        has = set(placeholders(text))
        if not needed <= has or not has <= singular | plural:
            problems.append(f"placeholders {sorted(has)} unlike {sorted(singular | plural)}")
    return problems


def missing_messages(catalog: Catalog, wanted: Iterable[Key]) -> list[str]:
    """The messages of ``wanted`` that the catalogue lacks (or has without their plural)."""
    missing = []
    for context, msgid, plural in sorted(wanted, key=lambda key: (key[1], key[0] or "")):
        entry = catalog.get(msgid, context=context)
        if entry is None or (plural is not None and not isinstance(entry.id, tuple)):
            missing.append(f"{context + ': ' if context else ''}{msgid!r}")
    return missing
