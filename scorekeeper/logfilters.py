"""No secret reaches a log line. A match's edit link and a table's confirmation link carry
their key in the path (``/m/<id>/edit/<key>/``, ``/m/<id>/confirm/<key>/``, a session's
``/s/<id>/edit/<key>/``), and Django's request and server loggers write paths twice: in the
message ("Not Found: …") and in the record's ``request`` field, whose text is
``<WSGIRequest: GET '/m/…/edit/<key>/'>``; a failing view's exception text can hold one too.
Headers could carry ``X-Edit-Key``, ``X-Table-Key``, ``Authorization: Token`` or the session
cookie, which holds the phone's keys.

So redaction is done three times over, each catching what the others cannot see:

- ``install`` redacts every record as it is made (its message and exception), whoever handles
  it afterwards: handlers added by others (gunicorn's, a test's) never see a key in them;
- ``RedactSecrets``, on every handler the project configures, redacts every field of the
  record, the extra fields (``request``, ``path``, …) that are only added after the record is
  made included;
- ``TextFormatter`` and ``JsonFormatter`` redact the whole line they write, whatever field
  put a key in it."""

from __future__ import annotations

import logging
import re
from typing import Any

from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

REDACTED = "[redacted]"
# A slash, or one passed on inside a query string (a sign-in page's ?next=%2Fm%2F…).
_SLASH = r"(?:/|%2[Ff])"
# A path segment: up to the next slash, space, quote, backslash (a JSON string's escaped quote
# stays whole) or the end of the path; percent escapes other than a slash belong to it.
_SEGMENT = r"(?:%(?!2[Ff])[0-9A-Fa-f]{2}|[^/\s?#&\"'\\%])+"
# The headers that carry a key or a credential.
_HEADERS = (
    r"X-Edit-Key|X-Table-Key|Authorization|HTTP_X_EDIT_KEY|HTTP_X_TABLE_KEY|HTTP_AUTHORIZATION"
)
_HEADER_NAME = re.compile(rf"(?:{_HEADERS}|Cookie|HTTP_COOKIE)", re.IGNORECASE)
PATTERNS = [
    # The key segment after /edit/ or /confirm/ in a match's links (and a session's edit link).
    (
        re.compile(
            rf"({_SLASH}[ms]{_SLASH}[^/\s%?#\"'\\]+{_SLASH}(?:edit|confirm){_SLASH}){_SEGMENT}"
        ),
        rf"\g<1>{REDACTED}",
    ),
    # Header values, as "Name: value" or "'Name': 'value'" or HTTP_NAME=value.
    (
        re.compile(
            rf"((?:{_HEADERS})['\"]?\s*[:=]\s*['\"]?)(?:Token\s+|Bearer\s+)?[^\s'\",}}\\]+",
            re.IGNORECASE,
        ),
        rf"\g<1>{REDACTED}",
    ),
    # The session cookie: whoever holds it holds every key the phone keeps.
    (re.compile(r"(sessionid=)[^\s;'\",}\\]+"), rf"\g<1>{REDACTED}"),
]


def redact(text: str) -> str:
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text


# What a record says of itself (where and when it was made), never text a caller gave; the
# message and the exception are redacted apart.
_OWN_FIELDS = frozenset(
    {
        "name", "msg", "args", "levelname", "levelno", "pathname", "filename", "module",
        "exc_info", "exc_text", "lineno", "funcName", "created", "msecs", "relativeCreated",
        "thread", "threadName", "processName", "process", "taskName",
    }
)  # fmt: skip
_PLAIN = (bool, int, float, type(None))


def _redacted(value: Any) -> Any:
    """The value with no key in it: the value itself when it holds none."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, str):
        return redact(value)
    if type(value) is dict:  # headers by name, say: a secret one's value goes whole
        return {
            k: REDACTED if isinstance(k, str) and _HEADER_NAME.fullmatch(k) else _redacted(v)
            for k, v in value.items()
        }
    if type(value) in (list, tuple):
        return type(value)(_redacted(v) for v in value)
    # Any other object is written as its text (a request as <WSGIRequest: GET '…'>): when that
    # text holds a key, the record keeps the redacted text instead of the object.
    try:
        texts = (str(value), repr(value))
    except Exception:  # an object that cannot say what it is cannot be written either
        return value
    if any(redact(text) != text for text in texts):
        return redact(texts[0])
    return value


def _redact_message(record: logging.LogRecord) -> None:
    try:
        message = record.getMessage()
    except Exception:  # a broken format string is the logger's problem, not ours
        return
    cleaned = redact(message)
    args = record.args if isinstance(record.args, (tuple, dict)) else ()
    if cleaned != message or _redacted(args) != args:
        record.msg, record.args = cleaned, ()


def _redact_exception(record: logging.LogRecord) -> None:
    if record.exc_info and not record.exc_text:
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text:
        cleaned = redact(record.exc_text)
        if cleaned != record.exc_text:
            # Formatters write exc_text when there is no exc_info (and the JSON formatter would
            # format exc_info again, key and all).
            record.exc_text, record.exc_info = cleaned, None


def redact_record(record: logging.LogRecord) -> None:
    """Every field of the record, redacted in place."""
    _redact_message(record)
    _redact_exception(record)
    for name, value in list(vars(record).items()):
        if name not in _OWN_FIELDS:
            cleaned = _redacted(value)
            if cleaned is not value and cleaned != value:
                setattr(record, name, cleaned)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        redact_record(record)
        return True


class _RedactsItsLines:
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))  # type: ignore[misc]


class TextFormatter(_RedactsItsLines, logging.Formatter):
    """A readable line, redacted whole."""


class JsonFormatter(_RedactsItsLines, _JsonFormatter):
    """One JSON object a line, redacted whole (the redaction keeps it JSON: it never takes a
    quote or a backslash)."""


def install() -> None:
    """Redacts every log record as it is made, whoever handles it afterwards."""
    make = logging.getLogRecordFactory()
    if getattr(make, "redacts", False):
        return

    def factory(*args, **kwargs) -> logging.LogRecord:
        record = make(*args, **kwargs)
        redact_record(record)
        return record

    factory.redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
