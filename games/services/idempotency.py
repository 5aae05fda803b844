"""Idempotency keys: the record is inserted first, inside the caller's transaction, so that a
concurrent request with the same key waits on the unique index and then finds the answer."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from games.models import IdempotencyRecord


def idempotency_claim(*, scope: str, key: str, fingerprint: str) -> IdempotencyRecord | None:
    """The new record, or None when another request holds (or held) the same key. Must run
    inside a transaction that also writes what the request creates."""
    try:
        with transaction.atomic():
            return IdempotencyRecord.objects.create(scope=scope, key=key, fingerprint=fingerprint)
    except IntegrityError:
        return None


def idempotency_complete(
    *, record: IdempotencyRecord, status: int, body: Any, headers: dict[str, str]
) -> None:
    record.status = status
    record.body = body
    record.headers = headers
    record.save(update_fields=["status", "body", "headers"])
