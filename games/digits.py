"""Numbers in the digits of the phone's language. Typed: Persian (۰–۹) and Arabic-Indic (٠–٩)
digits, and the Persian decimal and thousands separators, read as the Western ones (the pages'
number fields, games/pages/numbers.py, and the API's money fields read numbers through here).
Shown: a Persian page's numbers written in Persian digits (``native_digits_html``, applied to
every page by scorekeeper.middleware.NativeDigits)."""

from __future__ import annotations

import re

_WESTERN = str.maketrans(
    {
        **{chr(0x06F0 + d): str(d) for d in range(10)},  # Persian (Extended Arabic-Indic)
        **{chr(0x0660 + d): str(d) for d in range(10)},  # Arabic-Indic
        "\u066b": ".",  # Arabic decimal separator
        "\u066c": "",  # Arabic thousands separator
        "\u2212": "-",  # minus sign
    }
)


def western_digits(value: str) -> str:
    """``value`` with every digit and separator of those scripts as 0-9, "." and "-"."""
    return value.translate(_WESTERN)


# --- and written in them ----------------------------------------------------------------------

# The languages whose phones write their own digits (CLDR's default numbering system for the
# language): Persian's Extended Arabic-Indic digits, with its decimal and thousands marks.
NATIVE_DIGITS = {"fa": ("۰۱۲۳۴۵۶۷۸۹", "\u066b", "\u066c")}

# A page's markup (kept as it is) and the text between: comments, tags with their attributes.
_MARKUP = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
# Text whose digits are not the language's words: code and keys shown to be copied, a text
# area's value (sent back as it is), and what a person wrote (a name in <bdi>).
_AS_WRITTEN = {"script", "style", "textarea", "code", "pre", "kbd", "samp", "bdi"}
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)")
# A number, and what is kept as written around it: a character reference ("&#x27;"), an
# address shown to be copied ("https://…/m/Xa7…/"). A number's decimal or thousands mark sits
# between its digits.
_NUMBER = re.compile(r"(&#?\w+;|https?://\S+|(?<!\w)/[\w/.?=&%-]+)|\d+(?:[.,]\d+)*")


# The attributes a person reads or hears (a tooltip, a screen reader's label, a hint).
_SAID = re.compile(r'(\s(?:aria-label|title|placeholder|alt)=")([^"]*)')


def _native_number(found: re.Match, table: dict[int, str]) -> str:
    return found.group(0) if found.group(1) else found.group(0).translate(table)


def _native_text(text: str, table: dict[int, str]) -> str:
    return _NUMBER.sub(lambda m: _native_number(m, table), text)


def native_digits_html(html: str, language: str) -> str:
    """A page in the digits its language writes: the numbers of its text (scores, deal numbers,
    dates, counts) and of the labels read out (``aria-label``, ``title``) in Persian digits on a
    Persian page; tags and their other attributes (a form's values, an address), scripts, code,
    addresses and names as they are. Other languages' pages come back unchanged."""
    native = NATIVE_DIGITS.get(language)
    if native is None:
        return html
    digits, decimal, thousands = native
    table = str.maketrans({**{str(d): digits[d] for d in range(10)}, ".": decimal, ",": thousands})
    out: list[str] = []
    kept = 0  # inside how many elements whose text is kept as written
    start = 0
    for tag in _MARKUP.finditer(html):
        text = html[start : tag.start()]
        out.append(text if kept else _native_text(text, table))
        markup = tag.group(0)
        out.append(_SAID.sub(lambda m: m.group(1) + _native_text(m.group(2), table), markup))
        named = _TAG_NAME.match(markup)
        if named and named.group(2).lower() in _AS_WRITTEN and not markup.endswith("/>"):
            kept = max(0, kept - 1) if named.group(1) else kept + 1
        start = tag.end()
    rest = html[start:]
    out.append(rest if kept else _native_text(rest, table))
    return "".join(out)
