"""One rule for every name a person types: players, members, entrants, clubs, tournaments.

Real names in every script are accepted: Persian with its zero-width non-joiner (U+200C),
emoji joined with U+200D, right-to-left marks and combining accents are format characters
(Unicode category Cf) or marks (M*), and they stay. Refused: control characters (Cc: tabs,
newlines, NUL), unassigned code points (Cn), lone surrogates (Cs) and the line and paragraph
separators (Zl, Zp), which would break a scoreboard's line, and the bidirectional embeddings,
overrides and isolates (U+202A-U+202E, U+2066-U+2069): inside a name they turn the text around
it backwards (a table's players read right to left, a scoreboard's labels overlap). The marks
LRM, RLM and ALM (U+200E, U+200F, U+061C), which only say a direction, stay. A name is
normalised to NFC, so that the same name typed on two phones is the same string, and trimmed.
Pure Python, no Django: the rules engines and the services share it."""

from __future__ import annotations

import unicodedata

from games.rules.messages import msg, pmsg

# Said in the request's language where the Django layer shows them (games.translation).
REFUSED_CATEGORIES = {
    "Cc": pmsg("name", "control characters"),
    "Cn": pmsg("name", "unassigned characters"),
    "Cs": pmsg("name", "broken characters"),
    "Zl": pmsg("name", "line breaks"),
    "Zp": pmsg("name", "paragraph breaks"),
}
ENTER_A_NAME = msg("Enter a name.")
DIRECTION_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
DIRECTION_CONTROL = pmsg("name", "text direction controls")


def normalise_name(raw: str) -> str:
    return unicodedata.normalize("NFC", raw).strip()


def name_problem(name: str, *, max_length: int, empty: str = ENTER_A_NAME) -> str | None:
    """Why ``name`` (already normalised) cannot be a name, or None: a message (a string that
    reads as its English) the Django layer says in the request's language."""
    if not name:
        return empty
    if len(name) > max_length:
        return msg("A name has at most %(count)s characters.", count=max_length)
    for char in name:
        refused = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if char in DIRECTION_CONTROLS:
            refused = DIRECTION_CONTROL
        if refused:
            return msg(
                "A name cannot hold %(what)s (U+%(code)s).", what=refused, code=f"{ord(char):04X}"
            )
    return None


def clean_name(raw: str | None, *, max_length: int, empty: str = ENTER_A_NAME) -> str:
    """The normalised name; ``ValueError`` with the reason when it cannot be one."""
    name = normalise_name(raw or "")
    problem = name_problem(name, max_length=max_length, empty=empty)
    if problem:
        raise ValueError(problem)
    return name


# FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: Unicode's own isolation, for a name inside
# text where no markup can go (a sentence made in Python, a page's <title>, a chart's tooltip).
FSI, PDI = "\u2068", "\u2069"


# The bidirectional classes that can move the text around a name on a left-to-right line:
# right-to-left letters, Arabic numbers, the explicit embeddings, overrides and isolates, and
# separators. A name of none of them (left-to-right letters, European digits, spaces and
# punctuation) reads the same isolated or not on such a line.
TURNING = frozenset(
    ("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI", "B", "S")
)


def isolate(name: str) -> str:
    """A name as the pages write it among other words: isolated, so that a name in another
    script keeps its own direction without turning the words around it ("علی +5" must not read
    "+5 علی"), and a direction control kept from before names refused them ends with the name."""
    return f"{FSI}{name}{PDI}"


def turns_text(name: str) -> bool:
    """Whether ``name`` holds a character that can turn the text around it on a left-to-right
    line (see TURNING)."""
    return any(unicodedata.bidirectional(char) in TURNING for char in name)
