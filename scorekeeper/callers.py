"""Who is asking an API write, for the rate limits and the idempotency records alike.

The signed-in user; else the holder of an ``X-Edit-Key`` or ``X-Table-Key`` that opens what
the request names (the match, the session or the table of its path); else nobody in
particular. A key that opens nothing there proves nothing: anyone can make one up, and a new
one on each request would otherwise be a new client each time. Such a request is anonymous: it
counts against its address, and its ``Idempotency-Key`` must be long enough to be the secret.

A view says what its keys open with a ``key_opens`` attribute: a static function of the key and
the path's arguments (``games.permissions.key_opens_match`` and its kind); a view without one
(creating a match, say) is opened by no key."""

from __future__ import annotations

KEY_HEADERS = ("X-Edit-Key", "X-Table-Key")
_MEMO = "_scorekeeper_caller"


def _caller(request, view) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    opens = getattr(view, "key_opens", None)
    if opens is None:
        return ""
    arguments = getattr(view, "kwargs", None) or {}
    for header in KEY_HEADERS:
        value = request.headers.get(header)
        if value and opens(value, **arguments):
            return f"{header}:{value}"
    return ""


def caller_of(request, view) -> str:
    """``user:<id>``, ``<header>:<key>`` for a key that opens what the request names, or empty
    for nobody in particular. Asked once a request: the rate limit and the idempotency record
    share the answer."""
    known = getattr(request, _MEMO, None)
    if known is None:
        known = _caller(request, view)
        setattr(request, _MEMO, known)
    return known
