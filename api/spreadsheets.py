"""CSV downloads that a spreadsheet opens as text: a cell that begins with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return would be read as a formula (a player named
``=HYPERLINK(…)`` would become a live link), so such a cell gets a leading ``'``, as OWASP
advises. Numbers stay numbers: ``-12`` is a score, written as it is."""

from __future__ import annotations

import csv
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _is_number(value):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` with every cell made safe for a spreadsheet."""

    def __init__(self, stream):
        self._writer = csv.writer(stream)

    def writerow(self, row) -> None:
        self._writer.writerow([safe_cell(value) for value in row])
