"""``Idempotency-Key`` on every POST: the first answer is stored in the same transaction as what
the request created; a retry with the same body gets it again, another body gets 422."""

from __future__ import annotations

import hashlib
import json
from functools import wraps

from django.db import transaction
from rest_framework import status
from rest_framework.response import Response

from games.selectors import idempotency_lookup
from games.services import idempotency_claim, idempotency_complete

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KEPT_HEADERS = ("ETag", "Location")
MAX_KEY_LENGTH = 255


class _Refused(Exception):
    """Carries a refusal out of the transaction so that nothing of it is kept."""

    def __init__(self, response: Response):
        self.response = response


def fingerprint(data) -> str:
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(body.encode()).hexdigest()


def _replay(record, request_fingerprint: str) -> Response:
    if record.fingerprint != request_fingerprint:
        return Response(
            {"detail": f"This {HEADER} was already used with a different request body."},
            status=status.HTTP_422_UNPROCESSABLE_ENTITY,
        )
    response = Response(record.body, status=record.status, headers=record.headers)
    response[REPLAYED_HEADER] = "true"
    return response


def idempotent(handler):
    """Wraps a POST handler of an APIView."""

    @wraps(handler)
    def wrapper(view, request, *args, **kwargs):
        key = request.headers.get(HEADER)
        if key is None:
            return handler(view, request, *args, **kwargs)
        if not key.strip() or len(key) > MAX_KEY_LENGTH:
            return Response(
                {HEADER: [f"Use a key of 1 to {MAX_KEY_LENGTH} characters."]},
                status=status.HTTP_400_BAD_REQUEST,
            )
        scope = f"{request.method} {request.path}"
        request_fingerprint = fingerprint(request.data)
        record = idempotency_lookup(scope=scope, key=key)
        if record is not None and record.status is not None:
            return _replay(record, request_fingerprint)
        try:
            with transaction.atomic():
                record = idempotency_claim(scope=scope, key=key, fingerprint=request_fingerprint)
                if record is not None:
                    response = handler(view, request, *args, **kwargs)
                    if response.status_code >= 400:
                        raise _Refused(response)
                    idempotency_complete(
                        record=record,
                        status=response.status_code,
                        body=response.data,
                        headers={h: response[h] for h in KEPT_HEADERS if h in response},
                    )
                    return response
        except _Refused as refused:
            return refused.response
        # Another request with this key committed first (we waited for it on the unique index).
        record = idempotency_lookup(scope=scope, key=key)
        if record is None or record.status is None:
            return Response(
                {"detail": "A request with this key is still being processed."},
                status=status.HTTP_409_CONFLICT,
            )
        return _replay(record, request_fingerprint)

    return wrapper
