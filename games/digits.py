"""Numbers typed in the digits of the phone's language: Persian (۰–۹) and Arabic-Indic (٠–٩)
digits, and the Persian decimal and thousands separators, read as the Western ones. The pages'
number fields (games/pages/numbers.py) and the API's money fields read numbers through here."""

from __future__ import annotations

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
