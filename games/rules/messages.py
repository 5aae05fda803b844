"""The engines' words for people, translatable without Django.

Every message, label and name the engines show people is a ``Message``: a ``str`` holding its
English text, so the engines, their tests and everything that compares or joins messages read
it exactly as before, and besides the text what a translation needs: the *msgid* (English with
%-style named placeholders, ``"Marafon points must sum to %(total)s."``), its *params*, a
*plural* and its *count*, a *context*. The Django layer renders a message in the request's
language with ``Message.render(catalogue)``; a param that is itself a message (a contract's
name, a seat) is rendered in the same language.

The markers ``msg``, ``nmsg``, ``pmsg`` and ``npmsg`` are the keywords ``manage.py
makemessages`` extracts (games/management/commands/makemessages.py adds them to xgettext's), so
their msgids, plurals and contexts are string literals, never built at run time.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol


class Catalogue(Protocol):
    """What renders a message: Python's ``gettext.NullTranslations`` (English) and Django's
    ``django.utils.translation`` both have these four."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


# The msgids are English, so English is no catalogue at all.
ENGLISH: Catalogue = gettext.NullTranslations()

# A param that names a person at the table: ("seat", n) or ("team", n); see ``Message.render``.
Refers = tuple[str, int]


class Message(str):
    """English text that also knows its msgid, params, plural, count and context."""

    msgid: str
    plural: str | None
    count: int | None
    context: str | None
    params: dict[str, Any]
    refers: Refers | None

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
        refers: Refers | None = None,
    ) -> Message:
        params = dict(params or {})
        message = super().__new__(cls, _fill(ENGLISH, msgid, plural, count, context, params))
        message.msgid = msgid
        message.plural = plural
        message.count = count
        message.context = context
        message.params = params
        message.refers = refers
        return message

    def __reduce__(self) -> tuple[Any, ...]:
        # A message in a pickled error or cache entry comes back a message, not its English.
        return (
            _rebuild,
            (self.msgid, self.params, self.plural, self.count, self.context, self.refers),
        )

    def to_data(self) -> dict[str, Any]:
        """The message as plain data (JSON), to be said later in another language with
        ``Message.from_data``: a param that is a message is kept as a message, any other param
        that JSON does not hold as its text."""
        data: dict[str, Any] = {
            "msgid": self.msgid,
            "params": {key: _param_data(value) for key, value in self.params.items()},
            "plural": self.plural,
            "count": self.count,
            "context": self.context,
        }
        if self.refers is not None:
            data["refers"] = list(self.refers)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Message:
        """The message ``to_data`` gave."""
        params = {
            key: cls.from_data(value) if _is_message_data(value) else value
            for key, value in (data.get("params") or {}).items()
        }
        refers = data.get("refers")
        return cls(
            data["msgid"],
            params,
            plural=data.get("plural"),
            count=data.get("count"),
            context=data.get("context"),
            refers=(refers[0], refers[1]) if refers else None,
        )

    def referring_to(self, kind: str, number: int) -> Message:
        """The same message, marked as naming the seat or team ``number`` (``kind``)."""
        return Message(
            self.msgid,
            self.params,
            plural=self.plural,
            count=self.count,
            context=self.context,
            refers=(kind, number),
        )

    def render(
        self,
        catalogue: Catalogue = ENGLISH,
        refer: Callable[[str, int], str | None] | None = None,
    ) -> str:
        """The message in ``catalogue``'s language, its params rendered the same way. ``refer``
        may name the seat or team a param stands for (a player's name on the pages); when it
        gives None the param's own words are said."""
        params = {key: _render_param(value, catalogue, refer) for key, value in self.params.items()}
        try:
            return _fill(catalogue, self.msgid, self.plural, self.count, self.context, params)
        except (KeyError, ValueError, TypeError):
            # A translation whose placeholders do not match its msgid (tests/test_catalogues.py
            # catches them) must not break an answer: the English words are said instead.
            return _fill(ENGLISH, self.msgid, self.plural, self.count, self.context, params)


def _rebuild(msgid, params, plural, count, context, refers) -> Message:
    return Message(msgid, params, plural=plural, count=count, context=context, refers=refers)


def _param_data(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_data()
    if value is None or isinstance(value, bool | int | float):
        return value
    return str(value)


def _is_message_data(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("msgid"), str)


def _fill(
    catalogue: Catalogue,
    msgid: str,
    plural: str | None,
    count: int | None,
    context: str | None,
    params: Mapping[str, Any],
) -> str:
    if plural is None:
        text = catalogue.gettext(msgid) if context is None else catalogue.pgettext(context, msgid)
    else:
        n = count if count is not None else 0
        if context is None:
            text = catalogue.ngettext(msgid, plural, n)
        else:
            text = catalogue.npgettext(context, msgid, plural, n)
    # Without params a message is said as written: a "%" in it is not a placeholder.
    return text % params if params else text


def _render_param(
    value: Any, catalogue: Catalogue, refer: Callable[[str, int], str | None] | None
) -> Any:
    if not isinstance(value, Message):
        return value
    if refer is not None and value.refers is not None:
        named = refer(*value.refers)
        if named:
            return named
    return value.render(catalogue, refer)


# --- the markers -------------------------------------------------------------------------------

# Each marker as an xgettext keyword: which arguments are the msgid, the plural ("1,2") and the
# context ("1c").
KEYWORDS = {"msg": "msg", "nmsg": "nmsg:1,2", "pmsg": "pmsg:1c,2", "npmsg": "npmsg:1c,2,3"}


def msg(msgid: str, /, **params: Any) -> Message:
    """A message: ``msg("Must be %(what)s.", what=...)``."""
    return Message(msgid, params)


def nmsg(singular: str, plural: str, count: int, /, **params: Any) -> Message:
    """A message that depends on a number, ``count`` (also a param, ``%(count)s``)."""
    params.setdefault("count", count)
    return Message(singular, params, plural=plural, count=count)


def pmsg(context: str, msgid: str, /, **params: Any) -> Message:
    """A message in a context: the same English words that mean something else elsewhere (a
    Rikken contract, a rule option's name)."""
    return Message(msgid, params, context=context)


def npmsg(context: str, singular: str, plural: str, count: int, /, **params: Any) -> Message:
    params.setdefault("count", count)
    return Message(singular, params, plural=plural, count=count, context=context)


def alternatives(items: Sequence[Any]) -> Any:
    """``3 or 4 or 5``: the items joined by the language's "or" (the last alone as it is)."""
    if len(items) == 1:
        return items[0]
    # Translators: alternatives, "3 or 4"; the rest may itself be "4 or 5".
    return msg("%(first)s or %(rest)s", first=items[0], rest=alternatives(items[1:]))


def listed(items: Sequence[Any]) -> Any:
    """``seat 0, seat 2 and seat 3``: the items joined by the language's commas and "and"."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("%(first)s and %(second)s", first=items[0], second=items[1])
    # Translators: the first of a list and the rest of it, "seat 0, seat 2 and seat 3".
    return msg("%(first)s, %(rest)s", first=items[0], rest=listed(items[1:]))


# --- who: seats and teams in messages ------------------------------------------------------------


def seat_word(number: int, *, capital: bool = False) -> Message:
    """A seat by its number (the API's, from 0), for a sentence; the pages say the player's
    name in its place, so a sentence should not put an article or a case ending on it."""
    if capital:
        # Translators: a seat at the table, by its number, at the start of a sentence.
        word = msg("Seat %(number)s", number=number)
    else:
        # Translators: a seat at the table, by its number, within a sentence.
        word = msg("seat %(number)s", number=number)
    return word.referring_to("seat", number)


def team_word(number: int) -> Message:
    """A partnership by its number (the API's, from 0), at the start of a sentence; the pages
    say its players' names in its place."""
    # Translators: a partnership, by its number, at the start of a sentence.
    return msg("Team %(number)s", number=number).referring_to("team", number)
