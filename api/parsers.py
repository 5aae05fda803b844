"""The API's JSON: refused with a 400 when it nests deeper than any request of ours needs (deep
nesting costs recursion, and 1,000 levels crash the decoder) or when a string holds a NUL
character, which PostgreSQL cannot store."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def _nul_message() -> str:
    return _("Text cannot hold a NUL character (\\u0000).")


def _nul_at(path: tuple) -> ValidationError:
    """A field-level refusal: the top-level field, and where inside it."""
    if not path:
        return ValidationError({"detail": _nul_message()})
    inside = "".join(f"[{p}]" for p in path[1:])
    where = f"{path[0]}{inside}"
    return ValidationError(
        {
            str(path[0]): [
                _("Text cannot hold a NUL character (\\u0000) at %(where)s.") % {"where": where}
            ]
        }
    )


def _too_deep() -> str:
    return _("The JSON body nests deeper than %(n)d levels.") % {"n": MAX_DEPTH}


def check_json(data) -> None:
    """Walks the parsed body without recursion."""
    stack = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            raise ParseError(_too_deep())
        if isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise _nul_at(path)
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))
        elif isinstance(value, str) and "\x00" in value:
            raise _nul_at(path)


class CheckedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_too_deep()) from None
        check_json(data)
        return data
