"""The pages' number fields: a text field that brings up the phone's number keys
(``inputmode``), since a browser's ``<input type="number">`` drops digits other than 0-9 (Chromium
keeps nothing of a Persian "۷"), and reads Persian and Arabic-Indic digits as 0-9 on the server."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils import formats
from django.utils.translation import get_language_bidi, ngettext_lazy

from games.digits import western_digits


class DigitsInput(forms.TextInput):
    def __init__(self, attrs=None, mode: str = "numeric"):
        super().__init__({"inputmode": mode, **(attrs or {})})


class NumberField(forms.IntegerField):
    """A whole number, typed in any of the digits of the site's languages."""

    widget = DigitsInput

    def to_python(self, value):
        return super().to_python(western_digits(value) if isinstance(value, str) else value)


class AmountField(forms.DecimalField):
    """A decimal number (a stake), typed in any of those digits, with the plain "." or the
    language's own decimal mark: "0,50" on a Spanish, Italian or Dutch phone (whose keyboard
    offers the comma), the Persian "٫". It is shown back with that mark too. A thousands
    separator is not read: "1.000" is one, whatever the language (a stake is small, and a dot
    must mean the same on every phone). The API reads the dot only (api.serializers.fields)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", DigitsInput(mode="decimal"))
        # Shown in the language's format ("0,50"); read by to_python below, not by Django's
        # sanitize_separators, which would take a Spanish "1.000" for a thousand.
        kwargs.setdefault("localize", True)
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, str):
            value = local_decimal_mark(western_digits(value).strip())
        return super().to_python(value)

    def prepare_value(self, value):
        # A stored stake ("0.5000", four places kept) is shown as money is: "0,50".
        if isinstance(value, Decimal) and value.is_finite():
            value = value.normalize()
            if value.as_tuple().exponent > -2:
                value = value.quantize(Decimal("0.01"))
        return super().prepare_value(value)


def local_decimal_mark(text: str) -> str:
    """``text`` with the language's decimal mark (once, and not beside a dot) as "."."""
    mark = formats.get_format("DECIMAL_SEPARATOR")
    if mark != "." and text.count(mark) == 1 and "." not in text:
        return text.replace(mark, ".")
    return text


# Left-to-right mark: a "-" or "+" of Western digits in right-to-left text would otherwise be
# drawn on the number's right ("5-"); Persian writes it on the left, after an LRM (CLDR's fa
# number pattern). Pages in a left-to-right language are left as they were, byte for byte.
LRM = "\u200e"


def isolated(text: str) -> str:
    """One item of a list of mixed scripts ("Cor +5" among Persian names), kept whole and in
    its own direction, so that a right-to-left list reads item by item from the right (first
    strong isolate). Left-to-right languages get the text as it was."""
    return f"\u2068{text}\u2069" if get_language_bidi() else text


def sign_first(value) -> str:
    """``value`` as text, its sign kept on the number's left in a right-to-left language."""
    text = str(value)
    if text[:1] in ("-", "+", "\u2212") and get_language_bidi():
        return LRM + text
    return text


def local_amount(value):
    """A decimal amount ("0.50", ``Decimal("-1.25")``) with the language's decimal mark, its
    decimals kept; anything that is not a number is left as it is."""
    if value is None or value == "":
        return value
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return value
    exponent = amount.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return formats.number_format(amount, decimal_pos=places)


# --- counts said with what they count ----------------------------------------------------------

# A result in the unit it is counted in ("1 unit", "+3 units", "2 games"). The form is the
# catalogue's for the number's absolute value, as CLDR's plural rules read a number ("-1 unit"):
# the "count" of each entry picks it, "n" is the number as shown (signed where gains and losses
# are counted).
COUNTED = {
    "units": ngettext_lazy("%(n)s unit", "%(n)s units", "count"),
    "points": ngettext_lazy("%(n)s point", "%(n)s points", "count"),
    "penalty_points": ngettext_lazy("%(n)s penalty point", "%(n)s penalty points", "count"),
    "games": ngettext_lazy("%(n)s game", "%(n)s games", "count"),
    "chips": ngettext_lazy("%(n)s chip", "%(n)s chips", "count"),
}
# Counted from nothing, gains and losses: shown with their sign ("+3 units", "-2 chips").
SIGNED = {"units", "chips"}


def counted(value: int, unit: str) -> str:
    """``value`` with the word of ``unit`` (a key of ``COUNTED``) in the form the language gives
    that number."""
    shown = sign_first(f"{value:+d}") if unit in SIGNED and value else str(value)
    return str(COUNTED[unit] % {"n": shown, "count": abs(value)})
