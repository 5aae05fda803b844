"""No secret reaches a log line. A match's edit link and a table's confirmation link carry
their key in the path (``/m/<id>/edit/<key>/``, ``/m/<id>/confirm/<key>/``), and Django's
request and server loggers write paths ("Not Found: …", "GET … 302"); headers could carry
``X-Edit-Key``, ``X-Table-Key`` or ``Authorization: Token``. This filter, installed on every
handler, rewrites such parts of a record's message before it is written; ``install`` does the
same at the making of every record, so handlers added by others (gunicorn's, a test's) never
see a key either."""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"
PATTERNS = [
    # The key segment after /edit/ or /confirm/ in a match's links (and a session's edit link).
    (re.compile(r"(/[ms]/[^/\s]+/(?:edit|confirm)/)[^/\s?#\"']+"), rf"\g<1>{REDACTED}"),
    # Header values, as "Name: value" or "'Name': 'value'" or HTTP_NAME=value.
    (
        re.compile(
            r"((?:X-Edit-Key|X-Table-Key|Authorization|HTTP_X_EDIT_KEY|HTTP_X_TABLE_KEY|"
            r"HTTP_AUTHORIZATION)['\"]?\s*[:=]\s*['\"]?)(?:Token\s+|Bearer\s+)?[^\s'\",}]+",
            re.IGNORECASE,
        ),
        rf"\g<1>{REDACTED}",
    ),
]


def redact(text: str) -> str:
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is the logger's problem, not ours
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def install() -> None:
    """Redacts every log record as it is made, whoever handles it afterwards."""
    make = logging.getLogRecordFactory()
    if getattr(make, "redacts", False):
        return

    def factory(*args, **kwargs) -> logging.LogRecord:
        record = make(*args, **kwargs)
        RedactSecrets().filter(record)
        return record

    factory.redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
