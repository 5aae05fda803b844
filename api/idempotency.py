"""``Idempotency-Key`` on every POST: the first answer is stored in the same transaction as what
the request created; a retry with the same body gets it again, another body gets 422.

A stored answer belongs to its caller (``scorekeeper.callers``): the signed-in user, or for a
match's, a session's and a table's writes the edit key or table key used, when it opens what the
request names. Another caller sending the same key finds nothing stored, so their request runs (and
is checked) as a new one: a replay never serves an answer to a caller who could not have made the
original request. An anonymous caller (a key that opens nothing there is no key) has no identity, so
the key itself is the secret: it must be at least 22 characters (a UUID in base64)."""

from __future__ import annotations

import hashlib
import json
import re
from functools import wraps

from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.response import Response

from games.answers import Answer
from games.services import (
    Idempotency,
    IdempotencyKey,
    Kept,
    KeyTaken,
    idempotency_kept,
    idempotency_store,
)
from scorekeeper.callers import caller_of

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KEPT_HEADERS = ("ETag", "Location")
MAX_KEY_LENGTH = 255
MIN_ANONYMOUS_KEY_LENGTH = 22
# Printable ASCII with no space at either end (a header's value loses those on its way), as the
# schema says: KEY_SCHEMA.
KEY = re.compile(r"[!-~](?:[ -~]*[!-~])?")
DESCRIPTION = (
    f"1 to {MAX_KEY_LENGTH} printable ASCII characters, with no space at either end (else 400). "
    "A retry with the same key and body returns the first answer (kept 24 hours); the same key "
    "with another body is a 422. An answer is kept for its caller only: the signed-in user, or "
    "the X-Edit-Key or X-Table-Key sent, when it opens the match, session or table of the path. "
    "An anonymous caller (a key that opens nothing there counts as none) must send a key "
    f"of at least {MIN_ANONYMOUS_KEY_LENGTH} characters (a UUID in base64), since the key alone "
    "is then what proves a retry comes from the same client: a shorter one is refused to them "
    "with a 403."
)
KEY_SCHEMA = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_KEY_LENGTH,
    "pattern": f"^{KEY.pattern}$",
}


class _Refused(Exception):
    """Carries a refusal out of the transaction so that nothing of it is kept."""

    def __init__(self, response: Response):
        self.response = response


class _Failed(Exception):
    """Carries an exception of the handler out of the transaction (rolled back), so that a
    retry of a request that succeeded can be told apart before the error is answered."""

    def __init__(self, error: Exception):
        self.error = error


class _Taken(Exception):
    """The key was stored by another request while this one worked: its work is rolled back."""


def kept_headers(response: Response) -> dict:
    return {h: response[h] for h in KEPT_HEADERS if h in response}


def reply(answer: Answer) -> Response:
    """An answer built by ``games.answers``, as the API replies it."""
    return Response(answer.body, status=answer.status, headers=answer.headers)


def fingerprint(data) -> str:
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(body.encode()).hexdigest()


def _key_refusal(key: str, caller: str) -> Response | None:
    """A key not of the schema's form is a 400. A short one from nobody in particular is a 403:
    the same key is fine from a caller with credentials, so what is refused is this caller."""
    if len(key) > MAX_KEY_LENGTH or not KEY.fullmatch(key):
        message = _(
            "Use a key of 1 to %(n)d printable ASCII characters, with no space at either end."
        ) % {"n": MAX_KEY_LENGTH}
        return Response({HEADER: [message]}, status=status.HTTP_400_BAD_REQUEST)
    if not caller and len(key) < MIN_ANONYMOUS_KEY_LENGTH:
        message = _(
            "Without an account or an edit key, the key is what proves a retry is yours: use at "
            "least %(n)d random characters (a UUID in base64)."
        ) % {"n": MIN_ANONYMOUS_KEY_LENGTH}
        return Response({HEADER: [message]}, status=status.HTTP_403_FORBIDDEN)
    return None


def _replay(kept: Kept, again=None) -> Response:
    """The answer kept under the key, served again; 422 for another body under a used key."""
    if not kept.same_request:
        return Response(
            {
                "detail": _("This %(header)s was already used with a different request body.")
                % {"header": HEADER}
            },
            status=status.HTTP_422_UNPROCESSABLE_ENTITY,
        )
    answer = kept.answer
    if again is not None and status.is_success(answer.status):
        now = again(answer.body)
        if now is not None:
            now[REPLAYED_HEADER] = "true"  # answered from the state now, not done again
            return now
    response = reply(answer)
    response[REPLAYED_HEADER] = "true"
    return response


def idempotent(handler=None, *, recheck=None, kept_by_the_write: bool = False):
    """Wraps a POST handler of an APIView (``@idempotent``, or ``@idempotent(...)``).

    The handler finds the request's key as plain facts in ``request.idempotency`` (None without
    the header). ``kept_by_the_write``: the handler gives them to its service, which stores its
    answer with its own write (a deal: the same statement); otherwise this wrapper stores the
    handler's answer after it, in the same transaction.

    ``recheck(view, request, stored_body, *args, **kwargs)`` sees a stored success before it is
    served again. A stored answer tells what the state was then; where a later write can undo
    it (a table's confirmation, reopened since), a replay must not contradict the state now:
    ``recheck`` returns the answer to give instead, or None to serve the stored one."""
    if handler is None:
        return lambda handler: idempotent(
            handler, recheck=recheck, kept_by_the_write=kept_by_the_write
        )

    @wraps(handler)
    def wrapper(view, request, *args, **kwargs):
        raw = request.headers.get(HEADER)
        if raw is None:
            request.idempotency = None
            return handler(view, request, *args, **kwargs)
        caller = caller_of(request, view)
        refusal = _key_refusal(raw, caller)
        if refusal is not None:
            return refusal
        idempotency = request.idempotency = Idempotency(
            scope=f"{request.method} {request.path}"[:300],
            key=IdempotencyKey(raw=raw, caller=caller),
            fingerprint=fingerprint(request.data),
        )
        # No lookup first: the work is done, then its answer stored in the same transaction
        # with one INSERT … ON CONFLICT DO NOTHING, so a new request costs one statement here
        # (none for a deal, whose own statement stores it). A retry of a request that committed
        # finds the key taken at that INSERT (having waited on the unique index for a request
        # still in flight): its work is rolled back and the stored answer served. A retry
        # whose work is refused (a stale If-Match now, a finished match) looks the key up
        # before answering with the refusal.
        again = (
            None if recheck is None else lambda body: recheck(view, request, body, *args, **kwargs)
        )
        try:
            with transaction.atomic():
                try:
                    response = handler(view, request, *args, **kwargs)
                except KeyTaken:
                    raise _Taken from None
                except Exception as error:
                    raise _Failed(error) from error
                if response.status_code >= 400:
                    raise _Refused(response)
                if kept_by_the_write:
                    return response
                answer = Answer(response.status_code, response.data, kept_headers(response))
                if not idempotency_store(idempotency=idempotency, answer=answer):
                    raise _Taken
                return response
        except _Refused as refused:
            kept = idempotency_kept(idempotency)
            if kept is None:
                return refused.response
            return _replay(kept, again)
        except _Failed as failed:
            if isinstance(failed.error, ValidationError | ParseError):
                # Refused for its form (a malformed If-Match): not the request that was
                # answered, which had to be of the right form, so not a retry of it.
                raise failed.error from None
            kept = idempotency_kept(idempotency)
            if kept is None:
                raise failed.error from None
            return _replay(kept, again)
        except _Taken:
            pass
        kept = idempotency_kept(idempotency)
        if kept is None:
            return Response(
                {"detail": _("A request with this key is still being processed.")},
                status=status.HTTP_409_CONFLICT,
            )
        return _replay(kept, again)

    return wrapper
