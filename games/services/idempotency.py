"""Idempotency keys: the record is inserted first, inside the caller's transaction, so that a
concurrent request with the same key waits on the unique index and then finds the answer.

A record is found only by the caller who made it (``IdempotencyKey`` digests the raw key with
the caller's identity), and its answer is sealed with Fernet under a key derived from the raw
Idempotency-Key, the caller and ``SECRET_KEY``: a database dump shows no edit key."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings
from django.utils import timezone

from games.models import IdempotencyRecord

from . import rows
from .errors import inside_transaction


@dataclass(frozen=True)
class IdempotencyKey:
    """A raw Idempotency-Key as sent by one caller (``caller``: who they are, e.g. the
    signed-in user or a hash of the edit key they used; empty for an anonymous caller)."""

    raw: str
    caller: str

    def _material(self, purpose: str) -> bytes:
        message = f"scorekeeper.idempotency.{purpose}:{self.caller}\n{self.raw}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()

    @property
    def digest(self) -> str:
        return self._material("lookup").hex()

    def fernet(self) -> Fernet:
        return Fernet(base64.urlsafe_b64encode(self._material("seal")))


FIELDS = ("scope", "key_digest", "fingerprint", "status", "sealed_body", "headers", "created_at")
UNIQUE = ("scope", "key_digest")
# A record as rows.insert_then_update(also=...) inserts it beside another write.
KEPT = (FIELDS, UNIQUE)


def _insert(record: IdempotencyRecord) -> bool:
    """INSERT … ON CONFLICT DO NOTHING (PostgreSQL and SQLite alike): one statement, where a
    savepoint, an insert and its release would be three. A request with the same key in flight
    makes it wait on the unique index until that one commits (then nothing is inserted: False)
    or rolls back."""
    return rows.insert(record, FIELDS, unless=UNIQUE)


def idempotency_claim(
    *, scope: str, key: IdempotencyKey, fingerprint: str
) -> IdempotencyRecord | None:
    """The new record, without its answer yet, or None when another request holds (or held)
    the same key. Must run inside a transaction that also writes what the request creates,
    before it does (the pages: a form sent twice waits here for the first)."""
    inside_transaction("Claiming an idempotency key")
    record = IdempotencyRecord(
        scope=scope, key_digest=key.digest, fingerprint=fingerprint, created_at=timezone.now()
    )
    return record if _insert(record) else None


def idempotency_store(
    *, scope: str, key: IdempotencyKey, fingerprint: str, status: int, body: Any, headers: dict
) -> bool:
    """Stores the answer of a request that did its work, in the transaction of that work: one
    statement. False when the key was taken meanwhile (a retry that ran beside the original):
    the caller then rolls its work back and serves the stored answer."""
    inside_transaction("Storing an idempotency answer")
    return _insert(
        idempotency_answer(
            scope=scope, key=key, fingerprint=fingerprint, status=status, body=body, headers=headers
        )
    )


def idempotency_answer(
    *, scope: str, key: IdempotencyKey, fingerprint: str, status: int, body: Any, headers: dict
) -> IdempotencyRecord:
    """The record of an answer, sealed and not yet saved: for a service that stores it in the
    statement of its own write (``KEPT``: how), one round trip fewer than storing it after."""
    return IdempotencyRecord(
        scope=scope,
        key_digest=key.digest,
        fingerprint=fingerprint,
        status=status,
        sealed_body=_seal(key, body),
        headers=headers,
        created_at=timezone.now(),
    )


def _seal(key: IdempotencyKey, body: Any) -> str:
    plain = json.dumps(body, separators=(",", ":"), default=str).encode()
    return key.fernet().encrypt(plain).decode()


def idempotency_complete(
    *, record: IdempotencyRecord, key: IdempotencyKey, status: int, body: Any, headers: dict
) -> None:
    record.status = status
    record.sealed_body = _seal(key, body)
    record.headers = headers
    record.save(update_fields=["status", "sealed_body", "headers"])


def idempotency_unseal(*, record: IdempotencyRecord, key: IdempotencyKey) -> Any:
    """The stored answer; None if it cannot be opened (``SECRET_KEY`` changed since)."""
    if not record.sealed_body:
        return None
    try:
        return json.loads(key.fernet().decrypt(record.sealed_body.encode()))
    except InvalidToken:
        return None
