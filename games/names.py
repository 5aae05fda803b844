"""One rule for every name a person types: players, members, entrants, clubs, tournaments.

Real names in every script are accepted: Persian with its zero-width non-joiner (U+200C),
emoji joined with U+200D, right-to-left marks and combining accents are format characters
(Unicode category Cf) or marks (M*), and they stay. Refused: control characters (Cc: tabs,
newlines, NUL), unassigned code points (Cn), lone surrogates (Cs) and the line and paragraph
separators (Zl, Zp), which would break a scoreboard's line. A name is normalised to NFC, so
that the same name typed on two phones is the same string, and trimmed. Pure Python, no
Django: the rules engines and the services share it."""

from __future__ import annotations

import unicodedata

REFUSED_CATEGORIES = {
    "Cc": "control characters",
    "Cn": "unassigned characters",
    "Cs": "broken characters",
    "Zl": "line breaks",
    "Zp": "paragraph breaks",
}


def normalise_name(raw: str) -> str:
    return unicodedata.normalize("NFC", raw).strip()


def name_problem(name: str, *, max_length: int, empty: str = "Enter a name.") -> str | None:
    """Why ``name`` (already normalised) cannot be a name, or None."""
    if not name:
        return empty
    if len(name) > max_length:
        return f"A name has at most {max_length} characters."
    for char in name:
        refused = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if refused:
            return f"A name cannot hold {refused} (U+{ord(char):04X})."
    return None


def clean_name(raw: str | None, *, max_length: int, empty: str = "Enter a name.") -> str:
    """The normalised name; ``ValueError`` with the reason when it cannot be one."""
    name = normalise_name(raw or "")
    problem = name_problem(name, max_length=max_length, empty=empty)
    if problem:
        raise ValueError(problem)
    return name
