"""What the live pages poll: one token per match and per tournament, kept in the cache (Redis in
production, this process's memory under ``make run``), so that a poll costs no database query.

A token is a short random string that a change replaces, on commit: a poll answers the token,
and a page that holds another one reloads. Random rather than counted, so that two changes
committed at once need no order between them: whichever token lands last differs from the one
the pages hold, and the page they reload reads the database as committed. A page reads its
token *before* it reads what it shows (``games.selectors.polls``): a change committed in between
moves the token after the page read it, and the page reloads once more, never once too few.

A token missing from the cache (never asked for, evicted, a restarted Redis) is made on the
first poll, once (``cache.add``), after the database says the match or tournament exists. A
cache that does not answer is no error: the poll falls back to a fingerprint read from the
database (``db:`` tokens), as it was before the cache."""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger("games.polls")

MATCH = "m"
TOURNAMENT = "t"
# The poll's address, ``/m/<public id>/version/`` or ``/t/<public id>/version/``: the kind
# (MATCH or TOURNAMENT) and the public id.
POLL = re.compile(r"^/(m|t)/([A-Za-z0-9_-]{1,64})/version/$")
# Every poll asks again (no cache may answer for us), and only this browser keeps it; and, as
# the poll is answered before the security middleware, the headers it would add to JSON.
POLL_HEADERS = (
    ("Cache-Control", "private, no-cache"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
)
# Long enough that a poll's cost is the cache's, short enough that a token left behind by a
# deleted match goes in time.
TOKEN_SECONDS = 7 * 86400


def _key(kind: str, public_id: str) -> str:
    return f"poll:{kind}:{public_id}"


def _new_token() -> str:
    return secrets.token_urlsafe(6)


def token(kind: str, public_id: str, exists: Callable[[], bool], fingerprint: Callable[[], str]):
    """The token of a match (``MATCH``) or a tournament (``TOURNAMENT``), or ``None`` when it
    does not exist. ``exists`` and ``fingerprint`` read the database: only on a cache miss, and
    when the cache is down."""
    key = _key(kind, public_id)
    try:
        found = cache.get(key)
        if found is not None:
            return found
        if not exists():
            return None
        cache.add(key, _new_token(), TOKEN_SECONDS)
        found = cache.get(key)
    except Exception as exc:  # a cache that does not answer: the database, never an error
        logger.warning("poll token from the database: cache unavailable (%s)", type(exc).__name__)
        found = None
    if found is None:
        value = fingerprint()
        return None if value is None else f"db:{value}"
    return found


# The poll's fast path keeps a token it read from the cache in this process for MEMO_SECONDS:
# a table's phones and a tournament's spectators poll the same token, and one answered from
# memory costs no round trip to Redis. A change reaches them at most that much later (a phone
# polling every 2 s sees it within 2.5 s; the budget is 3 s). A process's own changes drop its
# memo at once; MEMO_SIZE bounds it (a busy room holds a few hundred tokens).
MEMO_SECONDS = 0.5
MEMO_SIZE = 20_000
_memo: dict[str, tuple[str, float]] = {}


def cached(kind: str, public_id: str) -> str | None:
    """The token as the cache holds it (or held it within MEMO_SECONDS), or None: not there, or
    the cache not answering. Read by the poll's fast path (``games.pages.live.PollApplication``),
    which leaves every None to the full answer above."""
    key = _key(kind, public_id)
    now = time.monotonic()
    held = _memo.get(key)
    if held is not None and held[1] > now:
        return held[0]
    try:
        found = cache.get(key)
    except Exception:  # the full answer says so in the log, once it reads the database
        return None
    if found is not None:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        _memo[key] = (found, now + MEMO_SECONDS)
    return found


def moved(kind: str, public_id: str) -> None:
    """A change to the match or tournament: a new token once the change is committed (at once
    outside a transaction)."""
    transaction.on_commit(lambda: _replace(kind, public_id))


def _replace(kind: str, public_id: str) -> None:
    _memo.pop(_key(kind, public_id), None)
    try:
        cache.set(_key(kind, public_id), _new_token(), TOKEN_SECONDS)
    except Exception as exc:  # the pages then poll the database's fingerprint
        logger.warning("poll token not moved: cache unavailable (%s)", type(exc).__name__)
        # A token left behind would hide the change once the cache answers again.
        with contextlib.suppress(Exception):
            cache.delete(_key(kind, public_id))


def match_moved(public_id: str) -> None:
    moved(MATCH, public_id)


def tournament_moved(public_id: str) -> None:
    moved(TOURNAMENT, public_id)
