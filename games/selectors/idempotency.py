"""Reads of the stored answers to POSTs (the idempotency records)."""

from __future__ import annotations

from games.models import IdempotencyRecord


def idempotency_lookup(*, scope: str, key_digest: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(scope=scope, key_digest=key_digest).first()
