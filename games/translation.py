"""The rules engines' words in the request's language: the one place the Django layer turns an
engine's ``Message`` (games/rules/messages.py) into text. The API's refusals, the pages' form
errors, rule options' names and explanations, contract and preset names all pass through
``translated``; the engines themselves stay free of Django and speak English."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils import formats, translation
from django.utils.functional import Promise

from games.rules.messages import Message
from games.rules.presets import BUILTIN_PRESETS

# Names the seat or team a message's param stands for, or None to keep the param's own words.
Refer = Callable[[str, int], str | None]


def by_names(
    names: Sequence[str], teams: Sequence[Sequence[int]], *, name: Callable[[str], str] = str
) -> Refer:
    """Says seat n by its player's name and team n by its players' names ("Ana & Cora"), each
    passed through ``name`` (a page isolates a name in a right-to-left sentence); None for a
    seat or team the table does not have, so the message says its own words."""

    def refer(kind: str, number: int) -> str | None:
        if kind == "seat" and 0 <= number < len(names):
            return name(names[number])
        if kind == "team" and 0 <= number < len(teams):
            return " & ".join(name(names[s]) for s in teams[number] if s < len(names)) or None
        return None

    return refer


def translated(value: Any, *, refer: Refer | None = None) -> Any:
    """``value`` in the active language: a message rendered with Django's catalogues, its
    params too; a refusal's tree of messages (dicts and lists) message by message; a lazy
    translation as its text; anything else as it is. English comes back exactly as the engines
    say it."""
    if isinstance(value, Message):
        return value.render(translation, refer)
    if isinstance(value, Mapping):
        return {key: translated(item, refer=refer) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [translated(item, refer=refer) for item in value]
    if isinstance(value, Promise):
        return str(value)
    return value


def stored_note(note: Any) -> Any:
    """A draw's note as a round's report keeps it (JSON): a message as its data, to be said
    later in the reader's language (``note_text``); anything else as its text."""
    return note.to_data() if isinstance(note, Message) else str(note)


def note_text(note: Any) -> str:
    """A stored note in the active language; a note stored as text (rounds drawn before notes
    were kept as messages) as it is."""
    if isinstance(note, Mapping):
        try:
            return translated(Message.from_data(note))
        except (KeyError, TypeError, ValueError, IndexError):
            return str(note.get("msgid", ""))
    return "" if note is None else str(note)


# A match or a tournament keeps the name of the house rules it started from as text: a built-in
# preset's name in the English its message reads as.
_BUILTIN_PRESET_NAMES = {str(preset.name): preset.name for preset in BUILTIN_PRESETS}


def preset_name(name: Any) -> str:
    """House rules' name in the active language: a built-in preset's (its message, or its name
    as a match keeps it) translated; a player's or a club's own name as they wrote it."""
    if isinstance(name, Message | Promise):
        return translated(name)
    name = "" if name is None else str(name)
    builtin = _BUILTIN_PRESET_NAMES.get(name)
    return translated(builtin) if builtin is not None else name


# Left-to-right mark: a sign written before Western digits stays on their left in a
# right-to-left sentence (as games.pages.numbers.sign_first does on the pages).
LRM = "\u200e"


def written_number(text: str) -> str:
    """A number the engines write plainly ("-1.25", "+3") as the active language writes it in
    a sentence: its decimal mark ("-1,25" in Dutch), and its sign kept on the number's left in
    a right-to-left language (a Persian page's digits are then written in Persian by
    scorekeeper.middleware.NativeDigits)."""
    mark = formats.get_format("DECIMAL_SEPARATOR")
    if mark != ".":
        text = text.replace(".", mark)
    if text[:1] in ("-", "+", "\u2212") and translation.get_language_bidi():
        return LRM + text
    return text
