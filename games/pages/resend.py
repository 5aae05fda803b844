"""A page form sent twice records once, like the API's Idempotency-Key: each deal form carries
a key made when the page was drawn. When the answer to a deal is lost (the phone says "No
internet") and the player reloads, or a thumb taps twice, the form comes again with the same
key: it finds the deal it already recorded and says so, instead of recording it again or
asking to enter it again."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.db import transaction

from games.selectors import idempotency_lookup
from games.services import IdempotencyKey, idempotency_claim, idempotency_complete
from games.services import idempotency_unseal as unseal

FIELD = "form_key"
MIN_LENGTH = 22


def new_form_key() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: only the phone that drew the page has it


def _key(request) -> IdempotencyKey | None:
    raw = request.POST.get(FIELD, "")
    if not MIN_LENGTH <= len(raw) <= 64:
        return None
    return IdempotencyKey(raw=raw, caller="page")


def already_done(request) -> dict[str, Any] | None:
    """What this form already did, if it was sent before (and finished)."""
    key = _key(request)
    if key is None:
        return None
    record = idempotency_lookup(scope=f"PAGE {request.path}", key_digest=key.digest)
    if record is None or record.status is None:
        return None
    return unseal(record=record, key=key)


def once(request, write: Callable[[], dict[str, Any]]) -> dict[str, Any] | None:
    """Runs ``write`` (which returns what to remember) unless this form's key was used; then
    returns None and ``already_done`` says what was done."""
    key = _key(request)
    if key is None:
        return write()
    scope = f"PAGE {request.path}"
    with transaction.atomic():
        record = idempotency_claim(scope=scope, key=key, fingerprint="")
        if record is None:  # the same form, sent again meanwhile: it waited for the first
            return None
        done = write()
        idempotency_complete(record=record, key=key, status=200, body=done, headers={})
    return done
